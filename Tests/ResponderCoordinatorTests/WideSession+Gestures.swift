@_spi(Testing) import SimUIKit

/// A drag the user holds between steps: an edge swipe started by `beginInteractivePop`, by the navigation
/// controller's own recognizer, or by app code driving a custom interactive pop (S23).
@MainActor
struct HeldDrag {
    let finish: () -> Void
    let cancel: () -> Void
    /// The touch is taken away (the handle dropped, the recognizer cancelled).
    let drop: () -> Void
}

/// Custom push and pop animations a navigation delegate supplies, as route-based libraries do: a view
/// animation that completes the transition, and, while the app drives a pop, a percent-driven controller.
@MainActor
final class RandomNavigationAnimations: UINavigationControllerDelegate {
    /// The interaction controller of the pop the app is starting, if any.
    private var pendingInteraction: UIPercentDrivenInteractiveTransition?

    func navigationController(
        _ navigationController: UINavigationController,
        animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? {
        FadingAnimator()
    }

    func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)? {
        defer { pendingInteraction = nil }
        return pendingInteraction
    }

    /// Starts an interactive custom pop of `navigation`'s top controller, as a library's own edge recognizer
    /// does; nil when the pop cannot start.
    func beginInteractivePop(of navigation: UINavigationController, progress: CGFloat) -> HeldDrag? {
        let interaction = UIPercentDrivenInteractiveTransition()
        pendingInteraction = interaction
        navigation.popViewController(animated: true)
        pendingInteraction = nil
        // The interaction controller was handed the transition: it knows its duration.
        guard interaction.duration > 0 else { return nil }
        interaction.update(progress)
        return HeldDrag(finish: interaction.finish, cancel: interaction.cancel, drop: interaction.cancel)
    }
}

/// Fades the new top in over 0.2 s and completes the transition unless it was cancelled.
@MainActor
private final class FadingAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        0.2
    }

    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        let toView = transitionContext.view(forKey: .to)
        toView?.alpha = 0
        if let toView { transitionContext.containerView.addSubview(toView) }
        UIView.animate(withDuration: 0.2, animations: { toView?.alpha = 1 }) { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }
}

extension WideSession {
    /// The user's edge swipe on a shown stack, started one of three ways, or, when one is held, let go of:
    /// past the middle, early, or with the touch taken away.
    func dragBack(_ value: Int) {
        if let drag = heldDrag {
            heldDrag = nil
            switch value % 3 {
            case 0: drag.finish()
            case 1: drag.cancel()
            default: drag.drop()
            }
            return
        }
        guard let navigation = pick(shownNavigations, value) else { return }
        let progress = CGFloat(value % 10) / 10
        switch (value / 3) % 3 {
        case 0:
            if let pop = navigation.beginInteractivePop() {
                pop.update(progress)
                // Dropped, the handle goes with the held drag, and a handle released mid-gesture cancels it.
                heldDrag = HeldDrag(finish: pop.finish, cancel: pop.cancel, drop: {})
            }
        case 1:
            guard let recognizer = navigation.interactivePopGestureRecognizer as? UIPanGestureRecognizer,
                recognizer.simulateBegan()
            else { return }
            let width = UIScreen.main.bounds.width
            recognizer.simulateChanged(translation: CGPoint(x: width * progress, y: 0))
            heldDrag = HeldDrag(
                finish: {
                    recognizer.simulateChanged(translation: CGPoint(x: width * 0.8, y: 0))
                    recognizer.simulateEnded()
                },
                cancel: {
                    recognizer.simulateChanged(translation: CGPoint(x: width * 0.1, y: 0))
                    recognizer.simulateEnded()
                },
                drop: { recognizer.simulateCancelled() })
        default:
            guard navigation.delegate === customAnimations else { return }
            heldDrag = customAnimations.beginInteractivePop(of: navigation, progress: progress)
        }
    }
}

extension WideSession {
    /// The user swipes a page either way, at once or held (let go of by the next drag step), or app code sets
    /// a page, as a page coordinator's `.set` route does.
    func turnPage(of pager: UIPageViewController, _ value: Int) {
        let direction: UIPageViewController.NavigationDirection = value % 2 == 0 ? .forward : .reverse
        switch (value / 2) % 3 {
        case 0:
            pager.simulateSwipe(direction)
        case 1:
            guard heldDrag == nil, let swipe = pager.beginInteractiveSwipe(direction) else { return }
            swipe.update(CGFloat(value % 10) / 10)
            heldDrag = HeldDrag(finish: swipe.finish, cancel: swipe.cancel, drop: {})
        default:
            guard let page = pick(pageList.pages, value / 6) else { return }
            pager.setViewControllers([page], direction: direction, animated: value % 4 < 2)
        }
    }
}
