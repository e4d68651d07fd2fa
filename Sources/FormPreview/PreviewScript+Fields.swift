extension PreviewScript {
    /// The fields: how each kind is drawn, and what it does when the user acts on it.
    static let fields = #"""
  // ---- The fields. Each `render…` clones its kind's template and fills it in; what a
  // field does when the user acts on it is its kind's entry in `behaviours`, called
  // with the field and the event's target by the form's one listener per event type.

  /** The type of each field kind's value, and its first value, read from the data. */
  const textKind = { type: "text", value: (decl) => decl.default };
  const fieldKinds = {
    boolean: { type: "bool", value: (decl) => decl.default },
    segment: { type: "segment", value: (decl) => decl.default },
    number: { type: "number", value: (decl) => canonicalNumber(decl, decl.default) },
    date: { type: "date", value: (decl) => (decl.default === null ? null : decl.mode === "dateTime" ? Date.parse(decl.default) : decl.default) },
    picker: { type: "picker", value: (decl) => decl.default },
    multiChoice: { type: "multiChoice", value: (decl) => decl.default.slice() },
    textField: textKind,
    floatLabel: textKind,
    textView: textKind,
  };

  function renderBoolean(decl, node) {
    const row = template("boolean", () => fieldRow(h("div", { class: "control boolean" },
      h("label", { class: "title" }), h("input", { type: "checkbox", role: "switch", class: "switch", "aria-invalid": "false" }))));
    const control = row.firstChild;
    const [label, input] = control.children;
    if (decl.icon !== undefined) control.prepend(icon(decl.icon));
    label.htmlFor = ids.input(decl.id);
    label.append(decl.title);
    input.id = ids.input(decl.id);
    input.checked = node.field.value;
    attach(node.field, row, [input], behaviours.boolean);
    return row;
  }

  function renderSegment(decl, node) {
    const row = template("segment", () => fieldRow(h("div", { class: "control segment" },
      h("span", { class: "title" }), h("div", { class: "segmented", role: "radiogroup" }))));
    const [title, group] = row.firstChild.children;
    const labelId = ids.input(decl.id) + "-label";
    title.id = labelId;
    title.append(titleOf(decl));
    group.id = ids.input(decl.id);
    group.setAttribute("aria-labelledby", labelId);
    const buttons = decl.options.map((option) => {
      const button = template("segment-option", () => h("button", { type: "button", role: "radio", class: "segment-option", "aria-invalid": "false" }));
      button.dataset.value = option.value;
      button.append(optionText(option));
      group.append(button);
      return button;
    });
    showSegment(attach(node.field, row, buttons, behaviours.segment));
    return row;
  }

  /**
   * A segment is a radio group (WAI-ARIA): one Tab stop, the chosen option (or
   * the first when none is), and the arrow keys move the choice.
   */
  function showSegment(field) {
    const chosen = field.decl.options.findIndex((option) => option.value === field.value);
    field.inputs.forEach((button, index) => {
      button.setAttribute("aria-checked", String(index === chosen));
      button.tabIndex = index === Math.max(chosen, 0) ? 0 : -1;
    });
  }

  /** The title as a `<label>` with the unit read after it (`Weight (kg)`), the unit shown after the value. */
  function nameNumber(decl, label, line) {
    label.htmlFor = ids.input(decl.id);
    label.append(titleOf(decl));
    if (decl.unit === undefined) return;
    label.append(h("span", { class: "visually-hidden" }, " (" + decl.unit + ")"));
    line.append(h("span", { class: "unit", "aria-hidden": "true" }, decl.unit));
  }

  function renderNumber(decl, node) {
    if (decl.style === "stepper") return renderStepper(decl, node);
    if (decl.style === "slider") return renderSlider(decl, node);
    // type=text with inputmode: a number input would parse through floating point and
    // drop what it cannot read; the page reads the text exactly.
    const row = template("number", () => fieldRow(h("div", { class: "control number field-style" },
      h("label", { class: "title" }),
      h("span", { class: "value-line" }, h("input", { type: "text", autocomplete: "off", spellcheck: "false", "aria-invalid": "false" })))));
    const [label, line] = row.firstChild.children;
    const input = line.firstChild;
    input.id = ids.input(decl.id);
    input.setAttribute("inputmode", decl.decimals === 0 ? "numeric" : "decimal");
    if (decl.placeholder !== undefined) input.setAttribute("placeholder", decl.placeholder);
    nameNumber(decl, label, line);
    input.value = node.field.value === null ? "" : node.field.value;
    attach(node.field, row, [input], behaviours.number);
    return row;
  }

  /** − and + change the value by `step`, within the fixed `min`/`max` rules, as a Stepper with a range. */
  function renderStepper(decl, node) {
    const row = template("stepper", () => fieldRow(h("div", { class: "control number stepper", role: "group" },
      h("span", { class: "title" }),
      h("span", { class: "value-line" }, h("output", { class: "stepper-value", "aria-live": "polite" })),
      h("span", { class: "stepper-buttons" },
        h("button", { type: "button", class: "step", "data-step": "-1", "aria-invalid": "false" }, "\u2212"),
        h("button", { type: "button", class: "step", "data-step": "1", "aria-invalid": "false" }, "+")))));
    const control = row.firstChild;
    const [title, line, buttons] = control.children;
    const [minus, plus] = buttons.children;
    const labelId = ids.input(decl.id) + "-label";
    control.setAttribute("aria-labelledby", labelId);
    title.id = labelId;
    title.append(titleOf(decl));
    line.firstChild.id = ids.input(decl.id);
    if (decl.unit !== undefined) line.append(h("span", { class: "unit", "aria-hidden": "true" }, decl.unit));
    minus.setAttribute("aria-label", say.decrease(titleOf(decl)));
    plus.setAttribute("aria-label", say.increase(titleOf(decl)));
    const field = attach(node.field, row, [minus, plus], behaviours.stepper);
    field.output = line.firstChild;
    // Focused, a button tells the value too.
    for (const button of [minus, plus]) button.setAttribute("aria-describedby", line.firstChild.id + " " + button.getAttribute("aria-describedby"));
    showStepper(field);
    return row;
  }

  /**
   * The value, and − and + told unavailable at their bounds (`aria-disabled`: a
   * disabled button would drop the focus of the person pressing it).
   */
  function showStepper(field) {
    field.output.textContent = field.value === null ? "\u2014" : field.value;
    field.output.dataset.value = field.value === null ? "" : field.value;
    const [minus, plus] = field.inputs;
    const value = field.value === null ? null : parseDecimal(field.value);
    const low = numberBound(field.decl, "min");
    const high = numberBound(field.decl, "max");
    minus.setAttribute("aria-disabled", String(value !== null && low !== null && compareDecimals(value, low) <= 0));
    plus.setAttribute("aria-disabled", String(value !== null && high !== null && compareDecimals(value, high) >= 0));
  }

  /** A range input between the `min` and `max` rules (the checker requires both for a slider). */
  function renderSlider(decl, node) {
    const row = template("slider", () => fieldRow(h("div", { class: "control number slider" },
      h("label", { class: "title" }),
      h("span", { class: "value-line" }, h("input", { type: "range", "aria-invalid": "false" }), h("output", { class: "slider-value" })))));
    const [label, line] = row.firstChild.children;
    const [input, shown] = line.children;
    const low = numberBound(decl, "min");
    const high = numberBound(decl, "max");
    input.id = ids.input(decl.id);
    input.setAttribute("min", low === null ? "0" : decimalText(low));
    input.setAttribute("max", high === null ? "100" : decimalText(high));
    if (decl.step !== undefined) input.setAttribute("step", decl.step);
    shown.setAttribute("for", ids.input(decl.id));
    nameNumber(decl, label, line);
    // Empty, the thumb rests at the low end (the browser would put it halfway) and the value reads "—".
    input.value = node.field.value !== null ? node.field.value : input.min;
    const field = attach(node.field, row, [input], behaviours.slider);
    field.output = shown;
    showSlider(field);
    return row;
  }

  function showSlider(field) {
    const value = field.value;
    field.output.textContent = value === null ? "\u2014" : value;
    field.inputs[0].setAttribute("aria-valuetext", value === null ? say.noValue : value + (field.decl.unit !== undefined ? " " + field.decl.unit : ""));
  }

  const dateInputTypes = { date: "date", time: "time", dateTime: "datetime-local" };

  function renderDate(decl, node) {
    const row = template("date-" + decl.mode, () => fieldRow(h("div", { class: "control date" },
      h("label", { class: "title" }), h("input", { type: dateInputTypes[decl.mode], "aria-invalid": "false" }))));
    const [label, input] = row.firstChild.children;
    label.htmlFor = ids.input(decl.id);
    label.append(titleOf(decl));
    input.id = ids.input(decl.id);
    input.className = "date-input " + decl.style;
    const low = dateLimit(decl, "min");
    const high = dateLimit(decl, "max");
    if (low !== null) input.min = low;
    if (high !== null) input.max = high;
    const field = attach(node.field, row, [input], behaviours.date);
    if (field.value !== null) showDate(field); // a new input is empty already
    return row;
  }

  /**
   * The input's `min` or `max` from the field's first rule of that name, as
   * FormRuntime's `DateElement` is bounded: a relative day on the page's clock; for
   * an instant, that day's first or last minute in the page's zone. Null: no bound.
   */
  function dateLimit(decl, which) {
    const rule = decl.rules.find((candidate) => candidate.rule === which && candidate.bound !== undefined && candidate.when === undefined);
    if (rule === undefined || rule.bound === undefined) return null;
    const bound = rule.bound;
    if (decl.mode === "dateTime") {
      if (bound.type === "dateTime") return wallText(Date.parse(bound.value));
      const day = relativeDay(bound);
      return wallText(which === "min" ? startOfDay(day) : startOfDay(addDays(day, 1)) - 1);
    }
    return bound.type === "today" ? dayText(relativeDay(bound)) : bound.value;
  }

  function showDate(field) {
    field.inputs[0].value = field.value === null ? "" : field.decl.mode === "dateTime" ? wallText(field.value) : field.value;
  }

  /** A `<select>` for every style; without a default its first choice is "nothing selected". */
  function renderPicker(decl, node) {
    const row = template("picker", () => fieldRow(h("div", { class: "control picker" },
      h("label", { class: "title" }), h("select", { "aria-invalid": "false" }))));
    const [label, select] = row.firstChild.children;
    label.htmlFor = ids.input(decl.id);
    label.append(titleOf(decl));
    select.id = ids.input(decl.id);
    select.className = "picker " + decl.style;
    if (decl.default === null) select.append(new Option(say.none, ""));
    for (const option of decl.options) select.append(new Option(optionText(option), option.value));
    select.value = node.field.value === null ? "" : node.field.value;
    attach(node.field, row, [select], behaviours.picker);
    return row;
  }

  /** Checkboxes (`checklist`) or toggle buttons (`chips`); the value keeps option order. */
  function renderMultiChoice(decl, node) {
    const row = template("multiChoice", () => fieldRow(h("div", { class: "control multi-choice", role: "group" },
      h("span", { class: "title" }), h("div", { class: "choices" }))));
    const control = row.firstChild;
    const [title, choices] = control.children;
    const labelId = ids.input(decl.id) + "-label";
    control.className = "control multi-choice " + decl.style;
    control.setAttribute("aria-labelledby", labelId);
    title.id = labelId;
    title.append(titleOf(decl));
    const chosen = new Set(node.field.value);
    const toggles = decl.options.map((option, index) => {
      if (decl.style === "chips") {
        const chip = template("chip", () => h("button", { type: "button", class: "chip", "aria-invalid": "false" }));
        chip.dataset.value = option.value;
        chip.setAttribute("aria-pressed", String(chosen.has(option.value)));
        chip.append(optionText(option));
        choices.append(chip);
        return chip;
      }
      const choice = template("choice", () => h("span", { class: "choice" }, h("input", { type: "checkbox", "aria-invalid": "false" }), h("label", {})));
      const [box, label] = choice.children;
      box.id = ids.input(decl.id) + "-" + index;
      box.dataset.value = option.value;
      box.checked = chosen.has(option.value);
      label.htmlFor = box.id;
      label.append(optionText(option));
      choices.append(choice);
      return box;
    });
    attach(node.field, row, toggles, behaviours.multiChoice);
    return row;
  }

  const inputModes = { email: "email", number: "numeric", decimal: "decimal", phone: "tel", url: "url" };
  const autocompletes = {
    name: "name", givenName: "given-name", familyName: "family-name", email: "email", username: "username",
    password: "current-password", newPassword: "new-password", oneTimeCode: "one-time-code", phone: "tel",
    url: "url", postalCode: "postal-code", streetAddress: "street-address", creditCardNumber: "cc-number",
  };
  const autocapitalizations = { none: "none", words: "words", sentences: "sentences", all: "characters" };

  function renderText(decl, node) {
    // type=text even for an email or URL field: the browser would trim an email
    // input's value, and the rules must see the value as typed.
    const variant = decl.kind === "textView" || decl.multiline === true ? "textarea" : decl.secure === true ? "password" : "text";
    const row = template("text-" + variant, () => fieldRow(h("div", {}, h("label", {}), variant === "textarea"
      ? h("textarea", { rows: 3, spellcheck: "false", "aria-invalid": "false" })
      : h("input", { type: variant, spellcheck: "false", "aria-invalid": "false" }))));
    const control = row.firstChild;
    const [label, input] = control.children;
    control.className = "control text " + decl.kind;
    input.id = ids.input(decl.id);
    for (const [name, value] of [
      ["placeholder", decl.placeholder],
      ["inputmode", inputModes[decl.keyboard]],
      ["autocomplete", autocompletes[decl.contentType] || "off"],
      ["autocapitalize", autocapitalizations[decl.autocapitalization]],
    ]) {
      if (value !== undefined) input.setAttribute(name, String(value));
    }
    if (node.field.value !== "") input.value = node.field.value;
    input.formcAccepted = input.value;
    // A float label is always shown above its input; a text field shows its label
    // when it has one; otherwise the label is for assistive technology only.
    const shown = decl.kind === "floatLabel" || (decl.kind === "textField" && decl.label !== undefined);
    label.htmlFor = ids.input(decl.id);
    label.className = shown ? "title" : "title visually-hidden";
    label.append(decl.label !== undefined ? decl.label : decl.name);
    attach(node.field, row, [input], behaviours.text);
    return row;
  }

  // ---- What the fields do: each kind's handlers by event type, (field, target) → nothing.

  /** The user gave a field `value` (undefined: the field refuses it and keeps its own). */
  function changeValue(field, value) {
    if (value === undefined || sameValue(field.value, value)) return false;
    field.value = value;
    didChange(field);
    return true;
  }

  const isOn = (field, toggle) => (field.decl.style === "chips" ? toggle.getAttribute("aria-pressed") === "true" : toggle.checked);

  /**
   * `maxInputLength` counts Characters, as FormRuntime's TextFieldElement says (an
   * input's `maxlength` would count UTF-16 code units). An edit past it is refused
   * as `maxlength` refuses a keystroke: text added at the end is cut to the limit;
   * any other edit is undone, the caret back where it was. While an input method
   * composes nothing is cut; its text is judged once composed.
   */
  function limitLength(field, input) {
    const limit = field.decl.maxInputLength;
    if (limit === undefined || composing) return;
    const accepted = input.formcAccepted === undefined ? "" : input.formcAccepted;
    if (characterCount(input.value) > limit) {
      if (input.value.startsWith(accepted)) {
        input.value = prefixCharacters(input.value, limit);
      } else {
        input.value = accepted;
        if (input.formcCaret !== undefined) input.setSelectionRange(input.formcCaret, input.formcCaret);
      }
    }
    input.formcAccepted = input.value;
    input.formcCaret = input.selectionEnd;
  }

  /** A text canonically equal to the field's (`é` typed as e and a combining accent) is no edit, as in Swift. */
  function takeText(field, input) {
    if (sameText(field.value, input.value)) return;
    field.value = input.value;
    didChange(field);
  }

  const behaviours = {
    boolean: {
      change(field, input) {
        field.value = input.checked;
        didChange(field);
      },
    },
    segment: {
      click(field, button) {
        const index = field.inputs.indexOf(button);
        if (index < 0 || field.value === field.decl.options[index].value) return;
        field.value = field.decl.options[index].value;
        showSegment(field);
        didChange(field);
      },
      // Arrows go round the options, Home and End to the first and last; each chooses.
      keydown(field, button, event) {
        const index = field.inputs.indexOf(button);
        const count = field.inputs.length;
        const steps = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
        let next;
        if (event.key in steps) next = (index + steps[event.key] + count) % count;
        else if (event.key === "Home") next = 0;
        else if (event.key === "End") next = count - 1;
        if (index < 0 || next === undefined || button.disabled) return;
        event.preventDefault();
        field.inputs[next].focus();
        behaviours.segment.click(field, field.inputs[next]);
      },
    },
    number: {
      input: (field, input) => changeValue(field, numberValue(field.decl, input.value)),
      // Once the user is done, the text shows the value the field holds.
      change(field, input) {
        input.value = field.value === null ? "" : field.value;
      },
    },
    stepper: {
      click(field, button) {
        if (!field.inputs.includes(button)) return;
        const decl = field.decl;
        const step = parseDecimal(decl.step);
        const low = numberBound(decl, "min");
        const high = numberBound(decl, "max");
        const direction = BigInt(button.dataset.step);
        // From empty, the first press gives the lower bound, else 0.
        let next = field.value === null
          ? (low !== null ? low : { units: 0n, scale: 0 })
          : (() => {
            const current = parseDecimal(field.value);
            const scale = Math.max(current.scale, step.scale);
            const units = current.units * 10n ** BigInt(scale - current.scale) + direction * step.units * 10n ** BigInt(scale - step.scale);
            return { units, scale };
          })();
        if (low !== null && compareDecimals(next, low) < 0) next = low;
        if (high !== null && compareDecimals(next, high) > 0) next = high;
        changeValue(field, numberValue(decl, decimalText(next)));
        showStepper(field);
      },
    },
    slider: {
      // The browser's value is a floating-point number's text: rounding it to `decimals` places gives the exact step.
      input(field, input) {
        changeValue(field, numberValue(field.decl, input.value));
        showSlider(field);
      },
    },
    date: {
      input: (field, input) => changeValue(field, dateValue(field.decl, input.value)),
      change(field, input) {
        changeValue(field, dateValue(field.decl, input.value));
        showDate(field);
      },
    },
    picker: {
      change: (field, select) => changeValue(field, select.value === "" ? null : select.value),
    },
    multiChoice: {
      click(field, toggle) {
        if (field.decl.style !== "chips" || !field.inputs.includes(toggle)) return;
        toggle.setAttribute("aria-pressed", String(!isOn(field, toggle)));
        takeChoices(field);
      },
      change(field) {
        if (field.decl.style !== "chips") takeChoices(field);
      },
    },
    text: {
      input(field, input) {
        limitLength(field, input);
        if (field.decl.continuous !== false) takeText(field, input);
      },
      change(field, input) {
        if (field.decl.continuous === false) takeText(field, input);
      },
    },
  };

  function takeChoices(field) {
    changeValue(field, field.decl.options.filter((option, index) => isOn(field, field.inputs[index])).map((option) => option.value));
  }
"""#
}
