// Types of this module named like FormRuntime's, as an app's own module may declare
// them. A type of the module hides an imported one of the same name from every file
// of the module, the generated ones too; those find the runtime's through the
// aliases in each form type, so this target builds (docs/design/generated-code.md).
// The tests here spell none of these names.

struct FieldValidationController {}
struct FormPattern {}
struct ObserverToken {}
struct RuleRunner {}
struct SegmentOption {}
struct ValidationReport {}
struct ValidationRule {}
struct ValidationTrigger {}
