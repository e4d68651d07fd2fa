import FormModel

extension PreviewScript {
    /// Showing the conditions, the form's event listeners, and drawing the page.
    static let page = #"""
  // ---- Showing the conditions. Every change re-evaluates every condition; only what
  // changed since the last pass is written, and nothing for what is not drawn yet.

  function refresh(some = nodes) {
    memo = { visibleWhen: new Map(), enabledWhen: new Map() };
    try {
      showConditions(some);
    } finally {
      memo = null;
    }
  }

  function showConditions(some) {
    for (const node of some) {
      if (node.element === null) continue;
      const hidden = !isVisible(node);
      if (node.hidden !== hidden) {
        node.hidden = hidden;
        node.element.hidden = hidden;
      }
      const field = node.field;
      if (field !== undefined) {
        if (field.requiredVaries) showRequired(field);
        const enabled = isEnabled(node);
        if (field.enabled === enabled) continue;
        field.enabled = enabled;
        field.row.classList.toggle("disabled", !enabled);
        for (const input of field.inputs) input.disabled = !enabled;
      } else if (node.decl.kind === "segue") {
        node.element.disabled = !isEnabled(node);
      } else if (node.decl.kind === "list") {
        const disabled = !isEnabled(node);
        if (node.list.disabled !== disabled) {
          node.list.disabled = disabled;
          showList(node);
        }
      }
    }
    for (const section of anonymousSections) {
      section.hidden = [...section.querySelector(".rows").children].every((row) => row.hidden);
    }
    if (wizard !== null) wizard.update();
  }

  // ---- Events: one listener per type for the whole form hands each event to the
  // field it happened in (its kind's `behaviours`), none per input.

  /** The field whose row holds `target`, or undefined. */
  function fieldOf(target) {
    const row = target instanceof Element ? target.closest(".field") : null;
    return row === null ? undefined : fields.get(row.dataset.id);
  }

  for (const type of ["input", "change", "click", "keydown"]) {
    root.addEventListener(type, (event) => {
      const field = fieldOf(event.target);
      const handle = field === undefined ? undefined : field.behaviour[type];
      if (handle !== undefined) handle(field, event.target, event);
    });
  }
  // An input method's composition: nothing is cut while it runs (`limitLength`),
  // and its text is taken as an edit once composed.
  let composing = false;
  root.addEventListener("compositionstart", () => { composing = true; });
  root.addEventListener("compositionend", (event) => {
    composing = false;
    const field = fieldOf(event.target);
    const handle = field === undefined ? undefined : field.behaviour.input;
    if (handle !== undefined) handle(field, event.target);
  });
  // Leaving a field: focus going elsewhere than one of its own inputs.
  root.addEventListener("focusout", (event) => {
    const field = fieldOf(event.target);
    if (field === undefined || (event.relatedTarget && field.control.contains(event.relatedTarget))) return;
    didEndEditing(field);
  });

  // ---- The page. The whole form is modelled first; then the first `firstDraw` fields
  // (many screens) are drawn and the page is interactive; the rest is drawn in
  // further tasks of `laterDraw` fields each, at the end of the form, so that a large
  // form answers its first screen at once. A small form is drawn in one go.

  const firstDraw = 300;
  const laterDraw = 200;
  const rowKinds = new Set(["boolean", "segment", "picker", "number", "date", "multiChoice", "textField", "floatLabel", "textView", "segue"]);
  const topNodes = data.elements.map((decl) => model(decl, null));
  for (const field of fields.values()) linkDependents(field);

  /**
   * The fields a rule reads re-check the rule's field: a `sameAs` target, a bound
   * naming a field, every field of a `when` (SPEC §6.2, §16); each once, in order.
   * And each condition around the field (its own, its groups' and page's) is
   * linked to the fields it reads (`readersOf`), for `rechecks`. In a list's entry,
   * names are the entry's first (`lookup`).
   */
  function linkDependents(field) {
    const linked = new Set([field]);
    for (const rule of field.decl.rules) {
      const read = [];
      if (rule.rule === "sameAs") read.push(rule.value);
      if (rule.field !== undefined) read.push(rule.field);
      if (rule.when !== undefined) conditionReads(rule.when, read);
      for (const id of read) {
        const target = lookup(id, field.scope);
        if (target === undefined || linked.has(target)) continue;
        linked.add(target);
        if (!dependents.has(target)) dependents.set(target, []);
        dependents.get(target).push(field);
      }
    }
    for (let node = field.node; node; node = node.parent) {
      if (!node.decl.visibleWhen || node.readersLinked) continue;
      node.readersLinked = true;
      const reads = [];
      conditionReads(node.decl.visibleWhen, reads);
      for (const reader of new Set(reads.map((id) => lookup(id, node.scope)))) {
        if (reader === undefined) continue;
        if (!readersOf.has(reader)) readersOf.set(reader, []);
        readersOf.get(reader).push(node);
      }
    }
  }

  /**
   * The fields a change of `field` re-checks, each once, in order (as FormRuntime's
   * `RecheckTable.fields(after:)` and `fieldsDownChains(from:flipped:)`): its
   * dependents, then for each condition that reads it, the fields with rules it
   * shows or hides (valid while hidden) and the fields whose rules read one it
   * shows or hides (which reads as empty while hidden). A list's entries are under
   * the list's conditions: a hidden list's fields are valid. And down chains, as
   * far as visibility changes: a field reached that a condition reads and that the
   * change showed or hid (`flipped`) reads differently, so the conditions that
   * read it are followed too.
   */
  function rechecks(field) {
    const result = [...(dependents.get(field) || [])];
    const listed = new Set(result).add(field);
    const readers = [field];
    const followed = new Set(readers);
    const add = (other) => {
      if (!listed.has(other)) { listed.add(other); result.push(other); }
      if (readersOf.has(other) && !followed.has(other)) {
        followed.add(other);
        if (flipped(other)) readers.push(other);
      }
    };
    for (let next = 0; next < readers.length; next++) {
      for (const node of readersOf.get(readers[next]) || []) {
        if (node.removed) continue;
        const stack = [node];
        while (stack.length > 0) {
          const current = stack.pop();
          const shown = current.field;
          if (shown !== undefined) {
            if (shown.decl.rules.length > 0 || readersOf.has(shown)) add(shown);
            for (const reader of dependents.get(shown) || []) add(reader);
          }
          if (current.list) {
            for (let index = current.list.entries.length - 1; index >= 0; index--) stack.push(current.list.entries[index].node);
          }
          for (let index = current.children.length - 1; index >= 0; index--) stack.push(current.children[index]);
        }
      }
    }
    return result;
  }

  /**
   * Whether `field`, which a condition reads, was shown or hidden since a change
   * last reached it (true the first time): notes its visibility now, as FormRuntime's
   * FieldValidationController does.
   */
  function flipped(field) {
    const shown = isVisible(field.node);
    const flip = field.lastShown !== shown;
    field.lastShown = shown;
    return flip;
  }

  /** Top-level nodes not drawn yet start at `next`; `rows` is the untitled section still being filled. */
  let next = 0;
  let rows = null;

  /** Draws top-level elements into `target` until `budget` more fields are drawn, then shows their conditions. */
  function drawSome(target, budget) {
    const stop = fieldsDrawn + budget;
    while (next < topNodes.length && fieldsDrawn < stop) {
      const node = topNodes[next++];
      if (rowKinds.has(node.decl.kind) || !renderers[node.decl.kind]) {
        if (!rows) {
          rows = h("div", { class: "rows" });
          const section = h("section", { class: "group grouped anonymous" }, rows);
          anonymousSections.push(section);
          target.append(section);
        }
        rows.append(draw(node));
      } else {
        rows = null;
        target.append(draw(node));
      }
    }
    refresh(drawn);
    drawn = [];
  }

  const header = h("header", { class: "form-header" },
    h("h1", {}, data.title !== undefined ? data.title : data.form),
    h("p", { class: "form-source" }, data.form + " \u00b7 " + data.file));
  // The preview's own words are English whatever the form's language (`lang` on them).
  const validateButton = h("button", { type: "button", id: "formc-validate", class: "validate", lang: "en" }, say.validate);
  const summary = h("p", { id: "formc-summary", role: "status", lang: "en" });
  const status = h("p", { id: "formc-status", role: "status", lang: "en" });
  validateButton.addEventListener("click", () => {
    validateAll();
    focusFirstInvalid(topNodes);
  });

  /** The fields of `node` and below, in document order. */
  const fieldsIn = (node) => (node.field !== undefined ? [node.field]
    : node.children.flatMap(fieldsIn).concat(node.list ? node.list.entries.flatMap((entry) => fieldsIn(entry.node)) : []));
  /** The lists of `node` and below. */
  const listsIn = (node) => (node.list ? [node] : node.children.flatMap(listsIn));

  /**
   * After a refused Validate, Next or Submit, the keyboard and a screen reader go to
   * what needs mending (WCAG 3.3.1): the first invalid field of `nodes` in document
   * order that has a control Tab reaches (a disabled one has none), else the add
   * button of the first list whose count is wrong. A field of a large form not
   * drawn yet is passed over.
   */
  function focusFirstInvalid(nodes) {
    const reachable = (input) => !input.disabled && input.tabIndex >= 0;
    const field = nodes.flatMap(fieldsIn).find((candidate) => candidate.state === "invalid" && candidate.inputs !== undefined
      && candidate.inputs.some(reachable));
    if (field !== undefined) {
      field.inputs.find(reachable).focus();
      return;
    }
    const list = nodes.flatMap(listsIn).find((node) => node.list.result !== null && node.list.result.state === "invalid");
    if (list !== undefined && list.list.addButton !== undefined) list.list.addButton.focus();
  }
  const actions = h("div", { class: "actions" }, validateButton, summary, status);

  // Each part is drawn into a fragment and attached at once: no insertion into the
  // live document per row, and no layout until the part is done.
  // ---- Pages (SPEC §15.1): one page at a time. Back goes to the previous visible
  // page; Next validates the visible fields of this page and stays while one is
  // invalid; the last visible page has Submit, which validates every page and,
  // when one is invalid, shows the first visible page that is.
  const pageNodes = topNodes.filter((node) => node.decl.kind === "page");
  let wizard = null;
  if (pageNodes.length > 0) {
    const backButton = h("button", { type: "button", id: "formc-back", class: "back", lang: "en" }, say.back);
    const nextButton = h("button", { type: "button", id: "formc-next", class: "next", lang: "en" }, say.next);
    const submitButton = h("button", { type: "button", id: "formc-submit", class: "validate", lang: "en" }, say.submit);
    validateButton.replaceWith(backButton, nextButton, submitButton);
    wizard = {
      current: pageNodes[0],
      /** The visible page after (`step` 1) or before (-1) the current one, or undefined. */
      neighbour(step) {
        let index = pageNodes.indexOf(this.current) + step;
        while (index >= 0 && index < pageNodes.length && !isVisible(pageNodes[index])) index += step;
        return pageNodes[index];
      },
      show(node) {
        this.current = node;
        for (const page of pageNodes) {
          if (page.element !== null) page.element.classList.toggle("inactive", page !== node);
        }
        this.update();
      },
      /** `show(node)` for the person (Back, Next, Submit): the keyboard and a screen reader go to its title. */
      go(node) {
        this.show(node);
        const title = this.current.element === null ? null : this.current.element.querySelector(".page-title");
        if (title !== null) title.focus();
      },
      update() {
        // A condition may hide the page on screen: the next visible one takes its place.
        if (!isVisible(this.current)) {
          const replacement = this.neighbour(1) || this.neighbour(-1);
          if (replacement !== undefined) return this.show(replacement);
        }
        const last = this.neighbour(1) === undefined;
        backButton.hidden = this.neighbour(-1) === undefined;
        nextButton.hidden = last;
        submitButton.hidden = !last;
        document.documentElement.dataset.page = this.current.decl.id;
      },
    };
    backButton.addEventListener("click", () => {
      const previous = wizard.neighbour(-1);
      summary.textContent = "";
      if (previous !== undefined) wizard.go(previous);
    });
    nextButton.addEventListener("click", () => {
      let invalid = 0;
      // As `validate(page:)`: the form's fields forget, and the entries of the page's lists.
      forgetNotedVisibility([...fields.values()].filter((field) => field.scope === null));
      forgetNotedVisibility(fieldsIn(wizard.current));
      for (const field of fieldsIn(wizard.current)) {
        const result = runRules(field);
        setState(field, result);
        if (result.state === "invalid") invalid += 1;
      }
      for (const node of listsIn(wizard.current)) {
        node.list.result = listResult(node);
        showListState(node);
        if (node.list.result.state === "invalid") invalid += 1;
      }
      refresh();
      if (invalid > 0) {
        summary.textContent = say.summary(invalid);
        focusFirstInvalid([wizard.current]);
        return;
      }
      summary.textContent = "";
      const following = wizard.neighbour(1);
      if (following !== undefined) wizard.go(following);
    });
    submitButton.addEventListener("click", () => {
      validateAll();
      if (summary.textContent === say.summary(0)) {
        status.textContent = say.submitted;
        return;
      }
      status.textContent = "";
      // The first visible page with something to mend is shown, as Next stops there.
      const mend = pageNodes.find((page) => isVisible(page)
        && (fieldsIn(page).some((field) => field.state === "invalid")
          || listsIn(page).some((node) => node.list.result.state === "invalid")));
      if (mend !== undefined && mend !== wizard.current) wizard.go(mend);
      focusFirstInvalid([wizard.current]);
    });
  }

  const page = document.createDocumentFragment();
  page.append(header);
  drawSome(page, firstDraw);
  page.append(actions);
  if (wizard !== null) wizard.show(wizard.current);
  root.append(page);
  // When the page became interactive, in milliseconds since navigation: formc-bench
  // reads it from Chromium's dumped DOM (a performance mark would not be in the DOM).
  document.documentElement.dataset.interactiveMs = String(Math.round(performance.now()));

  function drawRest() {
    const part = document.createDocumentFragment();
    drawSome(part, laterDraw);
    // Laid out only near the screen (style `.later`): else each part would lay out the whole page again.
    for (const section of part.children) section.classList.add("later");
    actions.before(part);
    whenDrawn();
  }

  /** The rest in a later task (input events are handled between them), else the page is ready. */
  function whenDrawn() {
    if (next < topNodes.length) return setTimeout(drawRest, 0);
    document.documentElement.dataset.readyMs = String(Math.round(performance.now()));
    document.documentElement.dataset.ready = "true";
  }
  whenDrawn();
})();
"""#
}
