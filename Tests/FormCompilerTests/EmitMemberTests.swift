@testable import FormSwiftEmitter
import Testing

// One more member for every field is one `eachField` run calling one of the
// renderer's member functions: no bytes written by hand, no size estimate, no
// batch rules. And the member functions spell what the code model spells.

private final class Collected {
    var bytes: [UInt8] = []
}

/// What `body` writes inside an open class (one level of indentation).
private func renderedInClass(_ body: (inout SwiftRenderer) -> Void) -> String {
    let collected = Collected()
    var renderer = SwiftRenderer(flushSize: .max) { collected.bytes.append(contentsOf: $0) }
    renderer.openType(SwiftTypeDecl(kind: .class, name: "Form"))
    body(&renderer)
    renderer.closeType()
    renderer.finish()
    return String(decoding: collected.bytes, as: UTF8.self)
}

private func fixtureTranslator(fields: Int = 40) -> FormTranslator {
    FormTranslator(form: EmitFixture.large(fields: fields), options: EmitOptions(accessLevel: .public))
}

/// A plan of the form class with one run that gives every field one more
/// stored property, written as the docs show it: the file rendered whole, and
/// cut at every place a batch may start, is the same, with the member once per
/// field in order.
@Test func emitOneMorePerFieldMemberIsOneRun() {
    let translator = fixtureTranslator()
    let fields = translator.fields
    var plan = EmitPlan()
    plan.once { $0.openType(SwiftTypeDecl(access: .public, kind: .class, name: "Form")) }
    translator.eachField(in: FormTranslator.formMembers, into: &plan) { index, out in
        out.storedProperty(.public, isLet: true, fields[index].name, FieldType("FormValue", of: fields[index].valueType))
    }
    translator.eachField(in: FormTranslator.formMembers, into: &plan) { index, out in
        out.storedProperty(.public, isLet: false, fields[index].name, FieldType(fields[index].valueType))
    }
    plan.once { $0.closeType() }

    func render(_ batches: [EmitPlan.Batch]) -> String {
        var bytes: [UInt8] = []
        for (index, batch) in batches.enumerated() {
            plan.render(batch, flushSize: 16, endsFile: index == batches.count - 1) { bytes.append(contentsOf: $0) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
    let whole = render(plan.batches(ofAbout: .max))
    let everyCut = plan.batches(ofAbout: 1)
    #expect(everyCut.count == 2 * fields.count - 1)
    #expect(render(everyCut) == whole)

    let lets = fields.map { "    public let \(String(decoding: $0.name.bytes, as: UTF8.self)): FormValue<\(String(decoding: $0.valueType.bytes, as: UTF8.self))>" }
    let vars = fields.map { "    public var \(String(decoding: $0.name.bytes, as: UTF8.self)): \(String(decoding: $0.valueType.bytes, as: UTF8.self))" }
    // Stored properties without doc comments: one run, no blank lines.
    let expected = ["public class Form {"] + lets + vars + ["}", ""]
    #expect(whole == expected.joined(separator: "\n"))
}

/// The per-field member functions write exactly what the code model writes for
/// the same member, at every access level.
@Test(arguments: [SwiftAccess.internal, .package, .public])
func emitMemberFunctionsSpellWhatTheModelSpells(_ access: SwiftAccess) {
    let translator = fixtureTranslator(fields: 8)
    for field in translator.fields {
        let id = String(decoding: field.name.bytes, as: UTF8.self)
        let valueType = String(decoding: field.valueType.bytes, as: UTF8.self)
        let direct = renderedInClass { out in
            out.storedProperty(access, isLet: true, field.name, FieldType("FormValue", of: field.valueType))
            out.storedProperty(access, isLet: false, field.name, FieldType(field.valueType))
            out.openFunction(SwiftFunction(parameters: [], body: []))
            out.assignment(.onSelf(field.name), .plain(field.name))
            out.assignment(.inValues(field.name), .liveValue(field.name))
            out.assignment(.onSelf(field.name), .string("a \"b\""))
            out.assignment(.onSelf(field.name), making: "FormValue", of: .inValues(field.name))
            out.closeBody()
        }
        let model = renderedInClass { out in
            out.declaration(.property(SwiftProperty(access: access, isLet: true, name: id, type: .named("FormValue", [.named(valueType)]))))
            out.declaration(.property(SwiftProperty(access: access, isLet: false, name: id, type: .named(valueType))))
            out.declaration(.function(SwiftFunction(parameters: [], body: [
                .assign(.member(.name("self"), id), .name(id)),
                .assign(.member(.name("values"), id), .member(.name(id), "value")),
                .assign(.member(.name("self"), id), .string("a \"b\"")),
                .assign(.member(.name("self"), id), .call(.name("FormValue"), [SwiftArgument(nil, .member(.name("values"), id))])),
            ])))
        }
        #expect(direct == model, "field \(id)")
    }
}

/// `switchCase` lists every name it is handed, in order, as the patterns of one case.
@Test func emitSwitchCaseListsEveryName() {
    let fields = fixtureTranslator(fields: 5).fields
    let text = renderedInClass { out in
        out.openFunction(SwiftFunction(name: "f", parameters: [], body: []))
        out.openSwitch(over: "field")
        out.switchCase(fields.indices.lazy.map { fields[$0].name })
        out.caseReturn { $0.literal(.bool(true)) }
        out.defaultCase()
        out.caseReturn { $0.implicitMember("valid") }
        out.closeSwitch()
        out.closeBody()
    }
    let names = fields.map { "." + String(decoding: $0.name.bytes, as: UTF8.self) }.joined(separator: ", ")
    #expect(text.contains("        switch field {\n        case \(names):\n            return true\n        default:\n            return .valid\n        }\n"))
}
