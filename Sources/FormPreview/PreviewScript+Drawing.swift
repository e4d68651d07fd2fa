extension PreviewScript {
    /// Building the DOM: templates, the renderer of each kind, groups, field rows and their hints.
    static let drawing = #"""
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

  /** Serial numbers for the entries' heading ids, unique while the page lives. */
  let entrySerial = 0;

  /** A list's name for its buttons: its title, else its id. */
  const listName = (decl) => (decl.title !== undefined ? decl.title : decl.id);

  // A large form has thousands of rows of a few kinds: each kind's row is built once
  // from fixed text and cloned (one native call), then given its ids and the form's text.
  const templates = new Map();

  /** A copy of the template `name`, built by `make` on first use. */
  function template(name, make) {
    if (!templates.has(name)) templates.set(name, make());
    return templates.get(name).cloneNode(true);
  }

  /** A field's row: its control, then its message (a live region, there before any message is). */
  const fieldRow = (control) => h("div", { class: "row field", "data-state": "idle" },
    control, h("p", { class: "message", "aria-live": "polite" }));

  // ---- Drawing: one function per element kind.

  const renderers = {
    group: renderGroup,
    page: renderPage,
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
    list: renderList,
  };

  /** Nodes drawn since `drawn` was last emptied: the ones whose conditions are still to be shown. */
  let drawn = [];
  /** How many fields have a row. */
  let fieldsDrawn = 0;

  /** The element of a node of the model, everything in it drawn. */
  function draw(node) {
    const decl = node.decl;
    const renderer = renderers[decl.kind];
    node.element = renderer ? renderer(decl, node) : renderUnsupported(decl, node);
    node.element.dataset.kind = decl.kind;
    if (decl.id !== undefined) node.element.dataset.id = decl.id;
    drawn.push(node);
    return node.element;
  }

  /** A kind this script does not know yet: named, and as a field it reads as empty and is not checked. */
  function renderUnsupported(decl, node) {
    const text = h("div", { class: "control unsupported" }, say.unsupported(decl.kind));
    if (decl.rules === undefined) return h("div", { class: "row" }, text);
    const row = fieldRow(text);
    attach(node.field, row, [], {});
    return row;
  }

  /**
   * The heading element for `node`'s title: h2 at the top level (the form's title is
   * the h1), one level deeper for each titled page, group, list and entry around it.
   */
  function headingTag(node) {
    let level = 2;
    for (let outer = node.parent; outer; outer = outer.parent) {
      const kind = outer.decl.kind;
      if (kind === "page" || kind === "entry" || ((kind === "group" || kind === "list") && outer.decl.title !== undefined)) level += 1;
    }
    return "h" + Math.min(level, 6);
  }

  function renderGroup(decl, node) {
    const section = h("section", { class: "group " + decl.style });
    const titleId = decl.id !== undefined ? "formc-" + decl.id + "-title" : null;
    if (decl.title !== undefined) section.append(h(headingTag(node), { class: "group-title", id: titleId }, decl.title));
    if (titleId && decl.title !== undefined) section.setAttribute("aria-labelledby", titleId);
    const rows = h("div", { class: "rows" });
    if (decl.insets !== undefined) {
      const { top, left, bottom, right } = decl.insets;
      rows.style.padding = top + "px " + right + "px " + bottom + "px " + left + "px";
    }
    if (decl.rowHeight !== undefined) rows.style.setProperty("--row-height", decl.rowHeight + "px");
    for (const child of node.children) rows.append(draw(child));
    section.append(rows);
    if (decl.footer !== undefined) section.append(h("p", { class: "group-footer" }, decl.footer));
    return section;
  }

  /**
   * A page (SPEC §15.1): its title, then its elements as the top level draws them,
   * fields in untitled grouped sections. The wizard (below) shows one page at a time.
   */
  function renderPage(decl, node) {
    const titleId = "formc-page-" + decl.id + "-title";
    const section = h("section", { class: "page", "data-page": decl.id, "aria-labelledby": titleId },
      h(headingTag(node), { class: "page-title", id: titleId, tabindex: "-1" }, decl.title !== undefined ? decl.title : decl.id));
    let rows = null;
    for (const child of node.children) {
      if (rowKinds.has(child.decl.kind) || !renderers[child.decl.kind]) {
        if (!rows) {
          rows = h("div", { class: "rows" });
          const anonymous = h("section", { class: "group grouped anonymous" }, rows);
          anonymousSections.push(anonymous);
          section.append(anonymous);
        }
        rows.append(draw(child));
      } else {
        rows = null;
        section.append(draw(child));
      }
    }
    return section;
  }

  /**
   * Ties a field to its drawn `row`: its message's id, its hints, both named by its
   * inputs, and its state if it has one. `behaviour` says what it does with events.
   */
  function attach(field, row, inputs, behaviour) {
    const decl = field.decl;
    const messageElement = row.children[1];
    messageElement.id = ids.message(decl.id);
    let describedBy = ids.message(decl.id);
    let undecidedElement = null;
    // Hints only where a rule can have one: most fields have none, and get no empty element.
    if (decl.rules.some((rule) => rule.rule === "custom" || rule.rule === "pattern")) {
      const hintElement = h("div", { class: "hints", id: ids.hint(decl.id) });
      if (decl.rules.some((rule) => rule.rule === "pattern")) {
        undecidedElement = h("p", { class: "hint", hidden: true }, say.undecided);
        hintElement.append(undecidedElement);
      }
      for (const rule of decl.rules) {
        if (rule.rule === "custom") hintElement.append(h("p", { class: "hint" }, say.custom(rule.value)));
        if (rule.rule === "pattern" && rule.javaScript === undefined) hintElement.append(h("p", { class: "hint" }, say.patternNotRun(rule.value)));
      }
      row.append(hintElement);
      describedBy += " " + ids.hint(decl.id);
    }
    for (const input of inputs) input.setAttribute("aria-describedby", describedBy);
    // Whether being required can change: `required` rules, each with a `when`; then
    // `refresh` asks `showRequired` again on each change.
    const required = decl.rules.filter((rule) => rule.rule === "required");
    const requiredVaries = required.length > 0 && required.every((rule) => rule.when !== undefined);
    Object.assign(field, { row, control: row.firstChild, inputs, messageElement, undecidedElement, behaviour, requiredVaries });
    showRequired(field);
    fieldsDrawn += 1;
    if (field.result !== null) showState(field);
    return field;
  }

  /**
   * A field that a `required` rule applies to is told so before any message, where
   * ARIA has `aria-required`: always for a rule without a `when`, else while one of
   * the rules' conditions holds (SPEC §6.2). On the control that takes a value (a
   * text, a menu, a date, a switch), or on the group of a segment's options; not on
   * each of a multiChoice's boxes (one chosen is enough), a slider or a stepper's
   * buttons.
   */
  function showRequired(field) {
    const decl = field.decl;
    const required = decl.rules.some((rule) => rule.rule === "required" && (rule.when === undefined || evaluate(rule.when, field.scope)));
    if (field.required === required) return;
    field.required = required;
    const group = field.control.querySelector("[role=radiogroup]");
    const takesValue = (input) => input.tagName !== "BUTTON" && input.type !== "radio" && input.type !== "range"
      && !(input.type === "checkbox" && decl.kind === "multiChoice");
    for (const target of group !== null ? [group] : field.inputs.filter(takesValue)) {
      if (required) target.setAttribute("aria-required", "true");
      else target.removeAttribute("aria-required");
    }
  }

  function icon(name) {
    return name === undefined ? null : h("span", { class: "icon", "aria-hidden": "true", title: name }, name.slice(0, 1).toUpperCase());
  }

  /** The title shown in the row, and the text that names the field to assistive technology. */
  const titleOf = (decl) => (decl.title !== undefined ? decl.title : decl.name);

  const optionText = (option) => (option.title !== undefined ? option.title : option.image !== undefined ? option.image : option.value);

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
      // An entry's segue keeps its own id, its action's name (`entryID`).
      status.textContent = say.segue(decl.entryID === undefined ? decl.id : decl.entryID);
    });
    return button;
  }

  // ---- Lists (SPEC §14): a section with a block per entry (a numbered heading, a
  // remove button, the entry's rows), an add button, and the list's own message.

  function renderList(decl, node) {
    const section = h("section", { class: "group grouped list" });
    const titleId = "formc-" + decl.id + "-title";
    if (decl.title !== undefined) {
      section.append(h(headingTag(node), { class: "group-title", id: titleId }, decl.title));
      section.setAttribute("aria-labelledby", titleId);
    }
    const entries = h("div", { class: "entries" });
    const add = h("button", { type: "button", class: "row list-add", id: "formc-" + decl.id + "-add" },
      decl.addTitle !== undefined ? decl.addTitle : say.addEntry);
    // Without an `addTitle`, the button says which list it adds to (two lists' "Add" differ).
    if (decl.addTitle === undefined) add.setAttribute("aria-label", say.addTo(listName(decl)));
    const message = h("p", { class: "message list-message", id: "formc-" + decl.id + "-message", "aria-live": "polite" });
    section.append(entries, add, message);
    Object.assign(node.list, { entriesElement: entries, addButton: add, messageElement: message });
    for (const entry of node.list.entries) entries.append(drawEntry(node, entry));
    add.addEventListener("click", () => {
      if (add.disabled) return;
      const entry = addEntry(node);
      for (const field of entry.scope.values()) linkDependents(field);
      entries.append(drawEntry(node, entry));
      listChanged(node);
      // The keyboard goes on in the new entry (the add button may now be disabled),
      // at its first control that Tab would reach: shown, enabled, a Tab stop.
      const first = Array.from(entry.element.querySelectorAll(".rows input, .rows select, .rows textarea, .rows button"))
        .find((control) => !control.disabled && control.tabIndex >= 0 && control.offsetParent !== null);
      (first !== undefined ? first : entry.heading).focus();
    });
    showList(node);
    return section;
  }

  /** An entry: a group named by its heading ("Employer 2"), so that its fields are told apart by it. */
  function drawEntry(listNode, entry) {
    entrySerial += 1;
    const headingId = "formc-" + listNode.decl.id + "-entry-" + entrySerial;
    const heading = h(headingTag(entry.node), { class: "entry-title", id: headingId, tabindex: "-1" });
    const remove = h("button", { type: "button", class: "list-remove" }, say.removeEntry);
    remove.addEventListener("click", () => removeEntry(listNode, entry));
    const rows = h("div", { class: "rows" });
    for (const child of entry.node.children) rows.append(draw(child));
    entry.element = h("div", { class: "entry", role: "group", "aria-labelledby": headingId },
      h("div", { class: "entry-header" }, heading, remove), rows);
    Object.assign(entry, { heading, remove });
    return entry.element;
  }

  function removeEntry(listNode, entry) {
    const list = listNode.list;
    if (list.entries.length <= listNode.decl.minItems) return;
    const index = list.entries.indexOf(entry);
    const hadFocus = entry.element.contains(document.activeElement);
    list.entries.splice(index, 1);
    const gone = new Set(entry.nodes);
    for (const node of entry.nodes) node.removed = true;
    for (let index = nodes.length - 1; index >= 0; index--) {
      if (gone.has(nodes[index])) nodes.splice(index, 1);
    }
    for (const field of entry.scope.values()) {
      fields.delete(field.id);
      dependents.delete(field);
      readersOf.delete(field);
    }
    // The form's fields the entry read keep no link to it.
    for (const [field, readers] of dependents) {
      const kept = readers.filter((reader) => !reader.node.removed);
      if (kept.length !== readers.length) dependents.set(field, kept);
    }
    for (const [field, readers] of readersOf) {
      const kept = readers.filter((node) => !node.removed);
      if (kept.length !== readers.length) readersOf.set(field, kept);
    }
    entry.element.remove();
    listChanged(listNode);
    // The keyboard stays in the list: on the entry that took the removed one's
    // place, else the one before it, else the add button.
    if (hadFocus) {
      const neighbour = list.entries[Math.min(index, list.entries.length - 1)];
      (neighbour !== undefined ? neighbour.heading : list.addButton).focus();
    }
  }

  /**
   * After an entry came or went: headings, buttons, conditions, and the list's message
   * once it was checked, or at once under the `change` trigger, as an edit is.
   */
  function listChanged(listNode) {
    showList(listNode);
    if (listNode.list.result !== null || listNode.decl.trigger === "change") {
      listNode.list.result = listResult(listNode);
      showListState(listNode);
    }
    refresh();
    drawn = [];
  }

  function showList(listNode) {
    const decl = listNode.decl;
    const entries = listNode.list.entries;
    entries.forEach((entry, index) => {
      const title = (decl.itemTitle !== undefined ? decl.itemTitle : say.entry) + " " + (index + 1);
      entry.heading.textContent = title;
      entry.remove.disabled = listNode.list.disabled === true || entries.length <= decl.minItems;
      // Without an `itemTitle`, "Entry 1" is every list's: the label names the list too.
      entry.remove.setAttribute("aria-label", decl.itemTitle !== undefined ? say.removeNamed(title) : say.removeFrom(title, listName(decl)));
    });
    listNode.list.addButton.disabled = listNode.list.disabled === true || (decl.maxItems !== null && entries.length >= decl.maxItems);
  }

  function showListState(listNode) {
    const list = listNode.list;
    if (list.messageElement === undefined) return;
    const result = list.result;
    list.messageElement.textContent = result !== null && result.state === "invalid" ? result.message : "";
    listNode.element.dataset.state = result === null ? "idle" : result.state;
  }
"""#
}
