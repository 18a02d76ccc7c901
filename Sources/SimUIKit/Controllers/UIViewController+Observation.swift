import Foundation

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
        deallocationHandlers.append(handler)
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
