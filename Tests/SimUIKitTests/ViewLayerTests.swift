import SimUIKit
import SimulationTesting
import Testing

@MainActor
@Suite("The inert view layer, animators and gestures", .cleanSimulatedWorld)
struct ViewLayerTests {
    let loop = SimRunLoop.main

    @Test("S24: a view holds what animation code sets on it and reads it back; subviews keep their order")
    func viewHoldsValues() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 200))
        let a = UIView()
        let b = UIView()
        container.addSubview(a)
        container.addSubview(b)
        container.bringSubviewToFront(a)
        #expect(container.subviews.map { $0 === a } == [false, true])
        container.sendSubviewToBack(a)
        #expect(container.subviews.first === a)
        a.alpha = 0.25
        a.transform = CGAffineTransform(scaleX: 2, y: 2).rotated(by: .pi)
        a.backgroundColor = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        a.layer.cornerRadius = 8
        a.layer.masksToBounds = true
        #expect(a.alpha == 0.25)
        #expect(a.transform != .identity)
        #expect(a.transform.scaledBy(x: 0.5, y: 0.5).rotated(by: -.pi).a.rounded() == 1)
        #expect(a.backgroundColor == UIColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        #expect(a.layer.cornerRadius == 8 && a.layer.masksToBounds)
        a.removeFromSuperview()
        #expect(a.superview == nil && container.subviews.count == 1)
        #expect(container.center == CGPoint(x: 50, y: 100))
    }

    @Test("S24: a view inside a controller's view is in that controller's window")
    func subviewWindow() {
        let root = UIViewController()
        let window = makeVisibleWindow(root: root)
        let label = UIView()
        root.view.addSubview(label)
        #expect(label.window === window)
    }

    @Test("S24: UIView.animate sets values at once and completes after delay and duration on the virtual clock")
    func animate() {
        let view = UIView()
        var finished: [Bool] = []
        UIView.animate(withDuration: 0.3, delay: 0.2, options: [.curveEaseOut], animations: { view.alpha = 0 }) {
            finished.append($0)
        }
        #expect(view.alpha == 0)
        loop.advance(by: 0.49)
        #expect(finished.isEmpty)
        loop.advance(by: 0.01)
        #expect(finished == [true])
    }

    @Test("S24: keyframe animations, view-to-view transitions and snapshots, as transition animators use them")
    func keyframesAndViewTransitions() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let old = UIView(frame: container.bounds)
        let new = UIView(frame: container.bounds)
        container.addSubview(old)
        var finished: [Bool] = []
        UIView.animateKeyframes(
            withDuration: 0.4, delay: 0, options: [.calculationModeCubic],
            animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { old.alpha = 0.5 }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { old.alpha = 0 }
            }
        ) { finished.append($0) }
        #expect(old.alpha == 0)
        UIView.transition(from: old, to: new, duration: 0.2, options: [.transitionCrossDissolve]) {
            finished.append($0)
        }
        #expect(container.subviews.first === new && old.superview == nil)
        #expect(container.runningTransition?.duration == 0.2)
        let snapshot = new.snapshotView(afterScreenUpdates: false)
        #expect(snapshot?.frame == new.frame && snapshot?.superview == nil)
        #expect(
            new.convert(CGRect(x: 1, y: 2, width: 3, height: 4), to: nil) == CGRect(x: 1, y: 2, width: 3, height: 4))
        loop.runUntilIdle()
        #expect(finished == [true, true])
    }

    @Test("S24: a property animator runs its animations when started, can pause, scrub, reverse and finish")
    func propertyAnimator() {
        let view = UIView()
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.alpha = 0 }
        animator.addCompletion { positions.append($0) }
        #expect(animator.state == .inactive && view.alpha == 1, "nothing runs before it starts")
        animator.startAnimation()
        #expect(view.alpha == 0 && animator.isRunning)
        loop.advance(by: 0.4)
        animator.pauseAnimation()
        #expect(abs(animator.fractionComplete - 0.4) < 0.001 && !animator.isRunning)
        animator.isReversed = true
        #expect(abs(animator.fractionComplete - 0.6) < 0.001, "reversing mirrors the progress towards the end")
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
        #expect(animator.isRunning)
        loop.advance(by: 0.4)
        #expect(positions == [.start], "reversed from 0.4, it ends at the start after 0.4 s")
        #expect(!animator.isRunning && animator.state == .inactive)
        let stopped = UIViewPropertyAnimator(duration: 1, curve: .linear)
        stopped.addCompletion { positions.append($0) }
        stopped.startAnimation()
        stopped.stopAnimation(false)
        #expect(stopped.state == .stopped && !stopped.isRunning)
        stopped.finishAnimation(at: .current)
        #expect(positions == [.start, .current])
        loop.runUntilIdle()
        #expect(positions == [.start, .current], "a stopped animator's scheduled end does nothing")
    }

    @Test(
        "S24: setting fractionComplete on an inactive animator with animations makes it active and paused, so continueAnimation runs it (UIViewPropertyAnimator's setFractionComplete:)"
    )
    func fractionCompleteStartsPaused() {
        let view = UIView()
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
        animator.addCompletion { positions.append($0) }
        animator.fractionComplete = 0.25
        #expect(animator.state == .active && !animator.isRunning && view.alpha == 0)
        #expect(animator.fractionComplete == 0.25)
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
        loop.advance(by: 0.75)
        #expect(positions == [.end])
        let empty = UIViewPropertyAnimator(duration: 1, curve: .linear)
        empty.fractionComplete = 0.5
        #expect(empty.state == .inactive && empty.fractionComplete == 0, "no animations: ignored")
    }

    @Test("S24: pausesOnCompletion pauses the animator at its end without running its completions")
    func pausesOnCompletion() {
        let view = UIView()
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
        animator.pausesOnCompletion = true
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        loop.advance(by: 2)
        #expect(positions.isEmpty && animator.state == .active && !animator.isRunning)
        #expect(animator.fractionComplete == 1)
        animator.isReversed = true
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
        loop.advance(by: 1)
        #expect(positions.isEmpty, "it pauses at the start too")
        animator.pausesOnCompletion = false
        animator.stopAnimation(false)
        animator.finishAnimation(at: .start)
        #expect(positions == [.start])
    }

    @Test(
        "S17, S24: finishAnimation(at:) on an animator that is not stopped raises, and releasing a paused or stopped animator raises (UIViewPropertyAnimator.mm)"
    )
    func animatorMisuseRaises() {
        let view = UIView()
        var running: UIViewPropertyAnimator? = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
        let finishing = SimExceptions.capture {
            running?.startAnimation()
            running?.finishAnimation(at: .end)
        }
        #expect(finishing.map(\.reason) == ["finishAnimationAtPosition: should only be called on a stopped animator!"])
        let released = SimExceptions.capture {
            running?.pauseAnimation()
            running = nil
            // The clock lets go of the end it had scheduled.
            loop.advance(by: 1)
        }
        #expect(released.map(\.name) == ["NSInternalInconsistencyException"])
        #expect(released.first?.reason.hasPrefix("It is an error to release a paused or stopped property animator.") == true)
        let finished = SimExceptions.capture {
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 1 }
            animator.startAnimation()
            animator.stopAnimation(false)
            animator.finishAnimation(at: .current)
        }
        #expect(finished.isEmpty, "stopped and finished, it may go")
        loop.runUntilIdle()
        let inactive = SimExceptions.capture { UIViewPropertyAnimator(duration: 1, curve: .linear).finishAnimation(at: .end) }
        #expect(inactive.isEmpty, "an inactive animator with no animations ignores it")
    }

    @Test("S24: gesture recognizers are driven step by step and call their actions with each state")
    func panRecognizer() {
        let root = UIViewController()
        let window = makeVisibleWindow(root: root)
        let pan = UIScreenEdgePanGestureRecognizer()
        pan.edges = .right
        var seen: [String] = []
        pan.addTarget { recognizer in
            let pan = recognizer as! UIPanGestureRecognizer
            seen.append("\(recognizer.state) \(pan.translation(in: nil).x)")
        }
        #expect(!pan.simulateBegan(), "not attached to a view")
        root.view.addGestureRecognizer(pan)
        #expect(pan.view === root.view && root.view.gestureRecognizers?.count == 1)
        #expect(pan.simulateBegan())
        #expect(pan.simulateChanged(translation: CGPoint(x: -40, y: 0), velocity: CGPoint(x: -300, y: 0)))
        #expect(pan.velocity(in: nil).x == -300)
        #expect(pan.simulateEnded())
        #expect(seen == ["began 0.0", "changed -40.0", "ended -40.0"])
        #expect(!pan.simulateChanged(translation: .zero), "no gesture in progress")
        let tap = UITapGestureRecognizer()
        var taps = 0
        tap.addTarget { _ in taps += 1 }
        root.view.addGestureRecognizer(tap)
        #expect(tap.simulateTap() && tap.state == .ended && taps == 1)
        tap.isEnabled = false
        #expect(!tap.simulateTap() && tap.state == .failed && taps == 1)
        _ = window
    }

    @Test("S7, S24: the interactive pop recognizer pops past half the screen; its delegate can refuse it")
    func interactivePopRecognizer() {
        let root = UIViewController()
        let detail = UIViewController()
        let navigation = UINavigationController(rootViewController: root)
        let window = makeVisibleWindow(root: navigation)
        navigation.pushViewController(detail, animated: false)
        loop.runUntilIdle()
        let recognizer = navigation.interactivePopGestureRecognizer as! UIScreenEdgePanGestureRecognizer
        #expect(recognizer.edges == .left)
        let refusing = RefusingGestureDelegate()
        recognizer.delegate = refusing
        #expect(!recognizer.simulateBegan())
        #expect(navigation.beginInteractivePop() == nil, "the delegate refuses the edge swipe itself too")
        recognizer.delegate = nil
        #expect(recognizer.simulateBegan())
        recognizer.simulateChanged(translation: CGPoint(x: UIScreen.main.bounds.width * 0.3, y: 0))
        recognizer.simulateEnded()
        loop.runUntilIdle()
        #expect(navigation.viewControllers == [root, detail], "let go before half way: cancelled")
        recognizer.simulateBegan()
        recognizer.simulateChanged(translation: CGPoint(x: UIScreen.main.bounds.width * 0.7, y: 0))
        recognizer.simulateEnded()
        loop.runUntilIdle()
        #expect(navigation.viewControllers == [root])
        _ = (window, refusing)
    }

    @Test("S24: windows post the key and visibility notifications")
    func windowNotifications() {
        let names = Journal()
        let observers = [
            UIWindow.didBecomeKeyNotification, UIWindow.didResignKeyNotification,
            UIWindow.didBecomeVisibleNotification, UIWindow.didBecomeHiddenNotification,
        ].map { name in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
                let posted = note.name.rawValue
                MainActor.assumeIsolated { names.record(posted) }
            }
        }
        let first = UIWindow()
        first.makeKeyAndVisible()
        let second = UIWindow()
        second.makeKeyAndVisible()
        first.isHidden = true
        #expect(
            names.entries == [
                "UIWindowDidBecomeVisibleNotification", "UIWindowDidBecomeKeyNotification",
                "UIWindowDidBecomeVisibleNotification", "UIWindowDidResignKeyNotification",
                "UIWindowDidBecomeKeyNotification", "UIWindowDidBecomeHiddenNotification",
            ])
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
    }

    @Test("S24: UIApplication.open records the URL and answers on the next turn")
    func openURL() {
        var answers: [Bool] = []
        UIApplication.shared.open(URL(string: "https://example.com/")!) { answers.append($0) }
        #expect(answers.isEmpty)
        loop.runUntilIdle()
        #expect(answers == [true])
        #expect(UIApplication.shared.openedURLs == [URL(string: "https://example.com/")!])
    }
}

@MainActor
private final class RefusingGestureDelegate: UIGestureRecognizerDelegate {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { false }
}
