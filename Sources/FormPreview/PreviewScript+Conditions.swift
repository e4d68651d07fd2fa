extension PreviewScript {
    /// The model of the drawn form, and conditions (SPEC §7): visibility and enablement.
    static let conditions = #"""
  // ---- The model: every element (for conditions) and every field (for rules), made
  // from the data before anything is drawn; an element's DOM may come later.

  /** {decl, parent, children, field, element, hidden}: one per element of the form, in document order. */
  const nodes = [];
  /** Field id -> {id, decl, node, type, value, state, result, dirty, blurred, enabled, row, inputs, ...}.
   *  A list entry's fields are here by their page id (`employers-3-company`, see `addEntry`). */
  const fields = new Map();
  /** A field -> the fields whose rules read it, re-checked when it changes (SPEC §6.2, §16). */
  const dependents = new Map();
  /** A field -> the nodes whose `visibleWhen` reads it (`rechecks`). */
  const readersOf = new Map();
  /** The lists' nodes, in document order. */
  const listNodes = [];
  /** Sections made for top-level rows outside any group. */
  const anonymousSections = [];

  /**
   * The node of `decl` and of everything in it; a field's record holds its first value.
   * `scope`: inside a list's entry, the entry's fields by their own ids, where the
   * entry's conditions and rules look names up first (SPEC §14); null outside lists.
   */
  function model(decl, parent, scope = null) {
    const node = { decl, parent, children: [], field: undefined, element: null, hidden: false, scope };
    nodes.push(node);
    const kind = fieldKinds[decl.kind];
    if (kind !== undefined || (renderers[decl.kind] === undefined && decl.rules !== undefined)) {
      node.field = {
        id: decl.id, decl, node, scope, type: kind !== undefined ? kind.type : "unsupported",
        value: kind !== undefined ? kind.value(decl) : null, state: "idle", result: null,
        dirty: false, blurred: false, enabled: true, row: null, control: null, inputs: [], behaviour: {},
        requiredVaries: false, required: false,
      };
      fields.set(decl.id, node.field);
      if (scope !== null) scope.set(decl.entryID, node.field);
    }
    if (decl.kind === "group" || decl.kind === "page") {
      for (const child of decl.elements) node.children.push(model(child, node, scope));
    }
    if (decl.kind === "list") {
      node.list = { entries: [], next: 0, result: null };
      listNodes.push(node);
      for (let index = 0; index < decl.initialItems; index++) addEntry(node);
    }
    return node;
  }

  /**
   * A new entry of a list (SPEC §14): a copy of the entry's elements whose ids are
   * made unique in the page (`employers-3-company`: no form id holds a `-`), each
   * keeping its own id as `entryID` (its `name` stays the display name), under
   * an entry node whose parent is the list, so
   * that a hidden list hides its entries.
   */
  function addEntry(listNode) {
    const list = listNode.list;
    const prefix = listNode.decl.id + "-" + list.next++ + "-";
    const scope = new Map();
    const entryNode = { decl: { kind: "entry" }, parent: listNode, children: [], field: undefined, element: null, hidden: false, scope };
    const first = nodes.length;
    for (const child of listNode.decl.elements) entryNode.children.push(model(renamed(child, prefix), entryNode, scope));
    const entry = { node: entryNode, nodes: nodes.slice(first), scope, element: null, heading: null, remove: null };
    list.entries.push(entry);
    return entry;
  }

  function renamed(decl, prefix) {
    const copy = Object.assign({}, decl);
    if (decl.id !== undefined) {
      copy.entryID = decl.id;
      copy.id = prefix + decl.id;
    }
    if (decl.kind === "group") copy.elements = decl.elements.map((child) => renamed(child, prefix));
    return copy;
  }

  /** The field `id` names where `scope` is: the entry's own first, then the form's. */
  function lookup(id, scope) {
    return scope !== null && scope !== undefined && scope.has(id) ? scope.get(id) : fields.get(id);
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
    const result = (!condition || evaluate(condition, node.scope)) && holds(node.parent, key);
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

  function conditionValue(id, scope) {
    const field = lookup(id, scope);
    return isVisible(field.node) ? field.value : emptyValue(field);
  }

  function evaluate(condition, scope = null) {
    const value = () => conditionValue(condition.field, scope);
    switch (condition.op) {
      case "constant": return condition.value;
      case "boolField": return value() === true;
      case "isEmpty": return isEmptyValue(value());
      case "textEquals": return sameText(value(), condition.value);
      case "segmentEquals": return value() === condition.value;
      case "segmentIn": return condition.values.includes(value());
      case "contains": return (value() || []).includes(condition.value);
      case "count": return ordered((value() || []).length - condition.value, condition.order);
      case "compare": return compareCondition(condition, scope);
      case "fieldCompare": return compareFields(condition, scope);
      case "not": return !evaluate(condition.operand, scope);
      case "and": return evaluate(condition.operands[0], scope) && evaluate(condition.operands[1], scope);
      case "or": return evaluate(condition.operands[0], scope) || evaluate(condition.operands[1], scope);
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
  function compareCondition(condition, scope) {
    const field = lookup(condition.field, scope);
    const value = conditionValue(condition.field, scope);
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
  function compareFields(condition, scope = null) {
    const field = lookup(condition.field, scope);
    const a = conditionValue(condition.field, scope);
    const b = conditionValue(condition.other, scope);
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
