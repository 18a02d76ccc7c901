import SimUIKit
import SimulationTesting
import Testing

/// An animator in the shape route-based libraries give: it animates views with `UIView.animate` and completes
/// the context with `!transitionWasCancelled` when the animation ends.
@MainActor
private final class FadeAnimator: UIViewControllerAnimatedTransitioning {
    let duration: TimeInterval
    /// What `completeTransition` is called with: nil means "not cancelled" (`!transitionWasCancelled`).
    var forcedResult: Bool?
    private(set) var ended: [Bool] = []

    init(duration: TimeInterval = 0.25, forcedResult: Bool? = nil) {
        self.duration = duration
        self.forcedResult = forcedResult
    }

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        duration
    }

    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        let toView = transitionContext.view(forKey: .to)!
        toView.alpha = 0
        transitionContext.containerView.addSubview(toView)
        UIView.animate(withDuration: duration, delay: 0, options: [.curveLinear], animations: { toView.alpha = 1 }) {
            _ in
            transitionContext.completeTransition(self.forcedResult ?? !transitionContext.transitionWasCancelled)
        }
    }

    func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
}

/// A navigation delegate that animates every push and pop with `animator`, driven by `interaction` when set.
@MainActor
private final class AnimatingNavigationDelegate: UINavigationControllerDelegate {
    let animator: FadeAnimator
    var interaction: UIPercentDrivenInteractiveTransition?
    private(set) var operations: [UINavigationController.Operation] = []
    private(set) var shown: [String] = []

    init(animator: FadeAnimator) { self.animator = animator }

    func navigationController(
        _ navigationController: UINavigationController,
        animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? {
        operations.append(operation)
        return animator
    }

    func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)? { interaction }

    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) { shown.append(viewController.title ?? "?") }
}

@MainActor
@Suite("Custom and interactive transitions", .cleanSimulatedWorld)
struct CustomTransitionTests {
    let loop = SimRunLoop.main

    private func navigationScene() -> (UIWindow, UINavigationController, Screen) {
        let root = Screen("Root")
        let navigation = UINavigationController(rootViewController: root)
        let window = makeVisibleWindow(root: navigation)
        return (window, navigation, root)
    }

    @Test("S23: the navigation delegate's animator runs pushes and pops for its own duration, told push or pop")
    func customNavigationAnimator() {
        let (window, navigation, root) = navigationScene()
        let delegate = AnimatingNavigationDelegate(animator: FadeAnimator(duration: 0.25))
        navigation.delegate = delegate
        let detail = Screen("Detail")
        navigation.pushViewController(detail, animated: true)
        #expect(navigation.viewControllers == [root, detail])
        #expect(detail.view.alpha == 1, "the animation's end value is set at once, as UIKit's model values are")
        #expect(detail.view.superview != nil, "the animator put the view in the container")
        #expect(navigation.transitionCoordinator?.initiallyInteractive == false, "no interaction controller")
        loop.advance(by: 0.2)
        #expect(navigation.transitionCoordinator != nil, "0.25 s, the animator's duration, not 0.35")
        loop.advance(by: 0.05)
        #expect(navigation.transitionCoordinator == nil)
        #expect(delegate.shown == ["Detail"])
        navigation.popViewController(animated: true)
        loop.runUntilIdle()
        #expect(delegate.operations == [.push, .pop])
        #expect(delegate.animator.ended == [true, true])
        #expect(navigation.viewControllers == [root])
        _ = window
    }

    @Test("S23: completeTransition(false) cancels a push: the pushed controller leaves, the stack is as before")
    func cancelledCustomPush() {
        let (window, navigation, root) = navigationScene()
        let delegate = AnimatingNavigationDelegate(animator: FadeAnimator(forcedResult: false))
        navigation.delegate = delegate
        var phases: [NavigationStackChange.Phase] = []
        let observation = navigation.observeStack { phases.append($0.phase) }
        let detail = Screen("Detail")
        navigation.pushViewController(detail, animated: true)
        loop.runUntilIdle()
        #expect(navigation.viewControllers == [root])
        #expect(detail.parent == nil)
        #expect(phases == [.began, .cancelled])
        #expect(delegate.shown == ["Root"], "S7: a cancelled transition tells didShow of the controller that stays")
        #expect(delegate.animator.ended == [false])
        #expect(root.viewIfLoaded?.window != nil)
        _ = (window, observation)
    }

    @Test(
        "S23: a percent-driven interactive pop follows update, then finishes or cancels; the animator's animations wait for the finger",
        arguments: [true, false])
    func percentDrivenPop(finish: Bool) {
        let (window, navigation, root) = navigationScene()
        let detail = Screen("Detail")
        navigation.pushViewController(detail, animated: false)
        loop.runUntilIdle()
        let delegate = AnimatingNavigationDelegate(animator: FadeAnimator(duration: 0.4))
        let interaction = UIPercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        navigation.delegate = delegate
        navigation.popViewController(animated: true)
        let transition = navigation.transitionCoordinator
        #expect(transition?.isInteractive == true && transition?.initiallyInteractive == true)
        interaction.update(0.5)
        #expect(interaction.percentComplete == 0.5)
        loop.advance(by: 5)
        #expect(navigation.transitionCoordinator != nil, "nothing ends while the finger holds it")
        #expect(navigation.viewControllers == [root], "UIKit's stack changed at the call")
        if finish { interaction.finish() } else { interaction.cancel() }
        #expect(navigation.viewControllers == (finish ? [root] : [root, detail]))
        #expect(transition?.isInteractive == false, "the finger let go")
        #expect(transition?.initiallyInteractive == true && transition?.isCancelled == !finish)
        loop.advance(by: 0.19)
        #expect(navigation.transitionCoordinator != nil, "the rest of the 0.4 s")
        loop.advance(by: 0.01)
        #expect(navigation.transitionCoordinator == nil)
        #expect(navigation.viewControllers == (finish ? [root] : [root, detail]))
        #expect(delegate.animator.ended == [finish])
        // Cancelled, the delegate is told of the controller that stays (S7, `_didCancelTransitionFromViewController:…`).
        #expect(delegate.shown == (finish ? ["Root"] : ["Detail"]))
        #expect((finish ? root : detail).viewIfLoaded?.window != nil)
        _ = window
    }

    @Test("S6, S23: a push asked for during a custom transition waits for it, and is not lost")
    func pushDuringCustomTransitionWaits() {
        let (window, navigation, root) = navigationScene()
        navigation.delegate = AnimatingNavigationDelegate(animator: FadeAnimator())
        let a = Screen("A")
        let b = Screen("B")
        navigation.pushViewController(a, animated: true)
        navigation.pushViewController(b, animated: true)
        #expect(navigation.viewControllers == [root, a])
        loop.runUntilIdle()
        #expect(navigation.viewControllers == [root, a, b])
        _ = window
    }

    @Test("S23: a custom presentation cancelled by its animator leaves nothing presented and skips the completion")
    func cancelledPresentation() {
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        let sheet = Screen("Sheet")
        let transitions = CancellingTransitions()
        sheet.transitioningDelegate = transitions
        var completed = false
        var phases: [PresentationChange.Phase] = []
        let observation = root.observePresentations { phases.append($0.phase) }
        root.present(sheet, animated: true) { completed = true }
        #expect(root.presentedViewController === sheet)
        loop.runUntilIdle()
        #expect(root.presentedViewController == nil)
        #expect(sheet.presentingViewController == nil)
        #expect(!completed)
        #expect(phases == [.began, .cancelled])
        #expect(root.viewIfLoaded?.window != nil)
        root.present(Screen("Next"), animated: false)
        #expect(root.presentedViewController?.title == "Next", "the presenter is free again")
        loop.runUntilIdle()
        _ = (window, observation)
    }

    @Test(
        "S23: an interactive dismissal driven by the transitioning delegate's interaction controller can be cancelled")
    func interactiveDismissal() {
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        let sheet = Screen("Sheet")
        let transitions = InteractiveTransitions()
        sheet.transitioningDelegate = transitions
        root.present(sheet, animated: false)
        loop.runUntilIdle()
        var dismissed = false
        root.dismiss(animated: true) { dismissed = true }
        #expect(sheet.isBeingDismissed)
        transitions.interaction.update(0.3)
        transitions.interaction.cancel()
        loop.runUntilIdle()
        #expect(root.presentedViewController === sheet && !sheet.isBeingDismissed)
        #expect(!dismissed)
        root.dismiss(animated: true) { dismissed = true }
        transitions.interaction.finish()
        loop.runUntilIdle()
        #expect(root.presentedViewController == nil && dismissed)
        _ = window
    }

    @Test("S23: the tab bar delegate's animator runs a switch; cancelled, the old tab is selected again")
    func customTabSwitch() {
        let first = Screen("First")
        let second = Screen("Second")
        let tabs = UITabBarController()
        tabs.viewControllers = [first, second]
        let window = makeVisibleWindow(root: tabs)
        let delegate = TabAnimations()
        tabs.delegate = delegate
        tabs.selectedIndex = 1
        #expect(tabs.selectedViewController === second)
        #expect(tabs.transitionCoordinator != nil)
        loop.runUntilIdle()
        #expect(delegate.asked == ["First → Second"])
        delegate.animator.forcedResult = false
        tabs.selectedIndex = 0
        loop.runUntilIdle()
        #expect(tabs.selectedViewController === second, "a cancelled switch keeps the old tab")
        #expect(second.viewIfLoaded?.window != nil)
        _ = window
    }

    /// iOS 26.1 UIKitCore: `_setViewControllers:animated:` keeps the selected controller if it stays, else the
    /// previously selected index, else the first tab, and selects through `setSelectedIndex:` wrapped in
    /// `performWithoutAnimation:` unless animated; the selection's transition asks the delegate's animator.
    @Test(
        "S23: setViewControllers(_:animated: true) that changes the selection on screen asks the delegate's animator; not animated, it does not; the selected index is kept"
    )
    func tabReplacementAnimates() {
        let tabs = UITabBarController()
        tabs.viewControllers = [Screen("First"), Screen("Second")]
        let window = makeVisibleWindow(root: tabs)
        let delegate = TabAnimations()
        tabs.delegate = delegate
        tabs.selectedIndex = 1
        loop.runUntilIdle()
        #expect(delegate.asked == ["First → Second"])

        let third = Screen("Third")
        let fourth = Screen("Fourth")
        tabs.setViewControllers([third, fourth], animated: true)
        #expect(tabs.selectedViewController === fourth, "the selected index stays")
        #expect(tabs.transitionCoordinator != nil, "the switch animates")
        loop.runUntilIdle()
        #expect(delegate.asked == ["First → Second", "Second → Fourth"])
        #expect(fourth.viewIfLoaded?.window != nil && tabs.children.count == 2)

        tabs.setViewControllers([Screen("Fifth")], animated: false)
        #expect(tabs.selectedViewController?.title == "Fifth", "past the end: the first tab")
        #expect(delegate.asked.count == 2, "not animated: no animator is asked")
        loop.runUntilIdle()
        _ = window
    }

    @Test("S23: completeTransition twice warns and changes nothing more")
    func completeTwice() {
        let (window, navigation, _) = navigationScene()
        let animator = CompletingTwice()
        let delegate = FixedAnimatorDelegate(animator)
        navigation.delegate = delegate
        let warnings = SimWarnings.capture {
            navigation.pushViewController(Screen("Detail"), animated: true)
            loop.runUntilIdle()
        }
        #expect(
            warnings.map(\.message) == [
                "completeTransition(_:) was called more than once for the same transition; ignored."
            ])
        #expect(navigation.viewControllers.count == 2)
        _ = window
    }
}

@MainActor
private final class CancellingTransitions: UIViewControllerTransitioningDelegate {
    let animator = FadeAnimator(forcedResult: false)
    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? { animator }
}

@MainActor
private final class InteractiveTransitions: UIViewControllerTransitioningDelegate {
    let animator = FadeAnimator()
    let interaction = UIPercentDrivenInteractiveTransition()
    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        animator
    }
    func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
    { interaction }
}

@MainActor
private final class TabAnimations: UITabBarControllerDelegate {
    let animator = FadeAnimator()
    private(set) var asked: [String] = []
    func tabBarController(
        _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
        to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? {
        asked.append("\(fromVC.title ?? "?") → \(toVC.title ?? "?")")
        return animator
    }
}

@MainActor
private final class CompletingTwice: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        0.1
    }
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        transitionContext.completeTransition(true)
        transitionContext.completeTransition(false)
    }
}

@MainActor
private final class FixedAnimatorDelegate: UINavigationControllerDelegate {
    let animator: any UIViewControllerAnimatedTransitioning
    init(_ animator: any UIViewControllerAnimatedTransitioning) { self.animator = animator }
    func navigationController(
        _ navigationController: UINavigationController,
        animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? { animator }
}
