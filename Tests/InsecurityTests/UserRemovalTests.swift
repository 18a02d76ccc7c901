import Insecurity
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

@MainActor
@Suite("Removals made by the user or by app code", .cleanSimulatedWorld)
struct UserRemovalTests {
    let loop = SimRunLoop.main

    @Test("E10: a swipe-down of the third of five frames ends it with .dismissed, tears down 4-5 and issues no dismiss")
    func swipeThirdOfFive() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let outcomes = Outcomes()
        var chain = ["C1", "C2", "C3", "C4", "C5"].map { ModalScreen($0) }
        host.start(chain[0], animated: false, outcomes.completion("C1"))
        loop.runUntilIdle()
        for (parent, child) in zip(chain, chain.dropFirst()) {
            parent.navigation.start(child, animated: false, outcomes.completion(child.name))
            loop.runUntilIdle()
        }
        var kinds: [PresentationChange.Kind] = []
        let observations = [
            scene.root, chain[0].controller!, chain[1].controller!, chain[2].controller!, chain[3].controller!,
        ].map { presenter in
            presenter.observePresentations { if $0.phase == .began { kinds.append($0.kind) } }
        }
        let events = EventLog()
        var live = LiveObjects()
        live.watch(chain[2], chain[3], chain[4], chain[2].controller, chain[4].controller)
        do {
            let third = chain[2].controller!
            chain.removeLast(3)
            #expect(third.simulateInteractiveDismissal())
        }
        loop.runUntilIdle()
        #expect(outcomes.log == ["C3: dismissed"])
        // Every presenter in the removed chain is told of the swipe; nobody issues a dismiss.
        #expect(kinds == [.interactiveDismissal, .interactiveDismissal, .interactiveDismissal])
        #expect(
            events.summary == [
                "ModalScreen ended(swipe)", "ModalScreen ended(teardownOfFramesAbove)",
                "ModalScreen ended(teardownOfFramesAbove)",
            ])
        #expect(host.liveCoordinatorTypes.count == 2)
        #expect(chain[1].controller?.presentedViewController == nil)
        // Kept to here: an optimized build would otherwise end the observations after their last use above.
        withExtendedLifetime(observations) {}
        #expect(live.count == 0)
    }

    @Test("E10: a back-button pop ends the frame with .dismissed even while a test holds the popped controller")
    func backButtonWithStrongReference() {
        let (scene, navigation) = Scene.navigation()
        let host = InsecurityHost(navigation: navigation)
        let outcomes = Outcomes()
        let detail = PushScreen("Detail")
        host.start(detail, animated: false, outcomes.completion("Detail"))
        loop.runUntilIdle()
        let held = detail.controller
        let events = EventLog()
        #expect(navigation.simulateBackButtonTap())
        loop.runUntilIdle()
        #expect(held != nil)
        #expect(outcomes.log == ["Detail: dismissed"])
        #expect(events.summary == ["PushScreen ended(backButton)"])
        #expect(host.liveCoordinatorTypes.isEmpty)
        _ = scene
    }

    @Test("E10: a completed interactive pop ends the frame; a cancelled one ends nothing")
    func interactivePops() {
        let (scene, navigation) = Scene.navigation()
        let host = InsecurityHost(navigation: navigation)
        let outcomes = Outcomes()
        let detail = PushScreen("Detail")
        host.start(detail, animated: false, outcomes.completion("Detail"))
        loop.runUntilIdle()
        let cancelled = navigation.beginInteractivePop()
        cancelled?.update(0.6)
        cancelled?.cancel()
        loop.runUntilIdle()
        #expect(outcomes.log.isEmpty)
        #expect(detail.isLive)
        #expect(navigation.topViewController === detail.controller)

        let completed = navigation.beginInteractivePop()
        completed?.update(0.6)
        completed?.finish()
        loop.runUntilIdle()
        #expect(outcomes.log == ["Detail: dismissed"])
        _ = (scene, host)
    }

    @Test(
        "E10: an interactive pop ends its frame when the finger lets go, even while a dismissal from the same navigation controller still animates"
    )
    func interactivePopDuringDismissal() {
        let (scene, navigation) = Scene.navigation()
        let host = InsecurityHost(navigation: navigation)
        let outcomes = Outcomes()
        let detail = PushScreen("Detail")
        host.start(detail, animated: false, outcomes.completion("Detail"))
        loop.runUntilIdle()
        navigation.present(UIViewController(), animated: false)
        loop.runUntilIdle()
        navigation.dismiss(animated: true)
        let pop = navigation.beginInteractivePop()
        #expect(pop != nil)
        pop?.update(0.5)
        pop?.finish()
        #expect(outcomes.log == ["Detail: dismissed"])
        #expect(!detail.isLive)
        loop.runUntilIdle()
        _ = (scene, host)
    }

    @Test("E10: a multi-level pop by app code ends the lowest popped frame and tears down the rest")
    func multiLevelPopByApp() {
        let (scene, navigation) = Scene.navigation()
        let host = InsecurityHost(navigation: navigation)
        let outcomes = Outcomes()
        let first = PushScreen("First")
        let second = PushScreen("Second")
        let third = PushScreen("Third")
        host.start(first, animated: false, outcomes.completion("First"))
        loop.runUntilIdle()
        first.navigation.start(second, animated: false, outcomes.completion("Second"))
        loop.runUntilIdle()
        second.navigation.start(third, animated: false, outcomes.completion("Third"))
        loop.runUntilIdle()
        navigation.popToViewController(first.controller!, animated: false)
        loop.runUntilIdle()
        #expect(outcomes.log == ["Second: dismissed"])
        #expect(host.liveCoordinatorTypes == ["PushScreen"])
        #expect(first.isLive && !third.isLive)
        _ = scene
    }

    @Test("E10: a sheet dismissed by app code ends its frame with .dismissed")
    func dismissedByApp() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let outcomes = Outcomes()
        let sheet = ModalScreen("Sheet")
        host.start(sheet, animated: false, outcomes.completion("Sheet"))
        loop.runUntilIdle()
        let events = EventLog()
        scene.root.dismiss(animated: true)
        loop.runUntilIdle()
        #expect(outcomes.log == ["Sheet: dismissed"])
        #expect(events.summary == ["ModalScreen ended(dismissedByApp)"])
        _ = host
    }

    @Test("E10, E11: a frame whose hierarchy app code released ends with .dismissed, before its controller is gone")
    func deallocatedController() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let outcomes = Outcomes()
        let sheet = ModalScreen("Sheet")
        host.start(sheet, animated: false, outcomes.completion("Sheet"))
        loop.runUntilIdle()
        let events = EventLog()
        scene.window.rootViewController = makeScreen("Elsewhere")
        loop.runUntilIdle()
        #expect(sheet.controller == nil)
        #expect(outcomes.log == ["Sheet: dismissed"])
        #expect(events.summary == ["ModalScreen ended(hierarchyRemoved)"])
        #expect(host.liveCoordinatorTypes.isEmpty)
    }
}
