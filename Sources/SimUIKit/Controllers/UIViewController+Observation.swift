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

    /// For adapters: tells `observer`, held weakly, when the controller is deallocated. Unlike a handler it
    /// allocates no closure or weak captures, which matters for the engine, which watches every frame's
    /// controller; observers are told before handlers.
    @_spi(Adapters) public func onDeallocation(notify observer: DeallocationObserver) {
        addDeallocationObserver(observer)
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
