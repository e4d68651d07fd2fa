import Testing
@testable import FormCompiler

@Suite struct KeySchemaTests {
    /// The decoder finds an element's kind by `KeySchema.kindKeywords`, the model
    /// names kinds by `ElementKind.keywords`; a kind added to one list only fails here.
    @Test func kindKeywordsAreTheElementKinds() {
        #expect(KeySchema.kindKeywords.map(\.description) == ElementKind.keywords)
        #expect(Set(KeySchema.kindKeys.keys) == Set(ElementKind.keywords))
    }

    /// The same for rule names: the decoder's byte-comparable copy of `RuleKind.names`.
    @Test func ruleNamesAreTheRuleKinds() {
        #expect(RuleDecoder.names.map(\.description) == RuleKind.names)
    }
}
