import FormJSON
import FormSource

/// The one walk of an element tree into JSON, for `formc dump` (TreeDump) and the
/// preview page's data (FormPreview's PreviewData): each element an object that
/// starts with its `kind` and `id`, then the members its output adds, and last, for
/// a group, its children under `elements` (a list's entry elements are
/// each output's own: they are read in the entry's scope). The keys both outputs write alike (a
/// toggle's, a text field's, a spacer's, a segue's; a group's insets) are written
/// here once; the rest is each output's own.
package enum ElementJSON {
    /// The elements as a JSON array, each element's own members added by `add`.
    package static func array(_ elements: [Element], adding add: (Element, inout Members) -> Void) -> JSONValue {
        .array(elements.map { object($0, adding: add) })
    }

    /// One element as a JSON object: `kind`, `id`, what `add` adds, then its children.
    package static func object(_ element: Element, adding add: (Element, inout Members) -> Void) -> JSONValue {
        var members = Members()
        members.append("kind", .string(element.kind.keyword))
        if let id = element.id { members.append("id", .string(id.value)) }
        add(element, &members)
        if case .group(let group) = element.kind {
            members.append("elements", array(group.elements, adding: add))
        }
        return .object(members.list)
    }

    /// Whole numbers as JSON integers; fractions as their shortest decimal text.
    package static func number(_ value: Double) -> JSONValue {
        value == value.rounded() && abs(value) < 1e15 ? .integer(Int(value)) : .string(String(value))
    }

    /// An element's members, in the order they are added.
    package struct Members {
        package private(set) var list: [(String, JSONValue)] = []

        package mutating func append(_ key: String, _ value: JSONValue) {
            list.append((key, value))
        }

        /// The key, when the form gives it.
        package mutating func add(_ key: String, _ value: Located<String>?) {
            if let value { list.append((key, .string(value.value))) }
        }

        package mutating func add(_ key: String, _ value: Located<Bool>?) {
            if let value { list.append((key, .bool(value.value))) }
        }

        package mutating func add<E: RawRepresentable>(_ key: String, _ value: Located<E>?) where E.RawValue == String {
            if let value { list.append((key, .string(value.value.rawValue))) }
        }

        /// A group's `insets`, when the form gives them.
        package mutating func add(insets: Located<EdgeInsets>?) {
            guard let insets = insets?.value else { return }
            append("insets", .object([
                ("top", number(insets.top)), ("left", number(insets.left)),
                ("bottom", number(insets.bottom)), ("right", number(insets.right)),
            ]))
        }

        /// The keys of a toggle, a text field, a spacer or a segue, which both
        /// outputs write alike; false, with nothing added, for the other kinds.
        package mutating func addSharedKeys(of kind: ElementKind) -> Bool {
            switch kind {
            case .boolean(let field):
                add("title", field.title)
                add("icon", field.icon)
                append("default", .bool(field.defaultValue?.value ?? false))
            case .text(let field):
                add("placeholder", field.placeholder)
                add("label", field.label)
                append("default", .string(field.defaultValue?.value ?? ""))
                add("secure", field.secure)
                add("keyboard", field.keyboard)
                add("contentType", field.contentType)
                add("autocapitalization", field.autocapitalization)
                add("continuous", field.continuous)
                if let limit = field.maxInputLength { append("maxInputLength", .integer(limit.value)) }
                add("multiline", field.multiline)
            case .spacer(let spacer):
                append("height", number(spacer.height.value))
            case .segue(let segue):
                add("title", segue.title)
                add("icon", segue.icon)
                add("accessoryIcon", segue.accessoryIcon)
            case .group, .segment, .number, .date, .multiChoice, .staticText, .list:
                return false
            }
            return true
        }
    }
}
