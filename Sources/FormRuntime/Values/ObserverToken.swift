import Foundation

/// Identifies one registered observer, so that it can be removed again.
///
/// A token remembers which object handed it out: removing it from another
/// `FormValue` (or controller) does nothing instead of removing a stranger, also
/// once its object is gone and a new one has its address (a screen's new form).
public struct ObserverToken: Hashable, Sendable {
    /// The number of the `ObserverList` that handed it out, unique in the process.
    let owner: UInt64
    let id: UInt64
}

/// Numbers the observer lists of the process: an object's address is no identity
/// once the object is gone, and a token may outlive it.
enum ObserverOwners {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var last: UInt64 = 0

    static func next() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        last &+= 1
        return last
    }
}

/// The observers of one object, called in the order they were added.
///
/// Ids grow monotonically and entries are appended, so `entries` stays sorted by
/// id: lookups are binary searches and removal leaves a tombstone that is swept
/// once tombstones outnumber live entries. Adding, removing and notifying are
/// therefore never quadratic, however many observers one value has.
struct ObserverList<Observer> {
    private var entries: [(id: UInt64, observer: Observer?)] = []
    private var nextID: UInt64 = 0
    private var tombstones = 0
    /// This list's number (`ObserverOwners`), taken when it hands out its first token.
    private var owner: UInt64 = 0

    var isEmpty: Bool { entries.count == tombstones }

    mutating func add(_ observer: Observer) -> ObserverToken {
        if owner == 0 { owner = ObserverOwners.next() }
        let id = nextID
        nextID += 1
        entries.append((id, observer))
        return ObserverToken(owner: owner, id: id)
    }

    mutating func remove(_ token: ObserverToken) {
        guard owner != 0, token.owner == owner, let index = index(of: token.id),
              entries[index].observer != nil else { return }
        entries[index].observer = nil
        tombstones += 1
        if tombstones > entries.count / 2 {
            entries.removeAll { $0.observer == nil }
            tombstones = 0
        }
    }

    /// Calls `body` with every observer that is registered when its turn comes.
    ///
    /// `body` may add or remove observers on `list` (the storage this list
    /// lives in): the loop walks a snapshot of the entries but asks `list`
    /// before each call, so an observer removed by an earlier one is not called,
    /// and one added during the notification waits for the next.
    /// The loop ends early when `shouldContinue` turns false.
    static func forEach(
        in list: () -> ObserverList,
        while shouldContinue: () -> Bool = { true },
        _ body: (Observer) -> Void
    ) {
        let snapshot = list().entries
        for entry in snapshot where entry.observer != nil {
            guard shouldContinue() else { return }
            guard let observer = list().observer(withID: entry.id) else { continue }
            body(observer)
        }
    }

    private func observer(withID id: UInt64) -> Observer? {
        guard let index = index(of: id) else { return nil }
        return entries[index].observer
    }

    private func index(of id: UInt64) -> Int? {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].id < id { low = mid + 1 } else { high = mid }
        }
        return low < entries.count && entries[low].id == id ? low : nil
    }
}
