/// A live observation of a SimUIKit object. The observation lasts exactly as long as
/// this token is retained (or until ``invalidate()``); neither side retains the other.
@MainActor
public final class SimObservation<Event> {
    fileprivate var handler: (@MainActor (Event) -> Void)?

    fileprivate init(handler: @escaping @MainActor (Event) -> Void) {
        self.handler = handler
    }

    /// Stops the observation before the token is released.
    public func invalidate() {
        handler = nil
    }
}

/// The observers of one subject, held weakly (the engine observes its frames the same way).
@MainActor
package struct ObserverList<Event> {
    private struct Entry {
        weak var token: SimObservation<Event>?
    }

    private var entries: [Entry] = []

    package init() {}

    package mutating func add(_ handler: @escaping @MainActor (Event) -> Void) -> SimObservation<Event> {
        let token = SimObservation(handler: handler)
        // Entries whose observation ended are dropped here, in a loop: from main-actor code each closure call
        // checks the executor.
        var kept = 0
        for index in entries.indices where entries[index].token?.handler != nil {
            if kept != index { entries.swapAt(kept, index) }
            kept += 1
        }
        entries.removeLast(entries.count - kept)
        entries.append(Entry(token: token))
        return token
    }

    package func notify(_ event: Event) {
        for entry in entries {
            entry.token?.handler?(event)
        }
    }
}
