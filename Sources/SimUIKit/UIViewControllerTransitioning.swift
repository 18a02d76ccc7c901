import Foundation

/// Supplies the objects that animate a controller's presentation and dismissal: a coordinator or a
/// controller sets itself as the presented controller's ``UIViewController/transitioningDelegate``. Every
/// method is optional; returning nil keeps UIKit's standard transition.
@MainActor
public protocol UIViewControllerTransitioningDelegate: AnyObject {
    /// The animator of an animated presentation of `presented` by `presenting`, which `source` asked for.
    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)?
    /// The animator of an animated dismissal of `dismissed`.
    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
}

extension UIViewControllerTransitioningDelegate {
    public func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func animationController(forDismissed dismissed: UIViewController) -> (
        any UIViewControllerAnimatedTransitioning
    )? {
        nil
    }
}

/// Animates one transition: UIKit asks for its duration, calls ``animateTransition(using:)`` when the
/// transition starts, and ends the transition when the animator calls
/// ``UIViewControllerContextTransitioning/completeTransition(_:)``.
@MainActor
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)
    /// Called once the transition has ended, with whether it completed.
    func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// What an animator is given: the controllers and views taking part, and the call that ends the transition.
@MainActor
public protocol UIViewControllerContextTransitioning: AnyObject {
    /// The view the transition's views are placed in.
    var containerView: UIView { get }
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var transitionWasCancelled: Bool { get }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// Ends the transition; UIKit's state changes and completions follow. Call it exactly once.
    func completeTransition(_ didComplete: Bool)
}

/// The views of a transition, as ``UIViewControllerContextTransitioning/view(forKey:)`` names them.
public enum UITransitionContextViewKey: Sendable {
    case from, to
}

/// The context SimUIKit hands a custom animator: it ends the simulated transition when the animator
/// completes it, and tells the animator that the transition ended.
@MainActor
final class SimTransitionContext: UIViewControllerContextTransitioning {
    let containerView = UIView()
    private let transition: SimTransition
    private let animator: any UIViewControllerAnimatedTransitioning
    private var isCompleted = false

    init(_ transition: SimTransition, animator: any UIViewControllerAnimatedTransitioning) {
        self.transition = transition
        self.animator = animator
    }

    var isAnimated: Bool { transition.isAnimated }
    var isInteractive: Bool { transition.isInteractive }
    var transitionWasCancelled: Bool { transition.isCancelled }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        transition.viewController(forKey: key)
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        transition.viewController(forKey: key == .from ? .from : .to)?.view
    }

    func completeTransition(_ didComplete: Bool) {
        guard !isCompleted else {
            SimWarnings.emit("completeTransition(_:) was called more than once for the same transition; ignored.")
            return
        }
        isCompleted = true
        transition.end()
        animator.animationEnded(didComplete)
    }

    /// Hands the transition to the animator, which ends it by completing it.
    func start() {
        animator.animateTransition(using: self)
    }
}
