import Insecurity
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

@MainActor
@Suite("Teardown and batching", .cleanSimulatedWorld)
struct TeardownTests {
    let loop = SimRunLoop.main

    /// Starts `names` as a chain of modal frames on `scene.root`, without animation.
    private func modalChain(_ names: [String], on scene: Scene, outcomes: Outcomes) -> (InsecurityHost, [ModalScreen]) {
        let host = InsecurityHost(modal: scene.root)
        let coordinators = names.map { ModalScreen($0) }
        host.start(coordinators[0], animated: false, outcomes.completion(names[0]))
        loop.runUntilIdle()
        for (parent, child) in zip(coordinators, coordinators.dropFirst()) {
            parent.navigation.start(child, animated: false, outcomes.completion(child.name))
            loop.runUntilIdle()
        }
        return (host, coordinators)
    }

    @Test(
        "E7: when the second of five modal frames finishes, one dismiss removes frames 2-5 and only the second's completion runs"
    )
    func secondOfFiveFinishes() {
        let scene = Scene()
        let outcomes = Outcomes()
        var (host, chain) = modalChain(["C1", "C2", "C3", "C4", "C5"], on: scene, outcomes: outcomes)
        var dismissals: [[String?]] = []
        let observation = chain[0].controller!.observePresentations { change in
            if change.kind == .dismiss, change.phase == .began { dismissals.append(change.controllers.map(\.title)) }
        }
        var live = LiveObjects()
        live.watch(chain[1], chain[2], chain[3], chain[4], chain[1].controller, chain[4].controller)
        do {
            let second = chain[1]
            chain.removeLast(4)
            second.finish("chosen")
        }
        loop.runUntilIdle()
        #expect(dismissals == [["C2", "C3", "C4", "C5"]], "one dismissal, issued by the presenter of the second frame")
        #expect(outcomes.log == ["C2: chosen"])
        #expect(host.liveCoordinatorTypes == ["ModalScreen"])
        #expect(scene.root.presentedViewController === chain[0].controller)
        _ = observation
        #expect(live.count == 0, "torn-down coordinators and their controllers are released")
        _ = host
    }

    @Test(
        "E7: a navigation frame that ends under a modal frame pops without animation while the modal frame is dismissed"
    )
    func navigationFrameUnderModal() {
        let (scene, navigation) = Scene.navigation()
        let host = InsecurityHost(navigation: navigation)
        let outcomes = Outcomes()
        let first = PushScreen("First")
        let second = PushScreen("Second")
        let sheet = ModalScreen("Sheet")
        host.start(first, animated: false, outcomes.completion("First"))
        loop.runUntilIdle()
        first.navigation.start(second, animated: false, outcomes.completion("Second"))
        loop.runUntilIdle()
        second.navigation.start(sheet, animated: false, outcomes.completion("Sheet"))
        loop.runUntilIdle()
        var changes: [NavigationStackChange] = []
        let observation = navigation.observeStack { if $0.phase == .began { changes.append($0) } }
        first.finish("done")
        #expect(navigation.viewControllers.map(\.title) == ["Home"], "popped at once")
        #expect(changes.count == 1)
        #expect(changes.first?.animated == false)
        #expect(changes.first?.cause == .popToViewController)
        #expect(navigation.presentedViewController?.isBeingDismissed == true, "the dismissal started with the pop (S3)")
        loop.runUntilIdle()
        #expect(outcomes.log == ["First: done"])
        _ = (scene, observation)
    }

    @Test("E8: a parent that finishes itself in its child's completion leads to one dismissal")
    func parentFinishesInChildCompletion() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let outcomes = Outcomes()
        let parent = ModalScreen("Parent")
        let child = ModalScreen("Child")
        host.start(parent, animated: false, outcomes.completion("Parent"))
        loop.runUntilIdle()
        parent.navigation.start(child, animated: false) { result in
            outcomes.completion("Child")(result)
            parent.finish("from child: \(result.value ?? "-")")
        }
        var dismissedChains: [[String]] = []
        let observation = scene.root.observePresentations {
            if $0.kind == .dismiss, $0.phase == .began {
                dismissedChains.append($0.controllers.map { $0.title ?? "?" })
            }
        }
        child.finish("card")
        loop.runUntilIdle()
        #expect(outcomes.log == ["Child: card", "Parent: from child: card"])
        #expect(
            dismissedChains == [["Parent", "Child"]], "the child's screen leaves with its parent's, not on its own")
        #expect(scene.root.presentedViewController == nil)
        #expect(host.liveCoordinatorTypes.isEmpty)
        _ = observation
    }

    @Test(
        "E7, E8: a coordinator that app code finishes or dismisses while its host tears frames down ends once the teardown is over, with its completion"
    )
    func endDuringTeardownRunsAfterIt() {
        for dismisses in [false, true] {
            let scene = Scene()
            let outcomes = Outcomes()
            let (host, chain) = modalChain(["Parent", "Child", "Grandchild"], on: scene, outcomes: outcomes)
            // An app's observer that ends the parent when the grandchild is torn down: it runs inside the teardown.
            var endedInTeardown = false
            let subscription = InsecurityEvents.observe { event in
                guard event.action == .ended(.teardownOfFramesAbove), !endedInTeardown else { return }
                endedInTeardown = true
                if dismisses { chain[0].dismiss() } else { chain[0].finish("closed") }
            }
            chain[1].finish("done")
            loop.runUntilIdle()
            #expect(endedInTeardown)
            #expect(outcomes.log == ["Child: done", dismisses ? "Parent: dismissed" : "Parent: closed"])
            #expect(!chain[0].isLive)
            #expect(host.liveCoordinatorTypes.isEmpty)
            #expect(scene.root.presentedViewController == nil, "the parent's screen left after the child's")
            withExtendedLifetime(subscription) {}
        }
    }

    @Test("E9: a start requested in a completion runs only after the dismissal animation has finished")
    func startInCompletionWaitsForDismissal() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let parent = ModalScreen("Parent")
        let child = ModalScreen("Child")
        let next = ModalScreen("Next")
        host.start(parent, animated: false) { _ in }
        parent.navigation.start(child, animated: false) { _ in
            parent.navigation.start(next, animated: true) { _ in }
        }
        loop.runUntilIdle()
        var warnings: [SimWarning] = []
        warnings = SimWarnings.capture {
            child.finish("done")
            loop.advance(by: SimAnimation.modalTransitionDuration * 0.9)
            #expect(next.controller?.presentingViewController == nil, "still waiting for the dismissal")
            loop.runUntilIdle()
        }
        #expect(parent.controller?.presentedViewController === next.controller)
        #expect(warnings.isEmpty, "UIKit never refused anything")
    }

    @Test("E9: after a pop, a start requested in a completion waits at least the documented delay")
    func startAfterPopWaits() {
        let (scene, navigation) = Scene.navigation()
        let host = InsecurityHost(navigation: navigation)
        let first = PushScreen("First")
        let second = PushScreen("Second")
        let third = PushScreen("Third")
        host.start(first, animated: false) { _ in }
        first.navigation.start(second, animated: false) { _ in
            first.navigation.start(third, animated: true) { _ in }
        }
        let start = loop.now
        var pushedAt: Double?
        let observation = navigation.observeStack { change in
            if change.cause == .push, change.phase == .began { pushedAt = loop.now - start }
        }
        second.finish("back")
        loop.runUntilIdle()
        #expect(navigation.viewControllers.map(\.title) == ["Home", "First", "Third"])
        #expect((pushedAt ?? 0) >= InsecurityConfiguration.navigationPopBatchedStartDelay)
        #expect((pushedAt ?? 0) >= SimAnimation.navigationTransitionDuration - 1e-9, "and the pop's transition")
        _ = (scene, observation)
    }

    @Test("E9: a second start inside the same completion is a diagnostic")
    func secondStartInCompletion() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let parent = ModalScreen("Parent")
        let child = ModalScreen("Child")
        let first = ModalScreen("First")
        let second = ModalScreen("Second")
        host.start(parent, animated: false) { _ in }
        var diagnostics: [InsecurityDiagnostic] = []
        parent.navigation.start(child, animated: false) { _ in
            parent.navigation.start(first, animated: true) { _ in }
            diagnostics = InsecurityDiagnostics.capture {
                parent.navigation.start(second, animated: true) { _ in }
            }
        }
        child.finish("x")
        loop.runUntilIdle()
        #expect(diagnostics.map(\.code) == [.secondStartInCompletion])
        #expect(parent.controller?.presentedViewController === first.controller)
        #expect(second.controller == nil)
    }

    @Test("E16: tearing down 10,000 frames works in one pass, without deep recursion")
    func deepTeardown() {
        let (scene, navigation) = Scene.navigation()
        let host = InsecurityHost(navigation: navigation)
        let outcomes = Outcomes()
        let bottom = PushScreen("Bottom")
        host.start(bottom, animated: false, outcomes.completion("Bottom"))
        loop.runUntilIdle()
        var top: PushScreen = bottom
        for index in 1..<10_000 {
            let next = PushScreen("P\(index)")
            top.navigation.start(next, animated: false) { _ in }
            top = next
        }
        #expect(navigation.viewControllers.count == 10_001)
        var live = LiveObjects()
        live.watch(top, top.controller)
        top = bottom
        bottom.finish("all")
        loop.runUntilIdle()
        #expect(navigation.viewControllers.map(\.title) == ["Home"])
        #expect(outcomes.log == ["Bottom: all"])
        #expect(live.count == 0)
        _ = scene
    }
}
