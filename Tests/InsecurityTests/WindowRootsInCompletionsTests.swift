@_spi(Testing) import Insecurity
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// Window roots that app code starts inside a completion (E8, E9, E13, E14): the replaced chain ends without
/// completions, the frames above an ended frame get none, and nothing outlives the flow.
@MainActor
@Suite("Window roots started inside completions", .cleanSimulatedWorld)
struct WindowRootsInCompletionsTests {
    let loop = SimRunLoop.main

    @Test(
        "E13, E14: a presented child's completion starts a new window root: the old root chain ends without its completion and is released",
        arguments: SimAnimation.NonAnimatedTiming.allCases)
    func newRootFromChildCompletion(timing: SimAnimation.NonAnimatedTiming) {
        SimAnimation.nonAnimatedTiming = timing
        let (window, host) = visibleWindowHost()
        let outcomes = Outcomes()
        var live = LiveObjects()
        var diagnostics: [InsecurityDiagnostic] = []
        do {
            let first = AdaptiveScreen("First")
            let child = AdaptiveScreen("Child")
            let second = AdaptiveScreen("Second")
            diagnostics = InsecurityDiagnostics.capture {
                host.start(first, in: .any, animated: false, outcomes.completion("First"))
                first.navigation.start(child, in: .any, animated: true) { result in
                    outcomes.completion("Child")(result)
                    host.start(second, in: .modal, animated: false, outcomes.completion("Second"))
                }
                loop.runUntilIdle()
                child.finish("done")
                loop.runUntilIdle()
            }
            #expect(window.rootViewController === second.controller)
            #expect(outcomes.log == ["Child: done"], "the replaced chain ends without its completion")
            #expect(!first.isLive && !child.isLive && second.isLive)
            diagnostics += InsecurityDiagnostics.capture {
                second.navigation.start(AdaptiveScreen("Later"), in: .modal, animated: false) { _ in }
                loop.runUntilIdle()
            }
            live.watch(first, child, first.controller, child.controller)
        }
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(live.count == 0, "the replaced chain is released: \(live.objects)")
        close(window)
    }

    @Test(
        "E8: a child whose completion replaces the window root takes the frame above it down without a completion",
        arguments: SimAnimation.NonAnimatedTiming.allCases)
    func frameAboveGetsNoCompletion(timing: SimAnimation.NonAnimatedTiming) {
        SimAnimation.nonAnimatedTiming = timing
        let (window, host) = visibleWindowHost()
        let outcomes = Outcomes()
        let root = AdaptiveScreen("Root")
        let middle = AdaptiveScreen("Middle")
        let top = AdaptiveScreen("Top")
        let next = AdaptiveScreen("Next")
        let diagnostics = InsecurityDiagnostics.capture {
            host.start(root, in: .any, animated: false, outcomes.completion("Root"))
            root.navigation.start(middle, in: .any, animated: false) { result in
                outcomes.completion("Middle")(result)
                host.start(next, in: .modal, animated: false, outcomes.completion("Next"))
            }
            middle.navigation.start(top, in: .any, animated: false, outcomes.completion("Top"))
            loop.runUntilIdle()
            middle.finish("done")
            loop.runUntilIdle()
        }
        #expect(outcomes.log == ["Middle: done"], "E8: Top, above Middle, is torn down without its completion")
        #expect(!top.isLive && !root.isLive)
        #expect(window.rootViewController === next.controller)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        close(window)
    }

    @Test(
        "E13: a new root that ends before the window shows it calls off the replacement: the chain on screen stays live and stays the top context",
        arguments: SimAnimation.NonAnimatedTiming.allCases)
    func rootEndedBeforeShown(timing: SimAnimation.NonAnimatedTiming) {
        SimAnimation.nonAnimatedTiming = timing
        let (window, host) = visibleWindowHost()
        let shown = AdaptiveScreen("Shown")
        let withdrawn = AdaptiveScreen("Withdrawn")
        let deepLink = AdaptiveScreen("DeepLink")
        let outcomes = Outcomes()
        let diagnostics = InsecurityDiagnostics.capture {
            host.start(shown, in: .any, duration: 0.3, options: [], outcomes.completion("Shown"))
            // Waits for the running window transition, and ends before it runs.
            host.start(withdrawn, in: .any, animated: true, outcomes.completion("Withdrawn"))
            withdrawn.finish("gone")
            loop.runUntilIdle()
            host.topContext?.start(deepLink, in: .modal, animated: false) { _ in }
            loop.runUntilIdle()
        }
        #expect(window.rootViewController === shown.controller)
        #expect(shown.isLive, "the replacement was called off")
        #expect(
            shown.controller?.presentedViewController === deepLink.controller, "the top context is the chain on screen")
        #expect(outcomes.log == ["Withdrawn: gone"])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        close(window)
    }

    /// A visible window and a window host on it.
    private func visibleWindowHost() -> (UIWindow, WindowHost) {
        let window = UIWindow()
        window.makeKeyAndVisible()
        return (window, WindowHost(window))
    }

    /// Drops what `window` shows, and lets its chains end.
    private func close(_ window: UIWindow) {
        window.rootViewController = nil
        loop.runUntilIdle()
    }
}
