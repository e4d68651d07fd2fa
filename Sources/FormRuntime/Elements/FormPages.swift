/// The page order of a form with pages (SPEC §15.1), for the generated
/// `page(after:)` and `page(before:)`: the next or previous page in document
/// order that is visible now, skipping hidden ones.
public enum FormPages {
    /// The first page after `page` for which `isVisible` holds; nil when none is.
    public static func page<Page: CaseIterable & Equatable>(after page: Page, isVisible: (Page) -> Bool) -> Page? {
        let pages = Array(Page.allCases)
        guard let index = pages.firstIndex(of: page) else { return nil }
        return pages[(index + 1)...].first(where: isVisible)
    }

    /// The last page before `page` for which `isVisible` holds; nil when none is.
    public static func page<Page: CaseIterable & Equatable>(before page: Page, isVisible: (Page) -> Bool) -> Page? {
        let pages = Array(Page.allCases)
        guard let index = pages.firstIndex(of: page) else { return nil }
        return pages[..<index].last(where: isVisible)
    }
}
