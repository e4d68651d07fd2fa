import FormModel
import FormSource

/// What the translator needs from the element tree, gathered in one walk by
/// index: the levels that get an element builder (each with what decides its
/// elements), where each field element is, the segues and the condition helpers.
/// No `Element` is copied, no path made per element, nothing hashed.
struct FormIndex {
    /// The elements of the form's top level or of one group, which get a builder.
    struct Level: Sendable {
        var elements: [Element]
        var path: ElementPath
        var groupID: String?
        /// Whether the level is a page's (SPEC §15.1).
        var isPage = false
        /// The helpers that decide each element, as `elements`.
        var helpers: [ConditionPlan.Helpers] = []
        /// Each element's position in the form's fields, -1 for one that is not a field.
        var fieldPositions: [Int32] = []
    }

    /// Where a field element is: `levels[level].elements[index]`.
    struct Place {
        var level: Int32
        var index: Int32
    }

    /// The top level, then each group's level after its parent's: depth first,
    /// the order of their builders.
    private(set) var levels: [Level] = []
    /// Each field element, in document order.
    private(set) var fieldPlaces: [Place] = []
    private(set) var segueIDs: [String] = []
    private(set) var conditions = ConditionPlan()
    /// The form's pages, in document order (SPEC §15.1): empty for a form without pages.
    private(set) var pages: [Page] = []

    /// A page: its id, the helper that decides whether it is visible (nil: always),
    /// and the positions of its fields in the form's fields, in document order.
    struct Page: Sendable {
        var id: String
        /// Its index in the form's top-level elements.
        var topIndex: Int
        var visibleHelper: Int?
        var fieldPositions: [Int] = []
        /// The ids of the lists on the page (SPEC §14), in document order.
        var listIDs: [String] = []
    }

    init(_ elements: [Element]) {
        walk(elements, at: [], groupID: nil, visibleParent: nil, enabledParent: nil)
    }

    private mutating func walk(
        _ elements: [Element], at prefix: ElementPath, groupID: String?, visibleParent: Int?, enabledParent: Int?,
        isPage: Bool = false
    ) {
        let level = levels.count
        levels.append(Level(elements: elements, path: prefix, groupID: groupID, isPage: isPage))
        levels[level].helpers.reserveCapacity(elements.count)
        levels[level].fieldPositions.reserveCapacity(elements.count)
        for index in elements.indices {
            let helpers = conditions.add(
                id: elements[index].id?.value,
                visibleWhen: elements[index].visibleWhen?.expression, enabledWhen: elements[index].enabledWhen?.expression,
                at: { prefix + [index] }, visibleParent: visibleParent, enabledParent: enabledParent
            )
            levels[level].helpers.append(helpers)
            var fieldPosition: Int32 = -1
            switch elements[index].kind {
            case .group(let group):
                if group.isPage, prefix.isEmpty {
                    pages.append(Page(id: group.id?.value ?? "", topIndex: index, visibleHelper: helpers.visible))
                }
                walk(
                    group.elements, at: prefix + [index], groupID: group.id?.value,
                    visibleParent: helpers.visible, enabledParent: helpers.enabled, isPage: group.isPage
                )
            case .segue(let segue):
                segueIDs.append(segue.id.value)
            case .boolean, .segment, .text, .number, .date, .multiChoice:
                fieldPosition = Int32(fieldPlaces.count)
                fieldPlaces.append(Place(level: Int32(level), index: Int32(index)))
                if let page = pages.indices.last, prefix.first == pages[page].topIndex {
                    pages[page].fieldPositions.append(Int(fieldPosition))
                }
            case .list(let list):
                if let page = pages.indices.last, prefix.first == pages[page].topIndex {
                    pages[page].listIDs.append(list.id.value)
                }
            case .spacer, .staticText:
                break
            }
            levels[level].fieldPositions.append(fieldPosition)
        }
    }

    /// Whether field element `position` is the one at `path`.
    func fieldElement(_ position: Int, isAt path: ElementPath) -> Bool {
        guard position < fieldPlaces.count, let last = path.last else { return false }
        let place = fieldPlaces[position]
        return Int(place.index) == last && levels[Int(place.level)].path.elementsEqual(path.dropLast())
    }

    /// The element at `path` and the helpers that decide it, found by walking
    /// the levels (a fallback: the fields of a checked form are found by place).
    func element(at path: ElementPath) -> (Element, ConditionPlan.Helpers)? {
        guard let last = path.last, let level = levels.first(where: { $0.path.elementsEqual(path.dropLast()) }),
              last < level.elements.count else { return nil }
        return (level.elements[last], level.helpers[last])
    }
}
