/// A stable diagnostic code (`FC001`…). A code never changes meaning once released;
/// what each one means, with an example and the fix, is in `DiagnosticCatalog`.
public struct DiagnosticCode: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool { lhs.rawValue < rhs.rawValue }

    // Reading (FC0xx)
    public static let syntaxError = DiagnosticCode(rawValue: "FC001")
    public static let duplicateKey = DiagnosticCode(rawValue: "FC002")
    public static let unsupportedConstruct = DiagnosticCode(rawValue: "FC003")
    public static let limitExceeded = DiagnosticCode(rawValue: "FC004")
    public static let unreadableFile = DiagnosticCode(rawValue: "FC005")
    // Structure (FC1xx)
    public static let missingKey = DiagnosticCode(rawValue: "FC100")
    public static let unknownKey = DiagnosticCode(rawValue: "FC101")
    public static let wrongType = DiagnosticCode(rawValue: "FC102")
    public static let unknownElementKind = DiagnosticCode(rawValue: "FC103")
    public static let elementKindCount = DiagnosticCode(rawValue: "FC104")
    public static let unsupportedVersion = DiagnosticCode(rawValue: "FC105")
    // Names (FC2xx)
    public static let invalidFormName = DiagnosticCode(rawValue: "FC200")
    public static let invalidFieldID = DiagnosticCode(rawValue: "FC201")
    public static let duplicateID = DiagnosticCode(rawValue: "FC202")
    public static let invalidOption = DiagnosticCode(rawValue: "FC203")
    public static let nameCollision = DiagnosticCode(rawValue: "FC204")
    public static let unusedOptionSet = DiagnosticCode(rawValue: "FC206")
    // Values (FC3xx)
    public static let defaultType = DiagnosticCode(rawValue: "FC300")
    public static let defaultNotOption = DiagnosticCode(rawValue: "FC301")
    public static let invalidNumber = DiagnosticCode(rawValue: "FC302")
    public static let tooFewOptions = DiagnosticCode(rawValue: "FC303")
    // Rules (FC4xx)
    public static let unknownRule = DiagnosticCode(rawValue: "FC400")
    public static let ruleNotApplicable = DiagnosticCode(rawValue: "FC401")
    public static let invalidRuleParameter = DiagnosticCode(rawValue: "FC402")
    public static let contradictoryRules = DiagnosticCode(rawValue: "FC403")
    public static let invalidPattern = DiagnosticCode(rawValue: "FC404")
    public static let invalidSameAs = DiagnosticCode(rawValue: "FC405")
    public static let ineffectiveRule = DiagnosticCode(rawValue: "FC406")
    public static let invalidValidatorName = DiagnosticCode(rawValue: "FC407")
    // Conditions (FC5xx)
    public static let conditionSyntax = DiagnosticCode(rawValue: "FC500")
    public static let conditionUnknownField = DiagnosticCode(rawValue: "FC501")
    public static let conditionType = DiagnosticCode(rawValue: "FC502")
    public static let conditionNotOption = DiagnosticCode(rawValue: "FC503")
    public static let conditionCycle = DiagnosticCode(rawValue: "FC504")
    public static let conditionConstant = DiagnosticCode(rawValue: "FC505")
    // Localization (FC6xx, SPEC §11)
    public static let missingTranslation = DiagnosticCode(rawValue: "FC600")
    public static let staleString = DiagnosticCode(rawValue: "FC601")
    public static let translationNeedsReview = DiagnosticCode(rawValue: "FC602")
    public static let invalidCatalog = DiagnosticCode(rawValue: "FC603")
    public static let formatSpecifierMismatch = DiagnosticCode(rawValue: "FC604")

    /// Every code, in order.
    public static let all: [DiagnosticCode] = [
        syntaxError, duplicateKey, unsupportedConstruct, limitExceeded, unreadableFile,
        missingKey, unknownKey, wrongType, unknownElementKind, elementKindCount, unsupportedVersion,
        invalidFormName, invalidFieldID, duplicateID, invalidOption, nameCollision, unusedOptionSet,
        defaultType, defaultNotOption, invalidNumber, tooFewOptions,
        unknownRule, ruleNotApplicable, invalidRuleParameter, contradictoryRules, invalidPattern,
        invalidSameAs, ineffectiveRule, invalidValidatorName,
        conditionSyntax, conditionUnknownField, conditionType, conditionNotOption, conditionCycle,
        conditionConstant,
        missingTranslation, staleString, translationNeedsReview, invalidCatalog, formatSpecifierMismatch,
    ]
}
