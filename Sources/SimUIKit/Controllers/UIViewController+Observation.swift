import Foundation

/// For adapters: an object told what happens to a controller it watches: its deallocation
/// (``UIViewController/onDeallocation(notify:)``), and the presentations and dismissals that bring it on screen or
/// take it off (``UIViewController/onPresentationChanges(notify:)``). A class, not a protocol or a closure, so that
/// a controller holds its observer in one word and observing allocates nothing.
@_spi(Adapters) @MainActor open class ControllerObserver {
    public init() {}

    /// Runs inside the controller's deinit, which the observer cannot reach any more.
    open func observedControllerDeallocated() {}

    /// The controller is presented, or its presentation is cancelled, or it leaves in a dismissal (of it or of a
    /// controller below it): `change` is the one its presenter's observers are told, whose first controller is
    /// the watched one.
    open func observedControllerPresentationChanged(_ change: PresentationChange) {}
}

extension UIViewController {
    /// Observes presentations and dismissals in which this controller (or its container, or a controller
    /// inside it that defines a presentation context) is the presenter.
    public func observePresentations(
        _ handler: @escaping @MainActor (PresentationChange) -> Void
    ) -> SimObservation<PresentationChange> {
        presentationAnchor.ensurePresentationState().observers.add(handler)
    }

    /// Tells this presenter's observers, and its anchor's when it presents in a context of its own; then those
    /// of `presented`, the controller it presents or dismisses (the first of the change's controllers).
    func notifyPresentationObservers(_ change: PresentationChange, of presented: UIViewController) {
        presentationObserversIfAny?.notify(change)
        let anchor = presentationAnchor
        if anchor !== self { anchor.presentationObserversIfAny?.notify(change) }
        presented.notifyOwnPresentationObservers(change)
    }

    /// For adapters: tells `observer` of every presentation change this controller is the subject of, whoever
    /// presents it: presented (began, completed, or cancelled by its transition), and dismissed, alone or with a
    /// controller below it. It is retained until ``stopNotifying(_:)``. Unlike ``observePresentations(_:)``, which
    /// follows a presenter, it follows the presented controller, and allocates no closure or token.
    @_spi(Adapters) public func onPresentationChanges(notify observer: ControllerObserver) {
        ensurePresentationState().addOwnPresentationObserver(observer)
    }

    /// Runs `handler` when the controller is deallocated. The handler must not capture the controller.
    public func onDeallocation(_ handler: @escaping @MainActor () -> Void) {
        ensureRarelyUsed().deallocationHandlers.append(handler)
    }

    /// For adapters: tells `observer` when the controller is deallocated, retaining it until then or until
    /// ``stopNotifying(_:)``. Unlike a handler it allocates no closure, and unlike a weak reference no side
    /// table, which matters for the engine, which watches every frame's controller; observers are told before
    /// handlers. An observer that holds the controller strongly must stop observing to let it go.
    @_spi(Adapters) public func onDeallocation(notify observer: ControllerObserver) {
        if deallocationObserver == nil, rarelyUsed?.otherDeallocationObservers.isEmpty ?? true {
            deallocationObserver = observer
        } else {
            ensureRarelyUsed().otherDeallocationObservers.append(observer)
        }
    }

    /// For adapters: `observer` is no longer told of this controller's deallocation or presentation changes, nor
    /// retained by it.
    @_spi(Adapters) public func stopNotifying(_ observer: ControllerObserver) {
        if deallocationObserver === observer {
            deallocationObserver = nil
        } else {
            rarelyUsed?.otherDeallocationObservers.removeAll { $0 === observer }
        }
        removeOwnPresentationObserver(observer)
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
