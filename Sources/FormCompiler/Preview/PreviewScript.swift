extension PreviewAssets {
    /// The preview page's one script, the same for every form: it reads the form's
    /// JSON (`PreviewData`), draws it, and runs its conditions and rules. A Swift raw
    /// string, so that the static `formc` executable carries it with no resource files.
    static let script = #"""
// formc preview: draws the form described by the JSON in #formc-data and runs its
// conditions (SPEC §7) and rules (SPEC §6) live, with the semantics of FormRuntime.
// One fixed script for every form: the form is data, never code. Text from the form
// only ever reaches the page as text nodes and attribute values.
(function () {
  "use strict";

  const data = JSON.parse(document.getElementById("formc-data").textContent);
  const root = document.getElementById("formc-form");

  // ---- Colour scheme: #dark or #light in the URL forces one (the screenshots do).

  function applyScheme() {
    const scheme = location.hash.slice(1);
    if (scheme === "dark" || scheme === "light") {
      document.documentElement.dataset.colorScheme = scheme;
    } else {
      delete document.documentElement.dataset.colorScheme;
    }
  }
  applyScheme();
  window.addEventListener("hashchange", applyScheme);

  // ---- Building the DOM: elements, attributes and text nodes only.

  function h(tag, attributes, ...children) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === undefined || value === null || value === false) continue;
      element.setAttribute(name, value === true ? "" : String(value));
    }
    for (const child of children) {
      if (child !== undefined && child !== null) element.append(child);
    }
    return element;
  }

  // ---- The model: every drawn element (for conditions) and every field (for rules).

  /** {decl, parent, element}: one per element of the form, in document order. */
  const nodes = [];
  /** Field id -> {id, decl, node, type, value, state, message, dirty, blurred, ...}. */
  const fields = new Map();
  /** sameAs target id -> the fields that compare with it (SPEC §6.2). */
  const dependents = new Map();
  /** Sections made for top-level rows outside any group. */
  const anonymousSections = [];

  function register(decl, parent) {
    const node = { decl, parent, element: null };
    nodes.push(node);
    return node;
  }

  const ids = { input: (id) => "formc-" + id, message: (id) => "formc-" + id + "-message", hint: (id) => "formc-" + id + "-hint" };

  // ---- Conditions (SPEC §7): a field is visible when its own condition and every
  // enclosing group's hold; inside a condition a hidden field reads as empty.

  function holds(node, key) {
    for (let current = node; current; current = current.parent) {
      const condition = current.decl[key];
      if (condition && !evaluate(condition)) return false;
    }
    return true;
  }
  const isVisible = (node) => holds(node, "visibleWhen");
  const isEnabled = (node) => holds(node, "enabledWhen");

  function emptyValue(field) {
    return field.type === "text" ? "" : field.type === "bool" ? false : null;
  }

  function conditionValue(id) {
    const field = fields.get(id);
    return isVisible(field.node) ? field.value : emptyValue(field);
  }

  function evaluate(condition) {
    switch (condition.op) {
      case "constant": return condition.value;
      case "boolField": return conditionValue(condition.field) === true;
      case "isEmpty": {
        const value = conditionValue(condition.field);
        return value === "" || value === null;
      }
      case "textEquals": return sameText(conditionValue(condition.field), condition.value);
      case "segmentEquals": return conditionValue(condition.field) === condition.value;
      case "not": return !evaluate(condition.operand);
      case "and": return evaluate(condition.operands[0]) && evaluate(condition.operands[1]);
      case "or": return evaluate(condition.operands[0]) || evaluate(condition.operands[1]);
      default: throw new Error("formc preview: unknown condition operator " + condition.op);
    }
  }

  // Swift compares strings by canonical equivalence: equal when their NFD forms are.
  function sameText(a, b) {
    return a.normalize("NFD") === b.normalize("NFD");
  }

  // ---- Text predicates: FormRuntime's TextRules, on UTF-16 code units (every class
  // they test is ASCII, so a non-ASCII unit fails where a non-ASCII byte does).

  const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

  /** Characters (extended grapheme clusters), as Swift's String.count. */
  function characterCount(text) {
    let count = 0;
    for (const _ of graphemes.segment(text)) count += 1;
    return count;
  }

  /** Only whitespace and newlines: every Character starts with a White_Space scalar. */
  function isBlank(text) {
    for (const { segment } of graphemes.segment(text)) {
      if (!/^\p{White_Space}/u.test(segment)) return false;
    }
    return true;
  }

  /** Every Character is one scalar: then Swift's Regex and RegExp match alike. */
  function hasOnlySingleScalarCharacters(text) {
    for (const { segment } of graphemes.segment(text)) {
      if ([...segment].length !== 1) return false;
    }
    return true;
  }

  const code = (unit) => unit.charCodeAt(0);
  const isLetter = (unit) => { const c = code(unit) | 0x20; return c >= 0x61 && c <= 0x7a; };
  const isDigit = (unit) => { const c = code(unit); return c >= 0x30 && c <= 0x39; };
  const isHexDigit = (unit) => isDigit(unit) || ((code(unit) | 0x20) >= 0x61 && (code(unit) | 0x20) <= 0x66);
  const emailLocalSymbols = "!#$%&'*+/=?^_`{|}~.-";
  const userInfoSymbols = "-._~!$&'()*+,;=:%";
  const units = (text) => text.split("");

  function isHostLabel(label) {
    if (label.length === 0 || label[0] === "-" || label[label.length - 1] === "-") return false;
    return units(label).every((unit) => isLetter(unit) || isDigit(unit) || unit === "-");
  }

  function isEmail(text) {
    const at = text.indexOf("@");
    if (at < 0 || text.indexOf("@", at + 1) >= 0) return false;
    const local = text.slice(0, at);
    const domain = text.slice(at + 1);
    if (local.length === 0 || local[0] === "." || local[local.length - 1] === ".") return false;
    if (!units(local).every((unit) => isLetter(unit) || isDigit(unit) || emailLocalSymbols.includes(unit))) return false;
    if (local.includes("..")) return false;
    const labels = domain.split(".");
    if (labels.length < 2 || !labels.every(isHostLabel)) return false;
    const topLevel = labels[labels.length - 1];
    return topLevel.length >= 2 && units(topLevel).every(isLetter);
  }

  function equalsIgnoringASCIICase(text, word) {
    return text.length === word.length && units(text).every((unit, index) => (code(unit) | 0x20) === code(word[index]));
  }

  function isURL(text) {
    const colon = text.indexOf(":");
    if (colon < 0) return false;
    const scheme = text.slice(0, colon);
    if (!equalsIgnoringASCIICase(scheme, "http") && !equalsIgnoringASCIICase(scheme, "https")) return false;
    if (!text.startsWith("//", colon + 1)) return false;
    const start = colon + 3;
    let end = start;
    while (end < text.length && text[end] !== "/" && text[end] !== "?" && text[end] !== "#") end += 1;
    if (!isAuthority(text.slice(start, end))) return false;
    return /^[^\p{White_Space}\p{Cc}]*$/u.test(text.slice(end));
  }

  function isAuthority(authority) {
    let hostPort = authority;
    const at = authority.lastIndexOf("@");
    if (at >= 0) {
      if (!units(authority.slice(0, at)).every((unit) => isLetter(unit) || isDigit(unit) || userInfoSymbols.includes(unit))) return false;
      hostPort = authority.slice(at + 1);
    }
    let portColon;
    if (hostPort[0] === "[") {
      const close = hostPort.indexOf("]");
      if (close < 0) return false;
      const literal = hostPort.slice(1, close);
      if (literal.length === 0 || !units(literal).every((unit) => isHexDigit(unit) || unit === ":" || unit === ".")) return false;
      const rest = hostPort.slice(close + 1);
      if (rest.length > 0 && rest[0] !== ":") return false;
      portColon = rest.length === 0 ? -1 : close + 1;
    } else {
      portColon = hostPort.indexOf(":");
      const host = portColon < 0 ? hostPort : hostPort.slice(0, portColon);
      if (!host.split(".").every(isHostLabel)) return false;
    }
    if (portColon < 0) return true;
    const port = hostPort.slice(portColon + 1);
    if (port.length < 1 || port.length > 5 || !units(port).every(isDigit)) return false;
    return Number(port) <= 65535;
  }

  // ---- Rules (SPEC §6.2): in order, the first failure wins; on an empty value only
  // `required` runs; a hidden field is valid. A check answers true (passes), false
  // (fails) or null (the preview cannot decide: it passes, and the page says so).

  const patterns = new Map();

  function check(rule, field, value) {
    switch (rule.rule) {
      case "required":
        return field.type === "text" ? !isBlank(value) : field.type === "bool" ? value === true : value !== null;
      case "minLength": return characterCount(value) >= rule.value;
      case "maxLength": return characterCount(value) <= rule.value;
      case "pattern": {
        if (rule.javaScript === undefined || !hasOnlySingleScalarCharacters(value)) return null;
        if (!patterns.has(rule.javaScript)) patterns.set(rule.javaScript, new RegExp("^(?:" + rule.javaScript + ")$", "u"));
        return patterns.get(rule.javaScript).test(value);
      }
      case "email": return isEmail(value);
      case "url": return isURL(value);
      case "sameAs": {
        const other = fields.get(rule.value).value;
        return field.type === "text" ? sameText(value, other) : value === other;
      }
      case "custom": return null;
      default: return null;
    }
  }

  /** {state: "valid"} or {state: "invalid", message}, and whether a rule went undecided. */
  function runRules(field) {
    if (!isVisible(field.node) || field.type === "unsupported") return { state: "valid", undecided: false };
    const value = field.value;
    const isEmpty = value === "" || value === null;
    let undecided = false;
    for (const rule of field.decl.rules) {
      if (rule.rule !== "required" && isEmpty) continue;
      const passes = check(rule, field, value);
      if (passes === null) { undecided = undecided || rule.rule === "pattern"; continue; }
      if (!passes) return { state: "invalid", message: rule.message, undecided };
    }
    return { state: "valid", undecided };
  }

  // ---- Triggers (SPEC §6.4), as FormRuntime's FieldValidationController decides them.

  function validateField(field) {
    setState(field, runRules(field));
  }

  function didChange(field) {
    field.dirty = true;
    const trigger = field.decl.trigger;
    if (trigger === "change" || (trigger === "changeAfterBlur" && field.blurred)) validateField(field);
    for (const dependent of dependents.get(field.id) || []) {
      if (dependent.state !== "idle") validateField(dependent);
    }
    refresh();
  }

  function didEndEditing(field) {
    field.blurred = true;
    const trigger = field.decl.trigger;
    if (trigger === "blur" || ((trigger === "blurAfterChange" || trigger === "changeAfterBlur") && field.dirty)) {
      validateField(field);
    }
    refresh();
  }

  function validateAll() {
    let invalid = 0;
    for (const field of fields.values()) {
      const result = runRules(field);
      setState(field, result);
      if (result.state === "invalid") invalid += 1;
    }
    refresh();
    summary.textContent = invalid === 0
      ? "Every field is valid."
      : invalid === 1 ? "1 field needs attention." : invalid + " fields need attention.";
  }

  function setState(field, result) {
    field.state = result.state;
    field.row.dataset.state = result.state;
    field.messageElement.textContent = result.state === "invalid" ? result.message : "";
    field.undecidedElement.hidden = !result.undecided;
    for (const input of field.inputs) input.setAttribute("aria-invalid", result.state === "invalid" ? "true" : "false");
  }

  // ---- Drawing: one function per element kind.

  const renderers = {
    group: renderGroup,
    boolean: renderBoolean,
    segment: renderSegment,
    // A picker holds one option, as a segment does: drawn as a segmented control for now.
    picker: renderSegment,
    textField: renderText,
    floatLabel: renderText,
    textView: renderText,
    spacer: renderSpacer,
    staticText: renderStaticText,
    segue: renderSegue,
  };

  function render(decl, parent) {
    const node = register(decl, parent);
    const renderer = renderers[decl.kind];
    node.element = renderer ? renderer(decl, node) : renderUnsupported(decl, node);
    node.element.dataset.kind = decl.kind;
    if (decl.id !== undefined) node.element.dataset.id = decl.id;
    return node.element;
  }

  /** A kind this script does not know yet: named, and as a field it reads as empty and is not checked. */
  function renderUnsupported(decl, node) {
    const text = h("div", { class: "control unsupported" }, "This preview cannot draw a " + decl.kind + " element yet.");
    if (decl.rules === undefined) return h("div", { class: "row" }, text);
    return makeField(decl, node, "unsupported", text, [], null).row;
  }

  function renderGroup(decl, node) {
    const section = h("section", { class: "group " + decl.style });
    const titleId = decl.id !== undefined ? "formc-" + decl.id + "-title" : null;
    if (decl.title !== undefined) section.append(h("h2", { class: "group-title", id: titleId }, decl.title));
    if (titleId && decl.title !== undefined) section.setAttribute("aria-labelledby", titleId);
    const rows = h("div", { class: "rows" });
    if (decl.insets !== undefined) {
      const { top, left, bottom, right } = decl.insets;
      rows.style.padding = top + "px " + right + "px " + bottom + "px " + left + "px";
    }
    if (decl.rowHeight !== undefined) rows.style.setProperty("--row-height", decl.rowHeight + "px");
    for (const child of decl.elements) rows.append(render(child, node));
    section.append(rows);
    if (decl.footer !== undefined) section.append(h("p", { class: "group-footer" }, decl.footer));
    return section;
  }

  /** The row of a field, its model record, and the messages tied to its inputs. */
  function makeField(decl, node, type, control, inputs, value) {
    const row = h("div", { class: "row field", "data-state": "idle" });
    const hints = [];
    for (const rule of decl.rules) {
      if (rule.rule === "custom") hints.push("Checked by the app's validator " + rule.value + "; not run in this preview.");
      if (rule.rule === "pattern" && rule.javaScript === undefined) {
        hints.push("The pattern " + rule.value + " is not checked in this preview.");
      }
    }
    const messageElement = h("p", { class: "message", id: ids.message(decl.id), "aria-live": "polite" });
    const undecidedElement = h("p", { class: "hint" }, "This preview cannot check this value against the pattern.");
    undecidedElement.hidden = true;
    const hintElement = h("div", { class: "hints", id: ids.hint(decl.id) }, undecidedElement);
    for (const hint of hints) hintElement.append(h("p", { class: "hint" }, hint));
    row.append(control, messageElement, hintElement);
    for (const input of inputs) {
      input.setAttribute("aria-describedby", ids.message(decl.id) + " " + ids.hint(decl.id));
      input.setAttribute("aria-invalid", "false");
    }
    const field = {
      id: decl.id, decl, node, type, value, state: "idle", dirty: false, blurred: false,
      row, inputs, messageElement, undecidedElement,
    };
    fields.set(decl.id, field);
    // Leaving the field: focus going elsewhere than one of its own inputs.
    control.addEventListener("focusout", (event) => {
      if (event.relatedTarget && control.contains(event.relatedTarget)) return;
      didEndEditing(field);
    });
    return { row, field };
  }

  function icon(name) {
    return name === undefined ? null : h("span", { class: "icon", "aria-hidden": "true", title: name }, name.slice(0, 1).toUpperCase());
  }

  function renderBoolean(decl, node) {
    const input = h("input", { type: "checkbox", role: "switch", class: "switch", id: ids.input(decl.id) });
    input.checked = decl.default;
    const control = h("div", { class: "control boolean" },
      icon(decl.icon), h("label", { for: ids.input(decl.id), class: "title" }, decl.title), input);
    const { row, field } = makeField(decl, node, "bool", control, [input], decl.default);
    input.addEventListener("change", () => {
      field.value = input.checked;
      didChange(field);
    });
    return row;
  }

  function renderSegment(decl, node) {
    const labelId = ids.input(decl.id) + "-label";
    const buttons = decl.options.map((option) => {
      const text = option.title !== undefined ? option.title : option.image !== undefined ? option.image : option.value;
      return h("button", { type: "button", role: "radio", class: "segment-option", "data-value": option.value }, text);
    });
    const group = h("div", { class: "segmented", role: "radiogroup", id: ids.input(decl.id), "aria-labelledby": labelId }, ...buttons);
    const control = h("div", { class: "control segment" },
      h("span", { class: "title", id: labelId }, decl.title !== undefined ? decl.title : decl.name), group);
    const { row, field } = makeField(decl, node, "segment", control, buttons, decl.default);
    const showSelection = () => {
      buttons.forEach((button, index) => button.setAttribute("aria-checked", String(decl.options[index].value === field.value)));
    };
    showSelection();
    buttons.forEach((button, index) => button.addEventListener("click", () => {
      const value = decl.options[index].value;
      if (field.value === value) return;
      field.value = value;
      showSelection();
      didChange(field);
    }));
    return row;
  }

  const inputModes = { email: "email", number: "numeric", decimal: "decimal", phone: "tel", url: "url" };
  const autocompletes = {
    name: "name", givenName: "given-name", familyName: "family-name", email: "email", username: "username",
    password: "current-password", newPassword: "new-password", oneTimeCode: "one-time-code", phone: "tel",
    url: "url", postalCode: "postal-code", streetAddress: "street-address", creditCardNumber: "cc-number",
  };
  const autocapitalizations = { none: "none", words: "words", sentences: "sentences", all: "characters" };

  function renderText(decl, node) {
    const multiline = decl.kind === "textView" || decl.multiline === true;
    // type=text even for an email or URL field: the browser would trim an email
    // input's value, and the rules must see the value as typed.
    const input = multiline
      ? h("textarea", { rows: 3 })
      : h("input", { type: decl.secure === true ? "password" : "text" });
    for (const [name, value] of [
      ["id", ids.input(decl.id)],
      ["placeholder", decl.placeholder],
      ["inputmode", inputModes[decl.keyboard]],
      ["autocomplete", autocompletes[decl.contentType] || "off"],
      ["autocapitalize", autocapitalizations[decl.autocapitalization]],
      ["maxlength", decl.maxInputLength],
      ["spellcheck", "false"],
    ]) {
      if (value !== undefined) input.setAttribute(name, String(value));
    }
    input.value = decl.default;
    // A float label is always shown above its input; a text field shows its label
    // when it has one; otherwise the label is for assistive technology only.
    const shown = decl.kind === "floatLabel" || (decl.kind === "textField" && decl.label !== undefined);
    const labelText = decl.label !== undefined ? decl.label : decl.name;
    const label = h("label", { for: ids.input(decl.id), class: shown ? "title" : "title visually-hidden" }, labelText);
    const control = h("div", { class: "control text " + decl.kind }, label, input);
    const { row, field } = makeField(decl, node, "text", control, [input], decl.default);
    input.addEventListener(decl.continuous === false ? "change" : "input", () => {
      if (field.value === input.value) return;
      field.value = input.value;
      didChange(field);
    });
    return row;
  }

  function renderSpacer(decl) {
    const spacer = h("div", { class: "spacer", "aria-hidden": "true" });
    spacer.style.height = decl.height + "px";
    return spacer;
  }

  function renderStaticText(decl) {
    return h("p", { class: "static-text style-" + decl.style + " align-" + decl.alignment }, decl.text);
  }

  function renderSegue(decl) {
    const button = h("button", { type: "button", class: "row segue" },
      icon(decl.icon), h("span", { class: "title" }, decl.title), h("span", { class: "chevron", "aria-hidden": "true" }));
    button.addEventListener("click", () => {
      status.textContent = "Segue: " + decl.id;
    });
    return button;
  }

  // ---- Showing the conditions.

  function refresh() {
    for (const node of nodes) {
      node.element.hidden = !isVisible(node);
    }
    for (const field of fields.values()) {
      const enabled = isEnabled(field.node);
      field.row.classList.toggle("disabled", !enabled);
      for (const input of field.inputs) input.disabled = !enabled;
    }
    for (const node of nodes) {
      if (node.decl.kind === "segue") {
        node.element.disabled = !isEnabled(node);
      }
    }
    for (const section of anonymousSections) {
      section.hidden = [...section.querySelector(".rows").children].every((row) => row.hidden);
    }
  }

  // ---- The page.

  const rowKinds = new Set(["boolean", "segment", "picker", "textField", "floatLabel", "textView", "segue"]);
  const header = h("header", { class: "form-header" },
    h("h1", {}, data.title !== undefined ? data.title : data.form),
    h("p", { class: "form-source" }, data.form + " \u00b7 " + data.file));
  root.append(header);
  let rows = null;
  for (const decl of data.elements) {
    if (rowKinds.has(decl.kind) || !renderers[decl.kind]) {
      if (!rows) {
        rows = h("div", { class: "rows" });
        const section = h("section", { class: "group grouped anonymous" }, rows);
        anonymousSections.push(section);
        root.append(section);
      }
      rows.append(render(decl, null));
    } else {
      rows = null;
      root.append(render(decl, null));
    }
  }
  for (const field of fields.values()) {
    for (const rule of field.decl.rules) {
      if (rule.rule !== "sameAs") continue;
      if (!dependents.has(rule.value)) dependents.set(rule.value, []);
      dependents.get(rule.value).push(field);
    }
  }
  const validateButton = h("button", { type: "button", id: "formc-validate", class: "validate" }, "Validate");
  const summary = h("p", { id: "formc-summary", role: "status" });
  const status = h("p", { id: "formc-status", role: "status" });
  validateButton.addEventListener("click", validateAll);
  root.append(h("div", { class: "actions" }, validateButton, summary, status));
  refresh();
  document.documentElement.dataset.ready = "true";
})();
"""#
}
