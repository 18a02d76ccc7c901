@_spi(Testing) @_spi(Adapters) import Insecurity
@_spi(Testing) import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// Tests that end by dropping their references with screens presented, animating or waiting, and without
/// stopping anything: nothing the world made outlives it, and every awaited start resumes (E14, E15).
@MainActor
@Suite("E14, E15: a world dropped without stop() leaves nothing behind", .cleanSimulatedWorld)
struct DroppedWorldTests {
    /// What a test made in its world: the objects that must go with it, and whether its awaited start resumed.
    @MainActor
    final class World {
        var live = LiveObjects()
        var resumed = false

        /// Starts `child` on `host` from a task, as async app code does, and lets the task run until the
        /// child is live.
        func awaitStart(of child: AdaptiveScreen, on host: InsecurityHost, animated: Bool) async {
            live.watch(host, child)
            Task { [self] in
                _ = await host.start(child, in: .modal, animated: animated)
                resumed = true
            }
            for _ in 0..<100 where !child.isLive { await Task.yield() }
        }
    }

    /// Runs `body` in a key window showing a navigation controller, drops every reference, lets the run loop
    /// and the tasks run, and expects the awaited start to have resumed and every watched object to be gone.
    private func expectNothingOutlives(
        timing: SimAnimation.NonAnimatedTiming, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: @MainActor (World, UINavigationController) async -> Void
    ) async {
        SimAnimation.nonAnimatedTiming = timing
        let world = World()
        do {
            let window = UIWindow()
            let navigation = UINavigationController(rootViewController: UIViewController())
            window.rootViewController = navigation
            window.makeKeyAndVisible()
            world.live.watch(window, navigation)
            await body(world, navigation)
        }
        SimRunLoop.main.runUntilIdle()
        for _ in 0..<1_000 where !world.resumed { await Task.yield() }
        #expect(world.resumed, "E15: the awaited start resumes", sourceLocation: sourceLocation)
        #expect(
            world.live.count == 0, "\(world.live.objects.map { "\(type(of: $0))" })", sourceLocation: sourceLocation)
    }

    @Test(
        "E15, leaks: an awaited modal start, a child started from it in a new navigation controller, then the world is dropped",
        arguments: [SimAnimation.NonAnimatedTiming.standard, .immediate])
    func awaitedStartThenDropped(timing: SimAnimation.NonAnimatedTiming) async {
        await expectNothingOutlives(timing: timing) { world, navigation in
            let child = AdaptiveScreen("child")
            await world.awaitStart(of: child, on: InsecurityHost(navigation: navigation), animated: false)
            #expect(child.isLive)
            let grandchild = AdaptiveScreen("grandchild")
            world.live.watch(grandchild)
            child.navigation.start(grandchild, in: .navigation(fallback: UINavigationController()), animated: true) {
                _ in
            }
        }
    }

    @Test(
        "E15, leaks: a dropped world whose removed screens' completions start more children on the awaited child",
        arguments: [SimAnimation.NonAnimatedTiming.standard, .immediate])
    func completionsStartingWhileDropped(timing: SimAnimation.NonAnimatedTiming) async {
        await expectNothingOutlives(timing: timing) { world, navigation in
            let child = AdaptiveScreen("child")
            await world.awaitStart(of: child, on: InsecurityHost(navigation: navigation), animated: false)
            // What the app does when a screen goes: another screen from the parent, in a new navigation
            // controller; the last one finishes the parent.
            @MainActor func startNext(_ names: ArraySlice<String>) {
                guard let name = names.first else {
                    child.finish("done")
                    return
                }
                let next = AdaptiveScreen(name)
                world.live.watch(next)
                child.navigation.start(next, in: .navigation(new: UINavigationController()), animated: true) {
                    [weak child] _ in
                    if child?.isLive == true { startNext(names.dropFirst()) }
                }
            }
            startNext(["grandchild", "next", "last"])
        }
    }

    @Test(
        "E15, E17: a start waiting behind the app's presentation when the host and the world are dropped resumes, and nothing stays",
        arguments: [SimAnimation.NonAnimatedTiming.standard, .immediate])
    func startWaitingWhenDropped(timing: SimAnimation.NonAnimatedTiming) async {
        await expectNothingOutlives(timing: timing) { world, navigation in
            let sheet = UIViewController()
            world.live.watch(sheet)
            navigation.present(sheet, animated: true)
            let child = AdaptiveScreen("child")
            await world.awaitStart(of: child, on: InsecurityHost(modal: navigation), animated: true)
            #expect(child.isLive && !world.resumed, "the start waits for the app's presentation")
        }
    }
}
