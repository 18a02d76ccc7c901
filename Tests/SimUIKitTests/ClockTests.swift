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

    @Test("S4: non-animated transitions complete, completion included, before the call returns")
    func nonAnimatedIsSynchronous() {
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
