import Foundation

/// For adapters: an object told when a controller it watches is deallocated
/// (``UIViewController/onDeallocation(notify:)``).
@_spi(Adapters) @MainActor public protocol DeallocationObserver: AnyObject {
    /// Runs inside the controller's deinit, which the observer cannot reach any more.
    func observedControllerDeallocated()
}

/// The deallocation observers of one controller, held weakly: the first in place, any others in a list, so
/// that the usual single observer (the engine's frame) costs the controller no allocation.
struct DeallocationObservers {
    private struct Entry {
        weak var value: (any DeallocationObserver)?
    }

    private var first = Entry()
    private var others: [Entry] = []

    mutating func append(_ observer: any DeallocationObserver) {
        if first.value == nil, others.isEmpty {
            first.value = observer
        } else {
            others.append(Entry(value: observer))
        }
    }

    /// Tells every observer still alive, in the order they were added.
    @MainActor func notify() {
        first.value?.observedControllerDeallocated()
        for entry in others { entry.value?.observedControllerDeallocated() }
    }
}

extension UIViewController {
    /// Observes presentations and dismissals in which this controller (or its container, or a controller
    /// inside it that defines a presentation context) is the presenter.
    public func observePresentations(
        _ handler: @escaping @MainActor (PresentationChange) -> Void
    ) -> SimObservation<PresentationChange> {
        presentationAnchor.presentationObservers.add(handler)
    }

    /// Tells this presenter's observers, and its anchor's when it presents in a context of its own.
    func notifyPresentationObservers(_ change: PresentationChange) {
        presentationObservers.notify(change)
        let anchor = presentationAnchor
        if anchor !== self { anchor.presentationObservers.notify(change) }
    }

    /// Runs `handler` when the controller is deallocated. The handler must not capture the controller.
    public func onDeallocation(_ handler: @escaping @MainActor () -> Void) {
        ensureRarelyUsed().deallocationHandlers.append(handler)
    }

    /// For adapters: tells `observer`, held weakly, when the controller is deallocated. Unlike a handler it
    /// allocates no closure or weak captures, which matters for the engine, which watches every frame's
    /// controller; observers are told before handlers.
    @_spi(Adapters) public func onDeallocation(notify observer: any DeallocationObserver) {
        deallocationObservers.append(observer)
    }

    // MARK: Description

    /// `<TypeName #identifier "title">`, the form used in warnings: never an address.
    public var simDescription: String { "<\(plainDescription)>" }

    /// `TypeName #identifier "title"`.
    var plainDescription: String {
        var text = String(describing: type(of: self))
        if let restorationIdentifier { text += " #\(restorationIdentifier)" }
        if let title { text += " \"\(title)\"" }
        return text
    }
}
