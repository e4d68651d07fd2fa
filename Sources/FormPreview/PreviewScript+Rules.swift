extension PreviewScript {
    /// Rules (SPEC §6.2) and triggers (SPEC §6.4): when a field is checked, and its state.
    static let rules = #"""
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
        const other = operand(rule.value, field.scope);
        return field.type === "text" ? sameText(value, other) : value === other;
      }
      case "min": case "max": {
        if (rule.field !== undefined) {
          // A bound naming another field (SPEC §16): passes when that one is empty.
          const other = operand(rule.field, field.scope);
          if (isEmptyValue(other)) return true;
          const sign = compareValues(field, value, other);
          return rule.rule === "min" ? sign >= 0 : sign <= 0;
        }
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
   * The value of the field `id` that a rule (`sameAs`, a bound) of a field in
   * `scope` reads: as a condition reads it, empty while hidden, as the
   * generated Swift does (docs/format.md, "A field as a bound").
   */
  function operand(id, scope) {
    return conditionValue(id, scope);
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
      // `when` (SPEC §16): the rule runs only while its condition holds.
      if (rule.when !== undefined && !evaluate(rule.when, field.scope)) continue;
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
    for (const dependent of rechecks(field)) {
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

  /**
   * Forgets the visibility noted for following chains (`flipped`) of `shown`, as
   * a form's `validate()` does for its fields and its entries' (FormRuntime's
   * `forgetNotedVisibility`): the next change follows chains from what is shown then.
   */
  function forgetNotedVisibility(shown) {
    for (const field of shown) field.lastShown = undefined;
  }

  function validateAll() {
    let invalid = 0;
    forgetNotedVisibility(fields.values());
    for (const field of fields.values()) {
      const result = runRules(field);
      setState(field, result);
      if (result.state === "invalid") invalid += 1;
    }
    for (const node of listNodes) {
      node.list.result = listResult(node);
      showListState(node);
      if (node.list.result.state === "invalid") invalid += 1;
    }
    refresh();
    summary.textContent = say.summary(invalid);
  }

  /** A list's own rules (SPEC §14): its counts, not checked while it is hidden. */
  function listResult(node) {
    const decl = node.decl;
    const count = node.list.entries.length;
    if (!isVisible(node)) return { state: "valid" };
    if (count < decl.minItems) return { state: "invalid", message: decl.minItemsMessage };
    if (decl.maxItems !== null && count > decl.maxItems) return { state: "invalid", message: decl.maxItemsMessage };
    return { state: "valid" };
  }

  function setState(field, result) {
    field.state = result.state;
    field.result = result;
    if (field.row !== null) showState(field);
  }

  /** The field's state on its row: drawn when it changes, or when the row is drawn. */
  function showState(field) {
    const result = field.result;
    field.row.dataset.state = result.state;
    field.messageElement.textContent = result.state === "invalid" ? result.message : "";
    if (field.undecidedElement !== null) field.undecidedElement.hidden = !result.undecided;
    for (const input of field.inputs) input.setAttribute("aria-invalid", result.state === "invalid" ? "true" : "false");
  }
"""#
}
