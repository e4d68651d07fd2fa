import FormRuntime
@testable import FormServerCore
import Foundation
import Testing

@Suite struct AcceptLanguageTests {
    let available = ["en", "de", "fr-CA"]

    @Test func theHighestWeightThatMatchesWins() {
        #expect(AcceptLanguage.negotiate("fr;q=0.2, de;q=0.9, en;q=0.5", available: available, default: "en") == "de")
        #expect(AcceptLanguage.negotiate("de-DE,de;q=0.9,en;q=0.8", available: available, default: "en") == "de")
        #expect(AcceptLanguage.negotiate("DE_at", available: available, default: "en") == "de")
    }

    @Test func aWiderRangeMatchesANarrowerLanguage() {
        #expect(AcceptLanguage.negotiate("fr", available: available, default: "en") == "fr-CA")
    }

    @Test func tiesKeepTheClientsOrder() {
        #expect(AcceptLanguage.negotiate("de;q=0.5, en;q=0.5", available: available, default: "fr-CA") == "de")
    }

    @Test func nothingUsableGivesTheDefault() {
        for header in [nil, "", "*", "ja, zh;q=0.8", "de;q=0", "de;q=x", "??, ;;", "de;q=2",
                       "de;q=", "de;q", "de;q=0.5e0", "de;q=1e-1", "de;q=0.1234", "de;q=.5", "de;q=1.5", "de;Q=-0"] as [String?] {
            #expect(AcceptLanguage.negotiate(header, available: available, default: "en") == "en", "\(header ?? "nil")")
        }
    }

    /// RFC 9110 §12.4.2's weights, and nothing else.
    @Test func weightsAreReadAsTheRFCWritesThem() {
        for (text, weight) in [("0", 0.0), ("0.5", 0.5), ("0.125", 0.125), ("1", 1.0), ("1.000", 1.0), ("0.", 0.0), ("1.", 1.0)] {
            #expect(AcceptLanguage.qvalue(text) == weight, "\(text)")
        }
        for text in ["", "x", "2", "1.001", "0.1234", "1e-1", ".5", "-0", "0x1", " 0.5"] {
            #expect(AcceptLanguage.qvalue(text) == nil, "\(text)")
        }
        #expect(AcceptLanguage.negotiate("de;q=0.001, en;q=0.0005", available: available, default: "fr-CA") == "de")
    }
}

@Suite struct FormServiceTests {
    static let service = try! FormService.bundled()

    static func json(_ object: [String: Any]) -> Data {
        try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    static func object(_ data: Data) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }

    static var validSignUp: [String: Any] { [
        "email": "ada@example.com", "password": "analytical1", "confirmPassword": "analytical1",
        "newsletter": false, "plan": "free", "company": "Hidden Ltd", "acceptTerms": true,
    ] }

    @Test func nestingIsCountedOutsideStrings() {
        #expect(!FormService.nestsDeeper(than: 3, Data(#"{"a": [1, {"b": "[[[{{{\"["}]}"#.utf8)))
        #expect(FormService.nestsDeeper(than: 2, Data(#"{"a": [[1]]}"#.utf8)))
        #expect(FormService.nestsDeeper(than: FormService.maxNesting, Data(String(repeating: "[", count: 513).utf8)))
    }

    /// A body in UTF-16 or UTF-32, which Foundation's decoder would read but the
    /// nesting check cannot, is not JSON to the server (RFC 8259 §8.1), whatever
    /// it holds: a body nested 512 deep after a character whose UTF-16 has a
    /// quote's byte took the server down.
    @Test func aBodyThatIsNotUTF8IsNotJSON() async throws {
        var values = Self.validSignUp
        values["email"] = "utf8@example.com"  // stored once, by the last submission
        let signUp = try #require(String(data: Self.json(values), encoding: .utf8))
        let deep = "{\"email\": \"\u{122}\", \"x\": " + String(repeating: "[", count: 512)
        for body in [
            try #require(signUp.data(using: .utf16)), try #require(signUp.data(using: .utf16LittleEndian)),
            try #require(signUp.data(using: .utf32)), try #require(deep.data(using: .utf16LittleEndian)),
            try #require(deep.data(using: .utf16)), Data([0x7B, 0x7D, 0x00]), Data([0x7B, 0xFF, 0x7D]),
        ] {
            let response = await Self.service.submit(form: "signup", body: body, contentType: "application/json", acceptLanguage: nil)
            #expect(response.status == 400)
            #expect(Self.object(response.body)["detail"] as? String == "The body is not JSON.")
        }
        let accepted = await Self.service.submit(form: "signup", body: Data(signUp.utf8), contentType: "application/json", acceptLanguage: nil)
        #expect(accepted.status == 201)
    }

    @Test func valuesNestedPastAnyFormsAreMalformedBeforeFoundationReadsThem() async {
        // Foundation's parser traps on a body that ends at the 513th '['.
        for body in [String(repeating: "[", count: 513), #"{"email": "# + String(repeating: "[", count: 17)] {
            let response = await Self.service.submit(form: "signup", body: Data(body.utf8),
                                                     contentType: "application/json", acceptLanguage: nil)
            #expect(response.status == 400)
            #expect(Self.object(response.body)["type"] as? String == "/problems/malformed-values")
        }
    }

    @Test func validValuesAreCreatedWithoutTheHiddenAnswers() async {
        let response = await Self.service.submit(form: "signup", body: Self.json(Self.validSignUp),
                                                 contentType: "application/json", acceptLanguage: nil)
        #expect(response.status == 201)
        #expect(response.contentType == "application/json")
        let stored = Self.object(response.body)
        #expect(stored["email"] as? String == "ada@example.com")
        #expect(stored["company"] as? String == "", "company is hidden on the free plan")
    }

    @Test func invalidValuesAreAProblemListingTheIssuesInTheRequestsLanguage() async throws {
        var values = Self.validSignUp
        values["email"] = "not an address"
        values["plan"] = "pro"
        values["company"] = " "
        let response = await Self.service.submit(form: "signup", body: Self.json(values),
                                                 contentType: "application/json; charset=utf-8", acceptLanguage: "de-CH, en;q=0.5")
        #expect(response.status == 422)
        #expect(response.contentType == "application/problem+json")
        #expect(response.contentLanguage == "de")
        let problem = Self.object(response.body)
        #expect(problem["type"] as? String == "/problems/invalid-values")
        #expect(problem["status"] as? Int == 422)
        let issues = try #require(problem["issues"] as? [[String: String]])
        #expect(issues == [
            ["path": "/email", "message": "E-Mail muss eine gültige E-Mail-Adresse sein"],
            ["path": "/company", "message": "Firma ist erforderlich"],
        ])
        let english = await Self.service.submit(form: "signup", body: Self.json(values),
                                                contentType: "application/json", acceptLanguage: "ja")
        #expect(english.contentLanguage == "en")
        #expect((Self.object(english.body)["issues"] as? [[String: String]])?.first?["message"] == "Email must be a valid email address")
    }

    /// A form whose messages the catalog does not all translate answers in the
    /// source language, whatever other forms' translations the catalog has: the
    /// `Content-Language` is the language the messages are in.
    @Test func aFormAnswersOnlyInTheLanguagesItsMessagesAreIn() async throws {
        let bundled = Self.service.catalog
        var translations: [String: [String: String]] = [:]
        for key in bundled.keys {
            var texts: [String: String] = [:]
            for language in ["en", "de"] { texts[language] = bundled.string(key, locale: language) }
            translations[key] = texts
        }
        // One message of the sign-up form left untranslated.
        translations["SignUpForm.company.required.message"]?["de"] = nil
        var service = FormService(catalog: StringCatalog(sourceLanguage: "en", translations: translations))
        service.register(SignUpForm.self, at: "signup") { values, context in await SignUpForm.validate(values, in: context) }
        service.register(IntakeForm.self, at: "intake") { values, context in
            await IntakeForm.validate(values, in: context, validators: IntakeValidators(patients: PatientRegistry(), context: context))
        }
        #expect(service.languages(ofForm: "SignUpForm") == ["en"])
        #expect(service.languages(ofForm: "IntakeForm") == ["en", "de"])
        var values = Self.validSignUp
        values["email"] = "not an address"
        let response = await service.submit(form: "signup", body: Self.json(values),
                                            contentType: "application/json", acceptLanguage: "de-CH, en;q=0.5")
        #expect(response.status == 422)
        #expect(response.contentLanguage == "en")
        #expect((Self.object(response.body)["issues"] as? [[String: String]])?.first?["message"] == "Email must be a valid email address")
    }

    @Test func jsonThatIsNotTheValuesSaysWhere() async {
        var values = Self.validSignUp
        values["plan"] = "gold"
        var response = await Self.service.submit(form: "signup", body: Self.json(values), contentType: "application/json", acceptLanguage: nil)
        #expect(response.status == 400)
        #expect(Self.object(response.body)["pointer"] as? String == "/plan")
        #expect(Self.object(response.body)["type"] as? String == "/problems/malformed-values")

        values = Self.validSignUp
        values.removeValue(forKey: "acceptTerms")
        response = await Self.service.submit(form: "signup", body: Self.json(values), contentType: "application/json", acceptLanguage: nil)
        #expect(response.status == 400)
        #expect(Self.object(response.body)["pointer"] as? String == "/acceptTerms")

        response = await Self.service.submit(form: "signup", body: Data("[1]".utf8), contentType: "application/json", acceptLanguage: nil)
        #expect(response.status == 400)
        #expect(Self.object(response.body)["detail"] as? String == "Expected an object.")
    }

    @Test func badRequestsAreProblemsNeverServerErrors() async {
        let cases: [(String, Data, String?, Int)] = [
            ("signup", Data("{\"email\":".utf8), "application/json", 400),
            ("signup", Data("not json".utf8), "application/json", 400),
            ("signup", Data([0xff, 0xfe]), "application/json", 400),
            ("signup", Self.json(Self.validSignUp), "text/plain", 415),
            ("signup", Self.json(Self.validSignUp), nil, 415),
            ("signup", Self.json(Self.validSignUp), "", 415),
            ("signup", Self.json(Self.validSignUp), ";", 415),
            ("nothing", Self.json(Self.validSignUp), "application/json", 404),
            ("signup", Data(repeating: 0x20, count: FormService.maxBodySize + 1), "application/json", 413),
        ]
        for (form, body, type, status) in cases {
            let response = await Self.service.submit(form: form, body: body, contentType: type, acceptLanguage: nil)
            #expect(response.status == status, "\(form) \(type ?? "nil") \(body.prefix(20))")
            #expect(response.contentType == "application/problem+json")
            #expect(Self.object(response.body)["status"] as? Int == status)
            #expect(!(Self.object(response.body)["detail"] as? String ?? "").isEmpty)
        }
    }

    @Test func theSameSubmissionIsTheSameBytes() async {
        var values = Self.validSignUp
        values["email"] = ""
        let first = await Self.service.submit(form: "signup", body: Self.json(values), contentType: "application/json", acceptLanguage: "de")
        let second = await Self.service.submit(form: "signup", body: Self.json(values), contentType: "application/json", acceptLanguage: "de")
        #expect(first == second)
    }

    static func intake(email: String) -> [String: Any] {
        [
            "fullName": "Grace Hopper", "birthDate": "1906-12-09", "email": email,
            "visitReason": "checkup", "symptomList": ["cough"], "painLevel": 4, "symptomDays": 2,
            "mayBePregnant": false, "pregnancyWeeks": 12, "takesMedication": false,
            "allergies": "", "consent": true,
            "medications": [["name": "Aspirin", "dose": "100 mg"]],
        ]
    }

    @Test func anIntakeIsStoredWithoutTheAnswersItsPagesAndConditionsHid() async {
        let service = try! FormService.bundled()
        let response = await service.submit(form: "intake", body: Self.json(Self.intake(email: "grace@example.com")),
                                            contentType: "application/json", acceptLanguage: nil)
        #expect(response.status == 201)
        let stored = Self.object(response.body)
        #expect(stored["symptomList"] as? [String] == [], "the symptoms page is skipped for a check-up")
        #expect(stored["painLevel"] is NSNull || stored["painLevel"] == nil)
        #expect(stored["pregnancyWeeks"] is NSNull || stored["pregnancyWeeks"] == nil)
        #expect(stored["medications"] as? [Any] == nil || (stored["medications"] as? [Any])?.isEmpty == true,
                "the medications list is hidden while no medication is taken")
    }

    @Test func anIntakeEntrysIssueIsAtItsPointerAndASecondIntakeForOneEmailIsRefused() async throws {
        let service = try FormService.bundled()
        var values = Self.intake(email: "ada@example.com")
        values["takesMedication"] = true
        values["medications"] = [["name": "Aspirin", "dose": ""], ["name": " ", "dose": "5 mg"]]
        var response = await service.submit(form: "intake", body: Self.json(values), contentType: "application/json", acceptLanguage: "de")
        #expect(response.status == 422)
        let issues = try #require(Self.object(response.body)["issues"] as? [[String: String]])
        #expect(issues == [["path": "/medications/1/name", "message": "Name des Medikaments ist erforderlich"]])

        values["medications"] = [["name": "Aspirin", "dose": ""]]
        response = await service.submit(form: "intake", body: Self.json(values), contentType: "application/json", acceptLanguage: "de")
        #expect(response.status == 201)
        response = await service.submit(form: "intake", body: Self.json(values), contentType: "application/json", acceptLanguage: "de")
        #expect(response.status == 422)
        #expect(Self.object(response.body)["issues"] as? [[String: String]] == [
            ["path": "/email", "message": "Für diese E-Mail-Adresse gibt es bereits eine Aufnahme"],
        ])
    }

    /// A multiChoice is stored in option order (SPEC §10); an option sent twice is
    /// no value the form makes: 400 at the field, never counted twice by `maxCount`.
    @Test func aMultiChoiceIsStoredInOptionOrderAndAnOptionSentTwiceIsMalformed() async throws {
        let service = try FormService.bundled()
        var values = Self.intake(email: "lin@example.com")
        values["visitReason"] = "illness"
        values["symptomList"] = ["pain", "fever"]
        var response = await service.submit(form: "intake", body: Self.json(values), contentType: "application/json", acceptLanguage: nil)
        #expect(response.status == 201)
        #expect(Self.object(response.body)["symptomList"] as? [String] == ["fever", "pain"])
        values["email"] = "kim@example.com"
        values["symptomList"] = ["pain", "pain", "pain", "pain"]
        response = await service.submit(form: "intake", body: Self.json(values), contentType: "application/json", acceptLanguage: nil)
        #expect(response.status == 400)
        let problem = Self.object(response.body)
        #expect(problem["pointer"] as? String == "/symptomList")
        #expect((problem["detail"] as? String)?.contains("'pain' is chosen twice") == true)
    }

    /// A number its field cannot hold is the client's mistake, said as such, never
    /// "not JSON" of a body that is JSON.
    @Test func aNumberTheFieldCannotHoldIsMalformedValues() async {
        let service = try! FormService.bundled()
        for number in ["99999999999999999999", "4.5"] {
            var text = String(decoding: Self.json(Self.intake(email: "num@example.com")), as: UTF8.self)
            text = text.replacingOccurrences(of: "\"painLevel\":4", with: "\"painLevel\":\(number)")
            let response = await service.submit(form: "intake", body: Data(text.utf8), contentType: "application/json", acceptLanguage: nil)
            #expect(response.status == 400, "\(number)")
            let problem = Self.object(response.body)
            #expect(problem["type"] as? String == "/problems/malformed-values", "\(number)")
            #expect(!((problem["detail"] as? String) ?? "").contains("not valid JSON"), "\(number): \(problem)")
        }
    }
}
