import Testing
@testable import FormRuntime

/// The predicates behind `required`, `email` and `url` (SPEC §6.2).
@Suite struct TextRulesTests {
    @Test(arguments: ["", " ", "\t", "\n", "\r\n", " \t\r\n ", "\u{00A0}", "\u{2028}", "\u{3000}"])
    func blank(_ text: String) {
        #expect(TextRules.isBlank(text))
    }

    @Test(arguments: ["a", " a ", "\n.\n", "\u{200B}"])
    func notBlank(_ text: String) {
        #expect(!TextRules.isBlank(text))
    }

    static let acceptedEmails = [
        "A.B+tag@sub.example.IO",          // SPEC §6.2
        "a@b.io",
        "user.name@example.co.uk",
        "x_y-z@a-b.com",
        "!#$%&'*+/=?^_`{|}~-@x.io",
        "1@2.ab",
        "a@xn--bcher-kva.ch",              // an IDN, in its ASCII form
    ]

    static let rejectedEmails = [
        "a b@c.io", "a..b@x.io", "a@-x.io", "user@localhost", "a@b.c", "x@y.io ",  // SPEC §6.2
        "", "@x.io", "a@", "a", ".a@x.io", "a.@x.io", "a@@x.io", "a@b@x.io",
        "a@x..io", "a@x.io.", "a@.x.io", "a@x-.io", "a@x.i0", "a@x.123",
        " a@x.io", "a\t@x.io", "a@x.io\n", "a@x_y.io", "a(b)@x.io", "a\"b@x.io",
        "ä@x.io", "a@exämple.com", "a@x.io\u{0301}",
    ]

    @Test(arguments: acceptedEmails)
    func acceptsEmail(_ text: String) {
        #expect(TextRules.isEmail(text))
    }

    @Test(arguments: rejectedEmails)
    func rejectsEmail(_ text: String) {
        #expect(!TextRules.isEmail(text))
    }

    static let acceptedURLs = [
        "https://Example.com/a?b=c", "http://localhost:8080/x",                      // SPEC §6.2
        "HTTP://EXAMPLE.COM", "hTtPs://x.io", "https://x.io#frag", "https://x.io?q",
        "https://x.io/", "http://127.0.0.1", "http://[::1]:80/", "https://user:pw@x.io/",
        "https://x.io/ü/ß?q=€", "https://x.io:65535", "https://xn--bcher-kva.ch",
    ]

    static let rejectedURLs = [
        "example.com", "ftp://x.io", "https://",                                    // SPEC §6.2
        "", "https:/x.io", "https:x.io", "https//x.io", "https:///path", "http://:80",
        "https://x.io:", "https://x.io:65536", "https://x.io:123456", "https://x.io:8a",
        "https://exa mple.com", "https://x.io/a b", " https://x.io", "https://x.io ",
        "httpss://x.io", "http ://x.io", "https://-x.io", "https://x-.io", "https://x..io",
        "https://.x.io", "https://ex_ample.com", "https://exämple.com", "https://[]/",
        "https://[::1", "https://[::1]x", "https://user@", "https://user@/x",
        "mailto:a@b.io", "https://x.io/\u{0007}", "https://x.io/\u{00A0}",
    ]

    @Test(arguments: acceptedURLs)
    func acceptsURL(_ text: String) {
        #expect(TextRules.isURL(text))
    }

    @Test(arguments: rejectedURLs)
    func rejectsURL(_ text: String) {
        #expect(!TextRules.isURL(text))
    }
}
