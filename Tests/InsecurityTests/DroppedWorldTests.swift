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
    @Test(
        "E15, leaks: an awaited modal start, a child started from it in a new navigation controller, then the world is dropped",
        arguments: [SimAnimation.NonAnimatedTiming.standard, .immediate])
    func awaitedStartThenDropped(timing: SimAnimation.NonAnimatedTiming) async {
        SimAnimation.nonAnimatedTiming = timing
        var live = LiveObjects()
        var resumed = false
        do {
            let window = UIWindow()
            let navigation = UINavigationController(rootViewController: UIViewController())
            window.rootViewController = navigation
            window.makeKeyAndVisible()
            let host = InsecurityHost(navigation: navigation)
            let child = AdaptiveScreen("child")
            let grandchild = AdaptiveScreen("grandchild")
            live.watch(window, navigation, host, child, grandchild)
            Task {
                _ = await host.start(child, in: .modal, animated: false)
                resumed = true
            }
            for _ in 0..<100 where !child.isLive { await Task.yield() }
            #expect(child.isLive)
            child.navigation.start(grandchild, in: .navigation(fallback: UINavigationController()), animated: true) { _ in }
        }
        SimRunLoop.main.runUntilIdle()
        for _ in 0..<1_000 where !resumed { await Task.yield() }
        #expect(resumed, "E15: the awaited start resumes")
        #expect(live.count == 0, "\(live.objects.map { "\(type(of: $0))" })")
    }

    @Test(
        "E15, leaks: a dropped world whose removed screens' completions start more children on the awaited child",
        arguments: [SimAnimation.NonAnimatedTiming.standard, .immediate])
    func completionsStartingWhileDropped(timing: SimAnimation.NonAnimatedTiming) async {
        SimAnimation.nonAnimatedTiming = timing
        var live = LiveObjects()
        var resumed = false
        do {
            let window = UIWindow()
            let navigation = UINavigationController(rootViewController: UIViewController())
            window.rootViewController = navigation
            window.makeKeyAndVisible()
            let host = InsecurityHost(navigation: navigation)
            let child = AdaptiveScreen("child")
            live.watch(window, navigation, host, child)
            Task {
                _ = await host.start(child, in: .modal, animated: false)
                resumed = true
            }
            for _ in 0..<100 where !child.isLive { await Task.yield() }
            let grandchild = AdaptiveScreen("grandchild")
            live.watch(grandchild)
            child.navigation.start(grandchild, in: .navigation(fallback: UINavigationController()), animated: true) {
                [weak child] _ in
                // What the app does when the screen goes: another screen from the parent, which finishes it.
                guard let child else { return }
                let next = AdaptiveScreen("next")
                live.watch(next)
                child.navigation.start(next, in: .navigation(new: UINavigationController()), animated: false) {
                    [weak child] _ in
                    guard let child else { return }
                    let last = AdaptiveScreen("last")
                    live.watch(last)
                    child.navigation.start(last, in: .navigation(new: UINavigationController()), animated: true) {
                        [weak child] _ in child?.finish("done")
                    }
                }
            }
        }
        SimRunLoop.main.runUntilIdle()
        for _ in 0..<1_000 where !resumed { await Task.yield() }
        #expect(resumed, "E15: the awaited start resumes")
        #expect(live.count == 0, "\(live.objects.map { "\(type(of: $0)) \(($0 as? AdaptiveScreen)?.screen.name ?? "")" })")
    }

    @Test(
        "E15, E17: a start waiting behind the app's presentation when the host and the world are dropped resumes, and nothing stays",
        arguments: [SimAnimation.NonAnimatedTiming.standard, .immediate])
    func startWaitingWhenDropped(timing: SimAnimation.NonAnimatedTiming) async {
        SimAnimation.nonAnimatedTiming = timing
        var live = LiveObjects()
        var resumed = false
        do {
            let window = UIWindow()
            let navigation = UINavigationController(rootViewController: UIViewController())
            window.rootViewController = navigation
            window.makeKeyAndVisible()
            let host = InsecurityHost(modal: navigation)
            let child = AdaptiveScreen("child")
            let sheet = UIViewController()
            live.watch(window, navigation, host, child, sheet)
            navigation.present(sheet, animated: true)
            Task { [host] in
                _ = await host.start(child, in: .modal, animated: true)
                resumed = true
            }
            for _ in 0..<100 where !child.isLive { await Task.yield() }
            #expect(child.isLive && !resumed, "the start waits for the app's presentation")
        }
        SimRunLoop.main.runUntilIdle()
        for _ in 0..<1_000 where !resumed { await Task.yield() }
        #expect(resumed, "E15: the awaited start resumes")
        #expect(live.count == 0, "\(live.objects.map { "\(type(of: $0))" })")
    }
}
