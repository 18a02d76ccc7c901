import SimUIKit

/// A transition animation: an animator UIKit can run, with the interaction controller that drives it when
/// it is interactive.
@preconcurrency @MainActor
public protocol TransitionAnimation: UIViewControllerAnimatedTransitioning {
    /// The interaction controller driving the animation, while it is interactive.
    var interactionController: PercentDrivenInteractionController? { get }
    /// Called before an interactive transition starts, to make the interaction controller.
    func start()
    /// Called once an interactive transition has ended, to release the interaction controller.
    func cleanup()
}

/// An interaction controller a finger drives by a fraction.
@preconcurrency @MainActor
public protocol PercentDrivenInteractionController: UIViewControllerInteractiveTransitioning {
    func update(_ percentComplete: CGFloat)
    func cancel()
    func finish()
}

extension UIPercentDrivenInteractiveTransition: PercentDrivenInteractionController {}

/// The animations of a presentation and of the dismissal that undoes it, given to transitions as their
/// controllers' transitioning delegate. UIKit holds a transitioning delegate weakly; the adapter keeps
/// each animation with the controller it animates, so the later dismissal still finds it.
@preconcurrency @MainActor
open class Animation: NSObject, UIViewControllerTransitioningDelegate {
    /// Leaves UIKit's own animations in place.
    public static let `default` = Animation(presentation: nil, dismissal: nil)

    open var presentationAnimation: TransitionAnimation?
    open var dismissalAnimation: TransitionAnimation?

    public init(presentation: TransitionAnimation?, dismissal: TransitionAnimation?) {
        presentationAnimation = presentation
        dismissalAnimation = dismissal
    }

    open func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? {
        presentationAnimation
    }

    open func animationController(forDismissed dismissed: UIViewController)
        -> (any UIViewControllerAnimatedTransitioning)?
    {
        dismissalAnimation
    }

    open func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
    {
        presentationAnimation?.interactionController
    }

    open func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
    {
        dismissalAnimation?.interactionController
    }
}

/// An animation that runs a closure over a fixed duration; interactive only when it is its own
/// interaction controller.
@preconcurrency @MainActor
open class StaticTransitionAnimation: NSObject, TransitionAnimation {
    let duration: TimeInterval
    private let performAnimation: @MainActor (_ context: UIViewControllerContextTransitioning) -> Void

    open var interactionController: PercentDrivenInteractionController? {
        self as? PercentDrivenInteractionController
    }

    public init(
        duration: TimeInterval,
        performAnimation: @escaping @MainActor (_ context: UIViewControllerContextTransitioning) -> Void
    ) {
        self.duration = duration
        self.performAnimation = performAnimation
    }

    open func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?)
        -> TimeInterval
    {
        duration
    }

    open func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        performAnimation(transitionContext)
    }

    open func start() {}

    open func cleanup() {}
}

/// An animation a finger can drive: ``start()`` makes its interaction controller, ``cleanup()`` drops it.
@preconcurrency @MainActor
open class InteractiveTransitionAnimation: NSObject, TransitionAnimation {
    static let makeDefaultInteractionController: @MainActor () -> PercentDrivenInteractionController? = {
        UIPercentDrivenInteractiveTransition()
    }

    private let duration: TimeInterval
    private let animation: @MainActor (UIViewControllerContextTransitioning) -> Void
    private let makeInteractionController: @MainActor () -> PercentDrivenInteractionController?
    private var currentInteractionController: PercentDrivenInteractionController?

    open var interactionController: PercentDrivenInteractionController? { currentInteractionController }

    public init(
        duration: TimeInterval, transition: @escaping @MainActor (UIViewControllerContextTransitioning) -> Void,
        generateInteractionController: @escaping @MainActor () -> PercentDrivenInteractionController?
    ) {
        self.duration = duration
        self.animation = transition
        self.makeInteractionController = generateInteractionController
    }

    public convenience init(
        duration: TimeInterval, transition: @escaping @MainActor (UIViewControllerContextTransitioning) -> Void
    ) {
        self.init(
            duration: duration, transition: transition,
            generateInteractionController: InteractiveTransitionAnimation.makeDefaultInteractionController)
    }

    public convenience init(
        transitionAnimation: StaticTransitionAnimation,
        generateInteractionController: @escaping @MainActor () -> PercentDrivenInteractionController?
    ) {
        self.init(
            duration: transitionAnimation.duration, transition: { transitionAnimation.animateTransition(using: $0) },
            generateInteractionController: generateInteractionController)
    }

    public convenience init(transitionAnimation: StaticTransitionAnimation) {
        self.init(
            duration: transitionAnimation.duration, transition: { transitionAnimation.animateTransition(using: $0) })
    }

    open func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?)
        -> TimeInterval
    {
        duration
    }

    open func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        animation(transitionContext)
    }

    open func generateInteractionController() -> PercentDrivenInteractionController? {
        makeInteractionController()
    }

    open func start() {
        currentInteractionController = generateInteractionController()
    }

    open func cleanup() {
        currentInteractionController = nil
    }
}

/// An interactive animation run by a property animator, which an interruption can take over midway.
@preconcurrency @MainActor
open class InterruptibleTransitionAnimation: InteractiveTransitionAnimation {
    private let makeAnimator: @MainActor (UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating
    private var animator: UIViewImplicitlyAnimating?

    public init(
        duration: TimeInterval,
        generateAnimator: @escaping @MainActor (UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating,
        generateInteractionController: @escaping @MainActor () -> PercentDrivenInteractionController?
    ) {
        makeAnimator = generateAnimator
        super.init(
            duration: duration, transition: { _ in }, generateInteractionController: generateInteractionController)
    }

    public convenience init(
        duration: TimeInterval,
        generateAnimator: @escaping @MainActor (UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating
    ) {
        self.init(
            duration: duration, generateAnimator: generateAnimator,
            generateInteractionController: InteractiveTransitionAnimation.makeDefaultInteractionController)
    }

    /// A new animator for `transitionContext`, kept until it ends at its start or its end.
    open func generateInterruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning)
        -> UIViewImplicitlyAnimating
    {
        let made = makeAnimator(transitionContext)
        made.addCompletion { [weak self] position in
            if position != .current { self?.animator = nil }
        }
        animator = made
        return made
    }

    open override func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: transitionContext).startAnimation()
    }

    open func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning)
        -> any UIViewImplicitlyAnimating
    {
        animator ?? generateInterruptibleAnimator(using: transitionContext)
    }
}
