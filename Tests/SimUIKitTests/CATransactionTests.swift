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
        UIView.animate(withDuration: 1, animations: { root.view.alpha = 0.5 })
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

    @Test(
        "S22: a non-animated push adds no animation: the transaction's completion runs at commit (Apple: invoked immediately when no animations were added), under either timing",
        arguments: SimAnimation.NonAnimatedTiming.allCases)
    func nonAnimatedPushHoldsNothing(timing: SimAnimation.NonAnimatedTiming) {
        SimAnimation.nonAnimatedTiming = timing
        let navigation = UINavigationController(rootViewController: Screen("Root"))
        let window = makeVisibleWindow(root: navigation)
        var ran = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran = true }
        navigation.pushViewController(Screen("Detail"), animated: false)
        CATransaction.commit()
        #expect(ran)
        _ = window
    }

    @Test(
        "S22: a completion block set outside begin belongs to the turn's implicit transaction: it runs once the turn's animations have ended"
    )
    func implicitTransaction() {
        let navigation = UINavigationController(rootViewController: Screen("Root"))
        let window = makeVisibleWindow(root: navigation)
        var ran = false
        CATransaction.setCompletionBlock { ran = true }
        navigation.pushViewController(Screen("Detail"), animated: true)
        #expect(!ran)
        loop.advance(by: SimAnimation.navigationTransitionDuration - 0.01)
        #expect(!ran, "the push started in the same turn")
        loop.advance(by: 0.01)
        #expect(ran)
        var alone = false
        CATransaction.setCompletionBlock { alone = true }
        #expect(!alone, "not before the turn ends")
        loop.runUntilIdle()
        #expect(alone)
        _ = window
    }

    @Test(
        "S22: a view animation whose block changes nothing completes on the next turn, finished, and holds no transaction"
    )
    func emptyAnimationBlock() {
        var finished: Bool?
        var committed = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { committed = true }
        UIView.animate(withDuration: 2, animations: {}) { finished = $0 }
        CATransaction.commit()
        #expect(committed, "no animation was added")
        #expect(finished == nil, "not inside the call")
        loop.runUntilIdle()
        #expect(finished == true)
        #expect(loop.now < 2, "it did not wait for the duration")
        let view = UIView()
        var moved: Bool?
        UIView.animate(withDuration: 2, animations: { view.alpha = 0.5 }) { moved = $0 }
        loop.advance(by: 1.99)
        #expect(moved == nil, "an animation that changes something takes its duration")
        loop.advance(by: 0.01)
        #expect(moved == true)
    }

    @Test("S22: setCompletionBlock takes a plain closure, so a completion parameter passes on in Swift 6 mode")
    func plainCompletionClosure() {
        func perform(completion: (() -> Void)?) {
            CATransaction.begin()
            CATransaction.setCompletionBlock(completion)
            CATransaction.commit()
        }
        var ran = false
        perform { ran = true }
        #expect(ran)
    }

    @Test("S22: a commit without a begin is reported and changes nothing")
    func unbalancedCommit() {
        let warnings = SimWarnings.capture { CATransaction.commit() }
        #expect(warnings.count == 1)
    }
}
