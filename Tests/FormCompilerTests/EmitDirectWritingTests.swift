import Testing
@testable import FormCompiler

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

/// `SwiftName.upperCamelCased` is `SwiftNames.upperCamelCase` on bytes.
@Test(arguments: ["email", "confirmPassword", "a", "zipCode2", "x9"])
func emitUpperCamelCasedNameIsTheHelperSuffix(_ id: String) {
    #expect(SwiftName(id).upperCamelCased == SwiftName(SwiftNames.upperCamelCase(id)))
}
