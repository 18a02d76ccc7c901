import Foundation

/// A navigation controller: holds its stack, pushes and pops on the virtual clock, and simulates
/// the back button and the interactive pop gesture.
///
/// As in UIKit, ``viewControllers`` changes when an operation is called; controllers that leave stay
/// ``UIViewController/children`` (with their parent) until the transition ends. A change requested while a
/// transition runs is dropped, applied at once or queued behind it, as UIKit's own code decides (S6).
@MainActor
open class UINavigationController: UIViewController {
    /// What a transition does to the stack, as the delegate's animator method is told.
    public enum Operation: Int, Sendable {
        case none, push, pop
    }

    /// Told about `willShow`/`didShow`; not retained.
    public weak var delegate: (any UINavigationControllerDelegate)?
    /// When false, ``beginInteractivePop()`` does nothing (the edge swipe is disabled); the same switch as
    /// ``interactivePopGestureRecognizer``'s `isEnabled`.
    public var isInteractivePopEnabled = true
    var popRecognizer: InteractivePopGestureRecognizer?
    /// True while a collapsed split view pushes its detail, the one push of a navigation controller UIKit allows.
    var nestsNavigation = false

    /// The recognizer of the edge swipe that pops (attached to the navigation controller's view, which this
    /// loads). Tests drive it step by step; app code may set its delegate, replace its action with
    /// ``UIGestureRecognizer/removeTarget(_:)`` and ``UIGestureRecognizer/addTarget(_:)``, or disable it.
    public var interactivePopGestureRecognizer: UIGestureRecognizer? {
        if let popRecognizer { return popRecognizer }
        let recognizer = InteractivePopGestureRecognizer(navigationController: self)
        popRecognizer = recognizer
        view.addGestureRecognizer(recognizer)
        return recognizer
    }

    var stack: [UIViewController] = []
    var navigationTransition: SimTransition?
    /// Whether the user's finger still holds an interactive pop (the stack it began on is what a snapshot keeps).
    package var isHoldingInteractivePop: Bool { navigationTransition?.isInteractive == true }
    /// The push or pop animating now, the only transition that cuts a stack change short (a presentation the
    /// navigation controller takes part in does not, nor a non-animated one waiting for the next turn, S18).
    package var stackTransitionCoordinator: SimTransition? {
        navigationTransition?.isAnimated == true ? navigationTransition : nil
    }
    var stackObservers = ObserverList<NavigationStackChange>()

    /// The bar above the stack: its items follow the stack's ``UIViewController/navigationItem``s.
    public private(set) lazy var navigationBar = UINavigationBar(navigationController: self)

    /// A navigation controller with `rootViewController` as its only controller.
    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        setViewControllers([rootViewController], animated: false)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Whether the navigation bar is hidden.
    public var isNavigationBarHidden: Bool {
        get { navigationBar.isHidden }
        set { navigationBar.isHidden = newValue }
    }

    /// Hides or shows the navigation bar (the simulation draws nothing, so `animated` changes nothing).
    public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        navigationBar.isHidden = hidden
    }

    /// The stack, bottom to top. Setting it is `setViewControllers(_:animated: false)`.
    public var viewControllers: [UIViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }

    /// The controller at the top of the stack.
    public var topViewController: UIViewController? { stack.last }

    /// The controller shown to the user: the topmost presented one, else the top of the stack.
    public var visibleViewController: UIViewController? {
        presentedChain().last ?? topViewController
    }

    override var appearanceChildren: [UIViewController] { stack.last.map { [$0] } ?? [] }

    /// A child removed by `removeFromParent()` (or taken by another container) also leaves the stack.
    override func detach(_ child: UIViewController) {
        super.detach(child)
        stack.removeAll { $0 === child }
    }

    /// Observes every change of the stack (see ``NavigationStackChange``).
    public func observeStack(
        _ handler: @escaping @MainActor (NavigationStackChange) -> Void
    ) -> SimObservation<NavigationStackChange> {
        stackObservers.add(handler)
    }

    // MARK: Operations

    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        changeStack(.push(viewController), animated: animated, cause: .push)
    }

    override func handles(_ action: ShowAction) -> Bool { action == .show }

    /// Pushes `viewController` (S20). A navigation controller is not pushed: as UIKit's
    /// `showViewController:sender:` does, this one declines the action, which goes on to the controllers
    /// that contain it (a split view, say) and is presented when none handles it.
    open override func show(_ viewController: UIViewController, sender: Any?) {
        guard viewController is UINavigationController, !nestsNavigation else {
            pushViewController(viewController, animated: true)
            return
        }
        if let target = parent?.targetViewController(forAction: .show, sender: sender) {
            target.show(viewController, sender: sender)
        } else {
            present(viewController, animated: true)
        }
    }

    /// Pops the top controller; does nothing when only the root is left. Returns the top controller when the
    /// call is made, also when the pop waits for a running transition or is dropped (S6), as UIKit does.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard let top = stack.last, stack.count > 1 else { return nil }
        changeStack(.popTop, animated: animated, cause: .pop)
        return top
    }

    /// Pops every controller above `viewController` in one transition.
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let index = stack.lastIndex(where: { $0 === viewController }) else {
            SimExceptions.raise(
                SimException.internalInconsistency, "Tried to pop to a view controller that doesn't exist.")
            return nil
        }
        guard index < stack.count - 1 else { return [] }
        return changeStack(.popTo(viewController), animated: animated, cause: .popToViewController)
    }

    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard stack.count > 1 else { return [] }
        return changeStack(.popTo(stack[0]), animated: animated, cause: .popToRoot)
    }

    /// Replaces the stack. Animated only when the top controller changes.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        changeStack(.replace(viewControllers), animated: animated, cause: .setViewControllers)
    }

    // MARK: Stack changes

    /// A programmatic change of the stack.
    enum StackEdit {
        /// Adds one controller on top: O(1), however deep the stack.
        case push(UIViewController)
        /// Removes the top controller, unless it is the root.
        case popTop
        /// Keeps the controllers up to this one: O(controllers popped).
        case popTo(UIViewController)
        /// Replaces the whole stack.
        case replace([UIViewController])
    }

    /// For the engine's queue, which holds back exactly what UIKit would drop or queue (E19) and nothing it
    /// applies at once (E21).
    package override func transitionHoldingContentChange(animated: Bool) -> SimTransition? {
        switch disposition(ofChangeAnimated: animated) {
        case .apply: nil
        case .queue(let transition), .drop(let transition): transition
        }
    }

    /// Carries out every change of the stack: containment and appearance callbacks in UIKit's order, delegate
    /// calls, observers, and the transition on the virtual clock (a custom one when the delegate supplies an
    /// animator, S23; the user's finger for an `interactive` pop). Returns the controllers removed, or nil when
    /// refused, deferred or when nothing is left to change.
    @discardableResult
    func changeStack(
        _ edit: StackEdit, animated requestedAnimation: Bool, cause: NavigationStackChange.Cause,
        interactive: Bool = false, queuedEarlier: Bool = false
    ) -> [UIViewController]? {
        // The edge swipe starts its own transition once its guards allow it: no coordinator holds it back.
        switch interactive ? .apply : disposition(ofChangeAnimated: requestedAnimation) {
        case .apply:
            break
        case .drop:
            warnStackChangeDropped(cause, queuedEarlier: queuedEarlier)
            return nil
        case .queue(let running):
            queue(edit, animated: requestedAnimation, cause: cause, behind: running)
            return nil
        }
        endNonAnimatedTransitions()
        guard let plan = plan(edit) else { return nil }
        let oldTop = stack.last
        for controller in plan.removed {
            controller.willMove(toParent: nil)
            controller.containmentMotion = .movingFromParent
        }
        for controller in plan.added {
            controller.removeFromParent()
            controller.willMove(toParent: self)
            controller.containmentMotion = .movingToParent
            attach(controller)
        }
        switch edit {
        case .push(let controller): stack.append(controller)
        case .popTop, .popTo: stack.removeSubrange(plan.keptCount...)
        case .replace(let newStack): stack = newStack
        }
        runTransition(of: plan, from: oldTop, animated: requestedAnimation, cause: cause, interactive: interactive)
        return plan.removed
    }

    /// What a stack edit changes, resolved against the current stack.
    private struct StackPlan {
        let delta: StackDelta
        let removed: [UIViewController]
        let added: [UIViewController]
        /// How many controllers stay at the bottom of the stack.
        let keptCount: Int
    }

    /// Makes way for a new change by ending a non-animated transition waiting for the next turn (S18) quietly:
    /// there is no animation to corrupt. Changes queued behind it are decided again as it ends, before this one.
    private func endNonAnimatedTransitions() {
        while let running = navigationTransition, !running.isAnimated { running.end() }
    }

    /// Queues `edit` behind `running`, as UIKit does with the transition coordinator's completion: when it ends
    /// the change is decided again (it may apply, or wait for the next transition), after the changes queued
    /// before it. The `CATransaction`s open now wait for the change's own transition (S22). A push keeps the
    /// permission to nest a navigation controller it was asked with (a collapsed split view's detail).
    private func queue(
        _ edit: StackEdit, animated: Bool, cause: NavigationStackChange.Cause, behind running: SimTransition
    ) {
        let membership = CATransaction.enlistStartingWork()
        let nests = nestsNavigation
        let queued = running.animate(alongsideTransition: nil) { [weak self] _ in
            guard let self else {
                membership?.end()
                return
            }
            nestsNavigation = nests
            changeStack(edit, animated: animated, cause: cause, queuedEarlier: true)
            nestsNavigation = false
            if let membership {
                let started = navigationTransition.map {
                    $0.animate(alongsideTransition: nil) { _ in membership.end() }
                }
                if started != true { membership.end() }
            }
        }
        // A transition that has just ended takes no completion: the change is decided again now.
        if !queued {
            membership?.end()
            changeStack(edit, animated: animated, cause: cause)
        }
    }

    /// UIKit's console message for a stack change it drops while a conflicting presentation or dismissal runs
    /// (S6).
    private func warnStackChangeDropped(_ cause: NavigationStackChange.Cause, queuedEarlier: Bool) {
        SimWarnings.emit(
            "\(cause.methodName) called on \(simDescription) while an existing transition or presentation is occurring; the navigation stack will not be updated.",
            concernsQueuedCall: queuedEarlier)
    }

    /// The plan of `edit`, or nil when UIKit refuses it or it changes nothing.
    private func plan(_ edit: StackEdit) -> StackPlan? {
        switch edit {
        case .push(let controller):
            guard validate(pushing: controller, alreadyInStack: controller.parent === self) else { return nil }
            return StackPlan(delta: .pushed, removed: [], added: [controller], keptCount: stack.count)
        case .popTop, .popTo:
            let index: Int?
            if case .popTo(let target) = edit {
                index = stack.lastIndex { $0 === target }
            } else {
                index = stack.count > 1 ? stack.count - 2 : nil
            }
            guard let index, index < stack.count - 1 else { return nil }
            let removed = Array(stack[(index + 1)...])
            return StackPlan(delta: .popped(removed), removed: removed, added: [], keptCount: index + 1)
        case .replace(let newStack):
            guard validate(newStack), !Self.sameControllers(stack, newStack) else { return nil }
            // Loops rather than closures: from main-actor code each closure call checks the executor, and a
            // restored stack can hold thousands of controllers.
            var kept = Set<ObjectIdentifier>(minimumCapacity: newStack.count)
            for controller in newStack { kept.insert(ObjectIdentifier(controller)) }
            var removed: [UIViewController] = []
            var old = Set<ObjectIdentifier>(minimumCapacity: stack.count)
            for controller in stack {
                old.insert(ObjectIdentifier(controller))
                if !kept.contains(ObjectIdentifier(controller)) { removed.append(controller) }
            }
            var added: [UIViewController] = []
            added.reserveCapacity(newStack.count)
            for controller in newStack where !old.contains(ObjectIdentifier(controller)) { added.append(controller) }
            return StackPlan(
                delta: .replaced(previous: stack), removed: removed, added: added, keptCount: newStack.count)
        }
    }

    /// Whether two stacks hold the same controllers in the same order.
    private static func sameControllers(_ first: [UIViewController], _ second: [UIViewController]) -> Bool {
        guard first.count == second.count else { return false }
        for index in first.indices where first[index] !== second[index] { return false }
        return true
    }

    /// The stack before `delta` was applied to the current stack.
    private func stack(before delta: StackDelta) -> [UIViewController] {
        switch delta {
        case .pushed: Array(stack.dropLast())
        case .popped(let removed): stack + removed
        case .replaced(let previous): previous
        }
    }

    /// Runs the transition from `oldTop` to the stack's new top, with appearance callbacks, delegate calls
    /// and observers, and completes the containment of `plan` when it ends; a cancelled transition puts the
    /// previous stack back.
    private func runTransition(
        of plan: StackPlan, from oldTop: UIViewController?, animated requestedAnimation: Bool,
        cause: NavigationStackChange.Cause, interactive: Bool
    ) {
        let newTop = stack.last
        let topChanges = oldTop !== newTop
        let animated = requestedAnimation && topChanges && oldTop != nil
        let onScreen = isOnScreen && topChanges
        let animator = animated && !interactive ? customAnimator(from: oldTop, to: newTop, plan: plan) : nil
        let interaction = animator.flatMap { delegate?.navigationController(self, interactionControllerFor: $0) }
        // The stack as the change made it, recorded only if the change is cancelled: keeping a copy of every
        // stack would make each push copy the whole stack (pushes must cost the same at any depth).
        var stackAtCancellation: [UIViewController] = []
        let transition = SimTransition(
            from: oldTop, to: newTop, animated: animated, interactive: interactive,
            duration: animator?.transitionDuration(using: nil) ?? SimAnimation.navigationTransitionDuration
        ) { [self] transition in
            if navigationTransition === transition { navigationTransition = nil }
            if transition.isCancelled {
                finishCancelledChange(
                    of: plan, cancelledStack: stackAtCancellation, from: oldTop, to: newTop, cause: cause,
                    animated: animated)
                return
            }
            if onScreen {
                oldTop?.endAppearance()
                newTop?.endAppearance()
            }
            detachChildren(plan.removed)
            for controller in plan.removed {
                controller.containmentMotion = nil
                controller.didMove(toParent: nil)
            }
            for controller in plan.added {
                controller.containmentMotion = nil
                controller.didMove(toParent: self)
            }
            if let newTop, topChanges, isOnScreen {
                delegate?.navigationController(self, didShow: newTop, animated: animated)
            }
            stackObservers.notify(change(plan.delta, stack, cause, .completed, animated))
        }
        transition.prepare(animatedBy: animator, interaction: interaction)
        // The stack UIKit reports goes back as soon as the transition is cancelled.
        transition.onCancel = { [unowned self] in
            stackAtCancellation = stack
            stack = stack(before: plan.delta)
        }
        navigationTransition = transition
        if onScreen {
            // A pushed controller's view loads before the old top's will-disappear, as device logs show (S19).
            if let newTop, plan.added.contains(where: { $0 === newTop }) { newTop.loadViewIfNeeded() }
            oldTop?.beginAppearance(false, animated: animated)
            newTop?.beginAppearance(true, animated: animated)
        } else if topChanges, let oldTop, case .disappearing = oldTop.appearance {
            // The stack is leaving the screen (its sheet is being swiped down, say): the old top leaves the
            // stack's visible place now, and whatever the stack's own transition does next concerns the new top.
            oldTop.endAppearance()
        }
        // UIKit tells the delegate only while the navigation controller is on screen; it tells it of the top
        // when it appears (S7).
        if let newTop, topChanges, isOnScreen {
            delegate?.navigationController(self, willShow: newTop, animated: animated)
        }
        stackObservers.notify(change(plan.delta, stack, cause, .began, animated))
        transition.run()
    }

    /// The delegate's animator for an animated change from `oldTop` to `newTop` (S23): a push when the new top
    /// arrives with the change, a pop otherwise.
    private func customAnimator(from oldTop: UIViewController?, to newTop: UIViewController?, plan: StackPlan)
        -> (any UIViewControllerAnimatedTransitioning)?
    {
        guard let delegate, let oldTop, let newTop else { return nil }
        let operation: Operation = plan.added.contains { $0 === newTop } ? .push : .pop
        return delegate.navigationController(self, animationControllerFor: operation, from: oldTop, to: newTop)
    }

    /// A change whose transition was cancelled (the user let go early, or a custom animator completed with
    /// false): the previous stack is back (set when the cancellation happened), the controllers that were
    /// arriving leave, those that were leaving stay, and what appeared disappears again where it is seen.
    /// On screen, the delegate is told `willShow` and `didShow` of the controller that stays, as UIKit's
    /// `_didCancelTransitionFromViewController:toViewController:wrapperView:wasCustom:` does for apps linked on a
    /// current SDK (S7).
    private func finishCancelledChange(
        of plan: StackPlan, cancelledStack: [UIViewController], from oldTop: UIViewController?,
        to newTop: UIViewController?, cause: NavigationStackChange.Cause, animated: Bool
    ) {
        for controller in plan.added + plan.removed { controller.containmentMotion = nil }
        // The stack may have left or reached the screen meanwhile (a tab switch, a split view expanding, a new
        // window root): the old top comes back only where it is seen, and the new top leaves wherever it is.
        if isOnScreen {
            newTop?.beginAppearance(false, animated: animated)
            newTop?.endAppearance()
            oldTop?.beginAppearance(true, animated: animated)
            oldTop?.endAppearance()
        } else {
            oldTop?.endAppearance()
            newTop?.beginAppearance(false, animated: animated)
            newTop?.endAppearance()
        }
        detachChildren(plan.added)
        for controller in plan.added { controller.didMove(toParent: nil) }
        for controller in plan.removed { controller.didMove(toParent: self) }
        if isOnScreen, let oldTop {
            delegate?.navigationController(self, willShow: oldTop, animated: animated)
            delegate?.navigationController(self, didShow: oldTop, animated: animated)
        }
        stackObservers.notify(change(.replaced(previous: cancelledStack), stack, cause, .cancelled, animated))
    }

    /// The navigation controller appears itself (its window is shown, a full-screen presentation over it is
    /// dismissed, its tab is selected again): UIKit's `viewWillAppear:` and `viewDidAppear:` tell the delegate
    /// `willShow` and `didShow` of the top controller (S7).
    func tellDelegateOfAppearance(began: Bool, animated: Bool) {
        guard let top = stack.last, let delegate else { return }
        if began {
            delegate.navigationController(self, willShow: top, animated: animated)
        } else {
            delegate.navigationController(self, didShow: top, animated: animated)
        }
    }

    func change(
        _ delta: StackDelta, _ current: [UIViewController],
        _ cause: NavigationStackChange.Cause, _ phase: NavigationStackChange.Phase, _ animated: Bool
    ) -> NavigationStackChange {
        NavigationStackChange(
            navigationController: self, delta: delta, current: current, cause: cause, phase: phase, animated: animated,
            transitionCoordinator: phase == .began ? navigationTransition : nil)
    }
}
