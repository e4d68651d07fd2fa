import Foundation
import FormRuntime
import Testing

// schemas/checkout.form.yaml: rules that relate fields (SPEC §16) — one enum for
// a shared option set, rules that apply only while a condition holds, a bound
// that is another field, and a condition comparing two fields.

@MainActor
struct CheckoutFormTests {
    typealias Values = CheckoutForm.Values

    /// Saturday 31 January 2026, 09:30 UTC.
    static let january31 = ValidationContext(
        now: FormDateTime<Date>.date(iso8601: "2026-01-31T09:30:00Z")!, timeZone: TimeZone(identifier: "UTC")!
    )

    static func date(_ year: Int, _ month: Int, _ day: Int) -> FormDate {
        FormDate(year: year, month: month, day: day)!
    }

    /// Values that pass every rule on 31 January 2026: shipping to the US, billed there too.
    static var valid: Values {
        var values = Values()
        values.shippingName = "Ann Lee"
        values.shippingStreet = "1 Main St"
        values.shippingPostcode = "94103"
        values.email = "ann@example.com"
        return values
    }

    func result(_ field: CheckoutForm.Field, _ edit: (inout Values) -> Void) async -> ValidationResult {
        var values = Self.valid
        edit(&values)
        return await CheckoutForm.validate(values, in: Self.january31)[field]
    }

    // MARK: Shared option set

    @Test func bothCountryPickersShareOneEnum() {
        let values = Values()
        // The annotations pin the types: one `Country` for both pickers.
        let shipping: CheckoutForm.Country = values.shippingCountry
        let billing: CheckoutForm.Country? = values.billingCountry
        #expect(shipping == .us)
        #expect(billing == nil)
        #expect(CheckoutForm.Country.allCases.map(\.rawValue) == ["us", "gb", "de", "fr"])
    }

    @Test func copyingShippingIntoBillingIsAPlainAssignment() {
        let form = CheckoutForm()
        form.shippingCountry.value = .gb
        form.billingCountry.value = form.shippingCountry.value
        #expect(form.values.billingCountry == .gb)
    }

    @Test func bothPickersShowTheSetsOptionsUnderOneKey() throws {
        let form = CheckoutForm()
        let pickers = form.elements.flatMap(Self.flatten).compactMap { $0 as? PickerElement<CheckoutForm.Country?> }
        let billing = try #require(pickers.first { $0.id == "billingCountry" })
        #expect(billing.options.map(\.value) == [.us, .gb, .de, .fr])
        #expect(billing.options.map(\.title) == ["United States", "United Kingdom", "Germany", "France"])
        let shipping = try #require(form.elements.flatMap(Self.flatten).compactMap { $0 as? PickerElement<CheckoutForm.Country> }.first)
        #expect(shipping.options.map(\.title) == billing.options.map(\.title))
    }

    @Test func theSetsTitlesAreLocalizedOnceForEveryField() throws {
        let catalog = try StringCatalog(data: Data("""
        { "sourceLanguage" : "en", "version" : "1.0", "strings" : {
          "CheckoutForm.options.Country.de" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Deutschland" } } } }
        } }
        """.utf8))
        let form = CheckoutForm()
        form.context = ValidationContext(now: Date(), timeZone: TimeZone(identifier: "UTC")!, localization: .catalog(catalog, locale: "de"))
        let pickers = form.elements.flatMap(Self.flatten).compactMap { $0 as? PickerElement<CheckoutForm.Country?> }
        let shipping = form.elements.flatMap(Self.flatten).compactMap { $0 as? PickerElement<CheckoutForm.Country> }
        #expect(pickers.first?.options[2].title == "Deutschland")
        #expect(shipping.first?.options[2].title == "Deutschland")
    }

    // MARK: Conditions comparing two fields

    @Test func theNoteShowsWhenBillingDiffersFromShipping() {
        var values = Self.valid
        values.billingSameAsShipping = false
        #expect(CheckoutForm.isVisible(.billingCountry, in: values))
        let form = CheckoutForm(values: values)
        // Billing has nothing selected: a comparison with an empty field is false, `!=` included.
        #expect(!Self.noteIsVisible(form))
        form.billingCountry.value = .gb
        #expect(Self.noteIsVisible(form))
        form.billingCountry.value = .us
        #expect(!Self.noteIsVisible(form))
        // Billing hidden: it reads as empty, so the comparison is false again.
        form.billingCountry.value = .de
        form.billingSameAsShipping.value = true
        #expect(!Self.noteIsVisible(form))
    }

    // MARK: Rules that apply sometimes

    @Test func thePostcodePatternFollowsTheCountry() async {
        #expect(await result(.shippingPostcode) { $0.shippingPostcode = "94103" } == .valid)
        #expect(await result(.shippingPostcode) { $0.shippingPostcode = "SW1A 1AA" } == .invalid(message: "Enter a 5-digit ZIP code"))
        #expect(await result(.shippingPostcode) {
            $0.shippingCountry = .gb
            $0.shippingPostcode = "SW1A 1AA"
        } == .valid)
        #expect(await result(.shippingPostcode) {
            $0.shippingCountry = .gb
            $0.shippingPostcode = "94103"
        } == .invalid(message: "Enter a UK postcode such as SW1A 1AA"))
        #expect(await result(.shippingPostcode) {
            $0.shippingCountry = .fr
            $0.shippingPostcode = "7500"
        } == .invalid(message: "Enter a 5-digit postcode"))
        // `required` has no condition: it runs for every country.
        #expect(await result(.shippingPostcode) {
            $0.shippingCountry = .de
            $0.shippingPostcode = ""
        } == .invalid(message: "Postcode is required"))
    }

    @Test func thePhoneIsRequiredOnlyWhenContactIsByPhone() async {
        #expect(await result(.phone) { $0.phone = "" } == .valid)
        #expect(await result(.phone) { $0.contactBy = .phone } == .invalid(message: "Enter a phone number to be called on"))
        #expect(await result(.phone) {
            $0.contactBy = .phone
            $0.phone = "+1 555 0100"
        } == .valid)
    }

    @Test func changingTheConditionsFieldRechecksTheRule() async {
        let form = CheckoutForm(values: Self.valid)
        form.context = Self.january31
        _ = await form.validate()
        #expect(form.state(of: .phone) == .valid)
        form.contactBy.value = .phone
        await form.didChange(.contactBy)
        #expect(form.state(of: .phone) == .invalid(message: "Enter a phone number to be called on"))
        form.contactBy.value = .email
        await form.didChange(.contactBy)
        #expect(form.state(of: .phone) == .valid)

        form.shippingCountry.value = .gb
        await form.didChange(.shippingCountry)
        #expect(form.state(of: .shippingPostcode) == .invalid(message: "Enter a UK postcode such as SW1A 1AA"))
    }

    @Test func hiddenBillingIsNotValidated() async {
        #expect(await result(.billingPostcode) { $0.billingPostcode = "nope" } == .valid)
        #expect(await result(.billingPostcode) {
            $0.billingSameAsShipping = false
            $0.billingName = "Ann Lee"
            $0.billingCountry = .us
            $0.billingPostcode = "nope"
        } == .invalid(message: "Enter a 5-digit ZIP code"))
    }

    // MARK: A bound that is another field

    /// A field shown an error and then hidden is valid at once (SPEC §6.2), not
    /// at the next `validate()`; shown again with its value unchanged, its rules
    /// run again. Fields nobody has reached stay `.idle`.
    @Test func hidingAFieldShowingAnErrorMakesItValidAndShowingItChecksItAgain() async {
        var values = Self.valid
        values.billingSameAsShipping = false
        values.billingName = ""
        let form = CheckoutForm(values: values)
        form.context = Self.january31
        _ = await form.validate()
        let required = FieldState.invalid(message: "Full name is required")
        #expect(form.state(of: .billingName) == required)

        form.billingSameAsShipping.value = true
        await form.settle()
        #expect(form.state(of: .billingName) == .valid)
        #expect(await form.validate().isValid)

        form.billingSameAsShipping.value = false
        await form.settle()
        #expect(form.state(of: .billingName) == required)

        let fresh = CheckoutForm(values: values)
        fresh.billingSameAsShipping.value = true
        await fresh.settle()
        #expect(fresh.state(of: .billingName) == .idle)
    }

    @Test func theDeliveryWindowCannotEndBeforeItStarts() async {
        let message = ValidationResult.invalid(message: "Deliver by must be on or after Deliver from")
        #expect(await result(.deliveryTo) {
            $0.deliveryFrom = Self.date(2026, 2, 10)
            $0.deliveryTo = Self.date(2026, 2, 9)
        } == message)
        #expect(await result(.deliveryTo) {
            $0.deliveryFrom = Self.date(2026, 2, 10)
            $0.deliveryTo = Self.date(2026, 2, 10)
        } == .valid, "the bound itself passes")
        // Either one empty: the bound passes.
        #expect(await result(.deliveryTo) { $0.deliveryTo = Self.date(2026, 2, 9) } == .valid)
        #expect(await result(.deliveryTo) { $0.deliveryFrom = Self.date(2026, 2, 10) } == .valid)
        // The literal bound beside it still holds.
        #expect(await result(.deliveryTo) { $0.deliveryTo = Self.date(2026, 6, 1) }
            == .invalid(message: "Deliver by must be on or before 60 days from today"))
    }

    @Test func eitherEndOfTheWindowRechecksTheBound() async {
        let form = CheckoutForm(values: Self.valid)
        form.context = Self.january31
        form.deliveryFrom.value = Self.date(2026, 2, 1)
        form.deliveryTo.value = Self.date(2026, 2, 5)
        _ = await form.validate()
        #expect(form.state(of: .deliveryTo) == .valid)
        // Moving the start past the end re-checks the end.
        form.deliveryFrom.value = Self.date(2026, 2, 8)
        await form.didChange(.deliveryFrom)
        #expect(form.state(of: .deliveryTo) == .invalid(message: "Deliver by must be on or after Deliver from"))
        // Moving the end after the start: its own trigger runs on blur.
        form.deliveryTo.value = Self.date(2026, 2, 9)
        await form.didChange(.deliveryTo)
        await form.didEndEditing(.deliveryTo)
        #expect(form.state(of: .deliveryTo) == .valid)
        // And the start back before the end, from the other side again.
        form.deliveryFrom.value = Self.date(2026, 2, 20)
        await form.didChange(.deliveryFrom)
        #expect(form.state(of: .deliveryTo) == .invalid(message: "Deliver by must be on or after Deliver from"))
    }

    @Test func onlyFixedBoundsLimitTheDateControls() throws {
        let form = CheckoutForm()
        form.context = Self.january31
        let dates = form.elements.flatMap(Self.flatten).compactMap { $0 as? DateElement<FormDate?> }
        let to = try #require(dates.first { $0.id == "deliveryTo" })
        // `min: deliveryFrom` is another field's value: no fixed limit; `max: today+60d` is one.
        #expect(to.minimum == nil)
        #expect(to.maximum == Self.date(2026, 4, 1))
    }

    @Test func aValidCheckoutPasses() async {
        let report = await CheckoutForm.validate(Self.valid, in: Self.january31)
        #expect(report.isValid, "\(report.invalidFields)")
    }

    // MARK: Helpers

    static func flatten(_ element: any FormElement) -> [any FormElement] {
        if let group = element as? GroupElement { return [group] + group.elements.flatMap(flatten) }
        return [element]
    }

    static func noteIsVisible(_ form: CheckoutForm) -> Bool {
        form.elements.flatMap(flatten).compactMap { $0 as? StaticTextElement }.first?.isVisible ?? false
    }
}
