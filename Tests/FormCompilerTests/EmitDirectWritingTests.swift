@testable import FormCompiler
@testable import FormModel
@testable import FormSource
@testable import FormSwiftEmitter
@testable import FormText
import Testing

// The members the translator writes directly, without a code model, must be
// spelled exactly as the renderer spells the model: these tests write both ways
// and compare, at the layout decisions the direct path makes itself.

private final class Collected {
    var bytes: [UInt8] = []
}

/// What `body` writes, inside an open type (one level of indentation).
private func rendered(_ body: (inout SwiftRenderer) -> Void) -> String {
    let collected = Collected()
    var renderer = SwiftRenderer(flushSize: .max) { collected.bytes.append(contentsOf: $0) }
    renderer.openType(SwiftTypeDecl(kind: .class, name: "Form"))
    body(&renderer)
    renderer.closeType()
    renderer.finish()
    return String(decoding: collected.bytes, as: UTF8.self)
}

/// A parameter list spelled out ahead (`parameterList`) is laid out as the
/// renderer lays out a function's: on one line up to 120 columns, one parameter
/// per line past it, and always on one line with a single parameter. Names of
/// every length cross the limit with one, two and three parameters.
@Test(arguments: [1, 2, 3])
func emitDirectParameterListIsLaidOutAsASignature(_ parameterCount: Int) {
    let parameters = [
        SwiftParameter("_", "values", .named("Values")),
        SwiftParameter(nil, "validators", .existential(.named("SignUpFormValidators"))),
        SwiftParameter("in", "scope", .named("Scope")),
    ].prefix(parameterCount)
    let spelled = [
        SwiftName("_ values: Values"), SwiftName("validators: any SignUpFormValidators"), SwiftName("in scope: Scope"),
    ].prefix(parameterCount)
    var layouts: Set<Int> = []
    for length in 1...120 {
        let name = "validate" + String(repeating: "X", count: length)
        let model = rendered { out in
            out.declaration(.function(SwiftFunction(
                name: name, parameters: Array(parameters),
                isAsync: true, result: .named("ValidationResult"), body: [.return(.dot("valid"))]
            )))
        }
        let direct = rendered { out in
            out.beginMember(sort: nil)
            out.write("func ")
            out.write(name)
            let tail: StaticString = " async -> ValidationResult"
            out.parameterList(Array(spelled), tailWidth: tail.utf8CodeUnitCount)
            out.write(tail)
            out.openBody()
            out.write("return .valid")
            out.newline()
            out.closeBody()
        }
        #expect(direct == model, "name of \(length) characters, \(parameterCount) parameters")
        layouts.insert(model.split(separator: "\n").count)
    }
    // Both layouts were met (with several parameters): the limit was crossed.
    #expect(layouts.count == (parameterCount == 1 ? 1 : 2))
}

/// A field's names, spelled once into the block its `FieldInfo` owns: the id,
/// its UpperCamelCase (`SwiftNaming.upperCamelCase`, the helpers' suffix) and the
/// value type, for every kind of field and ids of one letter and of many.
@Test func emitFieldNamesAreTheIdItsUpperCamelCaseAndTheValueType() throws {
    let text = """
        formc: 1
        form: Names
        elements:
          - textField: email
          - boolean: x
            title: X
          - segment: plan
            options: [free, pro]
          - segment: zipCode2
            options: [a, b]
            default: a
          - segment: tier
            enumName: Level
            options: [low, high]
          - floatLabel: confirmEmailAddressAgainPlease
            label: Again
        """
    let checked = try #require(FormPipeline.check(SourceFile(path: "names.form.yaml", text: text)).checked)
    let fields = FormTranslator(form: checked, options: EmitOptions()).fields
    func spelled(_ name: FieldName) -> String { String(decoding: name.bytes, as: UTF8.self) }
    #expect(fields.map { spelled($0.name) } == ["email", "x", "plan", "zipCode2", "tier", "confirmEmailAddressAgainPlease"])
    #expect(fields.map { spelled($0.upperName) } == fields.map { SwiftNaming.upperCamelCase($0.id) })
    #expect(fields.map { spelled($0.upperName) } == ["Email", "X", "Plan", "ZipCode2", "Tier", "ConfirmEmailAddressAgainPlease"])
    #expect(fields.map { spelled($0.valueType) } == ["String", "Bool", "Plan?", "ZipCode2", "Level?", "String"])
}

/// An id that does not start with a lowercase ASCII letter (which the checker
/// never lets through, but `FieldInfo` does not rely on it) takes
/// `SwiftNaming.upperCamelCase` as it is: the block holds what that spells.
@Test(arguments: ["Email", "_x", "éclair", "9lives"])
func emitFieldNamesOfAnUncheckedIdFollowUpperCamelCase(_ id: String) {
    let symbol = FieldSymbol(
        id: id, range: .fileStart, valueType: .string, path: [0], enclosingGroups: [],
        trigger: .blur
    )
    let element = Element(
        kind: .text(TextInputDecl(variant: .textField, common: FieldCommon(id: Located(id, at: .fileStart)))),
        range: .fileStart, kindKeyRange: .fileStart
    )
    let field = FormTranslator.FieldInfo(symbol: symbol, element: element, rules: [], helpers: .init())
    #expect(String(decoding: field.name.bytes, as: UTF8.self) == id)
    #expect(String(decoding: field.upperName.bytes, as: UTF8.self) == SwiftNaming.upperCamelCase(id))
    #expect(String(decoding: field.valueType.bytes, as: UTF8.self) == "String")
}

/// A literal written in pieces (`writeStringLiteral(_:)` with a closure, how the
/// default messages are written) is the literal of the pieces' concatenation,
/// wherever the text is cut: the escapes map each scalar on its own.
@Test func emitDirectStringLiteralInPiecesIsTheLiteralOfTheWhole() {
    let texts = [
        #"Plain text"#, #"Quote " and backslash \ and \(interpolation)"#, "Line\nbreak\tand\r\0",
        "Bidi \u{202E}override\u{2028}separator", "Emoji 👩‍👩‍👧 and ünïcödé", #""""triple"""#, "",
    ]
    for text in texts {
        let whole = rendered { out in
            out.beginMember(sort: nil)
            out.writeStringLiteral(text)
            out.newline()
        }
        #expect(whole.contains(SwiftRenderer.stringLiteral(text)))
        let scalars = Array(text.unicodeScalars)
        for cut in 0...scalars.count {
            for second in cut...scalars.count {
                let pieces = [scalars[..<cut], scalars[cut..<second], scalars[second...]].map { part in
                    var piece = ""
                    piece.unicodeScalars.append(contentsOf: part)
                    return piece
                }
                let written = rendered { out in
                    out.beginMember(sort: nil)
                    out.writeStringLiteral { piece in pieces.forEach(piece) }
                    out.newline()
                }
                #expect(written == whole, "\(text.debugDescription) cut at scalars \(cut) and \(second)")
            }
        }
    }
}

/// The default messages the emitter writes in pieces are the messages
/// `DefaultMessages.message` gives, for every rule kind: one wording.
@Test func emitDefaultMessagePiecesAreTheMessage() {
    let rules: [RuleKind] = [
        .required, .minLength(1), .minLength(12), .maxLength(1), .maxLength(280), .pattern("[a-z]+"), .email, .url,
        .sameAs("password"), .custom("check"),
    ]
    for rule in rules {
        for target in [nil, "New \"password\""] {
            var pieces: [String] = []
            let written = DefaultMessages.forEachPiece(of: rule, fieldName: #"Say "hi" \ there"#, targetName: target) {
                pieces.append($0)
            }
            let message = DefaultMessages.message(for: rule, fieldName: #"Say "hi" \ there"#, targetName: target)
            #expect(written == (message != nil), "\(rule)")
            #expect(pieces.joined() == (message ?? ""), "\(rule)")
            #expect(pieces.first == (message == nil ? nil : #"Say "hi" \ there"#), "the field's name comes first: \(rule)")
        }
    }
}
