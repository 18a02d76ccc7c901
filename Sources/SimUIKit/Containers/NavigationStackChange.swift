import Foundation

/// Told when a navigation controller starts and finishes showing a controller, and asked for custom
/// transition animators (S23). Every method is optional, as in UIKit.
@MainActor
public protocol UINavigationControllerDelegate: AnyObject {
    func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
    /// The animator of an animated push or pop from `fromVC` to `toVC`, or nil for the standard one.
    func navigationController(
        _ navigationController: UINavigationController,
        animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController,
        to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)?
    /// The object that drives a custom transition interactively, asked only when an animator was returned.
    func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)?
}

extension UINavigationControllerDelegate {
    public func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) {}
    public func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {}
    public func navigationController(
        _ navigationController: UINavigationController,
        animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController,
        to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)? { nil }
}

/// A change of a navigation stack, as seen by ``UINavigationController/observeStack(_:)``.
///
/// Every change is reported when it is made (`.began`: ``UINavigationController/viewControllers``
/// already holds `current`) and when its transition ends (`.completed`), or `.cancelled` when the user
/// cancels an interactive pop or a custom animator cancels the transition (the stack is `previous` again).
public struct NavigationStackChange {
    public enum Cause: Sendable, Hashable {
        case push, pop, popToViewController, popToRoot, setViewControllers
        /// The user tapped the back button (``UINavigationController/simulateBackButtonTap()``).
        case backButton
        /// The user swiped from the edge (``UINavigationController/beginInteractivePop()``).
        case interactivePop

        /// The method UIKit's console message names for the call: the one that decides (iOS 26.1), the public
        /// `setViewControllers:animated:` for a replacement, the internal method every push and pop goes
        /// through otherwise (earlier versions named the public selector).
        var methodName: String {
            switch self {
            case .setViewControllers: "setViewControllers:animated:"
            case .push, .pop, .popToViewController, .popToRoot, .backButton, .interactivePop:
                "_applyViewControllers:transition:animated:operation:rescheduleBlock:"
            }
        }
    }

    public enum Phase: Sendable, Hashable {
        case began, completed, cancelled
    }

    public let navigationController: UINavigationController
    /// The stack after the change (for `.cancelled`, the stack as it was before and is again).
    public let current: [UIViewController]
    public let cause: Cause
    public let phase: Phase
    public let animated: Bool
    /// The stack's own transition while it runs (nil once it has ended or for a change without one). The
    /// navigation controller's `transitionCoordinator` may be another one: a presentation's, for instance.
    public let transitionCoordinator: (any UIViewControllerTransitionCoordinator)?
    private let delta: StackDelta

    init(
        navigationController: UINavigationController, delta: StackDelta, current: [UIViewController], cause: Cause,
        phase: Phase, animated: Bool, transitionCoordinator: (any UIViewControllerTransitionCoordinator)?
    ) {
        self.navigationController = navigationController
        self.transitionCoordinator = transitionCoordinator
        self.delta = delta
        self.current = current
        self.cause = cause
        self.phase = phase
        self.animated = animated
    }

    /// The stack before the change (computed on demand, so that pushes and pops cost the same at any depth).
    public var previous: [UIViewController] {
        switch delta {
        case .pushed: Array(current.dropLast())
        case .popped(let removed): current + removed
        case .replaced(let previous): previous
        }
    }

    /// Controllers in `previous` that are not in `current`, bottom to top.
    public var removed: [UIViewController] {
        switch delta {
        case .pushed:
            return []
        case .popped(let removed):
            return removed
        case .replaced(let previous):
            let kept = Set(current.map(ObjectIdentifier.init))
            return previous.filter { !kept.contains(ObjectIdentifier($0)) }
        }
    }
}

/// How a stack changed, kept in the form that is cheapest to record.
enum StackDelta {
    /// One controller was pushed on top of the previous stack.
    case pushed
    /// These controllers were popped off the top of the previous stack.
    case popped([UIViewController])
    /// The whole stack was replaced.
    case replaced(previous: [UIViewController])
}
