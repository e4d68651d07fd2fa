extension PreviewScript {
    /// The text predicates of the rules: FormRuntime's `TextRules` (length, blank, email, URL).
    static let textRules = #"""
  // ---- Text predicates: FormRuntime's TextRules, on UTF-16 code units (every class
  // they test is ASCII, so a non-ASCII unit fails where a non-ASCII byte does).

  const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
  // Where the browser's segmenter (CLDR's aksara rules) joins a consonant to the
  // cluster before it and Swift (UAX #29) does not: after an invisible stacker
  // (Myanmar, Khmer, Tai Tham, Sundanese, …) or the Balinese and Javanese viramas,
  // and any marks or joiners after it, which Swift keeps with it.
  const stackerThenLetter = /[\u1039\u17D2\u1A60\u1B44\u1BAB\uA9C0\uAAF6\u{10A3F}\u{11133}\u{1193E}\u{11A47}\u{11A99}\u{11D45}\u{11D97}][\p{M}\u200C\u200D]*(?=\p{L})/gu;

  // The Indic viramas that join consonants in Swift too (Unicode's InCB=Linker): a
  // cluster that holds one stays whole there, a stacker in it or not.
  const linker = /[\u094D\u09CD\u0ACD\u0B4D\u0C4D\u0D4D]/u;

  /** The Characters of `text` (extended grapheme clusters), as Swift's String splits them. */
  function* characters(text) {
    for (const { segment } of graphemes.segment(text)) {
      if (linker.test(segment)) {
        yield segment;
        continue;
      }
      let start = 0;
      for (const match of segment.matchAll(stackerThenLetter)) {
        const end = match.index + match[0].length;
        yield segment.slice(start, end);
        start = end;
      }
      yield start === 0 ? segment : segment.slice(start);
    }
  }

  /** As Swift's String.count. */
  function characterCount(text) {
    let count = 0;
    for (const _ of characters(text)) count += 1;
    return count;
  }

  /** The first `count` Characters of `text`. */
  function prefixCharacters(text, count) {
    let prefix = "";
    for (const character of characters(text)) {
      if (count-- <= 0) break;
      prefix += character;
    }
    return prefix;
  }

  /** Only whitespace and newlines: every Character starts with a White_Space scalar. */
  function isBlank(text) {
    for (const character of characters(text)) {
      if (!/^\p{White_Space}/u.test(character)) return false;
    }
    return true;
  }

  /** Every Character is one scalar: then Swift's Regex and RegExp match alike. */
  function hasOnlySingleScalarCharacters(text) {
    for (const character of characters(text)) {
      if ([...character].length !== 1) return false;
    }
    return true;
  }

  const code = (unit) => unit.charCodeAt(0);
  const isLetter = (unit) => { const c = code(unit) | 0x20; return c >= 0x61 && c <= 0x7a; };
  const isDigit = (unit) => { const c = code(unit); return c >= 0x30 && c <= 0x39; };
  const isHexDigit = (unit) => isDigit(unit) || ((code(unit) | 0x20) >= 0x61 && (code(unit) | 0x20) <= 0x66);
  const emailLocalSymbols = "!#$%&'*+/=?^_`{|}~.-";
  const userInfoSymbols = "-._~!$&'()*+,;=:%";
  const units = (text) => text.split("");

  function isHostLabel(label) {
    if (label.length === 0 || label[0] === "-" || label[label.length - 1] === "-") return false;
    return units(label).every((unit) => isLetter(unit) || isDigit(unit) || unit === "-");
  }

  function isEmail(text) {
    const at = text.indexOf("@");
    if (at < 0 || text.indexOf("@", at + 1) >= 0) return false;
    const local = text.slice(0, at);
    const domain = text.slice(at + 1);
    if (local.length === 0 || local[0] === "." || local[local.length - 1] === ".") return false;
    if (!units(local).every((unit) => isLetter(unit) || isDigit(unit) || emailLocalSymbols.includes(unit))) return false;
    if (local.includes("..")) return false;
    const labels = domain.split(".");
    if (labels.length < 2 || !labels.every(isHostLabel)) return false;
    const topLevel = labels[labels.length - 1];
    return topLevel.length >= 2 && units(topLevel).every(isLetter);
  }

  function equalsIgnoringASCIICase(text, word) {
    return text.length === word.length && units(text).every((unit, index) => (code(unit) | 0x20) === code(word[index]));
  }

  function isURL(text) {
    const colon = text.indexOf(":");
    if (colon < 0) return false;
    const scheme = text.slice(0, colon);
    if (!equalsIgnoringASCIICase(scheme, "http") && !equalsIgnoringASCIICase(scheme, "https")) return false;
    if (!text.startsWith("//", colon + 1)) return false;
    const start = colon + 3;
    let end = start;
    while (end < text.length && text[end] !== "/" && text[end] !== "?" && text[end] !== "#") end += 1;
    if (!isAuthority(text.slice(start, end))) return false;
    return /^[^\p{White_Space}\p{Cc}]*$/u.test(text.slice(end));
  }

  function isAuthority(authority) {
    let hostPort = authority;
    const at = authority.lastIndexOf("@");
    if (at >= 0) {
      if (!units(authority.slice(0, at)).every((unit) => isLetter(unit) || isDigit(unit) || userInfoSymbols.includes(unit))) return false;
      hostPort = authority.slice(at + 1);
    }
    let portColon;
    if (hostPort[0] === "[") {
      const close = hostPort.indexOf("]");
      if (close < 0) return false;
      const literal = hostPort.slice(1, close);
      if (literal.length === 0 || !units(literal).every((unit) => isHexDigit(unit) || unit === ":" || unit === ".")) return false;
      const rest = hostPort.slice(close + 1);
      if (rest.length > 0 && rest[0] !== ":") return false;
      portColon = rest.length === 0 ? -1 : close + 1;
    } else {
      portColon = hostPort.indexOf(":");
      const host = portColon < 0 ? hostPort : hostPort.slice(0, portColon);
      if (!host.split(".").every(isHostLabel)) return false;
    }
    if (portColon < 0) return true;
    const port = hostPort.slice(portColon + 1);
    if (port.length < 1 || port.length > 5 || !units(port).every(isDigit)) return false;
    return Number(port) <= 65535;
  }
"""#
}
