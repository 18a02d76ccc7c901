import SimUIKit

/// The calls UIKit answers with an exception (S17), recognised with public UIKit API (or the same state read
/// more cheaply) before the engine or an adapter makes them: misuse that would reach UIKit this way becomes a
/// diagnostic instead (E19, E20).
@_spi(Adapters) @MainActor
public enum UIKitExceptionGuard {
    /// Why UIKit would raise if `controller` were pushed onto `navigation` now, or nil.
    public static func reasonPushRaises(_ controller: UIViewController, onto navigation: UINavigationController)
        -> String?
    {
        if let reason = reasonStackRaises(controller) { return reason }
        if navigation.holds(controller) {
            return "it is already in the stack of \(navigation.simDescription), and UIKit raises on a second push"
        }
        return nil
    }

    /// Why UIKit would raise if `controller` were the whole stack of a navigation controller, or nil.
    public static func reasonStackRaises(_ controller: UIViewController) -> String? {
        controller is UINavigationController ? "UIKit does not push a navigation controller" : nil
    }

    /// Why UIKit would raise if `controller` were presented now, or nil.
    public static func reasonPresentRaises(_ controller: UIViewController) -> String? {
        if let parent = controller.parent {
            return "it is a child of \(parent.simDescription), and UIKit raises on presenting an active controller"
        }
        // Without a parent, a controller's own links are what `presentingViewController` and
        // `presentedViewController` report, read without their walk up the parents.
        let links = controller.ownPresentationLinks
        if let presenter = links.presenting {
            return "it is already presented by \(presenter.simDescription), and UIKit raises on a second presentation"
        }
        if links.presented != nil
            || controller.viewIfLoaded?.window?.rootViewController === controller
        {
            return "it is already on screen, and UIKit raises on presenting an active controller"
        }
        return nil
    }
}

extension UINavigationController {
    /// Whether `controller` is on this stack. A controller on it has this navigation controller as its parent:
    /// only then is the stack searched, from the top, so that a push costs the same at any depth and a pop
    /// grows with what it pops (E16).
    func holds(_ controller: UIViewController) -> Bool {
        controller.parent === self && viewControllers.reversed().contains { $0 === controller }
    }
}
