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
