import SimulationTesting
import TestSupport
import Testing

@_spi(Adapters) @_spi(Testing) @testable import Insecurity
@testable import SimUIKit

/// Each invariant corrupted on purpose: the checks the random suites run after every step must see it.
@MainActor
@Suite("Invariant checks see corrupted state", .cleanSimulatedWorld)
struct InvariantCheckTests {
    let loop = SimRunLoop.main
    let invariants = InsecurityInvariants()

    /// A window with a two-frame chain (a push, and a sheet above it), settled.
    private func settledChain() -> (Scene, InsecurityHost, PushScreen, ModalScreen) {
        let (scene, navigation) = Scene.navigation()
        let host = InsecurityHost(navigation: navigation)
        let pushed = PushScreen("Pushed")
        let sheet = ModalScreen("Sheet")
        host.start(pushed, animated: false) { _ in }
        pushed.navigation.start(sheet, animated: false) { _ in }
        loop.runUntilIdle()
        return (scene, host, pushed, sheet)
    }

    private func violations(_ scene: Scene) -> [String] {
        invariants.violations(windows: [scene.window], settled: true)
    }

    @Test("The checks hold on an untouched chain")
    func untouched() {
        let (scene, host, _, _) = settledChain()
        #expect(violations(scene).isEmpty)
        _ = host
    }

    @Test("A wrong frame index, a missing lookup entry and a host left mid-teardown are reported")
    func structural() {
        let (scene, host, _, _) = settledChain()
        host.frames[1].index = 0
        #expect(violations(scene).contains { $0.contains("has index 0 at position 1") })
        host.frames[1].index = 1
        let key = host.frames[1].uikitControllerID
        let removed = host.framesByUIKitController.removeValue(forKey: key)
        #expect(violations(scene).contains { $0.contains("missing from the controller lookup table") })
        host.framesByUIKitController[key] = removed
        host.stage.beginTeardownWithoutBatch()
        #expect(violations(scene).contains { $0.contains("is not ready between steps") })
        #expect(host.stage.teardownFinished().isEmpty)
        #expect(violations(scene).isEmpty)
    }

    @Test(
        "Debug builds catch a broken chain inside the operation that runs on it, before any harness check",
        .enabled(if: isDebugBuild, "the engine's checks are compiled into debug builds only"))
    func caughtInsideTheOperation() {
        let (scene, host, _, sheet) = settledChain()
        let healthy = InsecurityDiagnostics.capture {
            sheet.navigation.start(ModalScreen("Healthy"), animated: false) { _ in }
        }
        #expect(healthy.isEmpty, "a correct start reports nothing")
        host.framesByUIKitController.removeValue(forKey: host.frames[1].uikitControllerID)
        let reported = InsecurityDiagnostics.capture {
            host.frames.last.flatMap { $0.owner as? ModalScreen }?.navigation.start(
                ModalScreen("Next"), animated: false
            ) { _ in }
        }
        #expect(reported.map(\.code) == [.invariantBroken])
        #expect(
            reported.first?.message.hasPrefix("After starting ModalScreen: frame ") == true
                && reported.first?.message.contains("is missing from the controller lookup table") == true,
            "\(reported)")
        _ = scene
    }

    @Test(
        "Debug builds catch a shared stack's broken bookkeeping inside the adapters' next operation",
        .enabled(if: isDebugBuild, "the engine's checks are compiled into debug builds only"))
    func sharedStackCaughtInsideTheOperation() {
        let (scene, navigation) = Scene.navigation()
        let stack = SharedNavigationStack.stack(for: navigation, framework: "Test")
        let detail = UIViewController()
        let healthy = InsecurityDiagnostics.capture {
            stack.push(detail, typeName: "Detail", animated: false)
            loop.runUntilIdle()
            stack.replaceStack(with: [navigation.viewControllers[0], UIViewController()], typeNames: ["Home", "More"])
            loop.runUntilIdle()
        }
        #expect(healthy.isEmpty, "correct operations report nothing: \(healthy)")
        // A replacement begun and never ended, as a forgotten end of the bracket would leave it.
        stack.state.beginStackReplacement(of: [], by: [])
        let reported = InsecurityDiagnostics.capture {
            stack.push(UIViewController(), typeName: "Next", animated: false)
        }
        #expect(reported.map(\.code) == [.invariantBroken])
        #expect(
            reported.first?.message == "After pushing Next: a stack replacement is still being applied.",
            "\(reported)")
        stack.state.endStackReplacement()
        loop.runUntilIdle()
        withExtendedLifetime(scene) {}
    }

    @Test("A live frame whose controller left the screen, and an ended frame's controller left on screen, are reported")
    func screen() {
        let (scene, host, _, sheet) = settledChain()
        let sheetController = sheet.controller!
        let presenter = sheetController.presentingViewController!
        sheetController.presentingStorage = nil
        #expect(violations(scene).contains { $0.contains("is live but") && $0.contains("not on screen") })
        sheetController.presentingStorage = presenter
        #expect(violations(scene).isEmpty)
        // The engine forgets the frame without taking its screen away.
        let frame = host.frames.removeLast()
        host.framesByUIKitController.removeValue(forKey: frame.uikitControllerID)
        frame.markEnded()
        invariants.recordEnded(frame)
        #expect(violations(scene).contains { $0.contains("the frame that showed it has ended") })
        presenter.dismiss(animated: false)
        loop.runUntilIdle()
    }

    @Test(
        "E21: an operation held back for a transition that SimUIKit would not wait for is reported; one UIKit would defer is not",
        .enabled(if: isDebugBuild, "over-deferrals are recorded in debug builds only"))
    func overDeferralIsReported() {
        let (scene, navigation) = Scene.navigation()
        let animating = { navigation.stackTransitionCoordinator.map(UIKitOperationQueue.Blocker.transition) }
        navigation.pushViewController(makeScreen("Animating"), animated: true)
        // A push held by the animating push: SimUIKit would defer it too.
        UIKitOperationQueue.shared.enqueue(
            UIKitOperationQueue.Custom(
                keys: .init(navigation), blocker: animating, run: {},
                acceptedByUIKitNow: {
                    UIKitOperationQueue.contentChangeAcceptedNow("a push", on: navigation, animated: true)
                }))
        #expect(InsecurityWorld.takeOverDeferrals().isEmpty)
        // A push onto an idle stack held by that same animation: SimUIKit would have pushed at once.
        let other = UINavigationController(rootViewController: makeScreen("Idle"))
        UIKitOperationQueue.shared.enqueue(
            UIKitOperationQueue.Custom(
                keys: .init(other), blocker: animating, run: {},
                acceptedByUIKitNow: {
                    UIKitOperationQueue.contentChangeAcceptedNow("a push", on: other, animated: true)
                }))
        #expect(
            InsecurityWorld.takeOverDeferrals() == [
                "a push on <UINavigationController> was held back for a transition UIKit would not have waited for"
            ])
        loop.runUntilIdle()
        _ = scene
    }

    @Test("E19: a transition dropped before it ended does not keep the queue from waking for a new one at its address")
    func droppedTransitionDoesNotHideItsSuccessor() throws {
        let queue = UIKitOperationQueue.shared
        var ran: [String] = []
        func waiting(for transition: SimTransition, _ name: String) {
            let keys = UIKitOperationQueue.Keys(UIViewController())
            queue.enqueue(
                UIKitOperationQueue.Custom(
                    keys: keys,
                    blocker: { [weak transition] in
                        // As a controller's transition coordinator: there while the transition runs.
                        transition.flatMap { $0.isFinished ? nil : .transition($0) }
                    }, run: { ran.append(name) }))
        }
        func transition() -> SimTransition {
            SimTransition(from: nil, to: nil, animated: true, duration: 0.3) { _ in }
        }
        // The queue waits on a transition that is then dropped without ending, as a gesture's can be.
        var dropped: SimTransition? = transition()
        let droppedID = ObjectIdentifier(dropped!)
        waiting(for: dropped!, "first")
        dropped = nil
        // The allocator puts the next transition of the same size at the freed address.
        var next = transition()
        var made = [next]
        while ObjectIdentifier(next) != droppedID, made.count < 1_000 {
            next = transition()
            made.append(next)
        }
        try #require(ObjectIdentifier(next) == droppedID, "no transition reused the address; nothing to check")
        made.removeAll { $0 !== next }
        waiting(for: next, "second")
        #expect(ran == ["first"], "the first no longer waits on anything")
        next.run()
        loop.runUntilIdle()
        #expect(ran == ["first", "second"], "the queue woke when the new transition ended")
    }
}
