import FormRuntime
import Testing

// A list that a group hides or its own condition locks (SPEC §14):
// Tests/GeneratedFormTests/Forms/lists/hidden-list.form.yaml.

@MainActor
struct HiddenListFormTests {
    typealias Form = HiddenListForm

    /// While the group hides the list, its entries' fields are hidden and valid,
    /// whatever their values; shown again, their rules run as before.
    @Test func aHiddenListHidesItsEntries() async {
        let form = Form()
        let pet = form.pets.entries[0]
        #expect(pet.isVisible(.name))
        form.skipPets.value = true
        #expect(!pet.isVisible(.name))
        // An edit under the `change` trigger: a hidden field is valid.
        pet.name.value = "x"
        pet.name.value = ""
        await pet.settle()
        #expect(pet.state(of: .name) == .valid)
        #expect(await pet.validate().isValid)
        #expect(pet.state(of: .name) == .valid)
        #expect(await form.validate().isValid)

        form.skipPets.value = false
        #expect(pet.isVisible(.name))
        #expect(await pet.validate().issues == [ValidationIssue(path: "/name", message: "Name is required")])
        #expect(pet.state(of: .name) == .invalid(message: "Name is required"))
    }

    /// A field showing an error is valid as soon as the group hides its list, in
    /// every entry, and its rules run again as soon as the list is shown (SPEC
    /// §6.2, §14): an error count built from the states counts no field the
    /// person cannot see.
    @Test func hidingTheListMakesItsEntriesValidAtOnceAndShowingItChecksThemAgain() async throws {
        let form = Form()
        let second = try #require(form.pets.append())
        second.name.value = "Rex"
        let first = form.pets.entries[0]
        _ = await form.validate()
        #expect(first.state(of: .name) == .invalid(message: "Name is required"))
        #expect(second.state(of: .name) == .valid)

        form.skipPets.value = true
        await form.settle()
        #expect(first.state(of: .name) == .valid)
        #expect(second.state(of: .name) == .valid)

        form.skipPets.value = false
        await form.settle()
        #expect(first.state(of: .name) == .invalid(message: "Name is required"))
        #expect(second.state(of: .name) == .valid)
    }

    /// The list's own counts are its rules (SPEC §14): valid as soon as the group
    /// hides the list, checked again as soon as it is shown.
    @Test func hidingTheListMakesItsCountValidAtOnceAndShowingItChecksItAgain() async {
        let form = Form()
        form.pets.replaceEntries([])
        _ = await form.validate()
        #expect(form.state(of: .pets) == .invalid(message: "Pets: add at least 1 entry"))
        form.skipPets.value = true
        await form.settle()
        #expect(form.state(of: .pets) == .valid)
        form.skipPets.value = false
        await form.settle()
        #expect(form.state(of: .pets) == .invalid(message: "Pets: add at least 1 entry"))
    }

    /// A chain from the form into an entry: `noChips` hides `chipped`, whose value
    /// shows `chip`. Hiding `chipped` hides `chip` (it reads `chipped` as empty):
    /// valid at once, checked again once shown (SPEC §6.2, §7).
    @Test func aChainFromAFormFieldIntoAnEntryIsFollowed() async {
        let form = Form()
        let pet = form.pets.entries[0]
        pet.name.value = "Rex"
        pet.chipped.value = true
        _ = await form.validate()
        #expect(pet.state(of: .chip) == .invalid(message: "Chip is required"))
        form.noChips.value = true
        await form.settle()
        #expect(!pet.isVisible(.chip))
        #expect(pet.state(of: .chip) == .valid)
        form.noChips.value = false
        await form.settle()
        #expect(pet.state(of: .chip) == .invalid(message: "Chip is required"))
    }

    /// A chain inside an entry: its `stray` hides its `chipped`, whose value shows
    /// its `chip`; the other entry is left alone.
    @Test func aChainInsideAnEntryIsFollowed() async throws {
        let form = Form()
        let pet = form.pets.entries[0]
        let other = try #require(form.pets.append())
        for entry in [pet, other] {
            entry.name.value = "Rex"
            entry.chipped.value = true
        }
        _ = await form.validate()
        #expect(pet.state(of: .chip) == .invalid(message: "Chip is required"))
        pet.stray.value = true
        await form.settle()
        #expect(pet.state(of: .chip) == .valid)
        #expect(other.state(of: .chip) == .invalid(message: "Chip is required"))
        pet.stray.value = false
        await form.settle()
        #expect(pet.state(of: .chip) == .invalid(message: "Chip is required"))
    }

    /// A chain through a field of the form into an entry: `insured` hides the
    /// form's `insurer`, whose value shows each entry's `policy` (SPEC §7).
    @Test func aChainThroughAFormFieldIntoAnEntryIsFollowed() async {
        let form = Form()
        let pet = form.pets.entries[0]
        pet.name.value = "Rex"
        form.insured.value = true
        form.insurer.value = "Acme"
        _ = await form.validate()
        #expect(pet.state(of: .policy) == .invalid(message: "Policy is required"))
        form.insured.value = false
        await form.settle()
        #expect(!pet.isVisible(.policy))
        #expect(pet.state(of: .policy) == .valid)
        form.insured.value = true
        await form.settle()
        #expect(pet.state(of: .policy) == .invalid(message: "Policy is required"))
    }

    /// A chain that hides and shows the list: `quick` hides `skipPets`, which
    /// then reads as false and so shows the group around the list. The list's
    /// count and its entries' fields are checked again at once (SPEC §7, §14).
    @Test func aChainThatShowsTheListChecksItAndItsEntriesAgain() async {
        let form = Form()
        _ = await form.validate()
        let pet = form.pets.entries[0]
        #expect(pet.state(of: .name) == .invalid(message: "Name is required"))
        form.skipPets.value = true
        await form.settle()
        #expect(pet.state(of: .name) == .valid)
        form.quick.value = true
        await form.settle()
        #expect(pet.isVisible(.name))
        #expect(pet.state(of: .name) == .invalid(message: "Name is required"))
        form.pets.replaceEntries([])
        await form.settle()
        #expect(form.state(of: .pets) == .invalid(message: "Pets: add at least 1 entry"))
        form.quick.value = false
        await form.settle()
        #expect(form.state(of: .pets) == .valid)
        form.skipPets.value = false
        await form.settle()
        #expect(form.state(of: .pets) == .invalid(message: "Pets: add at least 1 entry"))
    }

    /// An entry nobody has reached stays idle when the list is hidden and shown.
    @Test func hidingTheListLeavesAnUntouchedEntryIdle() async {
        let form = Form()
        form.skipPets.value = true
        await form.settle()
        form.skipPets.value = false
        await form.settle()
        #expect(form.pets.entries[0].state(of: .name) == .idle)
    }

    /// A list that cannot be edited: its entries' fields are not editable, and its
    /// element allows neither adding nor removing; the `FormList` stays open to app code.
    @Test func aLockedListAllowsNoAddingOrRemoving() throws {
        let form = Form()
        let element = try #require(Self.listElement(in: form.elements))
        form.pets.append()
        #expect(element.canAppend && element.canRemove)
        #expect(form.pets.entries[0].isEnabled(.name))
        form.locked.value = true
        #expect(!element.canAppend && !element.canRemove)
        #expect(!form.pets.entries[0].isEnabled(.name))
        element.append()
        element.remove(at: 0)
        #expect(form.pets.count == 2)
        form.pets.append()
        #expect(form.pets.count == 3)
        form.locked.value = false
        #expect(!element.canAppend && element.canRemove)
        element.remove(at: 0)
        #expect(form.pets.count == 2)
    }

    /// A renderer that walks the list element's entries draws their fields as
    /// the entry answers `isEnabled(_:)`: not editable while the list is locked
    /// (SPEC §7, §14), as a form's fields inside a locked group are not.
    @Test func aLockedListsEntryElementsAreNotEditable() throws {
        let form = Form()
        let element = try #require(Self.listElement(in: form.elements))
        let entry = try #require(element.entries.first)
        #expect(!entry.elements.isEmpty)
        #expect(entry.elements.allSatisfy { $0.isEnabled })
        form.locked.value = true
        #expect(!form.pets.entries[0].isEnabled(.name))
        #expect(entry.elements.allSatisfy { !$0.isEnabled })
        form.locked.value = false
        #expect(entry.elements.allSatisfy { $0.isEnabled })
        // An element with a condition of its own needs both.
        let chip = entry.elements[3]
        guard case .textField(let chipField) = chip.kind else { Issue.record("element 3 is no text field"); return }
        #expect(chipField.id == "chip")
        form.pets.entries[0].stray.value = true
        #expect(!chip.isEnabled && !form.pets.entries[0].isEnabled(.chip))
        form.locked.value = true
        #expect(!chip.isEnabled)
        form.pets.entries[0].stray.value = false
        #expect(!chip.isEnabled)
        form.locked.value = false
        #expect(chip.isEnabled && form.pets.entries[0].isEnabled(.chip))
    }

    static func listElement(in elements: [any FormElement]) -> ListElement? {
        for element in elements {
            switch element.kind {
            case .list(let list): return list
            case .group(let group): if let list = listElement(in: group.elements) { return list }
            default: continue
            }
        }
        return nil
    }
}
