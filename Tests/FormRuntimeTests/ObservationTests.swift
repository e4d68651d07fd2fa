import Foundation
import Observation
import Testing
import FormRuntime

/// `FormValue` and field states under Swift's Observation (SPEC §13), beside the
/// observer API they keep.
@MainActor
@Suite struct ObservationTests {
    enum Field: String, Hashable, Sendable { case email, password }

    /// Counts `onChange` calls, which Observation requires to be `@Sendable`.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func increment() { lock.withLock { count += 1 } }
    }

    /// Runs `read` under `withObservationTracking` and answers the counter its
    /// `onChange` increments.
    func tracking(_ read: () -> Void) -> Counter {
        let changes = Counter()
        withObservationTracking(read, onChange: { changes.increment() })
        return changes
    }

    func controller() -> FieldValidationController<Field> {
        FieldValidationController<Field>(triggers: [.email: .change, .password: .change]) { field in
            field == .email ? .invalid(message: "Email is required") : .valid
        }
    }

    // MARK: FormValue

    @Test func assigning_a_new_value_after_a_read_calls_onChange_once() {
        let value = FormValue("a")
        let changes = tracking { _ = value.value }
        #expect(changes.value == 0)
        value.value = "b"
        #expect(changes.value == 1)
        // A tracking is one-shot, as for every Observable: a later change calls nothing more.
        value.value = "c"
        #expect(changes.value == 1)
        #expect(value.value == "c")
    }

    @Test func a_value_that_was_not_read_is_not_tracked() {
        let value = FormValue(0)
        let changes = tracking { _ = 1 + 1 }
        value.value = 1
        #expect(changes.value == 0)
    }

    @Test func assigning_an_equal_value_calls_nothing() {
        let value = FormValue("a")
        let changes = tracking { _ = value.value }
        value.value = "a"
        #expect(changes.value == 0)
        // The tracking is still armed: the next real change reaches it.
        value.value = "b"
        #expect(changes.value == 1)
    }

    @Test func tracking_one_value_is_not_fired_by_another() {
        let tracked = FormValue(0)
        let other = FormValue(0)
        let changes = tracking { _ = tracked.value }
        other.value = 1
        #expect(changes.value == 0)
        tracked.value = 1
        #expect(changes.value == 1)
    }

    @Test func observers_and_tracking_both_hear_a_change_and_neither_an_equal_value() {
        let value = FormValue(0)
        var heard: [Int] = []
        value.addObserver { heard.append($0) }
        let changes = tracking { _ = value.value }
        value.value = 0
        #expect(changes.value == 0)
        #expect(heard == [])
        value.value = 5
        #expect(changes.value == 1)
        #expect(heard == [5])
    }

    @Test func a_removed_observer_stays_removed_while_tracking_goes_on() {
        let value = FormValue(0)
        var heard: [Int] = []
        let token = value.addObserver { heard.append($0) }
        value.removeObserver(token)
        let changes = tracking { _ = value.value }
        value.value = 1
        #expect(changes.value == 1)
        #expect(heard == [])
    }

    @Test func an_observer_that_assigns_again_fires_the_tracking_once() {
        let value = FormValue("")
        var heard: [String] = []
        value.addObserver { new in
            if new != new.lowercased() { value.value = new.lowercased() }
        }
        value.addObserver { heard.append($0) }
        let changes = tracking { _ = value.value }
        value.value = "ABC"
        #expect(value.value == "abc")
        #expect(heard == ["abc"])
        #expect(changes.value == 1)
    }

    // MARK: Field states

    @Test func a_state_change_of_the_read_field_calls_onChange() {
        let controller = controller()
        let changes = tracking { _ = controller.state(of: .email) }
        controller.setState(.valid, for: .email)
        #expect(changes.value == 1)
        #expect(controller.state(of: .email) == .valid)
    }

    @Test func a_state_change_of_another_field_calls_nothing() {
        let controller = controller()
        let changes = tracking { _ = controller.state(of: .email) }
        controller.setState(.invalid(message: "Too short"), for: .password)
        #expect(changes.value == 0)
        controller.setState(.valid, for: .email)
        #expect(changes.value == 1)
    }

    @Test func setting_the_state_a_field_already_has_calls_nothing() {
        let controller = controller()
        let changes = tracking { _ = controller.state(of: .email) }
        controller.setState(.idle, for: .email)
        #expect(changes.value == 0)
        controller.setState(.valid, for: .email)
        controller.setState(.valid, for: .email)
        #expect(changes.value == 1)
    }

    @Test func reading_two_fields_tracks_both() {
        let controller = controller()
        let changes = tracking {
            _ = controller.state(of: .email)
            _ = controller.state(of: .password)
        }
        controller.setState(.valid, for: .password)
        #expect(changes.value == 1)
    }

    @Test func a_validation_run_is_observed_as_validating_then_its_result() async {
        let gate = AsyncStream<Void>.makeStream()
        let controller = FieldValidationController<Field>(triggers: [:]) { _ in
            for await _ in gate.stream { break }
            return .invalid(message: "Email is required")
        }
        let toValidating = tracking { _ = controller.state(of: .email) }
        let run = Task { await controller.validate(.email) }
        while controller.state(of: .email) != .validating { await Task.yield() }
        #expect(toValidating.value == 1)

        let toResult = tracking { _ = controller.state(of: .email) }
        gate.continuation.yield()
        #expect(await run.value == .invalid(message: "Email is required"))
        #expect(toResult.value == 1)
        #expect(controller.state(of: .email) == .invalid(message: "Email is required"))
    }

    @Test func state_observers_and_tracking_both_hear_a_change() async {
        let controller = controller()
        var heard: [FieldState] = []
        controller.addStateObserver { field, state in
            if field == .email { heard.append(state) }
        }
        let changes = tracking { _ = controller.state(of: .email) }
        await controller.didChange(.email)
        // The run shows `.validating`, then the result: the tracking fires at the first change.
        #expect(changes.value == 1)
        #expect(heard == [.validating, .invalid(message: "Email is required")])
    }

    // MARK: Through a form of the generated shape

    @Test func a_form_state_is_observable_per_field() async {
        let form = ShapeForm()
        let email = tracking { _ = form.state(of: .email) }
        let password = tracking { _ = form.state(of: .password) }
        form.email.value = "someone"
        await form.didChange(.email)   // `.change` trigger: runs at once
        #expect(email.value == 1)
        #expect(password.value == 0)
        #expect(form.state(of: .email) == .invalid(message: "Email is not a valid email address"))
    }

    @Test func a_form_report_fires_the_fields_whose_state_it_changes() async {
        let form = ShapeForm()
        form.company.value = "ignored"   // hidden on the free plan, hence `.valid`
        let email = tracking { _ = form.state(of: .email) }
        let company = tracking { _ = form.state(of: .company) }
        _ = await form.validate()
        #expect(email.value == 1)
        #expect(company.value == 1)

        let emailAgain = tracking { _ = form.state(of: .email) }
        let companyAgain = tracking { _ = form.state(of: .company) }
        form.email.value = "someone@example.com"
        _ = await form.validate()
        #expect(emailAgain.value == 1)     // .invalid → .valid
        #expect(companyAgain.value == 0)   // .valid again: no change
    }

    @Test func a_form_visibility_is_observable_through_the_values_it_reads() {
        let form = ShapeForm()
        let changes = tracking { _ = form.isVisible(.company) }
        form.plan.value = .pro
        #expect(changes.value == 1)
        #expect(form.isVisible(.company))
    }
}
