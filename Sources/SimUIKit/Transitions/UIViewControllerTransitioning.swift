import Foundation

/// Supplies the objects that animate a controller's presentation and dismissal: a coordinator or a
/// controller sets itself as the presented controller's ``UIViewController/transitioningDelegate``. Every
/// method is optional; returning nil keeps UIKit's standard transition (S23).
@MainActor
public protocol UIViewControllerTransitioningDelegate: AnyObject {
    /// The animator of an animated presentation of `presented` by `presenting`, which `source` asked for.
    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)?
    /// The animator of an animated dismissal of `dismissed`.
    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    /// The object that drives the presentation interactively, asked only when an animator was returned.
    func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
    /// The object that drives the dismissal interactively, asked only when an animator was returned.
    func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
    /// The presentation controller of a `.custom` presentation.
    func presentationController(
        forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
    ) -> UIPresentationController?
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
    public func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
    { nil }
    public func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
    { nil }
    public func presentationController(
        forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
    ) -> UIPresentationController? { nil }
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

/// Drives a transition interactively: UIKit hands it the context instead of calling the animator, and it
/// reports progress, finish or cancellation through the context.
@MainActor
public protocol UIViewControllerInteractiveTransitioning: AnyObject {
    func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning)
    /// Whether the transition starts interactive; false starts it as an ordinary animated one.
    var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
    public var wantsInteractiveStart: Bool { true }
}

/// An interaction controller whose progress app code sets: ``update(_:)`` follows the finger, ``finish()``
/// and ``cancel()`` let go. It runs the animator's animations held by the finger (S23).
@MainActor
open class UIPercentDrivenInteractiveTransition: UIViewControllerInteractiveTransitioning {
    private var context: (any UIViewControllerContextTransitioning)?
    open var completionSpeed: CGFloat = 1
    open var completionCurve = UIView.AnimationCurve.easeInOut
    open var wantsInteractiveStart = true

    public init() {}

    /// The duration of the transition it drives, or 0 before it starts.
    open var duration: CGFloat { CGFloat((context as? SimTransitionContext)?.transition.transitionDuration ?? 0) }
    /// The progress last given to ``update(_:)``.
    open var percentComplete: CGFloat { (context as? SimTransitionContext)?.transition.percentComplete ?? 0 }

    open func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
        context = transitionContext
        (transitionContext as? SimTransitionContext)?.startHeldByFinger()
    }

    open func update(_ percentComplete: CGFloat) {
        context?.updateInteractiveTransition(percentComplete)
    }

    open func pause() {
        context?.pauseInteractiveTransition()
    }

    open func finish() {
        context?.finishInteractiveTransition()
        context = nil
    }

    open func cancel() {
        context?.cancelInteractiveTransition()
        context = nil
    }
}

/// What an animator is given: the controllers and views taking part, and the call that ends the transition.
@MainActor
public protocol UIViewControllerContextTransitioning: AnyObject {
    /// The view the transition's views are placed in.
    var containerView: UIView { get }
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var transitionWasCancelled: Bool { get }
    var presentationStyle: UIModalPresentationStyle { get }
    var targetTransform: CGAffineTransform { get }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    func initialFrame(for viewController: UIViewController) -> CGRect
    func finalFrame(for viewController: UIViewController) -> CGRect
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    func finishInteractiveTransition()
    func cancelInteractiveTransition()
    func pauseInteractiveTransition()
    /// Ends the transition; UIKit's state changes and completions follow. `false` means the transition was
    /// cancelled: the original controllers stay (S23). Call it exactly once.
    func completeTransition(_ didComplete: Bool)
}

/// The views of a transition, as ``UIViewControllerContextTransitioning/view(forKey:)`` names them.
public enum UITransitionContextViewKey: Sendable {
    case from, to
}

/// The context SimUIKit hands a custom animator or interaction controller: it ends the simulated transition
/// when the animator completes it (cancelled when completed with false), and tells the animator it ended.
@MainActor
final class SimTransitionContext: UIViewControllerContextTransitioning {
    let containerView = UIView(frame: UIScreen.main.bounds)
    let transition: SimTransition
    private let animator: any UIViewControllerAnimatedTransitioning
    /// Whether the animator has completed the context yet: it may do so once.
    private enum Phase {
        case animating
        case completed
    }

    private var phase = Phase.animating

    init(_ transition: SimTransition, animator: any UIViewControllerAnimatedTransitioning) {
        self.transition = transition
        self.animator = animator
    }

    var isAnimated: Bool { transition.isAnimated }
    var isInteractive: Bool { transition.isInteractive }
    var transitionWasCancelled: Bool { transition.isCancelled }
    var presentationStyle: UIModalPresentationStyle {
        transition.viewController(forKey: .to)?.modalPresentationStyle ?? .none
    }
    var targetTransform: CGAffineTransform { .identity }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        transition.viewController(forKey: key)
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        transition.viewController(forKey: key == .from ? .from : .to)?.view
    }

    func initialFrame(for viewController: UIViewController) -> CGRect { containerView.bounds }
    func finalFrame(for viewController: UIViewController) -> CGRect { containerView.bounds }

    func updateInteractiveTransition(_ percentComplete: CGFloat) {
        guard transition.isInteractive else { return }
        transition.percentComplete = min(1, max(0, percentComplete))
    }

    func finishInteractiveTransition() { transition.stopInteraction(cancelled: false) }
    func cancelInteractiveTransition() { transition.stopInteraction(cancelled: true) }
    func pauseInteractiveTransition() {}

    func completeTransition(_ didComplete: Bool) {
        guard case .animating = phase else {
            SimWarnings.emit("completeTransition(_:) was called more than once for the same transition; ignored.")
            return
        }
        phase = .completed
        transition.end(cancelled: !didComplete)
        animator.animationEnded(didComplete)
    }

    /// Hands the transition to the animator, which ends it by completing it.
    func start() {
        animator.animateTransition(using: self)
    }

    /// Hands an interactive transition to the animator, with its view animations held by the finger.
    func startHeldByFinger() {
        transition.bindingAnimations { animator.animateTransition(using: self) }
    }
}
