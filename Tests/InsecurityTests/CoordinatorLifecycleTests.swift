import Insecurity
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

@MainActor
@Suite("Coordinator lifecycle", .cleanSimulatedWorld)
struct CoordinatorLifecycleTests {
    let loop = SimRunLoop.main

    @Test("E1: the engine reads viewController exactly once; finish passes a value, dismiss passes .dismissed")
    func readOnceAndEnd() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let outcomes = Outcomes()
        let first = ModalScreen("First")
        host.start(first, animated: true, outcomes.completion("First"))
        loop.runUntilIdle()
        #expect(first.reads == 1)
        #expect(scene.root.presentedViewController === first.controller)
        first.finish("paid")
        loop.runUntilIdle()
        let second = ModalScreen("Second")
        host.start(second, animated: false, outcomes.completion("Second"))
        second.dismiss()
        loop.runUntilIdle()
        #expect(outcomes.log == ["First: paid", "Second: dismissed"])
        #expect(scene.root.presentedViewController == nil)
    }

    @Test("E1: a subclass that does not override viewController gets a diagnostic and an empty screen")
    func missingOverride() {
        final class Forgetful: ModalCoordinator<Void> {}
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let diagnostics = InsecurityDiagnostics.capture {
            host.start(Forgetful(), animated: false) { _ in }
        }
        #expect(diagnostics.map(\.code) == [.viewControllerNotOverridden])
        #expect(scene.root.presentedViewController != nil)
        loop.runUntilIdle()
        scene.root.presentedViewController?.dismiss(animated: false)
        loop.runUntilIdle()
    }

    @Test("E2: CoordinatorResult turns into an optional")
    func resultAsOptional() {
        #expect(CoordinatorResult<Int>.normal(3).value == 3)
        #expect(CoordinatorResult<Int>.dismissed.value == nil)
        #expect(CoordinatorResult<Int>.normal(3) != .dismissed)
    }

    @Test("E3: navigation is typed by context and reports use outside the coordinator's life")
    func navigationLifetime() {
        let modal = ModalScreen("Modal")
        let push = PushScreen("Push")
        let adaptive = AdaptiveScreen("Adaptive")
        let modalNavigation: any ModalNavigation & AdaptiveNavigation = modal.navigation
        let pushNavigation: any NavigationControllerNavigation & AdaptiveNavigation = push.navigation
        let adaptiveNavigation: any AdaptiveNavigation = adaptive.navigation
        let before = InsecurityDiagnostics.capture {
            modalNavigation.start(ModalScreen("Child"), animated: false) { _ in }
            pushNavigation.start(PushScreen("Child"), animated: false) { _ in }
            adaptiveNavigation.start(AdaptiveScreen("Child"), animated: false) { _ in }
        }
        #expect(
            before.map(\.code) == [.navigationOutsideLifetime, .navigationOutsideLifetime, .navigationOutsideLifetime])

        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        host.start(modal, animated: false) { _ in }
        let kept = modal.navigation
        modal.finish("done")
        let child = ModalScreen("Late")
        let after = InsecurityDiagnostics.capture {
            kept.start(child, animated: false) { _ in }
        }
        #expect(after.map(\.code) == [.navigationOutsideLifetime])
        #expect(child.reads == 0)
        loop.runUntilIdle()
    }

    @Test(
        "E3: a coordinator that keeps its own navigation to start children later is released with its controller once it ends, or once its host and screen are gone"
    )
    func keptNavigationHoldsNothingBack() {
        final class Keeper: ModalCoordinator<String> {
            var navigationForLater: (any ModalNavigation & AdaptiveNavigation)?
            override var viewController: UIViewController { makeScreen("Keeper") }
        }
        for hostReleased in [false, true] {
            var live = LiveObjects()
            do {
                let scene = Scene()
                var host: InsecurityHost? = InsecurityHost(modal: scene.root)
                let keeper = Keeper()
                host?.start(keeper, animated: false) { _ in }
                keeper.navigationForLater = keeper.navigation
                loop.runUntilIdle()
                live.watch(keeper, scene.root.presentedViewController)
                if hostReleased {
                    host = nil
                    scene.window.rootViewController = nil
                } else {
                    keeper.finish("done")
                }
                loop.runUntilIdle()
                withExtendedLifetime(host) {}
            }
            #expect(
                live.count == 0, "nothing kept alive after \(hostReleased ? "the host and screen went" : "the end")")
        }
    }

    @Test("E12: finish after the end or before the start is a diagnostic and changes nothing")
    func endTwice() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let outcomes = Outcomes()
        let coordinator = ModalScreen("Once")
        let early = InsecurityDiagnostics.capture { coordinator.finish("early") }
        #expect(early.map(\.code) == [.endBeforeStart])
        host.start(coordinator, animated: false, outcomes.completion("Once"))
        coordinator.finish("first")
        loop.runUntilIdle()
        let late = InsecurityDiagnostics.capture {
            coordinator.finish("second")
            coordinator.dismiss()
        }
        #expect(late.map(\.code) == [.endAfterEnd, .endAfterEnd])
        #expect(outcomes.log == ["Once: first"])
        let again = InsecurityDiagnostics.capture { host.start(coordinator, animated: false) { _ in } }
        #expect(again.map(\.code) == [.startedTwice])
        #expect(scene.root.presentedViewController == nil)
    }

    @Test("Strict mode is off by default: diagnostics never trap unless asked to")
    func strictModeDefault() {
        #expect(InsecurityDiagnostics.isStrict == false)
    }
}

/// E1 for every placement that makes the coordinator's controller the root of a navigation controller: the
/// exception guard (S17) and the frame share one read of `viewController`.
@MainActor
@Suite("E1 on new navigation roots", .cleanSimulatedWorld)
struct NavigationRootReadTests {
    enum Placement: String, CaseIterable, Sendable {
        case newNavigation, navigationNew, navigationFallbackFromModal, windowNavigation, windowAdaptiveNew
    }

    @Test("E1: a start that makes a navigation root reads viewController once", arguments: Placement.allCases)
    func readsOnce(placement: Placement) {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let windowHost = WindowHost(scene.window)
        let push = PushScreen("Pushed")
        let adaptive = AdaptiveScreen("Adaptive")
        switch placement {
        case .newNavigation:
            host.start(UINavigationController(), push, animated: true) { _ in }
        case .navigationNew:
            host.start(adaptive, in: .navigation(new: UINavigationController()), animated: true) { _ in }
        case .navigationFallbackFromModal:
            let modal = ModalScreen("Modal")
            host.start(modal, animated: false) { _ in }
            modal.navigation.start(adaptive, in: .navigation(fallback: UINavigationController()), animated: true) {
                _ in
            }
        case .windowNavigation:
            windowHost.start(UINavigationController(), push, animated: false) { _ in }
        case .windowAdaptiveNew:
            windowHost.start(adaptive, in: .navigation(new: UINavigationController()), animated: false) { _ in }
        }
        SimRunLoop.main.runUntilIdle()
        let reads = push.reads + adaptive.reads
        #expect(reads == 1, "viewController was read \(reads) times")
        let shown = push.controller ?? adaptive.controller
        #expect(shown?.navigationController != nil, "the controller the coordinator made is the one on screen")
    }
}
