/// The Swift value type of a field.
public enum FieldValueType: Sendable, Hashable {
    case string
    case bool
    /// A generated enum; optional when the segment has no default.
    case segment(enumName: String, optional: Bool)

    /// The type as written in generated Swift (`String`, `Bool`, `Plan`, `Plan?`).
    public var swiftType: String {
        switch self {
        case .string: "String"
        case .bool: "Bool"
        case .segment(let name, let optional): optional ? name + "?" : name
        }
    }

    /// Whether two fields hold the same type for `sameAs` (SPEC §6.1).
    public func isSameType(as other: FieldValueType) -> Bool {
        switch (self, other) {
        case (.string, .string), (.bool, .bool): true
        case (.segment(let a, _), .segment(let b, _)): a == b
        default: false
        }
    }

    /// A short description for messages: "text", "boolean", "segment 'Plan'".
    public var description: String {
        switch self {
        case .string: "text"
        case .bool: "boolean"
        case .segment(let name, _): "segment '\(name)'"
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
    /// How default messages name the field (SPEC §6.3): its title, label or
    /// placeholder, else its id split into words.
    public var displayName: String

    public init(
        id: String, range: SourceRange, valueType: FieldValueType, path: ElementPath,
        enclosingGroups: [ElementPath], trigger: ValidationTrigger, displayName: String
    ) {
        self.id = id
        self.range = range
        self.valueType = valueType
        self.path = path
        self.enclosingGroups = enclosingGroups
        self.trigger = trigger
        self.displayName = displayName
    }
}

/// The names a form declares: fields in document order, and every id (fields,
/// groups and segues share one namespace).
public struct SymbolTable: Sendable {
    public private(set) var fields: [FieldSymbol] = []
    private var fieldIndex: [String: Int] = [:]
    /// Every id declared in the form → where it was declared.
    public private(set) var declarations: [String: SourceRange] = [:]

    public init() {}

    public func field(_ id: String) -> FieldSymbol? {
        fieldIndex[id].map { fields[$0] }
    }

    /// Records an id; returns the earlier declaration when the id is taken.
    public mutating func declare(_ id: String, at range: SourceRange) -> SourceRange? {
        if let earlier = declarations[id] { return earlier }
        declarations[id] = range
        return nil
    }

    public mutating func addField(_ symbol: FieldSymbol) {
        guard fieldIndex[symbol.id] == nil else { return }
        fieldIndex[symbol.id] = fields.count
        fields.append(symbol)
    }
}

/// A form that passed the checker with no errors: the input of the emitter.
public struct CheckedForm: Sendable {
    public var document: FormDocument
    public var symbols: SymbolTable
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
}
