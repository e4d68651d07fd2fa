// A library target whose forms another module uses: FormcPlugin compiles
// consent.form.yaml and roster.form.yaml with this target's formc-config.yaml
// (`accessLevel: public`). GeneratedFormTests imports it without @testable, so
// it builds only while the plugin hands the configuration to formc. The
// consent's age is an Int slider, whose bounds are Decimals: the generated file
// imports Foundation for them (inside bodies only: a plain import). The roster's
// entries have a custom rule, which another module runs on one entry through the
// entry's public `Validators`, and an instant, a `Date` of its public API (a
// `public import Foundation`). The target compiles with `InternalImportsByDefault`.
