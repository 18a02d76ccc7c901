import SimUIKit
import SimulationTesting
import Testing

@MainActor
@Suite("CATransaction", .cleanSimulatedWorld)
struct CATransactionTests {
    let loop = SimRunLoop.main

    @Test("S22: the completion runs when the animated push started in the transaction ends, after didShow")
    func completionAfterPush() {
        let navigation = UINavigationController(rootViewController: Screen("Root"))
        let window = makeVisibleWindow(root: navigation)
        let recorder = NavigationDelegateSpy()
        navigation.delegate = recorder
        var log: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("completion, \(recorder.calls.count) delegate calls") }
        navigation.pushViewController(Screen("Detail"), animated: true)
        CATransaction.commit()
        #expect(log.isEmpty)
        loop.advance(by: SimAnimation.navigationTransitionDuration)
        #expect(log == ["completion, 2 delegate calls"])
        _ = window
    }

    @Test("S22: with nothing started, the completion runs at commit")
    func emptyTransaction() {
        var ran = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran = true }
        CATransaction.commit()
        #expect(ran)
    }

    @Test(
        "S22: a non-animated push ends on the next turn under the deferred timing, and the completion waits for it",
        arguments: SimAnimation.NonAnimatedTiming.allCases)
    func nonAnimatedPush(timing: SimAnimation.NonAnimatedTiming) {
        SimAnimation.nonAnimatedTiming = timing
        let navigation = UINavigationController(rootViewController: Screen("Root"))
        let window = makeVisibleWindow(root: navigation)
        var ran = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran = true }
        navigation.pushViewController(Screen("Detail"), animated: false)
        CATransaction.commit()
        #expect(ran == (timing == .immediate))
        loop.runUntilIdle()
        #expect(ran)
        _ = window
    }

    @Test("S22: transactions nest; the outer completion also waits for what the inner one started")
    func nested() {
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        var log: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("outer") }
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("inner") }
        root.present(Screen("Sheet"), animated: true)
        CATransaction.commit()
        UIView.animate(withDuration: 1, animations: {})
        CATransaction.commit()
        loop.advance(by: SimAnimation.modalTransitionDuration)
        #expect(log == ["inner"])
        loop.advance(by: 1)
        #expect(log == ["inner", "outer"])
        _ = window
    }

    @Test("S6, S22: a push that waits for a running push still holds back the transaction it was asked in")
    func deferredPushCounts() {
        let navigation = UINavigationController(rootViewController: Screen("Root"))
        let window = makeVisibleWindow(root: navigation)
        navigation.pushViewController(Screen("A"), animated: true)
        var ran = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran = true }
        navigation.pushViewController(Screen("B"), animated: true)
        CATransaction.commit()
        loop.advance(by: SimAnimation.navigationTransitionDuration)
        #expect(!ran, "B's push has only just started")
        loop.advance(by: SimAnimation.navigationTransitionDuration)
        #expect(ran)
        _ = window
    }

    @Test("S22: a commit without a begin is reported and changes nothing")
    func unbalancedCommit() {
        let warnings = SimWarnings.capture { CATransaction.commit() }
        #expect(warnings.count == 1)
    }
}
