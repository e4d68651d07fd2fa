import FormSource

// The payloads of the element kinds that hold no value (SPEC §3): groups,
// spacers, static text and segues.

/// A group (SPEC §3), or a page (SPEC §15.1): a page is a group at the top level
/// that a renderer shows on its own, with a required id and `isPage` set. It
/// hides and disables what it holds as a group does, so every walk over the
/// tree treats the two alike and asks `isPage` only where they differ.
public struct GroupDecl: Sendable {
    public var id: Located<String>?
    /// Whether the element is a `page` rather than a `group`.
    public var isPage: Bool
    public var title: Located<String>?
    public var footer: Located<String>?
    public var style: Located<GroupStyle>?
    public var layout: Located<GroupLayout>?
    public var insets: Located<EdgeInsets>?
    public var elements: [Element]

    public init(
        id: Located<String>? = nil, title: Located<String>? = nil, footer: Located<String>? = nil,
        style: Located<GroupStyle>? = nil, layout: Located<GroupLayout>? = nil,
        insets: Located<EdgeInsets>? = nil, elements: [Element] = [], isPage: Bool = false
    ) {
        self.id = id
        self.isPage = isPage
        self.title = title
        self.footer = footer
        self.style = style
        self.layout = layout
        self.insets = insets
        self.elements = elements
    }
}

public enum GroupStyle: String, Sendable, Hashable, CaseIterable {
    case plain
    case grouped
}

public enum GroupLayout: Sendable, Hashable {
    case intrinsic
    case constantHeight(Double)
}

public struct EdgeInsets: Sendable, Hashable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

public struct SpacerDecl: Sendable {
    public var height: Located<Double>

    public init(height: Located<Double>) {
        self.height = height
    }
}

public struct StaticTextDecl: Sendable {
    public var text: Located<String>
    public var alignment: Located<TextAlignment>?
    public var style: Located<TextStyle>?

    public init(text: Located<String>, alignment: Located<TextAlignment>? = nil, style: Located<TextStyle>? = nil) {
        self.text = text
        self.alignment = alignment
        self.style = style
    }
}

public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
    case leading, center, trailing
}

public enum TextStyle: String, Sendable, Hashable, CaseIterable {
    case body, footnote, caption, headline
}

public struct SegueDecl: Sendable {
    /// The action id; becomes a case of the generated `Action` enum.
    public var id: Located<String>
    public var title: Located<String>?
    public var icon: Located<String>?
    public var accessoryIcon: Located<String>?

    public init(id: Located<String>, title: Located<String>? = nil, icon: Located<String>? = nil, accessoryIcon: Located<String>? = nil) {
        self.id = id
        self.title = title
        self.icon = icon
        self.accessoryIcon = accessoryIcon
    }
}

/// `list` (SPEC §14): a block of fields the person repeats as often as needed.
/// The list's id is a field of the form (its value is the array of entries); the
/// ids of `elements` are the fields of one entry, scoped to the entry.
public struct ListDecl: Sendable {
    public var id: Located<String>
    public var title: Located<String>?
    public var itemTitle: Located<String>?
    public var addTitle: Located<String>?
    public var itemType: Located<String>?
    public var minItems: Located<Int>?
    public var maxItems: Located<Int>?
    public var initialItems: Located<Int>?
    /// The fields of one entry: any kind except `list`.
    public var elements: [Element]
    /// The messages of `minItems` and `maxItems` when a reader has them in another
    /// language (`FormStrings.localized`); nil: the default messages.
    public var minItemsMessage: String?
    public var maxItemsMessage: String?

    public init(id: Located<String>, elements: [Element] = []) {
        self.id = id
        self.elements = elements
    }

    /// The Swift type of an entry: `itemType`, else `ListDecl.defaultItemType(for:)` of the id.
    public var swiftItemType: String { itemType?.value ?? Self.defaultItemType(for: id.value) }

    /// The fewest entries allowed (default 0).
    public var minimum: Int { minItems?.value ?? 0 }

    /// How many entries a new form starts with: `initialItems`, else `minItems`.
    public var initialCount: Int { initialItems?.value ?? minimum }

    /// SPEC §14: the id in UpperCamelCase with a final `s` removed when the id ends
    /// in `s` and is longer than three letters, else with `Item` appended
    /// (`employers` → `Employer`, `bus` → `BusItem`).
    public static func defaultItemType(for id: String) -> String {
        let upper = SwiftNaming.upperCamelCase(id)
        if id.count > 3, id.hasSuffix("s") { return String(upper.dropLast()) }
        return upper + "Item"
    }
}
