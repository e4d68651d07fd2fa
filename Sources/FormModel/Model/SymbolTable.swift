import FormSource

/// The Swift value type of a field.
public enum FieldValueType: Sendable, Hashable {
    case string
    case bool
    /// A generated enum (segment, picker); optional when the field has no default.
    case segment(enumName: String, optional: Bool)
    /// `Int` (`decimals: 0`) or `Decimal`; optional when the field has no default.
    case number(decimal: Bool, optional: Bool)
    /// `FormDate`, `FormTime` or `Date`; optional when the field has no default.
    case date(DateMode, optional: Bool)
    /// `[Enum]`: the chosen options of a multiChoice.
    case multiChoice(enumName: String)

    /// Whether a value is always there: a segment, picker, number or date with a
    /// default, which no edit can empty (only hiding the field does).
    public var alwaysHasValue: Bool {
        switch self {
        case .segment(_, let optional), .number(_, let optional), .date(_, let optional): !optional
        case .string, .bool, .multiChoice: false
        }
    }

    package var isDate: Bool { if case .date = self { true } else { false } }

    /// The name of the Swift type when it is Foundation's (`Decimal`, `Date`), else nil.
    public var foundationType: String? {
        switch self {
        case .number(let decimal, _): decimal ? "Decimal" : nil
        case .date(let mode, _): mode == .dateTime ? "Date" : nil
        case .string, .bool, .segment, .multiChoice: nil
        }
    }

    /// Whether the value can be `nil` (empty).
    public var isOptional: Bool {
        switch self {
        case .string, .bool, .multiChoice: false
        case .segment(_, let optional), .number(_, let optional), .date(_, let optional): optional
        }
    }

    /// Whether two fields hold the same type for `sameAs` (SPEC §6.1).
    public func isSameType(as other: FieldValueType) -> Bool {
        switch (self, other) {
        case (.string, .string), (.bool, .bool): true
        case (.segment(let a, _), .segment(let b, _)): a == b
        case (.number(let a, _), .number(let b, _)): a == b
        case (.date(let a, _), .date(let b, _)): a == b
        case (.multiChoice(let a), .multiChoice(let b)): a == b
        default: false
        }
    }

    /// Whether a field of type `other` may be the `min`/`max` of a field of this
    /// type (SPEC §16): two numbers, of any `decimals`; two dates of one mode.
    public func canBeBounded(by other: FieldValueType) -> Bool {
        switch (self, other) {
        case (.number, .number): true
        case (.date(let a, _), .date(let b, _)): a == b
        default: false
        }
    }

    /// Whether a condition may compare a field of this type with one of `other`
    /// (SPEC §16): two numbers (of any `decimals`), two dates of one mode, two
    /// single choices of one enum, two texts, two booleans.
    public func compares(with other: FieldValueType) -> Bool {
        switch (self, other) {
        case (.number, .number), (.string, .string), (.bool, .bool): true
        case (.date(let a, _), .date(let b, _)): a == b
        case (.segment(let a, _), .segment(let b, _)): a == b
        default: false
        }
    }

    /// A short description for messages: "text", "boolean", "single choice 'Plan'"
    /// (a segment or a picker, named by its generated enum).
    public var description: String {
        switch self {
        case .string: "text"
        case .bool: "boolean"
        case .segment(let name, _): "single choice '\(name)'"
        case .number(let decimal, _): decimal ? "decimal number" : "whole number"
        case .date(let mode, _): mode == .date ? "date" : (mode == .time ? "time" : "date and time")
        case .multiChoice(let name): "multiple choice '\(name)'"
        }
    }
}

/// A path to an element: indices into `elements`, then into that group's `elements`…
public typealias ElementPath = [Int]

/// One field of the form, as the checker resolved it.
public struct FieldSymbol: Sendable {
    public var id: String
    public var range: SourceRange
    public var valueType: FieldValueType
    /// Where the element is in the tree.
    public var path: ElementPath
    /// The groups around the field, outermost first, as paths.
    public var enclosingGroups: [ElementPath]
    /// The effective trigger: the field's own `validateOn`, else the form's.
    public var trigger: ValidationTrigger

    public init(
        id: String, range: SourceRange, valueType: FieldValueType, path: ElementPath,
        enclosingGroups: [ElementPath], trigger: ValidationTrigger
    ) {
        self.id = id
        self.range = range
        self.valueType = valueType
        self.path = path
        self.enclosingGroups = enclosingGroups
        self.trigger = trigger
    }
}

/// The names a form declares: fields in document order, and every id (fields,
/// groups and segues share one namespace).
///
/// Every id is numbered once by an `IDIndex`; by that number the table keeps where
/// the id was first declared and which field it names, so the checker looks an id
/// up once to declare it and once per use, each with a cheap byte hash.
public struct SymbolTable: Sendable {
    public private(set) var fields: [FieldSymbol] = []
    private var ids = IDIndex()
    /// Where each id (by number) was first declared; nil for a field added without `declare`.
    private var declarations: [SourceRange?] = []
    /// The first field of each id (by number), as an index into `fields`; -1 for none.
    private var fieldOfID: [Int32] = []
    /// The fields of the lists' entries (SPEC §14) by id, each with the list that
    /// holds it (the first list, when several hold the id): names that no
    /// condition or `sameAs` outside that entry may use. Empty without lists.
    public var entryFieldLists: [String: String] = [:]
    /// The names in the parts of the file the decoder could not read
    /// (`FormDocument.unreadNames`): not reported as unknown, as the mistake that
    /// hid them was.
    public var unreadNames: Set<String> = []
    /// The ids FC201's did-you-means propose for malformed ones (`Topic` →
    /// `topic`): a condition, `sameAs` or bound naming one is not told the name is
    /// unknown (FC501), which would propose the malformed id back.
    public var proposedIDs: Set<String> = []

    /// Whether a name a condition, `sameAs` or bound reads, found no field, is
    /// still not reported unknown: a mistake reported elsewhere explains it
    /// (`unreadNames`, `proposedIDs`).
    public func isExplainedElsewhere(_ name: String) -> Bool {
        unreadNames.contains(name) || proposedIDs.contains(name)
    }
    /// In a list's entry (SPEC §14): the form's ids that are no field (groups,
    /// pages, segues, lists) that the entry's `sameAs` and bounds name, where they
    /// are declared, so that a message says what they are. Empty elsewhere.
    public var outerDeclarations: [String: SourceRange] = [:]
    /// In a list's entry: the form's field that an entry field of the same id
    /// hides (an entry's ids come first, SPEC §14), with its option values (empty
    /// for a field without options), asked only for a field that names itself by
    /// that id, to tell it why. Nil elsewhere.
    public var hiddenOuterField: (@Sendable (String) -> (field: FieldSymbol, options: [String])?)?

    public init() {}

    public func field(_ id: String) -> FieldSymbol? {
        fieldIndex(id).map { fields[$0] }
    }

    /// The position in `fields` of the field `id` names: the checker's handle on a
    /// field, so that later lookups are array accesses rather than string hashes.
    package func fieldIndex(_ id: String) -> Int? {
        guard let number = ids.number(of: id) else { return nil }
        let field = fieldOfID[number]
        return field < 0 ? nil : Int(field)
    }

    /// Where `id` was first declared, if it was.
    public func declaration(of id: String) -> SourceRange? {
        ids.number(of: id).flatMap { declarations[$0] } ?? outerDeclarations[id]
    }

    /// Makes room for `count` ids (and fields) without growing the table on the way.
    package mutating func reserveCapacity(_ count: Int) {
        ids.reserveCapacity(count)
        declarations.reserveCapacity(count)
        fieldOfID.reserveCapacity(count)
        fields.reserveCapacity(count)
    }

    /// Records an id; returns the earlier declaration when the id is taken.
    public mutating func declare(_ id: String, at range: SourceRange) -> SourceRange? {
        record(id, declaredAt: range, field: nil)
    }

    public mutating func addField(_ symbol: FieldSymbol) {
        _ = record(symbol.id, declaredAt: nil, field: symbol)
    }

    /// `declare` (when `range` is given) and `addField` (when `symbol` is) in one
    /// lookup of the id. Returns the earlier declaration when the id is taken.
    /// The first declaration and the first field win.
    mutating func record(_ id: String, declaredAt range: SourceRange?, field symbol: FieldSymbol?) -> SourceRange? {
        record(id, hash: IDIndex.hash(id), declaredAt: range, field: symbol)
    }

    /// `record` of an id whose `IDIndex.hash` was worked out already.
    package mutating func record(_ id: String, hash: UInt32, declaredAt range: SourceRange?, field symbol: FieldSymbol?) -> SourceRange? {
        let number = number(id, hash: hash)
        if let symbol { take(symbol, asFieldOf: number) }
        return recordDeclaration(of: number, at: range)
    }

    /// `record` of a field's id where it is declared (its `IDIndex.hash` worked
    /// out already): when it is the first field of its id, its symbol moves into
    /// the table, with no copy of its strings and arrays; otherwise it is dropped.
    /// Returns the earlier declaration when the id is taken.
    package mutating func record(field symbol: consuming FieldSymbol, hash: UInt32) -> SourceRange? {
        let number = number(symbol.id, hash: hash)
        let range = symbol.range
        take(symbol, asFieldOf: number)
        return recordDeclaration(of: number, at: range)
    }

    /// The number of `id`, numbering it when it is new.
    private mutating func number(_ id: String, hash: UInt32) -> Int {
        let (number, inserted) = ids.insert(id, hash: hash)
        if inserted {
            declarations.append(nil)
            fieldOfID.append(-1)
        }
        return number
    }

    /// Makes `symbol` the field of id `number` unless the id has one already.
    private mutating func take(_ symbol: consuming FieldSymbol, asFieldOf number: Int) {
        guard fieldOfID[number] < 0 else { return }
        fieldOfID[number] = Int32(fields.count)
        fields.append(symbol)
    }

    /// The earlier declaration of id `number`; when there is none, `range` becomes it.
    private mutating func recordDeclaration(of number: Int, at range: SourceRange?) -> SourceRange? {
        if let earlier = declarations[number] { return earlier }
        declarations[number] = range
        return nil
    }
}

/// A form that passed the checker with no errors: the input of the emitter.
public struct CheckedForm: Sendable {
    public var document: FormDocument
    public var symbols: SymbolTable
    /// The form's lists (SPEC §14), in document order; empty without lists.
    public var lists: [CheckedList] = []
    /// The input path as the user named it, for the generated file's header.
    public var sourcePath: String

    public init(document: FormDocument, symbols: SymbolTable, sourcePath: String) {
        self.document = document
        self.symbols = symbols
        self.sourcePath = sourcePath
    }
}

extension FormDocument {
    /// The element at a path made by the checker.
    public func element(at path: ElementPath) -> Element {
        var elements = self.elements
        for (depth, index) in path.enumerated() {
            let element = elements[index]
            if depth == path.count - 1 { return element }
            guard case .group(let group) = element.kind else { preconditionFailure("path runs through a non-group") }
            elements = group.elements
        }
        preconditionFailure("empty element path")
    }

    /// The element at a path, or nil when the path does not lead to one. Unlike
    /// `element(at:)` it never traps: conditions are checked even in a document
    /// that has other errors.
    package func elementIfPresent(at path: ElementPath) -> Element? {
        var elements = self.elements
        var element: Element?
        for index in path {
            if let current = element {
                guard case .group(let group) = current.kind else { return nil }
                elements = group.elements
            }
            guard elements.indices.contains(index) else { return nil }
            element = elements[index]
        }
        return element
    }
}

/// One list of a checked form (SPEC §14): where it is, and the names its entries see.
public struct CheckedList: Sendable {
    /// The list element's path in the form's tree.
    public var path: ElementPath
    /// The fields an entry's conditions and rules name: first the entry's own
    /// fields (their paths lead into the list's `elements`), then the form's fields
    /// outside the list that the entry names and no entry field hides.
    public var symbols: SymbolTable
    /// How many of `symbols.fields` are the entry's own.
    public var entryFieldCount: Int

    public init(path: ElementPath, symbols: SymbolTable, entryFieldCount: Int) {
        self.path = path
        self.symbols = symbols
        self.entryFieldCount = entryFieldCount
    }

    /// The entry's own fields, in document order.
    public var entryFields: ArraySlice<FieldSymbol> { symbols.fields[..<entryFieldCount] }

    /// Whether `id` names a field of the entry (rather than one of the form).
    public func isEntryField(_ id: String) -> Bool {
        symbols.fieldIndex(id).map { $0 < entryFieldCount } ?? false
    }
}

extension FormDocument {
    /// The list at `path`.
    public func list(at path: ElementPath) -> ListDecl {
        guard case .list(let list) = element(at: path).kind else { preconditionFailure("no list at \(path)") }
        return list
    }
}
