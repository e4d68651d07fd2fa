extension PreviewAssets {
    /// The preview page's one script, the same for every form: it reads the form's
    /// JSON (`PreviewData`), draws it, and runs its conditions and rules. One function
    /// scope, written in parts by concern (`PreviewScript+….swift`) and joined in this
    /// order: functions may use what any part defines; the last part draws the page.
    static let script = PreviewScript.parts.joined(separator: "\n\n")
}

/// The parts of `PreviewAssets.script`, as Swift raw strings, so that the static
/// `formc` executable carries them with no resource files.
enum PreviewScript {
    /// In the order they are joined.
    static let parts = [start, clock, values, conditions, textRules, rules, messages, drawing, fields, page]

    /// The script's opening: the form's data, the URL fragment, the colour scheme.
    static let start = #"""
// formc preview: draws the form described by the JSON in #formc-data and runs its
// conditions (SPEC §7) and rules (SPEC §6) live, with the semantics of FormRuntime.
// One fixed script for every form: the form is data, never code. Text from the form
// only ever reaches the page as text nodes and attribute values.
(function () {
  "use strict";

  const data = JSON.parse(document.getElementById("formc-data").textContent);
  const root = document.getElementById("formc-form");

  // ---- The URL fragment: `&`-separated parts, `dark` or `light` and `now=…`, `zone=…`.

  function fragment() {
    const parts = new Map();
    for (const part of location.hash.slice(1).split("&")) {
      const equals = part.indexOf("=");
      try {
        if (equals < 0) parts.set(decodeURIComponent(part), "");
        else parts.set(decodeURIComponent(part.slice(0, equals)), decodeURIComponent(part.slice(equals + 1)));
      } catch (error) {
        // A malformed escape is no part at all.
      }
    }
    return parts;
  }

  // ---- Colour scheme: #dark or #light in the URL forces one (the screenshots do).

  function applyScheme() {
    const parts = fragment();
    const scheme = parts.has("dark") ? "dark" : parts.has("light") ? "light" : null;
    if (scheme) {
      document.documentElement.dataset.colorScheme = scheme;
    } else {
      delete document.documentElement.dataset.colorScheme;
    }
  }
  applyScheme();
  window.addEventListener("hashchange", applyScheme);
"""#
}
