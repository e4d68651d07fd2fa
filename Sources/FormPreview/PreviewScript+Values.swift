extension PreviewScript {
    /// Exact decimals, and the values of numbers and dates as the generated Swift holds them.
    static let values = #"""
  // ---- Exact decimals: text `-?digits(.digits)?` as a BigInt of units and a scale,
  // never a floating-point number, as FormRuntime compares Decimals.

  function parseDecimal(text) {
    const match = /^([+-]?)([0-9]*)(?:\.([0-9]*))?$/.exec(text);
    if (!match || (match[2] + (match[3] || "")).length === 0) return null;
    const fraction = match[3] || "";
    const units = BigInt((match[2] || "0") + fraction);
    return { units: match[1] === "-" ? -units : units, scale: fraction.length };
  }

  function compareDecimals(a, b) {
    const scale = Math.max(a.scale, b.scale);
    const x = a.units * 10n ** BigInt(scale - a.scale);
    const y = b.units * 10n ** BigInt(scale - b.scale);
    return x < y ? -1 : x > y ? 1 : 0;
  }

  /** Rounded to `places` digits, half away from zero (NSDecimalRound's `.plain`). */
  function roundDecimal(value, places) {
    if (value.scale <= places) return { units: value.units * 10n ** BigInt(places - value.scale), scale: places };
    const divisor = 10n ** BigInt(value.scale - places);
    const magnitude = value.units < 0n ? -value.units : value.units;
    let rounded = magnitude / divisor;
    if ((magnitude % divisor) * 2n >= divisor) rounded += 1n;
    return { units: value.units < 0n ? -rounded : rounded, scale: places };
  }

  /** The text FormRuntime's `text` gives: exactly `scale` places after a `.`. */
  function decimalText(value) {
    const negative = value.units < 0n;
    const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, "0");
    const text = value.scale === 0 ? digits : digits.slice(0, digits.length - value.scale) + "." + digits.slice(digits.length - value.scale);
    return (negative ? "-" : "") + text;
  }

  // ---- The values of the §10 kinds, as the generated Swift holds them.

  const intRange = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

  /** A number field's fixed `min` or `max` bound, or null. */
  function numberBound(decl, name) {
    // The highest `min`, the lowest `max`, when one is given twice: the ones a value must pass.
    let result = null;
    for (const rule of decl.rules) {
      if (rule.rule !== name || rule.bound === undefined || rule.bound.type !== "number" || rule.when !== undefined) continue;
      const value = parseDecimal(rule.bound.value);
      if (result === null || compareDecimals(value, result) * (name === "min" ? 1 : -1) > 0) result = value;
    }
    return result;
  }

  /**
   * A number as the generated Swift holds it: rounded to `decimals` places (half away
   * from zero), exactly; an Int field refuses a number beyond Int's range and a field
   * with a default refuses empty (undefined: nothing changes). Text that is no plain
   * decimal number (`.` as the separator) is empty.
   */
  function numberValue(decl, text) {
    const trimmed = text.trim();
    const parsed = trimmed === "" ? null : parseDecimal(trimmed);
    if (parsed === null) return decl.default === null ? null : undefined;
    const rounded = roundDecimal(parsed, decl.decimals);
    if (decl.decimals === 0 && (rounded.units < intRange.min || rounded.units > intRange.max)) return undefined;
    return decimalText(rounded);
  }

  const canonicalNumber = (decl, text) => (text === null ? null : decimalText(roundDecimal(parseDecimal(text), decl.decimals)));

  /** An instant as a datetime-local input's text in the page's zone, to the minute. */
  function wallText(ms) {
    const wall = wallClock(ms);
    return dayText(wall) + "T" + pad(wall.hour, 2) + ":" + pad(wall.minute, 2);
  }

  /**
   * The value of a date input's text: `YYYY-MM-DD` (years 1–9999, FormDate's range),
   * `HH:mm`, or for dateTime the instant (milliseconds) the wall-clock text names in
   * the page's zone. Empty is nil; a field with a default refuses it.
   */
  function dateValue(decl, text) {
    let value = null;
    if (decl.mode === "date") {
      value = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(text) && text !== "0000" + text.slice(4) ? text : null;
    } else if (decl.mode === "time") {
      value = /^[0-9]{2}:[0-9]{2}/.test(text) ? text.slice(0, 5) : null;
    } else {
      const match = /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})/.exec(text);
      value = match && match[1] !== "0000" ? instantOf(...match.slice(1, 6).map(Number)) : null;
    }
    return value === null && decl.default !== null ? undefined : value;
  }

  function sameValue(a, b) {
    if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => item === b[index]);
    return a === b;
  }
"""#
}
