import FormRuntime
import Testing

// Forms/names/owner-field.form.yaml: a field named `owner` in the form and in a
// list's entry, whose reference to its form is `_owner`.

/// A pet's name is taken when it is the household owner's name: the validator
/// reads the entry and the form's values, which reach it through the entry's
/// reference to its form.
struct PetNames: PetOwnersFormValidators {
    func nameIsFree(_ value: String, entry: PetOwnersForm.Pet, values: PetOwnersForm.Values) async -> ValidationResult {
        value == values.owner ? .invalid(message: "\(value) is the owner's name") : .valid
    }
}

@MainActor
struct OwnerFieldFormTests {
    /// The entry's `owner` is its own field, apart from the form's `owner`, in the
    /// live entry, its values and their encoding.
    @Test func anEntrysOwnerIsItsOwnField() throws {
        let form = PetOwnersForm(validators: PetNames())
        form.owner.value = "Sam"
        let pet = form.pets.entries[0]
        pet.owner.value = "Alex"
        #expect(form.values.owner == "Sam")
        #expect(form.values.pets[0].owner == "Alex")
        #expect(pet.values.owner == "Alex")
        #expect(PetOwnersForm.Pet(name: "Rex", owner: "Alex", vet: "").owner == "Alex")
    }

    /// Through its reference to the form, the entry still reads the form's
    /// fields (its condition, its list's `enabledWhen`) and the form's validators.
    @Test func theEntryStillReachesItsForm() async {
        let form = PetOwnersForm(validators: PetNames())
        let pet = form.pets.entries[0]
        pet.name.value = "Rex"
        #expect(pet.isEnabled(.owner))
        #expect(pet.isVisible(.vet))
        form.locked.value = true
        #expect(!pet.isEnabled(.owner))
        #expect(!pet.isVisible(.vet))
        form.locked.value = false
        form.owner.value = "Rex"
        pet.owner.value = "Alex"
        let report = await form.validate()
        #expect(report.result(at: "/pets/0/name") == .invalid(message: "Rex is the owner's name"))
        #expect(report.result(at: "/pets/0/owner") == .valid)
    }

    /// An entry without an `owner` of its own reads the form's, as its conditions do.
    @Test func anotherEntryReadsTheFormsOwner() {
        let form = PetOwnersForm(validators: PetNames())
        let visit = form.visits.entries[0]
        #expect(!visit.isVisible(.note))
        form.owner.value = "Sam"
        #expect(visit.isVisible(.note))
    }
}
