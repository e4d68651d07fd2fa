// A small structured model of the Swift the emitter writes once per form:
// declarations, statements and expressions. The translator builds one member at
// a time and hands it to the renderer (`SwiftRenderer`), which writes it as
// text; the largest declarations (the form class, `Values`, the functions with a
// line per field) are opened and closed around their members instead of being
// built whole, and what is repeated for every field goes through the renderer's
// member functions (`SwiftRenderer+Members` and the others), not the model.
// Text from a form file only ever enters the model as `SwiftExpr.string`
// (rendered as an escaped literal) or as a comment (rendered on one line with
// control characters escaped); identifiers come only from names the checker
// validated (`SwiftNaming`) or from the emitter's own vocabulary.

/// An access modifier. `internal` is written as nothing.
enum SwiftAccess: String, Hashable, Sendable {
    case `private`, `fileprivate`, `internal`, `package`, `public`
}

/// An import of the generated file: the module, and whether the file's API (not
/// only its bodies) names the module's types.
struct SwiftImport: Hashable, Sendable {
    var module: String
    var inAPI: Bool
}

/// A type as written in a declaration or an expression.
///
/// In the model's enums only the cases that hold the enum itself (or a large
/// payload) are `indirect`: the leaves a file is mostly made of (names, strings,
/// plain types) are stored inline rather than each in a heap box of its own.
enum SwiftType: Hashable, Sendable {
    /// `Name` or `Name<Arguments>`; the name may be qualified (`SignUpForm.Values`).
    case named(String, [SwiftType] = [])
    indirect case optional(SwiftType)
    indirect case array(SwiftType)
    indirect case dictionary(SwiftType, SwiftType)
    /// `any P`
    indirect case existential(SwiftType)
    /// `(label: A, other: B)`: each element's label and type.
    indirect case tuple(labels: [String], types: [SwiftType])
    /// `@escaping @MainActor (A, B) -> R`
    indirect case function(attributes: [String], parameters: [SwiftType], isAsync: Bool, result: SwiftType)
    /// `Void`
    case void
}

enum SwiftExpr: Hashable, Sendable {
    /// An identifier or a keyword expression (`self`, `Self`); never user text.
    case name(String)
    /// Any text; rendered as a correctly escaped string literal.
    case string(String)
    case bool(Bool)
    /// An implicit member: `.email`
    case dot(String)
    /// `base.member`
    indirect case member(SwiftExpr, String)
    /// A type used as a value: `Values()`, `FormValue<String>(…)`.
    indirect case type(SwiftType)
    /// `callee(label: value, …)`, one argument per line when `multiline`.
    indirect case call(SwiftExpr, [SwiftArgument], multiline: Bool = false)
    indirect case closure(SwiftClosure)
    /// `[a, b]`, one element per line when `multiline`.
    case array([SwiftExpr], multiline: Bool = false)
    /// `[k: v]`, one entry per line when `multiline`; `[:]` when empty.
    case dictionary([SwiftDictionaryEntry], multiline: Bool = false)
    /// `(a, b)`
    case tuple([SwiftExpr])
    indirect case await(SwiftExpr)
}

struct SwiftArgument: Hashable, Sendable {
    var label: String?
    var value: SwiftExpr

    init(_ label: String?, _ value: SwiftExpr) {
        self.label = label
        self.value = value
    }
}

struct SwiftDictionaryEntry: Hashable, Sendable {
    var key: SwiftExpr
    var value: SwiftExpr
}

struct SwiftClosure: Hashable, Sendable {
    /// `[weak self]`
    var captures: [String] = []
    var parameters: [String] = []
    /// A single expression body renders on one line: `{ x in expr }`.
    var body: [SwiftStmt]
}

/// The statements written once per field (`expr`, `return`, `assign`) are
/// inline; the others, a few per function, are boxed to keep the enum small.
enum SwiftStmt: Hashable, Sendable {
    case expr(SwiftExpr)
    case `return`(SwiftExpr?)
    indirect case `let`(String, SwiftType?, SwiftExpr)
    indirect case `var`(String, SwiftType?, SwiftExpr)
    case assign(SwiftExpr, SwiftExpr)
    /// `guard let name = value else { … }`; `guard let name else` when value is `name`.
    indirect case guardLet(String, SwiftExpr, else: [SwiftStmt])
    indirect case `guard`(SwiftExpr, else: [SwiftStmt])
    indirect case `for`(String, in: SwiftExpr, body: [SwiftStmt])
    /// `switch subject { case .a: … }`, one case per pattern (`.a`, `default`).
    indirect case `switch`(SwiftExpr, cases: [SwiftSwitchCase])
}

/// One case of a `switch` statement: `pattern` is an implicit member (`.a`) or `default`.
struct SwiftSwitchCase: Hashable, Sendable {
    var pattern: String
    var body: [SwiftStmt]
}

/// A declaration; `doc` lines render as `///` comments above it.
indirect enum SwiftDecl: Hashable, Sendable {
    case type(SwiftTypeDecl)
    case property(SwiftProperty)
    case function(SwiftFunction)
}

struct SwiftTypeDecl: Hashable, Sendable {
    enum Kind: String, Hashable, Sendable {
        case `class`, `struct`, `enum`, `protocol`, `extension`
    }

    var doc: [String] = []
    var attributes: [String] = []
    var access: SwiftAccess = .internal
    var modifiers: [String] = []
    var kind: Kind
    var name: String
    var inherits: [String] = []
    /// Empty for a type whose members are streamed (`SwiftRenderer.openType`).
    var members: [SwiftDecl] = []
}

struct SwiftProperty: Hashable, Sendable {
    var doc: [String] = []
    var attributes: [String] = []
    var access: SwiftAccess = .internal
    /// `static`, `nonisolated`, `lazy`, `private(set)`…
    var modifiers: [String] = []
    var isLet: Bool
    var name: String
    var type: SwiftType?
    var initializer: SwiftExpr?
    /// A computed property's getter (empty when it is streamed:
    /// `SwiftRenderer.openComputedProperty`).
    var getter: [SwiftStmt]?
}

struct SwiftParameter: Hashable, Sendable {
    /// The argument label when it differs from the name (`_` for none).
    var label: String?
    var name: String
    var type: SwiftType
    var defaultValue: SwiftExpr?

    init(_ label: String? = nil, _ name: String, _ type: SwiftType, default defaultValue: SwiftExpr? = nil) {
        self.label = label
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
    }
}

struct SwiftFunction: Hashable, Sendable {
    var doc: [String] = []
    var attributes: [String] = []
    var access: SwiftAccess = .internal
    var modifiers: [String] = []
    /// `nil` for an initializer.
    var name: String?
    var parameters: [SwiftParameter]
    var isAsync: Bool = false
    var result: SwiftType?
    /// `nil` for a protocol requirement; empty when it is streamed
    /// (`SwiftRenderer.openFunction`).
    var body: [SwiftStmt]?
}
