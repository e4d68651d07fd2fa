import FormRuntime
import Testing

// schemas/settings.form.yaml: conditions through groups and chains, enabledWhen.

@MainActor
struct SettingsFormTests {
    typealias Values = SettingsForm.Values

    @Test func aHiddenFieldReadsAsEmptyInConditions() {
        var values = Values()
        values.quietHours = true
        #expect(SettingsForm.isVisible(.quietHours, in: values))
        #expect(SettingsForm.isVisible(.quietFrom, in: values))
        values.pushEnabled = false
        #expect(!SettingsForm.isVisible(.quietHours, in: values))
        #expect(!SettingsForm.isVisible(.quietFrom, in: values), "quietHours is hidden, so it reads as false")
        #expect(!SettingsForm.isVisible(.pushFrequency, in: values))
    }

    @Test func hiddenFieldsAreNotValidated() async {
        var values = Values()
        values.displayName = "Ada"
        values.quietHours = true
        #expect(await SettingsForm.validate(values)[.quietFrom] == .invalid(message: "From is required"))
        values.pushEnabled = false
        #expect(await SettingsForm.validate(values)[.quietFrom] == .valid)
        values.developerMode = false
        #expect(await SettingsForm.validate(values)[.serverURL] == .valid)
        values.developerMode = true
        #expect(await SettingsForm.validate(values)[.serverURL] == .invalid(message: "Server is required"))
    }

    @Test func enabledWhen() {
        var values = Values()
        #expect(!SettingsForm.isEnabled(.serverURL, in: values))
        values.displayName = "Ada"
        #expect(SettingsForm.isEnabled(.serverURL, in: values))
        #expect(SettingsForm.isEnabled(.bio, in: values))
        let form = SettingsForm()
        let advanced = form.elements[2] as? GroupElement
        let server = advanced?.elements[1] as? TextFieldElement
        #expect(server?.isEnabled == false)
        form.displayName.value = "Ada"
        #expect(server?.isEnabled == true)
    }

    /// The instance answers and the element closures read the live `FormValue`s (no
    /// snapshot per question, so a renderer's walk is linear): every change shows at
    /// once, through chains of hidden fields, and always agrees with the static
    /// answer over a snapshot.
    @Test func instanceConditionsFollowTheLiveValues() throws {
        let form = SettingsForm()
        let notifications = try #require(form.elements[0] as? GroupElement)
        let quietHours = try #require(notifications.elements[2] as? BooleanElement)
        let quietFrom = try #require(notifications.elements[3] as? TextFieldElement)
        #expect(!form.isVisible(.quietFrom) && !quietFrom.isVisible)
        form.quietHours.value = true
        #expect(form.isVisible(.quietFrom) && quietFrom.isVisible, "seen right after an earlier answer")
        form.pushEnabled.value = false
        #expect(!form.isVisible(.quietHours) && !quietHours.isVisible)
        #expect(!form.isVisible(.quietFrom) && !quietFrom.isVisible, "quietHours is hidden, so it reads as false")
        form.pushEnabled.value = true
        #expect(form.isVisible(.quietFrom) && quietFrom.isVisible)

        func expectAgreement(_ comment: Comment) {
            let values = form.values
            for field in SettingsForm.Field.allCases {
                #expect(form.isVisible(field) == SettingsForm.isVisible(field, in: values), comment)
                #expect(form.isEnabled(field) == SettingsForm.isEnabled(field, in: values), comment)
            }
        }
        for pushEnabled in [false, true] {
            for quietHours in [false, true] {
                for developerMode in [false, true] {
                    for displayName in ["", "Ada"] {
                        form.pushEnabled.value = pushEnabled
                        form.quietHours.value = quietHours
                        form.developerMode.value = developerMode
                        form.displayName.value = displayName
                        expectAgreement("\(pushEnabled) \(quietHours) \(developerMode) \(displayName)")
                    }
                }
            }
        }
    }

    @Test func elementClosuresAnswerFalseOnceTheFormIsGone() throws {
        var form: SettingsForm? = SettingsForm()
        form?.quietHours.value = true
        let notifications = try #require(form?.elements[0] as? GroupElement)
        let quietFrom = try #require(notifications.elements[3] as? TextFieldElement)
        #expect(quietFrom.isVisible)
        form = nil
        #expect(!quietFrom.isVisible)
    }

    @Test func enumNameAndDefaults() {
        let values = Values()
        #expect(values.theme == .system)
        #expect(SettingsForm.Appearance.allCases == [.system, .light, .dark])
        #expect(values.pushFrequency == .instant)
        #expect(values.pushEnabled)
    }

    @Test func presentationKeysReachTheElements() throws {
        let form = SettingsForm()
        #expect(form.elements.count == 6)
        let notifications = try #require(form.elements[0] as? GroupElement)
        #expect(notifications.footer == "You can change these at any time.")
        #expect((notifications.elements[0] as? BooleanElement)?.icon == "bell")
        let profile = try #require(form.elements[1] as? GroupElement)
        #expect(profile.insets == FormEdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
        let theme = try #require(profile.elements[2] as? SegmentElement<SettingsForm.Appearance>)
        #expect(theme.options.map(\.title) == ["Automatic", "Light", "Dark"])
        let advanced = try #require(form.elements[2] as? GroupElement)
        #expect(advanced.layout == .constantHeight(44))
        let segue = try #require(form.elements[3] as? SegueElement<SettingsForm.Action>)
        #expect(segue.action == .privacyPolicy && segue.icon == "hand.raised" && segue.accessoryIcon == "chevron.right")
        #expect((form.elements[4] as? SpacerElement)?.height == 24)
        let footer = try #require(form.elements[5] as? StaticTextElement)
        #expect(footer.text == "Version 1.0" && footer.alignment == .center && footer.style == .footnote)
    }

    @Test func changeTriggerValidatesOnEveryChange() async {
        let form = SettingsForm()
        form.displayName.value = String(repeating: "x", count: 41)
        await form.didChange(.displayName)
        #expect(form.state(of: .displayName) == .invalid(message: "Display name must be at most 40 characters"))
    }
}

// schemas/feedback.form.json: the JSON reader's path to the same code.
@MainActor
struct FeedbackFormTests {
    @Test func jsonFormCompiles() async {
        var values = FeedbackForm.Values()
        #expect(values.topic == nil)
        #expect(!FeedbackForm.isVisible(.screenshotURL, in: values))
        values.topic = .bug
        #expect(FeedbackForm.isVisible(.screenshotURL, in: values))
        values.screenshotURL = "not a url"
        values.message = "Too short"
        let report = await FeedbackForm.validate(values)
        #expect(report.invalidFields == [.message, .screenshotURL])
        #expect(report[.message] == .invalid(message: "Your message must be at least 10 characters"))
        #expect(report[.email] == .valid, "hidden until contactMe")
    }
}
