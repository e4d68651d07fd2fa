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
