import SimUIKit
import SimulationTesting
import Testing

@MainActor
@Suite("Virtual clock", .cleanSimulatedWorld)
struct ClockTests {
    let loop = SimRunLoop.main

    @Test("S4: an animated presentation takes the documented virtual time; its completion runs at the end")
    func animatedPresentationTakesTime() {
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        var completedAt: Double?
        let start = loop.now
        root.present(Screen("Sheet"), animated: true) { completedAt = loop.now }
        loop.advance(by: SimAnimation.modalTransitionDuration / 2)
        #expect(completedAt == nil)
        #expect(root.transitionCoordinator != nil)
        loop.advance(by: SimAnimation.modalTransitionDuration / 2)
        #expect(completedAt.map { $0 - start } == SimAnimation.modalTransitionDuration)
        #expect(root.transitionCoordinator == nil)
        _ = window
    }

    @Test("S18: under .immediate, non-animated transitions complete, completion included, before the call returns")
    func nonAnimatedImmediate() {
        SimAnimation.nonAnimatedTiming = .immediate
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        let sheet = Screen("Sheet")
        var presented = false
        var dismissed = false
        root.present(sheet, animated: false) { presented = true }
        #expect(presented)
        root.dismiss(animated: false) { dismissed = true }
        #expect(dismissed)
        #expect(loop.isIdle)
        _ = window
    }

    @Test("S18: withNonAnimatedTiming applies a timing inside its body only, even when the body throws")
    func scopedTiming() {
        struct Stop: Error {}
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        var presented = false
        SimAnimation.withNonAnimatedTiming(.immediate) {
            root.present(Screen("Sheet"), animated: false) { presented = true }
        }
        #expect(presented, "inside the body the presentation completed before the call returned")
        #expect(SimAnimation.nonAnimatedTiming == .deferred)
        #expect(throws: Stop.self) {
            try SimAnimation.withNonAnimatedTiming(.immediate) { throw Stop() }
        }
        #expect(SimAnimation.nonAnimatedTiming == .deferred, "a throwing body leaves the timing as it was")
        _ = window
    }

    @Test(
        "S18: under .deferred (the default), links change at the call; did-callbacks and completion run on the next turn"
    )
    func nonAnimatedDeferred() {
        #expect(SimAnimation.nonAnimatedTiming == .deferred, "the clean world starts with the default")
        let journal = Journal()
        let root = Screen("Root", journal: journal)
        let window = makeVisibleWindow(root: root)
        let sheet = Screen("Sheet", journal: journal)
        sheet.modalPresentationStyle = .fullScreen
        _ = journal.take()
        var presented = false
        root.present(sheet, animated: false) { presented = true }
        #expect(root.presentedViewController === sheet, "the link is set at the call")
        #expect(!presented, "the completion waits for the next turn")
        #expect(
            journal.take() == [
                "Sheet.viewDidLoad", "Root.viewWillDisappear", "Sheet.viewWillAppear [presented]",
                "Sheet.viewIsAppearing [presented]",
            ])
        let start = loop.now
        loop.advance(by: 0)
        #expect(presented && loop.now == start, "the next turn takes no virtual time")
        #expect(journal.take() == ["Sheet.viewDidAppear [presented]", "Root.viewDidDisappear"])
        var dismissed = false
        root.dismiss(animated: false) { dismissed = true }
        #expect(root.presentedViewController == nil && !dismissed)
        loop.advance(by: 0)
        #expect(dismissed)
        _ = window
    }

    @Test("S18: under .deferred, a second non-animated present right after the first is refused, as on a device")
    func presentedTooQuickly() {
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        let first = Screen("First")
        root.present(first, animated: false)
        var completed = false
        let warnings = SimWarnings.capture { first.present(Screen("Second"), animated: false) { completed = true } }
        #expect(warnings.map(\.message).first?.contains("while a presentation is in progress") == true)
        loop.runUntilIdle()
        #expect(first.presentedViewController == nil && !completed)
        _ = window
    }

    @Test("S18: under .deferred, consecutive non-animated pushes all join the stack at once, without a warning")
    func consecutiveNonAnimatedPushes() {
        let navigation = UINavigationController(rootViewController: Screen("Home"))
        let window = makeVisibleWindow(root: navigation)
        let warnings = SimWarnings.capture {
            navigation.pushViewController(Screen("A"), animated: false)
            navigation.pushViewController(Screen("B"), animated: false)
            navigation.popViewController(animated: false)
            navigation.pushViewController(Screen("C"), animated: false)
        }
        #expect(warnings.isEmpty)
        #expect(navigation.viewControllers.map(\.title) == ["Home", "A", "C"])
        loop.runUntilIdle()
        #expect(navigation.viewControllers.map(\.title) == ["Home", "A", "C"])
        _ = window
    }

    @Test("S4: pushes and pops take the navigation duration")
    func navigationDuration() {
        let navigation = UINavigationController(rootViewController: Screen("Home"))
        let window = makeVisibleWindow(root: navigation)
        let spy = NavigationDelegateSpy()
        navigation.delegate = spy
        navigation.pushViewController(Screen("Detail"), animated: true)
        loop.advance(by: SimAnimation.navigationTransitionDuration * 0.9)
        #expect(spy.calls == ["willShow Detail"])
        loop.advance(by: SimAnimation.navigationTransitionDuration * 0.1)
        #expect(spy.calls == ["willShow Detail", "didShow Detail"])
        _ = window
    }

    @Test("S4: runUntilIdle runs actions in due order, including ones scheduled while running")
    func runUntilIdleOrder() {
        var order: [String] = []
        let start = loop.now
        loop.perform(after: 0.2) { order.append("b") }
        loop.perform(after: 0.1) {
            order.append("a")
            loop.perform(after: 0.05) { order.append("a2") }
        }
        loop.perform(after: 0.2) { order.append("c") }
        #expect(loop.runUntilIdle())
        #expect(order == ["a", "a2", "b", "c"])
        #expect(abs(loop.now - start - 0.2) < 1e-9)
    }
}
