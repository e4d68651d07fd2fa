import Foundation
import FormRuntime
import Testing

// README, "Shipping the catalog": the code an app target uses, verbatim. This
// target is built as an app's is: FormcPlugin compiles Forms/signup.form.yaml,
// and Resources/Localizable.xcstrings (`formc strings`, translated into German)
// is a processed resource of a package with `defaultLocalization: "en"`.

// README begin
/// The form strings of the String Catalog this target ships.
func formLocalization(language: String) throws -> FormLocalization {
    guard let url = Bundle.module.url(forResource: "Localizable", withExtension: "xcstrings") else {
        // Xcode compiled the catalog into the bundle's string tables: the user's language.
        return .bundle(.module, table: "Localizable")
    }
    // SwiftPM on Linux copies the catalog as it is: read it, in the language asked for.
    return .catalog(try StringCatalog(contentsOf: url), locale: language)
}
// README end

@MainActor
struct ShippedCatalogTests {
    /// This test target's folder.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// Whether the catalog is read at run time (SwiftPM on Linux), so that the
    /// language asked for is the one looked up; compiled by Xcode, the bundle
    /// follows the user's language instead, which a test cannot set.
    nonisolated static let readsTheCatalog = Bundle.module.url(forResource: "Localizable", withExtension: "xcstrings") != nil

    @Test(.enabled(if: readsTheCatalog, "the catalog was compiled into string tables"))
    func theGeneratedFormReadsTheShippedCatalog() async throws {
        let form = SignUpForm()
        form.context.localization = try formLocalization(language: "de-CH")
        #expect(form.localizedTitle == "Konto erstellen")
        let account = try #require(form.elements.lazy.compactMap { $0 as? GroupElement }.first)
        #expect(account.title == "Konto")
        let email = try #require(account.elements.first as? TextFieldElement)
        #expect(email.placeholder == "du@beispiel.de")
        // Default messages (SPEC §6.3) and a message the form gives.
        form.password.value = "short"
        let report = await form.validate()
        #expect(report[.email] == .invalid(message: "E-Mail ist erforderlich"))
        #expect(report[.password] == .invalid(message: "Das Passwort muss mindestens 8 Zeichen haben"))
        form.password.value = "longenough"
        #expect(await form.validate()[.password] == .invalid(message: "Verwende mindestens eine Ziffer"))
    }

    @Test(.enabled(if: readsTheCatalog, "the catalog was compiled into string tables"))
    func aLanguageTheCatalogLacksGetsTheFormsText() async throws {
        let form = SignUpForm()
        form.context.localization = try formLocalization(language: "fr")
        #expect(form.localizedTitle == "Create your account")
        #expect(await form.validate()[.email] == .invalid(message: "Email is required"))
    }

    #if os(Linux)
    /// What the docs say SwiftPM on Linux does with an `.xcstrings` resource under
    /// `.process`: it copies the file unchanged and compiles no string tables, so
    /// Foundation's bundle lookup finds nothing and only the catalog read at run
    /// time is German.
    @Test func swiftPMOnLinuxCopiesTheCatalogAsItIs() throws {
        let shipped = try #require(Bundle.module.url(forResource: "Localizable", withExtension: "xcstrings"))
        let source = Self.directory.appendingPathComponent("Resources/Localizable.xcstrings")
        #expect(try Data(contentsOf: shipped) == Data(contentsOf: source))
        let bundleLookup = FormLocalization.bundle(.module, table: "Localizable")
        #expect(bundleLookup.string("SignUpForm.title", default: "Create your account") == "Create your account")
        #expect(try formLocalization(language: "de").string("SignUpForm.title", default: "Create your account") == "Konto erstellen")
    }
    #endif

    /// The README's snippet is the code above, so that what it shows compiles and works.
    @Test func theReadmeShowsThisCode() throws {
        let root = Self.directory.deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let begin = try #require(source.range(of: "// README begin\n"))
        let end = try #require(source.range(of: "// README end\n"))
        let snippet = String(source[begin.upperBound..<end.lowerBound])
        #expect(snippet.contains("func formLocalization"))
        #expect(readme.contains("```swift\n" + snippet + "```\n"), "README.md's snippet differs from ShippedCatalogTests.swift's")
    }
}
