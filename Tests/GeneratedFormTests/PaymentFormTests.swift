import FormRuntime
import Testing

// schemas/payment.form.yaml: every rule kind, custom async validators, triggers.

/// The app's validators: a Luhn check and a coupon lookup that can give up.
struct PaymentChecks: PaymentFormValidators {
    var couponResult: ValidationResult = .valid

    func luhnCheck(_ value: String, values: PaymentForm.Values) async -> ValidationResult {
        let digits = value.compactMap(\.wholeNumberValue)
        var sum = 0
        for (index, digit) in digits.reversed().enumerated() {
            let doubled = index % 2 == 1 ? digit * 2 : digit
            sum += doubled > 9 ? doubled - 9 : doubled
        }
        return sum % 10 == 0 ? .valid : .invalid(message: "Check the card number")
    }

    func couponIsValid(_ value: String, values: PaymentForm.Values) async -> ValidationResult {
        couponResult
    }
}

/// A card check that answers only when cancelled (or after 20 s), and records
/// whether it was.
actor SlowCardChecks: PaymentFormValidators {
    private(set) var started = 0
    private(set) var cancelled: [Bool] = []

    func luhnCheck(_ value: String, values: PaymentForm.Values) async -> ValidationResult {
        started += 1
        try? await Task.sleep(for: .seconds(20))
        cancelled.append(Task.isCancelled)
        return Task.isCancelled ? .cancelled : .valid
    }

    func couponIsValid(_ value: String, values: PaymentForm.Values) async -> ValidationResult { .valid }

    /// Waits (at most 10 s) until a check has started.
    func waitUntilStarted() async {
        for _ in 0..<1_000 where started == 0 { try? await Task.sleep(for: .milliseconds(10)) }
    }
}

@MainActor
struct PaymentFormTests {
    typealias Values = PaymentForm.Values

    static var valid: Values {
        var values = Values()
        values.cardholder = "Ada Lovelace"
        values.cardNumber = "4242 4242 4242 4242"
        values.expiry = "12/29"
        values.cvc = "123"
        values.receiptEmail = "ada@example.com"
        return values
    }

    /// A form without lists runs its whole validation as one with them does:
    /// `reset` cancels it (SPEC §15.2), the app's check sees `Task.isCancelled`,
    /// and `validate()` returns without waiting for it.
    @Test(.timeLimit(.minutes(1))) func resetCancelsAValidateInFlight() async {
        let checks = SlowCardChecks()
        let form = PaymentForm(values: Self.valid, validators: checks)
        let validating = Task { await form.validate() }
        await checks.waitUntilStarted()
        let start = ContinuousClock.now
        form.reset()
        _ = await validating.value
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(await checks.cancelled == [true])
        #expect(form.state(of: .cardNumber) == .idle)
    }

    func result(_ field: PaymentForm.Field, _ edit: (inout Values) -> Void, checks: PaymentChecks = PaymentChecks()) async -> ValidationResult {
        var values = Self.valid
        edit(&values)
        return await PaymentForm.validate(values, validators: checks)[field]
    }

    @Test func validValuesPass() async {
        #expect(await PaymentForm.validate(Self.valid, validators: PaymentChecks()).isValid)
    }

    @Test func segmentWithoutDefaultIsOptional() {
        #expect(Values().currency == nil)
        #expect(PaymentForm.Currency.allCases.map(\.rawValue) == ["EUR", "USD", "GBP"])
        #expect(PaymentForm.Action.allCases == [.termsOfSale])
    }

    @Test func lengthsCountCharacters() async {
        #expect(await result(.cardholder) { $0.cardholder = String(repeating: "é", count: 26) } == .valid)
        #expect(await result(.cardholder) { $0.cardholder = String(repeating: "👨‍👩‍👧", count: 27) }
            == .invalid(message: "Names on cards have at most 26 characters"))
        #expect(await result(.cvc) { $0.cvc = "12" } == .invalid(message: "CVC must be at least 3 characters"))
        #expect(await result(.cardNumber) { $0.cardNumber = "4242 4242" } == .invalid(message: "Card number must be at least 12 characters"))
    }

    @Test func patternMatchesTheWholeValue() async {
        #expect(await result(.expiry) { $0.expiry = "01/30" } == .valid)
        #expect(await result(.expiry) { $0.expiry = "13/30" } == .invalid(message: "Use MM/YY"))
        #expect(await result(.expiry) { $0.expiry = "12/300" } == .invalid(message: "Use MM/YY"), "no prefix match")
        #expect(await result(.expiry) { $0.expiry = "x12/30" } == .invalid(message: "Use MM/YY"))
        #expect(await result(.cardNumber) { $0.cardNumber = "4242-4242-4242-4242" } == .invalid(message: "Only digits and spaces"))
    }

    @Test(arguments: ["A.B+tag@sub.example.IO", "ada@example.com"])
    func emailAccepts(_ email: String) async {
        #expect(await result(.receiptEmail) { $0.receiptEmail = email } == .valid)
    }

    @Test(arguments: ["a b@c.io", "a..b@x.io", "a@-x.io", "user@localhost", "a@b.c", "x@y.io "])
    func emailRejects(_ email: String) async {
        #expect(await result(.receiptEmail) { $0.receiptEmail = email } == .invalid(message: "Email must be a valid email address"))
    }

    @Test(arguments: ["https://Example.com/a?b=c", "http://localhost:8080/x", "HTTPS://EXAMPLE.COM"])
    func urlAccepts(_ url: String) async {
        #expect(await result(.website) { $0.website = url } == .valid)
    }

    @Test(arguments: ["example.com", "ftp://x.io", "https://"])
    func urlRejects(_ url: String) async {
        #expect(await result(.website) { $0.website = url } == .invalid(message: "Company website must be a valid http or https URL"))
    }

    @Test func optionalFieldsPassWhenEmpty() async {
        #expect(await result(.website) { $0.website = "" } == .valid)
        #expect(await result(.couponCode) { $0.couponCode = "" } == .valid)
    }

    @Test func sameAsWithACustomMessage() async {
        #expect(await result(.confirmEmail) { $0.confirmEmail = "other@example.com" } == .invalid(message: "The emails don't match"))
        #expect(await result(.confirmEmail) { $0.confirmEmail = "ada@example.com" } == .valid)
    }

    @Test func customValidatorsRunAfterTheBuiltIns() async {
        #expect(await result(.cardNumber) { $0.cardNumber = "4242 4242 4242 4241" } == .invalid(message: "Check the card number"))
        #expect(await result(.couponCode, { $0.couponCode = "SPRING-24" }, checks: PaymentChecks(couponResult: .invalid(message: "Unknown coupon")))
            == .invalid(message: "Unknown coupon"))
        #expect(await result(.couponCode, { $0.couponCode = "spring" }, checks: PaymentChecks(couponResult: .valid))
            == .invalid(message: "Coupons are letters, digits and dashes"), "the pattern fails first")
    }

    @Test func aCancelledValidatorMakesTheReportInvalidButNotTheField() async {
        var values = Self.valid
        values.couponCode = "SPRING-24"
        let report = await PaymentForm.validate(values, validators: PaymentChecks(couponResult: .cancelled))
        #expect(report[.couponCode] == .cancelled)
        #expect(!report.isValid)
        #expect(report.invalidFields.isEmpty)
    }

    @Test func triggersComeFromTheForm() async {
        let form = PaymentForm(values: Self.valid, validators: PaymentChecks())
        form.expiry.value = "13/30"
        await form.didChange(.expiry)  // validateOn: change
        #expect(form.state(of: .expiry) == .invalid(message: "Use MM/YY"))
        form.couponCode.value = "bad coupon"
        await form.didChange(.couponCode)  // validateOn: submit
        await form.didEndEditing(.couponCode)
        #expect(form.state(of: .couponCode) == .idle)
        _ = await form.validate()
        #expect(form.state(of: .couponCode) == .invalid(message: "Coupons are letters, digits and dashes"))
    }

    @Test func groupsAndSegueInTheTree() throws {
        let form = PaymentForm(validators: PaymentChecks())
        #expect(form.elements.count == 6)
        let card = try #require(form.elements[0] as? GroupElement)
        #expect(card.elements.count == 4)
        let number = try #require(card.elements[1] as? TextFieldElement)
        #expect(number.maxInputLength == 19 && number.contentType == .creditCardNumber && number.label == "Card number")
        let currency = try #require(form.elements[2] as? SegmentElement<PaymentForm.Currency?>)
        #expect(currency.options.map(\.value) == [.eur, .usd, .gbp])
        #expect(currency.selectedIndex == nil)
        let segue = try #require(form.elements[5] as? SegueElement<PaymentForm.Action>)
        #expect(segue.action == .termsOfSale && segue.title == "Terms of sale")
    }
}
