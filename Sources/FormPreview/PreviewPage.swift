import FormJSON
import FormModel
import FormSource

/// `formc preview`: one self-contained HTML page per form (SPEC §13), and an index
/// page linking several. Bytes in, text out: the `formc` command writes the files.
///
/// The page holds three fixed things and one datum: the style (`PreviewAssets.style`),
/// the script (`PreviewAssets.script`), a Content-Security-Policy that allows exactly
/// those two by their SHA-256 hashes and nothing else (no request can leave the
/// page, no injected script could run), and the form as JSON (`PreviewData`) in a
/// `<script type="application/json">` element, which the browser never runs.
public enum PreviewPage {
    /// The page of one checked form, drawn in `language`.
    public static func html(for form: CheckedForm, language: PreviewLanguage = .source) -> String {
        let form = language.localized(form)
        let document = form.document
        let title = document.title?.value ?? document.name.value
        return """
        <!DOCTYPE html>
        <html lang="\(escapeHTML(language.tag))">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy(script: PreviewAssets.script, style: PreviewAssets.style))">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta name="generator" content="formc preview">
        <title>\(escapeHTML(title))</title>
        <style>\(PreviewAssets.style)</style>
        </head>
        <body>
        <main id="formc-form"></main>
        <script type="application/json" id="formc-data">
        \(scriptData(PreviewData.json(for: form)))</script>
        <script>\(PreviewAssets.script)</script>
        </body>
        </html>

        """
    }

    /// One link of the index page: the form's title (or name), its type name,
    /// the page's file name, relative to the index, and the title's language tag
    /// when it is not the index page's own (English).
    public struct IndexEntry: Sendable, Equatable {
        public var title: String
        public var form: String
        public var file: String
        public var language: String?

        public init(title: String, form: String, file: String, language: String? = nil) {
            self.title = title
            self.form = form
            self.file = file
            self.language = language
        }

        /// The entry of `form`'s page, its title in `language`.
        public init(form: CheckedForm, file: String, language: PreviewLanguage = .source) {
            let document = language.localized(form).document
            self.init(
                title: document.title?.value ?? document.name.value, form: document.name.value, file: file,
                language: language == .source ? nil : language.tag
            )
        }
    }

    /// `index.html`: a list of the pages, in the order given.
    public static func index(_ entries: [IndexEntry]) -> String {
        var items = ""
        for entry in entries {
            let lang = entry.language.map { " lang=\"\(escapeHTML($0))\"" } ?? ""
            items += "<li><a href=\"\(escapeHTML(percentEncoded(entry.file)))\"\(lang)>\(escapeHTML(entry.title))</a>"
            items += " <span class=\"type\">\(escapeHTML(entry.form))</span></li>\n"
        }
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src '\(hashSource(PreviewAssets.indexStyle))'; base-uri 'none'; form-action 'none'">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta name="generator" content="formc preview">
        <title>Form previews</title>
        <style>\(PreviewAssets.indexStyle)</style>
        </head>
        <body>
        <main>
        <h1>Form previews</h1>
        <ul>
        \(items)</ul>
        </main>
        </body>
        </html>

        """
    }

    /// `default-src 'none'`: no fetch, image, font, frame or connection of any kind;
    /// the one script and the one style are allowed by hash.
    static func contentSecurityPolicy(script: String, style: String) -> String {
        "default-src 'none'; script-src '\(hashSource(script))'; style-src '\(hashSource(style))'; base-uri 'none'; form-action 'none'"
    }

    /// `sha256-…` of the text as UTF-8.
    static func hashSource(_ text: String) -> String {
        "sha256-" + SHA256.base64(SHA256.digest(Array(text.utf8)))
    }

    /// The JSON text made safe inside a `<script>` element: `<`, `>` and `&` only
    /// occur inside JSON strings, where `\u003C` means the same; so no `</script>`
    /// or `<!--` can appear. (U+2028 and U+2029 are escaped by `JSONValue` already.)
    /// Compact, with no whitespace between tokens: on a large form indentation
    /// would be a large part of the page, and the page's script parses every byte.
    static func scriptData(_ value: JSONValue) -> String {
        String(decoding: value.compactBytesForHTML(), as: UTF8.self)
    }

    /// Text for HTML element content or a quoted attribute value.
    static func escapeHTML(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A file name as a relative URL: every byte but unreserved ASCII percent-encoded,
    /// so that `:` or `#` in a name cannot make it a scheme or a fragment.
    static func percentEncoded(_ name: String) -> String {
        var out = ""
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}
