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

  // ---- The URL fragment: `&`-separated parts, `dark` or `light` and `now=…`, `zone=…`.

  function fragment() {
    const parts = new Map();
    for (const part of location.hash.slice(1).split("&")) {
      const equals = part.indexOf("=");
      try {
        if (equals < 0) parts.set(decodeURIComponent(part), "");
        else parts.set(decodeURIComponent(part.slice(0, equals)), decodeURIComponent(part.slice(equals + 1)));
      } catch (error) {
        // A malformed escape is no part at all.
      }
    }
    return parts;
  }

  // ---- Colour scheme: #dark or #light in the URL forces one (the screenshots do).

  function applyScheme() {
    const parts = fragment();
    const scheme = parts.has("dark") ? "dark" : parts.has("light") ? "light" : null;
    if (scheme) {
      document.documentElement.dataset.colorScheme = scheme;
    } else {
      delete document.documentElement.dataset.colorScheme;
    }
  }
  applyScheme();
  window.addEventListener("hashchange", applyScheme);

  // ---- The clock (SPEC §10): `today` in rules is read from it when they run, as
  // FormRuntime reads ValidationContext's `now` and `timeZone`. The fragment can fix
  // both (`#now=2026-03-16T02:30:00Z&zone=America/New_York`), as tests do; otherwise
  // it is the browser's time and zone. The zone is also the one a dateTime input's
  // wall-clock text is read in.

  const clock = (() => {
    const parts = fragment();
    const fixed = parts.has("now") ? Date.parse(parts.get("now")) : NaN;
    let zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (parts.has("zone")) {
      try {
        zone = new Intl.DateTimeFormat("en-US", { timeZone: parts.get("zone") }).resolvedOptions().timeZone;
      } catch (error) {
        // An unknown zone leaves the browser's.
      }
    }
    return { now: () => (Number.isNaN(fixed) ? Date.now() : fixed), zone };
  })();
  document.documentElement.dataset.timeZone = clock.zone;

  const zoneFormat = new Intl.DateTimeFormat("en-US", {
    timeZone: clock.zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit",
    hour: "2-digit", minute: "2-digit", second: "2-digit",
  });

  /** The wall clock of an instant (milliseconds) in the page's zone. */
  function wallClock(ms) {
    const parts = {};
    for (const { type, value } of zoneFormat.formatToParts(new Date(ms))) parts[type] = Number(value);
    return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
  }

  /** Milliseconds since 1970 of a wall-clock time read as UTC (any year, 1–99 included). */
  function utcMilliseconds(year, month, day, hour, minute) {
    // setUTCFullYear, since Date.UTC reads years 0–99 as 1900–1999; the day may overflow (0 is the month before's last).
    const date = new Date(0);
    date.setUTCFullYear(year, month - 1, day);
    date.setUTCHours(hour, minute, 0, 0);
    return date.getTime();
  }

  /** The zone's offset at an instant, in milliseconds. */
  function zoneOffset(ms) {
    const wall = wallClock(ms);
    const second = Math.floor(ms / 1000) * 1000;
    return utcMilliseconds(wall.year, wall.month, wall.day, wall.hour, wall.minute) + wall.second * 1000 - second;
  }

  /**
   * The first instant whose wall clock in the page's zone reads this time; where a
   * daylight-saving change skips it, the time moved past the gap (midnight becomes the
   * day's first existing time, as Foundation's startOfDay(for:) answers); where it
   * happens twice, the first one.
   */
  function instantOf(year, month, day, hour, minute) {
    const guess = utcMilliseconds(year, month, day, hour, minute);
    const day0 = utcMilliseconds(year, month, day, 0, 0);
    const candidates = [guess - zoneOffset(guess - 86400000), guess - zoneOffset(guess), guess - zoneOffset(guess + 86400000)];
    const fitting = candidates.filter((ms) => {
      const wall = wallClock(ms);
      return utcMilliseconds(wall.year, wall.month, wall.day, 0, 0) === day0 && wall.hour * 60 + wall.minute >= hour * 60 + minute;
    });
    return Math.min(...(fitting.length > 0 ? fitting : candidates));
  }

  // Calendar days as {year, month, day}, proleptic Gregorian, saturating at the ends of
  // FormDate's range (0001-01-01 … 9999-12-31) as FormRuntime does.
  const pad = (value, width) => String(value).padStart(width, "0");
  const dayText = (date) => pad(date.year, 4) + "-" + pad(date.month, 2) + "-" + pad(date.day, 2);
  const daysIn = (year, month) => new Date(utcMilliseconds(year, month + 1, 0, 0, 0)).getUTCDate();
  const firstDay = { year: 1, month: 1, day: 1 };
  const lastDay = { year: 9999, month: 12, day: 31 };

  function saturate(date) {
    if (date.year < 1) return firstDay;
    if (date.year > 9999) return lastDay;
    return date;
  }

  function addDays(date, days) {
    const when = new Date(utcMilliseconds(date.year, date.month, date.day, 0, 0) + days * 86400000);
    return saturate({ year: when.getUTCFullYear(), month: when.getUTCMonth() + 1, day: when.getUTCDate() });
  }

  /** Month arithmetic clamps the day to the target month's length (01-31 + 1m = 02-28). */
  function addMonths(date, months) {
    const total = date.year * 12 + (date.month - 1) + months;
    const year = Math.floor(total / 12);
    const month = total - year * 12 + 1;
    if (year < 1 || year > 9999) return saturate({ year, month, day: 1 });
    return { year, month, day: Math.min(date.day, daysIn(year, month)) };
  }

  function today() {
    const wall = wallClock(clock.now());
    return { year: wall.year, month: wall.month, day: wall.day };
  }

  /** `today`, `today-18y`, `today+30d` on the page's clock. */
  function relativeDay(bound) {
    const amount = bound.amount;
    switch (bound.unit) {
      case "d": return addDays(today(), amount);
      case "w": return addDays(today(), amount * 7);
      case "m": return addMonths(today(), amount);
      default: return addMonths(today(), amount * 12);
    }
  }

  const startOfDay = (date) => instantOf(date.year, date.month, date.day, 0, 0);

  // ---- Exact decimals: text `-?digits(.digits)?` as a BigInt of units and a scale,
  // never a floating-point number, as FormRuntime compares Decimals.

  function parseDecimal(text) {
    const match = /^([+-]?)([0-9]*)(?:\.([0-9]*))?$/.exec(text);
    if (!match || (match[2] + (match[3] || "")).length === 0) return null;
    const fraction = match[3] || "";
    const units = BigInt((match[2] || "0") + fraction);
    return { units: match[1] === "-" ? -units : units, scale: fraction.length };
  }

  function compareDecimals(a, b) {
    const scale = Math.max(a.scale, b.scale);
    const x = a.units * 10n ** BigInt(scale - a.scale);
    const y = b.units * 10n ** BigInt(scale - b.scale);
    return x < y ? -1 : x > y ? 1 : 0;
  }

  /** Rounded to `places` digits, half away from zero (NSDecimalRound's `.plain`). */
  function roundDecimal(value, places) {
    if (value.scale <= places) return { units: value.units * 10n ** BigInt(places - value.scale), scale: places };
    const divisor = 10n ** BigInt(value.scale - places);
    const magnitude = value.units < 0n ? -value.units : value.units;
    let rounded = magnitude / divisor;
    if ((magnitude % divisor) * 2n >= divisor) rounded += 1n;
    return { units: value.units < 0n ? -rounded : rounded, scale: places };
  }

  /** The text FormRuntime's `text` gives: exactly `scale` places after a `.`. */
  function decimalText(value) {
    const negative = value.units < 0n;
    const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, "0");
    const text = value.scale === 0 ? digits : digits.slice(0, digits.length - value.scale) + "." + digits.slice(digits.length - value.scale);
    return (negative ? "-" : "") + text;
  }

  const intRange = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

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

  /** While `refresh` runs no value changes, so each node's answers are kept for the pass. */
  let memo = null;

  function holds(node, key) {
    if (!node) return true;
    const cache = memo === null ? null : memo[key];
    if (cache !== null && cache.has(node)) return cache.get(node);
    const condition = node.decl[key];
    const result = (!condition || evaluate(condition)) && holds(node.parent, key);
    if (cache !== null) cache.set(node, result);
    return result;
  }
  const isVisible = (node) => holds(node, "visibleWhen");
  const isEnabled = (node) => holds(node, "enabledWhen");

  function emptyValue(field) {
    return field.type === "text" ? "" : field.type === "bool" ? false : field.type === "multiChoice" ? [] : null;
  }

  /** Empty as FormRuntime's FormEmptyRepresentable: `""`, nil, nothing chosen. */
  function isEmptyValue(value) {
    return value === "" || value === null || (Array.isArray(value) && value.length === 0);
  }

  function conditionValue(id) {
    const field = fields.get(id);
    return isVisible(field.node) ? field.value : emptyValue(field);
  }

  function evaluate(condition) {
    switch (condition.op) {
      case "constant": return condition.value;
      case "boolField": return conditionValue(condition.field) === true;
      case "isEmpty": return isEmptyValue(conditionValue(condition.field));
      case "textEquals": return sameText(conditionValue(condition.field), condition.value);
      case "segmentEquals": return conditionValue(condition.field) === condition.value;
      case "segmentIn": return condition.values.includes(conditionValue(condition.field));
      case "contains": return (conditionValue(condition.field) || []).includes(condition.value);
      case "count": return ordered((conditionValue(condition.field) || []).length - condition.value, condition.order);
      case "compare": return compareCondition(condition);
      case "not": return !evaluate(condition.operand);
      case "and": return evaluate(condition.operands[0]) && evaluate(condition.operands[1]);
      case "or": return evaluate(condition.operands[0]) || evaluate(condition.operands[1]);
      default: throw new Error("formc preview: unknown condition operator " + condition.op);
    }
  }

  /** Whether a sign (value − bound) satisfies `order` (`==`, `<`, `<=`, `>`, `>=`). */
  function ordered(sign, order) {
    switch (order) {
      case "==": return sign === 0;
      case "<": return sign < 0;
      case "<=": return sign <= 0;
      case ">": return sign > 0;
      default: return sign >= 0;
    }
  }

  /**
   * `age >= 18`, `birthday <= 'today-18y'`: false on an empty (or hidden) value, as
   * every ordered comparison with an empty value is (SPEC §10). A relative day
   * against an instant is its first instant for `<` and `>=`, its last for `<=`
   * and `>`, as the rules' `min` and `max`.
   */
  function compareCondition(condition) {
    const field = fields.get(condition.field);
    const value = conditionValue(condition.field);
    if (isEmptyValue(value)) return false;
    const isMax = condition.order === "<=" || condition.order === ">";
    const sign = compareWithBound(field, value, condition.bound, isMax);
    return sign !== null && ordered(sign, condition.order);
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
        if (field.type === "text") return !isBlank(value);
        if (field.type === "bool") return value === true;
        return !isEmptyValue(value);
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
      case "min": case "max": {
        const order = compareWithBound(field, value, rule.bound, rule.rule === "max");
        if (order === null) return null;
        return rule.rule === "min" ? order >= 0 : order <= 0;
      }
      case "minCount": return value.length >= rule.value;
      case "maxCount": return value.length <= rule.value;
      case "custom": return null;
      default: return null;
    }
  }

  /**
   * The sign of value − bound for `min`/`max` (both inclusive). Numbers compare as
   * exact decimals; dates and times as their fixed-width ISO text; an instant in
   * milliseconds, where `today` is the day's first instant for `min` and anything
   * before the next day's first instant for `max` (FormRuntime's `end(in:)`).
   */
  function compareWithBound(field, value, bound, isMax) {
    if (bound === undefined) return null;
    const sign = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
    if (bound.type === "number") return compareDecimals(parseDecimal(value), parseDecimal(bound.value));
    if (field.decl.mode === "dateTime") {
      if (bound.type === "dateTime") return sign(value, Date.parse(bound.value));
      const day = relativeDay(bound);
      if (!isMax) return sign(value, startOfDay(day));
      return value < startOfDay(addDays(day, 1)) ? -1 : 1;
    }
    if (bound.type === "today") return sign(value, dayText(relativeDay(bound)));
    return sign(value, bound.value);
  }

  /** {state: "valid"} or {state: "invalid", message}, and whether a rule went undecided. */
  function runRules(field) {
    if (!isVisible(field.node) || field.type === "unsupported") return { state: "valid", undecided: false };
    const value = field.value;
    const isEmpty = isEmptyValue(value);
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
    picker: renderPicker,
    number: renderNumber,
    date: renderDate,
    multiChoice: renderMultiChoice,
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

  /** The title shown in the row, and the text that names the field to assistive technology. */
  const titleOf = (decl) => (decl.title !== undefined ? decl.title : decl.name);

  /** The user gave a field `value` (undefined: the field refuses it and keeps its own). */
  function changeValue(field, value) {
    if (value === undefined || sameValue(field.value, value)) return false;
    field.value = value;
    didChange(field);
    return true;
  }

  function sameValue(a, b) {
    if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => item === b[index]);
    return a === b;
  }

  function numberBound(decl, name) {
    const rule = decl.rules.find((rule) => rule.rule === name && rule.bound !== undefined && rule.bound.type === "number");
    return rule === undefined ? null : parseDecimal(rule.bound.value);
  }

  /**
   * A number as the generated Swift holds it: rounded to `decimals` places (half away
   * from zero), exactly; an Int field refuses a number beyond Int's range and a field
   * with a default refuses empty (undefined: nothing changes). Text that is no plain
   * decimal number (`.` as the separator) is empty.
   */
  function numberValue(decl, text) {
    const trimmed = text.trim();
    const parsed = trimmed === "" ? null : parseDecimal(trimmed);
    if (parsed === null) return decl.default === null ? null : undefined;
    const rounded = roundDecimal(parsed, decl.decimals);
    if (decl.decimals === 0 && (rounded.units < intRange.min || rounded.units > intRange.max)) return undefined;
    return decimalText(rounded);
  }

  const canonicalNumber = (decl, text) => (text === null ? null : decimalText(roundDecimal(parseDecimal(text), decl.decimals)));

  function renderNumber(decl, node) {
    const initial = canonicalNumber(decl, decl.default);
    // The unit is read with the title (`Weight (kg)`) and shown after the value.
    const label = h("label", { for: ids.input(decl.id), class: "title" }, titleOf(decl),
      decl.unit !== undefined ? h("span", { class: "visually-hidden" }, " (" + decl.unit + ")") : null);
    const unit = decl.unit !== undefined ? h("span", { class: "unit", "aria-hidden": "true" }, decl.unit) : null;
    if (decl.style === "stepper") return renderStepper(decl, node, initial, label, unit);
    if (decl.style === "slider") return renderSlider(decl, node, initial, label, unit);
    // type=text with inputmode: a number input would parse through floating point and
    // drop what it cannot read; the page reads the text exactly.
    const input = h("input", {
      type: "text", id: ids.input(decl.id), inputmode: decl.decimals === 0 ? "numeric" : "decimal",
      placeholder: decl.placeholder, autocomplete: "off", spellcheck: "false",
    });
    input.value = initial === null ? "" : initial;
    const control = h("div", { class: "control number field-style" }, label, h("span", { class: "value-line" }, input, unit));
    const { row, field } = makeField(decl, node, "number", control, [input], initial);
    input.addEventListener("input", () => changeValue(field, numberValue(decl, input.value)));
    // Once the user is done, the text shows the value the field holds.
    input.addEventListener("change", () => {
      input.value = field.value === null ? "" : field.value;
    });
    return row;
  }

  /** − and + change the value by `step`, within the fixed `min`/`max` rules, as a Stepper with a range. */
  function renderStepper(decl, node, initial, label, unit) {
    const step = parseDecimal(decl.step);
    const low = numberBound(decl, "min");
    const high = numberBound(decl, "max");
    const labelId = ids.input(decl.id) + "-label";
    const shown = h("output", { class: "stepper-value", id: ids.input(decl.id), "aria-live": "polite" });
    const minus = h("button", { type: "button", class: "step", "data-step": "-1", "aria-label": "Decrease " + titleOf(decl) }, "\u2212");
    const plus = h("button", { type: "button", class: "step", "data-step": "1", "aria-label": "Increase " + titleOf(decl) }, "+");
    const control = h("div", { class: "control number stepper", role: "group", "aria-labelledby": labelId },
      h("span", { class: "title", id: labelId }, titleOf(decl)), h("span", { class: "value-line" }, shown, unit),
      h("span", { class: "stepper-buttons" }, minus, plus));
    const { row, field } = makeField(decl, node, "number", control, [minus, plus], initial);
    const show = () => {
      shown.textContent = field.value === null ? "\u2014" : field.value;
      shown.dataset.value = field.value === null ? "" : field.value;
    };
    show();
    for (const button of [minus, plus]) {
      button.addEventListener("click", () => {
        const direction = BigInt(button.dataset.step);
        // From empty, the first press gives the lower bound, else 0.
        let next = field.value === null
          ? (low !== null ? low : { units: 0n, scale: 0 })
          : (() => {
            const current = parseDecimal(field.value);
            const scale = Math.max(current.scale, step.scale);
            const units = current.units * 10n ** BigInt(scale - current.scale) + direction * step.units * 10n ** BigInt(scale - step.scale);
            return { units, scale };
          })();
        if (low !== null && compareDecimals(next, low) < 0) next = low;
        if (high !== null && compareDecimals(next, high) > 0) next = high;
        changeValue(field, numberValue(decl, decimalText(next)));
        show();
      });
    }
    return row;
  }

  /** A range input between the `min` and `max` rules (the checker requires both for a slider). */
  function renderSlider(decl, node, initial, label, unit) {
    const low = numberBound(decl, "min");
    const high = numberBound(decl, "max");
    const input = h("input", {
      type: "range", id: ids.input(decl.id), min: low === null ? 0 : decimalText(low),
      max: high === null ? 100 : decimalText(high), step: decl.step,
    });
    // Empty, the thumb rests at the low end (the browser would put it halfway) and the value reads "—".
    input.value = initial !== null ? initial : input.min;
    const shown = h("output", { class: "slider-value", for: ids.input(decl.id) });
    const control = h("div", { class: "control number slider" }, label,
      h("span", { class: "value-line" }, input, shown, unit));
    const { row, field } = makeField(decl, node, "number", control, [input], initial);
    const show = () => {
      shown.textContent = field.value === null ? "\u2014" : field.value;
      input.setAttribute("aria-valuetext", field.value === null ? "no value" : field.value + (decl.unit !== undefined ? " " + decl.unit : ""));
    };
    show();
    // The browser's value is a floating-point number's text: rounding it to `decimals` places gives the exact step.
    input.addEventListener("input", () => {
      changeValue(field, numberValue(decl, input.value));
      show();
    });
    return row;
  }

  const dateInputTypes = { date: "date", time: "time", dateTime: "datetime-local" };

  /** An instant as a datetime-local input's text in the page's zone, to the minute. */
  function wallText(ms) {
    const wall = wallClock(ms);
    return dayText(wall) + "T" + pad(wall.hour, 2) + ":" + pad(wall.minute, 2);
  }

  /**
   * The value of a date input's text: `YYYY-MM-DD` (years 1–9999, FormDate's range),
   * `HH:mm`, or for dateTime the instant (milliseconds) the wall-clock text names in
   * the page's zone. Empty is nil; a field with a default refuses it.
   */
  function dateValue(decl, text) {
    let value = null;
    if (decl.mode === "date") {
      value = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(text) && text !== "0000" + text.slice(4) ? text : null;
    } else if (decl.mode === "time") {
      value = /^[0-9]{2}:[0-9]{2}/.test(text) ? text.slice(0, 5) : null;
    } else {
      const match = /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})/.exec(text);
      value = match && match[1] !== "0000" ? instantOf(...match.slice(1, 6).map(Number)) : null;
    }
    return value === null && decl.default !== null ? undefined : value;
  }

  function renderDate(decl, node) {
    const initial = decl.default === null ? null : decl.mode === "dateTime" ? Date.parse(decl.default) : decl.default;
    const input = h("input", { type: dateInputTypes[decl.mode], id: ids.input(decl.id), class: "date-input " + decl.style });
    const show = (value) => {
      input.value = value === null ? "" : decl.mode === "dateTime" ? wallText(value) : value;
    };
    show(initial);
    const control = h("div", { class: "control date" },
      h("label", { for: ids.input(decl.id), class: "title" }, titleOf(decl)), input);
    const { row, field } = makeField(decl, node, "date", control, [input], initial);
    const update = () => {
      changeValue(field, dateValue(decl, input.value));
    };
    input.addEventListener("input", update);
    input.addEventListener("change", () => {
      update();
      show(field.value);
    });
    return row;
  }

  const optionText = (option) => (option.title !== undefined ? option.title : option.image !== undefined ? option.image : option.value);

  /** A `<select>` for every style; without a default its first choice is "nothing selected". */
  function renderPicker(decl, node) {
    const select = h("select", { id: ids.input(decl.id), class: "picker " + decl.style });
    if (decl.default === null) select.append(h("option", { value: "" }, "None"));
    for (const option of decl.options) select.append(h("option", { value: option.value }, optionText(option)));
    select.value = decl.default === null ? "" : decl.default;
    const control = h("div", { class: "control picker" },
      h("label", { for: ids.input(decl.id), class: "title" }, titleOf(decl)), select);
    const { row, field } = makeField(decl, node, "picker", control, [select], decl.default);
    select.addEventListener("change", () => {
      changeValue(field, select.value === "" ? null : select.value);
    });
    return row;
  }

  /** Checkboxes (`checklist`) or toggle buttons (`chips`); the value keeps option order. */
  function renderMultiChoice(decl, node) {
    const labelId = ids.input(decl.id) + "-label";
    const chosen = new Set(decl.default);
    const chips = decl.style === "chips";
    const toggles = decl.options.map((option, index) => chips
      ? h("button", { type: "button", class: "chip", "data-value": option.value, "aria-pressed": String(chosen.has(option.value)) }, optionText(option))
      : h("input", { type: "checkbox", id: ids.input(decl.id) + "-" + index, "data-value": option.value }));
    const items = toggles.map((toggle, index) => chips ? toggle : h("span", { class: "choice" },
      toggle, h("label", { for: toggle.id }, optionText(decl.options[index]))));
    if (!chips) toggles.forEach((toggle) => { toggle.checked = chosen.has(toggle.dataset.value); });
    const control = h("div", { class: "control multi-choice " + decl.style, role: "group", "aria-labelledby": labelId },
      h("span", { class: "title", id: labelId }, titleOf(decl)), h("div", { class: "choices" }, ...items));
    const { row, field } = makeField(decl, node, "multiChoice", control, toggles, decl.default.slice());
    const isOn = (toggle) => (chips ? toggle.getAttribute("aria-pressed") === "true" : toggle.checked);
    const update = () => changeValue(field, decl.options.filter((option, index) => isOn(toggles[index])).map((option) => option.value));
    for (const toggle of toggles) {
      if (chips) {
        toggle.addEventListener("click", () => {
          toggle.setAttribute("aria-pressed", String(!isOn(toggle)));
          update();
        });
      } else {
        toggle.addEventListener("change", update);
      }
    }
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
    memo = { visibleWhen: new Map(), enabledWhen: new Map() };
    try {
      showConditions();
    } finally {
      memo = null;
    }
  }

  function showConditions() {
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

  const rowKinds = new Set(["boolean", "segment", "picker", "number", "date", "multiChoice", "textField", "floatLabel", "textView", "segue"]);
  const header = h("header", { class: "form-header" },
    h("h1", {}, data.title !== undefined ? data.title : data.form),
    h("p", { class: "form-source" }, data.form + " \u00b7 " + data.file));
  // Drawn into a fragment, attached once at the end: no insertion into the live
  // document per row.
  const page = document.createDocumentFragment();
  page.append(header);
  let rows = null;
  for (const decl of data.elements) {
    if (rowKinds.has(decl.kind) || !renderers[decl.kind]) {
      if (!rows) {
        rows = h("div", { class: "rows" });
        const section = h("section", { class: "group grouped anonymous" }, rows);
        anonymousSections.push(section);
        page.append(section);
      }
      rows.append(render(decl, null));
    } else {
      rows = null;
      page.append(render(decl, null));
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
  page.append(h("div", { class: "actions" }, validateButton, summary, status));
  refresh();
  root.append(page);
  // When the page became interactive, in milliseconds since navigation: formc-bench
  // reads it from Chromium's dumped DOM (a performance mark would not be in the DOM).
  document.documentElement.dataset.interactiveMs = String(Math.round(performance.now()));
  document.documentElement.dataset.ready = "true";
})();
"""#
}
