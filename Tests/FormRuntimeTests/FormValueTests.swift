import Testing
@testable import FormRuntime

/// `FormValue`: notification order, deduplication, and removal at any time.
@Suite struct FormValueTests {
    /// Collects what observers saw, in order.
    final class Log {
        var entries: [String] = []
    }

    @Test func setsAndReadsTheValue() {
        let value = FormValue("a")
        value.value = "b"
        #expect(value.value == "b")
    }

    @Test func setting_an_equal_value_notifies_nobody() {
        let value = FormValue("a")
        let log = Log()
        value.addObserver { log.entries.append($0) }
        value.value = "a"
        value.value = "b"
        value.value = "b"
        value.value = "a"
        #expect(log.entries == ["b", "a"])
    }

    @Test func observers_run_in_the_order_they_were_added() {
        let value = FormValue(0)
        let log = Log()
        for name in ["first", "second", "third"] {
            value.addObserver { log.entries.append("\(name)=\($0)") }
        }
        value.value = 7
        #expect(log.entries == ["first=7", "second=7", "third=7"])
    }

    @Test func a_removed_observer_is_not_called() {
        let value = FormValue(false)
        let log = Log()
        let token = value.addObserver { _ in log.entries.append("removed") }
        value.addObserver { _ in log.entries.append("kept") }
        value.removeObserver(token)
        value.value = true
        #expect(log.entries == ["kept"])
    }

    @Test func an_observer_can_remove_itself_inside_its_callback() {
        let value = FormValue(0)
        let log = Log()
        var token: ObserverToken?
        token = value.addObserver { new in
            log.entries.append("once=\(new)")
            if let token { value.removeObserver(token) }
        }
        value.addObserver { log.entries.append("always=\($0)") }
        value.value = 1
        value.value = 2
        #expect(log.entries == ["once=1", "always=1", "always=2"])
    }

    @Test func an_observer_removed_by_an_earlier_one_is_not_called_that_round() {
        let value = FormValue(0)
        let log = Log()
        var later: ObserverToken?
        value.addObserver { _ in
            log.entries.append("remover")
            if let later { value.removeObserver(later) }
        }
        later = value.addObserver { _ in log.entries.append("later") }
        value.value = 1
        #expect(log.entries == ["remover"])
    }

    @Test func an_observer_added_during_a_notification_waits_for_the_next() {
        let value = FormValue(0)
        let log = Log()
        var added = false
        value.addObserver { _ in
            guard !added else { return }
            added = true
            value.addObserver { log.entries.append("new=\($0)") }
        }
        value.value = 1
        value.value = 2
        #expect(log.entries == ["new=2"])
    }

    @Test func an_observer_that_assigns_again_leaves_everyone_with_the_current_value() {
        let value = FormValue("")
        let log = Log()
        value.addObserver { new in
            if new != new.lowercased() { value.value = new.lowercased() }
        }
        value.addObserver { log.entries.append($0) }
        value.value = "ABC"
        #expect(value.value == "abc")
        #expect(log.entries == ["abc"])
    }

    @Test func a_token_of_another_value_removes_nothing() {
        let first = FormValue(0)
        let second = FormValue(0)
        let log = Log()
        let token = first.addObserver { _ in log.entries.append("first") }
        second.addObserver { _ in log.entries.append("second") }
        second.removeObserver(token)
        first.value = 1
        second.value = 1
        #expect(log.entries == ["first", "second"])
    }

    /// A token outlives its value (a view model keeps it across screens): given to
    /// a new value, often at the old one's address, it removes nothing there.
    @Test func a_token_of_a_value_that_is_gone_removes_nothing() {
        for _ in 0..<100 {
            let log = Log()
            var old: FormValue<Int>? = FormValue(0)
            let token = old!.addObserver { _ in }
            old = nil
            let new = FormValue(0)
            new.addObserver { _ in log.entries.append("new") }
            new.removeObserver(token)
            new.value = 1
            #expect(log.entries == ["new"])
        }
    }

    @Test func removing_a_token_twice_is_harmless() {
        let value = FormValue(0)
        let log = Log()
        let token = value.addObserver { _ in log.entries.append("a") }
        value.addObserver { _ in log.entries.append("b") }
        value.removeObserver(token)
        value.removeObserver(token)
        value.value = 1
        #expect(log.entries == ["b"])
    }

    @Test func many_observers_added_and_removed_keep_their_order() {
        let value = FormValue(0)
        let log = Log()
        var tokens: [ObserverToken] = []
        for index in 0..<1_000 {
            tokens.append(value.addObserver { _ in log.entries.append("\(index)") })
        }
        for (index, token) in tokens.enumerated() where index % 3 != 0 {
            value.removeObserver(token)
        }
        value.value = 1
        #expect(log.entries == stride(from: 0, to: 1_000, by: 3).map { "\($0)" })
    }
}
