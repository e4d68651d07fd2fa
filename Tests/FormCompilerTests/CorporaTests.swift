@testable import FormSource
@testable import FormSyntax
import Foundation
import Testing

/// The public conformance corpora in `../shared/corpora` (next to the package),
/// or nil when this checkout does not have them.
private enum Corpora {
    static let root: URL? = {
        // #filePath is .../<package>/Tests/FormCompilerTests/CorporaTests.swift.
        let package = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let corpora = package.deletingLastPathComponent().appendingPathComponent("shared/corpora")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: corpora.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return nil
        }
        return corpora
    }()

    static func contents(of folder: String) throws -> [URL] {
        let directory = try #require(root).appendingPathComponent(folder)
        return try FileManager.default
            .contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    static func bytes(_ url: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: url))
    }
}

/// The result of one reader on one corpus file.
private struct Reading {
    var node: SyntaxTree?
    var diagnostics: [Diagnostic]

    init(_ read: (SourceFile, CompilerLimits, inout DiagnosticBag) -> SyntaxTree?, path: String, bytes: [UInt8]) {
        let file = SourceFile(path: path, bytes: bytes)
        var bag = DiagnosticBag(file: path)
        node = read(file, .default, &bag)
        diagnostics = bag.diagnostics
    }

    func has(_ code: DiagnosticCode) -> Bool { diagnostics.contains { $0.code == code } }

    /// Diagnostics without a usable 1-based position.
    var unlocated: [Diagnostic] {
        diagnostics.filter { $0.location.range.start.line < 1 || $0.location.range.start.column < 1 }
    }
}

@Suite(.enabled(if: Corpora.root != nil, "the corpora are not at ../shared/corpora next to the package; skipped"))
struct CorporaTests {
    /// Every case of the YAML test suite: formc reports a syntax error (FC001)
    /// exactly when libyaml's own event loop rejects the input.
    ///
    /// Two FC001s are formc's own and are not libyaml's verdict: an alias whose
    /// anchor is unknown (libyaml's parser does not resolve aliases). A second
    /// document is FC003, formc's policy, not a syntax error.
    @Test func yamlTestSuiteVerdictsMatchLibyaml() throws {
        let cases = try Corpora.contents(of: "yaml-test-suite").filter {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("in.yaml").path)
        }
        #expect(cases.count == 402)
        var disagreements: [String] = []
        var unlocated: [String] = []
        for folder in cases {
            let bytes = try Corpora.bytes(folder.appendingPathComponent("in.yaml"))
            let libyamlAccepts = LibYAMLFloor.parseEventCount(bytes) != nil
            let reading = Reading(YAMLReader.read, path: folder.lastPathComponent, bytes: bytes)
            let syntaxErrors = reading.diagnostics.filter {
                $0.code == .syntaxError && !$0.message.hasPrefix("unknown alias")
            }
            if libyamlAccepts == !syntaxErrors.isEmpty {
                disagreements.append("\(folder.lastPathComponent): libyaml \(libyamlAccepts ? "accepts" : "rejects")")
            }
            if reading.node == nil, !reading.has(.duplicateKey), reading.diagnostics.allSatisfy({ $0.severity != .error }) {
                disagreements.append("\(folder.lastPathComponent): no tree and no error")
            }
            if !reading.unlocated.isEmpty { unlocated.append(folder.lastPathComponent) }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
        #expect(unlocated.isEmpty, "\(unlocated)")
    }

    /// nst/JSONTestSuite: `y_` accepted, `n_` rejected with a located FC001 or
    /// FC004, `i_` either way without a crash.
    @Test func jsonTestSuiteVerdicts() throws {
        let files = try Corpora.contents(of: "json-test-suite").filter { $0.pathExtension == "json" }
        #expect(files.count == 318)
        var wrong: [String] = []
        for url in files {
            let name = url.lastPathComponent
            let reading = Reading(JSONReader.read, path: name, bytes: try Corpora.bytes(url))
            let rejected = reading.has(.syntaxError) || reading.has(.limitExceeded)
            if name.hasPrefix("y_"), rejected || reading.node == nil {
                wrong.append("\(name): rejected: \(reading.diagnostics.map(\.message))")
            }
            if name.hasPrefix("n_"), !rejected || reading.node != nil {
                wrong.append("\(name): accepted")
            }
            if !reading.unlocated.isEmpty { wrong.append("\(name): unlocated diagnostic") }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }
}
