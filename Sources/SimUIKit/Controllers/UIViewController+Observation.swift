import Foundation

/// For adapters: an object told when a controller it watches is deallocated
/// (``UIViewController/onDeallocation(notify:)``). A class, not a protocol, so that a controller holds its
/// observer in one word.
@_spi(Adapters) @MainActor open class DeallocationObserver {
    public init() {}

    /// Runs inside the controller's deinit, which the observer cannot reach any more.
    open func observedControllerDeallocated() {}
}

extension UIViewController {
    /// Observes presentations and dismissals in which this controller (or its container, or a controller
    /// inside it that defines a presentation context) is the presenter.
    public func observePresentations(
        _ handler: @escaping @MainActor (PresentationChange) -> Void
    ) -> SimObservation<PresentationChange> {
        presentationAnchor.ensurePresentationState().observers.add(handler)
    }

    /// Tells this presenter's observers, and its anchor's when it presents in a context of its own.
    func notifyPresentationObservers(_ change: PresentationChange) {
        presentationObserversIfAny?.notify(change)
        let anchor = presentationAnchor
        if anchor !== self { anchor.presentationObserversIfAny?.notify(change) }
    }

    /// Runs `handler` when the controller is deallocated. The handler must not capture the controller.
    public func onDeallocation(_ handler: @escaping @MainActor () -> Void) {
        ensureRarelyUsed().deallocationHandlers.append(handler)
    }

    /// For adapters: tells `observer` when the controller is deallocated, retaining it until then or until
    /// ``stopNotifying(_:)``. Unlike a handler it allocates no closure, and unlike a weak reference no side
    /// table, which matters for the engine, which watches every frame's controller; observers are told before
    /// handlers. An observer that holds the controller strongly must stop observing to let it go.
    @_spi(Adapters) public func onDeallocation(notify observer: DeallocationObserver) {
        if deallocationObserver == nil, rarelyUsed?.otherDeallocationObservers.isEmpty ?? true {
            deallocationObserver = observer
        } else {
            ensureRarelyUsed().otherDeallocationObservers.append(observer)
        }
    }

    /// For adapters: `observer` is no longer told of this controller's deallocation, nor retained by it.
    @_spi(Adapters) public func stopNotifying(_ observer: DeallocationObserver) {
        if deallocationObserver === observer {
            deallocationObserver = nil
        } else {
            rarelyUsed?.otherDeallocationObservers.removeAll { $0 === observer }
        }
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
