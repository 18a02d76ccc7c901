import SimUIKit
import SimulationTesting
import Testing

/// An animator that slides for `duration` and records what UIKit asked of it.
@MainActor
private final class SlideAnimator: UIViewControllerAnimatedTransitioning {
    let duration: TimeInterval
    let log: Journal

    init(duration: TimeInterval, log: Journal) {
        self.duration = duration
        self.log = log
    }

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        log.record("duration")
        return duration
    }

    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        let from = transitionContext.viewController(forKey: .from)?.title ?? "?"
        let to = transitionContext.viewController(forKey: .to)?.title ?? "?"
        log.record("animate \(from) → \(to), animated \(transitionContext.isAnimated)")
        let arriving = transitionContext.viewController(forKey: .to)?.view
        UIView.animate(withDuration: duration, animations: { arriving?.alpha = 1 }) { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }

    func animationEnded(_ transitionCompleted: Bool) {
        log.record("ended \(transitionCompleted)")
    }
}

/// A coordinator-like object that animates its sheet's presentation and dismissal itself.
@MainActor
private final class SheetTransitions: UIViewControllerTransitioningDelegate {
    let log = Journal()
    var presentations = 0

    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? {
        presentations += 1
        log.record("present \(presented.title ?? "?") from \(source.title ?? "?") on \(presenting.title ?? "?")")
        return SlideAnimator(duration: 0.2, log: log)
    }

    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        log.record("dismiss \(dismissed.title ?? "?")")
        return SlideAnimator(duration: 0.1, log: log)
    }
}

@MainActor
@Suite("Transitioning delegates", .cleanSimulatedWorld)
struct TransitioningDelegateTests {
    let loop = SimRunLoop.main

    @Test(
        "A custom animator sets the presentation's duration, and the presentation ends when the animator completes it")
    func customPresentationAndDismissal() {
        let root = Screen("Root")
        root.title = "Root"
        let window = makeVisibleWindow(root: root)
        let sheet = Screen("Sheet")
        sheet.title = "Sheet"
        let transitions = SheetTransitions()
        sheet.transitioningDelegate = transitions
        var presented = false
        root.present(sheet, animated: true) { presented = true }
        #expect(
            transitions.log.entries == [
                "present Sheet from Root on Root", "duration", "animate Root → Sheet, animated true",
            ])
        loop.advance(by: 0.15)
        #expect(!presented && root.presentedViewController === sheet, "still animating: the animator asked 0.2 s")
        loop.advance(by: 0.05)
        #expect(presented)
        #expect(transitions.log.entries.last == "ended true")

        var dismissed = false
        root.dismiss(animated: true) { dismissed = true }
        loop.advance(by: 0.1)
        #expect(dismissed && root.presentedViewController == nil)
        #expect(
            transitions.log.entries.suffix(4) == [
                "dismiss Sheet", "duration", "animate Sheet → Root, animated true", "ended true",
            ])
        _ = window
    }

    @Test("A presentation without animation asks no animator")
    func nonAnimatedPresentationSkipsTheDelegate() {
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        let sheet = Screen("Sheet")
        let transitions = SheetTransitions()
        sheet.transitioningDelegate = transitions
        root.present(sheet, animated: false)
        loop.runUntilIdle()
        #expect(transitions.presentations == 0 && root.presentedViewController === sheet)
        root.dismiss(animated: false)
        loop.runUntilIdle()
        #expect(transitions.log.entries.isEmpty)
        _ = window
    }

    @Test("The presented controller does not retain its transitioning delegate")
    func delegateIsWeak() {
        let sheet = Screen("Sheet")
        weak var released: SheetTransitions?
        do {
            let transitions = SheetTransitions()
            released = transitions
            sheet.transitioningDelegate = transitions
        }
        #expect(released == nil && sheet.transitioningDelegate == nil)
    }
}
