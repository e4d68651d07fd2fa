extension PreviewScript {
    /// The model of the drawn form, and conditions (SPEC §7): visibility and enablement.
    static let conditions = #"""
  // ---- The model: every element (for conditions) and every field (for rules), made
  // from the data before anything is drawn; an element's DOM may come later.

  /** {decl, parent, children, field, element, hidden}: one per element of the form, in document order. */
  const nodes = [];
  /** Field id -> {id, decl, node, type, value, state, result, dirty, blurred, enabled, row, inputs, ...}. */
  const fields = new Map();
  /** sameAs target id -> the fields that compare with it (SPEC §6.2). */
  const dependents = new Map();
  /** Sections made for top-level rows outside any group. */
  const anonymousSections = [];

  /** The node of `decl` and of everything in it; a field's record holds its first value. */
  function model(decl, parent) {
    const node = { decl, parent, children: [], field: undefined, element: null, hidden: false };
    nodes.push(node);
    const kind = fieldKinds[decl.kind];
    if (kind !== undefined || (renderers[decl.kind] === undefined && decl.rules !== undefined)) {
      node.field = {
        id: decl.id, decl, node, type: kind !== undefined ? kind.type : "unsupported",
        value: kind !== undefined ? kind.value(decl) : null, state: "idle", result: null,
        dirty: false, blurred: false, enabled: true, row: null, control: null, inputs: [], behaviour: {},
      };
      fields.set(decl.id, node.field);
    }
    if (decl.kind === "group" || decl.kind === "page") {
      for (const child of decl.elements) node.children.push(model(child, node));
    }
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
      case "fieldCompare": return compareFields(condition);
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

  /**
   * `endDate < startDate`, `billing == shipping` (SPEC §16): two fields of one type;
   * false when either is empty (or hidden), whatever the operator, `!=` included. A
   * boolean is never empty.
   */
  function compareFields(condition) {
    const field = fields.get(condition.field);
    const a = conditionValue(condition.field);
    const b = conditionValue(condition.other);
    if (field.type !== "bool" && (isEmptyValue(a) || isEmptyValue(b))) return false;
    if (condition.order === "==") return sameFieldValue(field, a, b);
    if (condition.order === "!=") return !sameFieldValue(field, a, b);
    return ordered(compareValues(field, a, b), condition.order);
  }

  function sameFieldValue(field, a, b) {
    if (field.type === "text") return sameText(a, b);
    if (field.type === "number") return compareDecimals(parseDecimal(a), parseDecimal(b)) === 0;
    return a === b;
  }

  /** The sign of a − b for two values of one number or date field type (exact decimals; ISO text; instants in ms). */
  function compareValues(field, a, b) {
    if (field.type === "number") return compareDecimals(parseDecimal(a), parseDecimal(b));
    return a < b ? -1 : a > b ? 1 : 0;
  }

  /** Appends the ids of the fields `condition` reads to `read`. */
  function conditionReads(condition, read) {
    if (condition.field !== undefined) read.push(condition.field);
    if (condition.other !== undefined) read.push(condition.other);
    if (condition.operand !== undefined) conditionReads(condition.operand, read);
    for (const operand of condition.operands || []) conditionReads(operand, read);
  }

  // Swift compares strings by canonical equivalence: equal when their NFD forms are.
  function sameText(a, b) {
    return a.normalize("NFD") === b.normalize("NFD");
  }
"""#
}
