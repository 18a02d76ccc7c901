@_spi(Testing) import Insecurity
@_spi(Testing) import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// A user's finger held on a sheet while the chain under it ends and the app replaces the window's root: the
/// gesture's end finds nothing of the old chain to report about (E10, E20), and nothing outlives the world.
@MainActor
@Suite("Held gestures across chain ends and root replacements", .cleanSimulatedWorld)
struct HeldGestureAcrossEndsTests {
    let loop = SimRunLoop.main

    @Test(
        "E20, E10: a sheet swipe held while its chain's bottom finishes and the window root is replaced, then cancelled, reports nothing",
        arguments: SimAnimation.NonAnimatedTiming.allCases)
    func heldSwipeOutlivesItsChain(timing: SimAnimation.NonAnimatedTiming) {
        SimAnimation.nonAnimatedTiming = timing
        var live = LiveObjects()
        let outcomes = Outcomes()
        do {
            let scene = Scene()
            let host = InsecurityHost(modal: scene.root)
            let bottom = AdaptiveScreen("C8")
            let modal = ModalScreen("M7")
            let pushed = PushScreen("N9")
            let selfDismissing = AdaptiveScreen("C10")
            let top = AdaptiveScreen("A12")
            var drag: UIViewController.InteractiveDismissal?
            expectNoWarningsOrDiagnostics {
                // The chain is asked for in one turn, as an app's launch code does; its starts queue (E17).
                host.start(bottom, in: .any, animated: true, outcomes.completion("C8"))
                bottom.navigation.start(modal, animated: true, outcomes.completion("M7"))
                modal.navigation.start(UINavigationController(), pushed, animated: false, outcomes.completion("N9"))
                pushed.navigation.start(selfDismissing, in: .any, animated: true, outcomes.completion("C10"))
                loop.runUntilIdle()
                selfDismissing.navigation.start(top, in: .modal, animated: true, outcomes.completion("A12"))
                selfDismissing.dismiss()
                loop.advance(by: 0.1)
                // The user's finger lands on the top sheet once nothing animates under it.
                loop.runUntilIdle()
                live.watch(host, bottom, modal, pushed, selfDismissing, top, bottom.controller, top.controller)
                drag = topPresented(above: scene.window.rootViewController)?.beginInteractiveDismissal()
                drag?.update(0.5)
                bottom.finish("done")
                scene.window.rootViewController = makeScreen("LoggedOut")
                drag?.update(0.2)
                drag?.cancel()
                loop.runUntilIdle()
            }
            #expect(drag != nil, "the user's finger was on a sheet")
            #expect(host.liveCoordinatorTypes.isEmpty)
            #expect(outcomes.log.first == "C10: dismissed", "\(outcomes.log)")
            #expect(outcomes.log.contains("C8: done"), "E8: the bottom's completion runs, those above it do not")
            #expect(scene.window.rootViewController?.presentedViewController == nil)
        }
        loop.runUntilIdle()
        #expect(live.count == 0, "\(live.objects.map { "\(type(of: $0))" })")
    }
}
