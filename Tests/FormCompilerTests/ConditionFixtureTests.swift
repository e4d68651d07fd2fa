@testable import FormChecker
@testable import FormModel
@testable import FormSource
import Testing

/// Builds a `FormDocument` and its `SymbolTable` from a small subset of YAML, so
/// the condition checker can be tested on its own: one `key: value` per line,
/// elements as `- kind: id`, `elements:` nesting by indentation, `options: [a, b]`,
/// and conditions that are plain or single-line quoted scalars. Positions are the
/// real ones of the text, so the same text gives the same line:column through the
/// full pipeline.
enum ConditionFixture {
    struct Form {
        var file: SourceFile
        var document: FormDocument
        var symbols: SymbolTable
    }

    static func make(_ yaml: String) -> Form {
        let file = SourceFile(path: "t.form.yaml", text: yaml)
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        let raws = parseElements(lines, &index, indent: nil)
        var symbols = SymbolTable()
        let elements = raws.enumerated().map { build($1, path: [$0], groups: [], symbols: &symbols) }
        let document = FormDocument(
            version: Located(1, at: .fileStart), name: Located("TestForm", at: .fileStart),
            elements: elements, range: SourceRange(start: .start, end: file.position(ofByteOffset: file.bytes.count))
        )
        return Form(file: file, document: document, symbols: symbols)
    }

    /// Runs the condition checker over a fixture.
    static func check(_ yaml: String) -> (document: FormDocument, diagnostics: [Diagnostic]) {
        var form = make(yaml)
        var bag = DiagnosticBag(file: form.file.path)
        ConditionChecker.check(&form.document, symbols: form.symbols, file: form.file, diagnostics: &bag)
        return (form.document, bag.sorted)
    }

    private struct Value {
        var text: String
        var range: SourceRange
    }

    private struct RawElement {
        var kind: String
        var argument: Value
        var properties: [String: Value] = [:]
        var children: [RawElement] = []
        var line: Int
    }

    private static func parseElements(_ lines: [String], _ index: inout Int, indent: Int?) -> [RawElement] {
        var result: [RawElement] = []
        var dashIndent = indent
        while index < lines.count {
            let line = lines[index]
            let spaces = line.prefix { $0 == " " }.count
            let rest = line.dropFirst(spaces)
            if rest.isEmpty || rest.hasPrefix("#") { index += 1; continue }
            if rest.hasPrefix("- ") {
                if dashIndent == nil { dashIndent = spaces }
                guard spaces == dashIndent else { return result }
                let (key, value) = keyValue(String(rest.dropFirst(2)), line: index + 1, column: spaces + 3)
                result.append(RawElement(kind: key, argument: value, line: index + 1))
                index += 1
            } else if let dash = dashIndent, spaces == dash + 2, !result.isEmpty {
                let (key, value) = keyValue(String(rest), line: index + 1, column: spaces + 1)
                index += 1
                if key == "elements" {
                    result[result.count - 1].children = parseElements(lines, &index, indent: nil)
                } else {
                    result[result.count - 1].properties[key] = value
                }
            } else if dashIndent == nil {
                index += 1 // document keys before `elements:`
            } else {
                return result
            }
        }
        return result
    }

    private static func keyValue(_ text: String, line: Int, column: Int) -> (String, Value) {
        guard let colon = text.firstIndex(of: ":") else {
            return (text, Value(text: "", range: SourceRange(at: SourcePosition(line: line, column: column))))
        }
        let key = String(text[..<colon])
        let value = text[colon...].dropFirst().drop { $0 == " " }
        let valueColumn = column + text.unicodeScalars.count - value.unicodeScalars.count
        let start = SourcePosition(line: line, column: valueColumn)
        let end = SourcePosition(line: line, column: valueColumn + value.unicodeScalars.count)
        return (key, Value(text: String(value), range: SourceRange(start: start, end: end)))
    }

    private static func condition(_ value: Value?) -> Condition? {
        guard let value else { return nil }
        var text = value.text
        var style = ScalarStyle.plain
        if text.hasPrefix("'") {
            style = .singleQuoted
            text = String(text.dropFirst().dropLast())
            var decoded = ""
            var iterator = text.makeIterator()
            while let character = iterator.next() {
                decoded.append(character)
                if character == "'" { _ = iterator.next() }
            }
            text = decoded
        } else if text.hasPrefix("\"") {
            style = .doubleQuoted
            text = String(text.dropFirst().dropLast())
            var decoded = ""
            var escaped = false
            for character in text {
                if escaped || character != "\\" {
                    decoded.append(character)
                    escaped = false
                } else {
                    escaped = true
                }
            }
            text = decoded
        }
        return Condition(source: Located(text, at: value.range), style: style)
    }

    private static func build(_ raw: RawElement, path: ElementPath, groups: [ElementPath], symbols: inout SymbolTable) -> Element {
        let id = Located(raw.argument.text, at: raw.argument.range)
        let common = FieldCommon(id: id)
        let kind: ElementKind
        var valueType: FieldValueType?
        switch raw.kind {
        case "boolean":
            kind = .boolean(BooleanFieldDecl(common: common, title: Located("T", at: .fileStart)))
            valueType = .bool
        case "segment":
            let list = raw.properties["options"]?.text.dropFirst().dropLast() ?? ""
            let options = list.split(separator: ",").map {
                SegmentOption(value: Located($0.trimmingSpaces, at: .fileStart), range: .fileStart)
            }
            let defaultValue = raw.properties["default"].map { Located($0.text, at: $0.range) }
            let segment = SegmentFieldDecl(common: common, options: options, defaultValue: defaultValue)
            kind = .segment(segment)
            valueType = .segment(enumName: segment.swiftEnumName, optional: segment.isOptional)
        case "textField", "floatLabel", "textView":
            kind = .text(TextInputDecl(variant: TextInputDecl.Variant(rawValue: raw.kind)!, common: common))
            valueType = .string
        case "group":
            var children: [Element] = []
            for (index, child) in raw.children.enumerated() {
                children.append(build(child, path: path + [index], groups: groups + [path], symbols: &symbols))
            }
            kind = .group(GroupDecl(id: raw.argument.text.isEmpty ? nil : id, elements: children))
        case "segue":
            kind = .segue(SegueDecl(id: id, title: Located("T", at: .fileStart)))
        default:
            kind = .staticText(StaticTextDecl(text: id))
        }
        if ["boolean", "segment", "textField", "floatLabel", "textView", "group", "segue"].contains(raw.kind), !id.value.isEmpty {
            _ = symbols.declare(id.value, at: id.range)
        }
        if let valueType {
            symbols.addField(FieldSymbol(
                id: id.value, range: id.range, valueType: valueType, path: path, enclosingGroups: groups,
                trigger: .blurAfterChange
            ))
        }
        let start = SourcePosition(line: raw.line, column: 1)
        return Element(
            kind: kind, range: SourceRange(at: start), kindKeyRange: SourceRange(at: start),
            visibleWhen: condition(raw.properties["visibleWhen"]), enabledWhen: condition(raw.properties["enabledWhen"])
        )
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

extension Diagnostic {
    /// `3:18 FC500 message`, the shape most condition tests compare.
    var summary: String {
        "\(location.range.start) \(code) \(message)"
    }
}

extension ConditionFixture {
    /// A condition whose range covers the first occurrence of `raw` in `file`.
    static func scalar(_ raw: String, in file: SourceFile, decoded: String, style: ScalarStyle) -> Condition {
        let text = file.bytes
        let needle = Array(raw.utf8)
        let offset = text.count < needle.count ? 0 : (0...(text.count - needle.count)).first {
            Array(text[$0..<$0 + needle.count]) == needle
        } ?? 0
        let range = SourceRange(
            start: file.position(ofByteOffset: offset), end: file.position(ofByteOffset: offset + needle.count)
        )
        return Condition(source: Located(decoded, at: range), style: style)
    }
}

@Test func fixtureRecordsPathsGroupsAndPositions() {
    let form = ConditionFixture.make("""
    elements:
      - boolean: a
      - group: g
        visibleWhen: a
        elements:
          - textField: b
            enabledWhen: 'a'
    """)
    #expect(form.symbols.fields.map(\.id) == ["a", "b"])
    #expect(form.symbols.field("b")?.path == [1, 0])
    #expect(form.symbols.field("b")?.enclosingGroups == [[1]])
    let group = form.document.elements[1]
    #expect(group.visibleWhen?.source.range.start == SourcePosition(line: 4, column: 18))
    guard case .group(let decl) = group.kind else { Issue.record("not a group"); return }
    #expect(decl.elements[0].enabledWhen?.style == .singleQuoted)
    #expect(decl.elements[0].enabledWhen?.source.range.start == SourcePosition(line: 7, column: 22))
}
