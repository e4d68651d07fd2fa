/// The fixed text a preview page embeds: its style and script, kept as readable
/// source (a CSS and a JavaScript file in Swift raw strings) and compiled into
/// `formc`, which ships as one executable with no resources.
enum PreviewAssets {
    /// The dark colours, written once for both ways a page turns dark, each line
    /// indented by `indent`.
    private static func darkPalette(_ indent: String) -> String {
        """
        color-scheme: dark;
        --background: #000000;
        --card: #1c1c1e;
        --text: #ffffff;
        --secondary: #98989f;
        --separator: #38383a;
        --tint: #0a84ff;
        --error: #ff6961;
        --switch-off: #39393d;
        --switch-on: #30d158;
        --segment-track: #2c2c2e;
        --segment-thumb: #636366;
        --field: #1c1c1e;
        """.split(separator: "\n").map { indent + $0 + "\n" }.joined()
    }

    /// The page's style: an iOS grouped form, in light and dark (`prefers-color-scheme`,
    /// or forced by `data-color-scheme` on the root element).
    static let style = #"""
/* formc preview: an iOS grouped form, in light and dark. System fonts only. */
:root {
  color-scheme: light;
  --background: #f2f2f7;
  --card: #ffffff;
  --text: #000000;
  --secondary: #6c6c70;
  --separator: #c6c6c8;
  --tint: #007aff;
  --error: #d70015;
  --switch-off: #e9e9ea;
  --switch-on: #34c759;
  --segment-track: #eeeef0;
  --segment-thumb: #ffffff;
  --field: #ffffff;
}
:root[data-color-scheme="dark"] {
\#(darkPalette("  "))}
@media (prefers-color-scheme: dark) {
  :root:not([data-color-scheme="light"]) {
\#(darkPalette("    "))  }
}
* { box-sizing: border-box; }
html { background: var(--background); }
body {
  margin: 0;
  padding: 24px 16px 48px;
  font: 17px/1.3 -apple-system, BlinkMacSystemFont, "SF Pro Text", system-ui, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: var(--text);
  background: var(--background);
}
main { max-width: 560px; margin: 0 auto; }
/* A large form's sections drawn after its first part: laid out and painted only near the screen. */
.later { content-visibility: auto; contain-intrinsic-size: auto 1000px; }
[hidden] { display: none !important; }
.form-header h1 { font-size: 34px; font-weight: 700; margin: 0 0 4px 4px; }
.form-source { margin: 0 0 20px 4px; font-size: 13px; color: var(--secondary); overflow-wrap: anywhere; }
.group { margin: 0 0 28px; }
.group .group { margin: 0; }
.group-title {
  font-size: 13px; font-weight: 400; text-transform: uppercase; letter-spacing: 0.02em;
  color: var(--secondary); margin: 0 16px 6px;
}
.group-footer { font-size: 13px; color: var(--secondary); margin: 6px 16px 0; }
.group.grouped > .rows { background: var(--card); border-radius: 10px; overflow: hidden; }
.group.plain > .rows { background: var(--card); border-top: 0.5px solid var(--separator); border-bottom: 0.5px solid var(--separator); }
.group .rows > * + * { border-top: 0.5px solid var(--separator); }
.group .rows > [hidden] + *, .group .rows > .spacer, .group .rows > .spacer + * { border-top: none; }
.row { display: block; width: 100%; padding: 11px 16px; min-height: var(--row-height, 44px); background: transparent; color: inherit; }
.row.disabled { opacity: 0.45; }
.control { display: flex; align-items: center; gap: 12px; }
.control .title { flex: 1; }
.icon {
  display: inline-flex; align-items: center; justify-content: center; flex: none;
  width: 29px; height: 29px; border-radius: 7px; background: var(--tint); color: #fff; font-size: 15px; font-weight: 600;
}
.switch {
  appearance: none; -webkit-appearance: none; flex: none; margin: 0; cursor: pointer;
  width: 51px; height: 31px; border-radius: 16px; background: var(--switch-off); position: relative;
  transition: background 0.2s;
}
.switch::after {
  content: ""; position: absolute; top: 2px; left: 2px; width: 27px; height: 27px; border-radius: 50%;
  background: #fff; box-shadow: 0 3px 8px rgba(0, 0, 0, 0.15), 0 1px 1px rgba(0, 0, 0, 0.16); transition: transform 0.2s;
}
.switch:checked { background: var(--switch-on); }
.switch:checked::after { transform: translateX(20px); }
.control.segment { flex-wrap: wrap; }
.segmented { display: flex; flex: 1 1 220px; background: var(--segment-track); border-radius: 9px; padding: 2px; gap: 2px; }
.segment-option {
  flex: 1; border: none; background: transparent; color: var(--text); font: inherit; font-size: 13px;
  font-weight: 500; padding: 6px 8px; border-radius: 7px; cursor: pointer;
}
.segment-option[aria-checked="true"] { background: var(--segment-thumb); box-shadow: 0 3px 8px rgba(0, 0, 0, 0.12); }
.control.text { flex-direction: column; align-items: stretch; gap: 2px; }
.control.text input, .control.text textarea {
  width: 100%; border: none; outline: none; padding: 0; margin: 0; font: inherit; color: var(--text); background: transparent;
}
.control.text textarea { resize: vertical; min-height: 66px; }
.control.floatLabel .title { font-size: 12px; color: var(--secondary); }
.control.textField .title:not(.visually-hidden) { font-size: 12px; color: var(--secondary); }
input::placeholder, textarea::placeholder { color: var(--secondary); opacity: 0.7; }
.field[data-state="invalid"] input, .field[data-state="invalid"] textarea, .field[data-state="invalid"] select,
.field[data-state="invalid"] output { color: var(--error); }
.message { margin: 4px 0 0; font-size: 13px; color: var(--error); }
.message:empty { display: none; }
.hints:empty { display: none; }
.hint { margin: 4px 0 0; font-size: 12px; color: var(--secondary); font-style: italic; }
.visually-hidden {
  position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
}
.spacer { display: block; }
.static-text { margin: 0 16px 12px; overflow-wrap: anywhere; }
.rows > .static-text { margin: 0; padding: 11px 16px; }
.style-headline { font-weight: 600; }
.style-footnote { font-size: 13px; color: var(--secondary); }
.style-caption { font-size: 12px; color: var(--secondary); }
.align-center { text-align: center; }
.align-trailing { text-align: end; }
.segue { display: flex; align-items: center; gap: 12px; border: none; font: inherit; text-align: start; cursor: pointer; }
.segue .title { flex: 1; }
.segue:disabled { opacity: 0.45; cursor: default; }
/* Lists (SPEC §14): one card per entry, its heading and remove button on top; the add button below. */
.list .entry { background: var(--card); border-radius: 10px; overflow: hidden; margin: 0 0 12px; }
.entry-header { display: flex; align-items: center; justify-content: space-between; padding: 8px 16px 0; }
.entry-title { margin: 0; font-size: 13px; font-weight: 600; color: var(--secondary); text-transform: uppercase; }
.list-remove, .list-add { border: none; background: transparent; font: inherit; color: var(--tint, #007aff); cursor: pointer; }
.list-add { background: var(--card); border-radius: 10px; text-align: start; }
.list-remove:disabled, .list-add:disabled { opacity: 0.45; cursor: default; }
.list-message { margin: 6px 16px 0; }
.chevron::after {
  content: ""; display: inline-block; width: 8px; height: 8px; margin-right: 4px;
  border-right: 2px solid var(--separator); border-top: 2px solid var(--separator); transform: rotate(45deg);
}
.unsupported { color: var(--secondary); font-style: italic; }
/* The kinds of SPEC §10: values trail the title as in an iOS form row. */
.value-line { display: inline-flex; align-items: center; gap: 6px; flex: 0 1 auto; }
.control.number input[type="text"] {
  width: 8em; border: none; outline: none; padding: 0; margin: 0; font: inherit; text-align: end; color: var(--text); background: transparent;
}
.unit, .slider-value { color: var(--secondary); }
.control.slider { flex-wrap: wrap; }
.control.slider .value-line { flex: 1 1 100%; }
.control.slider input[type="range"] { flex: 1; accent-color: var(--tint); }
.stepper-buttons { display: inline-flex; background: var(--segment-track); border-radius: 8px; }
.step {
  border: none; background: transparent; color: var(--text); font: inherit; font-size: 20px; width: 46px; height: 32px; cursor: pointer;
}
.step + .step { border-left: 0.5px solid var(--separator); }
.date-input, select.picker {
  font: inherit; color: var(--text); background: var(--segment-track); border: none; border-radius: 7px; padding: 5px 8px;
}
.control.multi-choice { flex-direction: column; align-items: stretch; gap: 6px; }
.choices { display: flex; flex-wrap: wrap; gap: 6px 14px; }
.multi-choice.checklist .choices { flex-direction: column; }
.choice { display: inline-flex; align-items: center; gap: 8px; }
.choice input { accent-color: var(--tint); width: 20px; height: 20px; margin: 0; }
.chip {
  border: 1px solid var(--separator); border-radius: 16px; padding: 5px 12px; font: inherit; font-size: 15px;
  color: var(--text); background: transparent; cursor: pointer;
}
.chip[aria-pressed="true"] { background: var(--tint); border-color: var(--tint); color: #fff; }
.chip:disabled, .step:disabled { cursor: default; }
.actions { display: flex; flex-direction: column; align-items: stretch; gap: 8px; }
.page.inactive { display: none; }
.page-title { font-size: 22px; font-weight: 700; margin: 8px 16px 16px; }
.back, .next {
  font: inherit; font-size: 17px; padding: 12px; border-radius: 10px; border: none;
  background: var(--card); color: var(--tint); cursor: pointer;
}
.next { font-weight: 600; }
.validate {
  border: none; border-radius: 12px; padding: 14px; font: inherit; font-weight: 600; color: #fff; background: var(--tint); cursor: pointer;
}
#formc-summary, #formc-status { margin: 0 4px; font-size: 15px; color: var(--secondary); }
#formc-summary:empty, #formc-status:empty { display: none; }
:focus-visible { outline: 2px solid var(--tint); outline-offset: 2px; }
/* A text's input has no outline of its own (it fills its row): focused by the keyboard, it gets the ring. */
.control.text input:focus-visible, .control.text textarea:focus-visible, .control.number input[type="text"]:focus-visible {
  outline: 2px solid var(--tint); outline-offset: 2px;
}
.step[aria-disabled="true"] { opacity: 0.35; }
/* Text from the form keeps its direction controls to itself (U+202E and the like). */
h1, label, .title, .group-title, .group-footer, .static-text, .segment-option, .message, .hint, .chip, .choice label, .unit, option { unicode-bidi: isolate; overflow-wrap: break-word; }
"""#

    /// The index page's style.
    static let indexStyle = #"""
:root { color-scheme: light dark; }
body { margin: 0; padding: 24px 16px; font: 17px/1.4 -apple-system, BlinkMacSystemFont, system-ui, "Segoe UI", Roboto, sans-serif; }
main { max-width: 560px; margin: 0 auto; }
h1 { font-size: 28px; }
li { margin: 6px 0; }
.type { color: GrayText; font-size: 13px; }
"""#
}
