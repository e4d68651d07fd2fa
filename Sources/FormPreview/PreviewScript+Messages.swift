extension PreviewScript {
    /// The preview's own sentences (the form's text comes from its data).
    static let messages = #"""
  // ---- The page's own sentences, in one place: the form's text comes from the data
  // (already in the page's language); these are the preview's, in English.

  const say = {
    none: "None",
    noValue: "no value",
    validate: "Validate",
    back: "Back",
    next: "Next",
    submit: "Submit",
    submitted: "Every field is valid: the form would be submitted.",
    decrease: (title) => "Decrease " + title,
    increase: (title) => "Increase " + title,
    segue: (id) => "Segue: " + id,
    addEntry: "Add",
    entry: "Entry",
    removeEntry: "Remove",
    removeNamed: (title) => "Remove " + title,
    removeFrom: (title, list) => "Remove " + title + " from " + list,
    addTo: (list) => "Add an entry to " + list,
    unsupported: (kind) => "This preview cannot draw a " + kind + " element yet.",
    custom: (validator) => "Checked by the app's validator " + validator + "; not run in this preview.",
    patternNotRun: (pattern) => "The pattern " + pattern + " is not checked in this preview.",
    undecided: "This preview cannot check this value against the pattern.",
    summary: (invalid) => (invalid === 0
      ? "Every field is valid."
      : invalid === 1 ? "1 field needs attention." : invalid + " fields need attention."),
  };
"""#
}
