import BridgeSnapshot
import CoordinatorBridge
@_spi(Testing) @_spi(Adapters) import Insecurity
@_spi(Testing) import ResponderCoordinator
@_spi(Testing) import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// Legacy coordinators, Insecurity chains, alerts and the user on one window, in the orders an outside harness
/// found that broke an invariant: each ends with nothing waiting and every screen owned.
@MainActor
@Suite("Legacy and Insecurity chains racing alerts, held sheets and failed imports", .cleanSimulatedWorld)
struct MixedChainRaceTests {
    let loop = SimRunLoop.main

    private func titles(_ controllers: [UIViewController]) -> [String] { controllers.map { $0.title ?? "?" } }

    /// The engine's and the legacy adapter's invariants once the run loop is idle, and the queue empty.
    private func settledViolations(_ windows: [UIWindow]) -> [String] {
        InsecurityInvariants().violations(windows: windows, settled: true)
            + ResponderCoordinatorInvariants().violations(windows: windows, settled: true)
            + (InsecurityWorld.hasPendingOperations ? ["E17: operations still wait with nothing animating"] : [])
    }

    @Test(
        "E17, X5: a legacy pop and dismiss, an alert presenting again and a full-screen start, then a failed import: nothing waits once idle",
        arguments: SimAnimation.NonAnimatedTiming.allCases)
    func nothingWaitsAfterAFailedImport(timing: SimAnimation.NonAnimatedTiming) throws {
        SimAnimation.nonAnimatedTiming = timing
        let (window, navigation, app, _) = launchLegacyApp()
        let pushHost = InsecurityHost(navigation: navigation)
        let modalHost = InsecurityHost(modal: navigation)
        var outcomes: [String] = []
        func completion(_ name: String) -> (CoordinatorResult<String>) -> Void {
            { outcomes.append("\(name): \($0.value ?? "dismissed")") }
        }
        let sheet = ModalScreen("M1")
        let again = makeScreen("Again")
        expectNoWarningsOrDiagnostics {
            app.show(makeScreen("L4"))
            app.present(UIAlertController(title: "Notice", message: nil, preferredStyle: .alert), animated: false)
            pushHost.start(AdaptiveScreen("C6"), in: .any, animated: true, completion("C6"))
            modalHost.start(sheet, animated: true, completion("M1"))
            let fullScreen = UINavigationController()
            fullScreen.modalPresentationStyle = .fullScreen
            sheet.navigation.start(fullScreen, PushScreen("N7"), animated: true, completion("N7"))
            loop.runUntilIdle()
            app.pop(animated: false)
            app.dismiss(animated: true)
            let alert = UIAlertController(title: "Again?", message: nil, preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "Again", style: .default) { _ in app.present(again, animated: true) })
            app.present(alert, animated: true)
            let cover = ModalScreen("M10")
            modalHost.start(cover, animated: false, completion("M10"))
            loop.runUntilIdle()
        }
        // The alert is up wherever the chain left room for it; the user answers it.
        if let shown = topPresented(above: window.rootViewController) as? UIAlertController {
            expectNoWarningsOrDiagnostics {
                _ = shown.simulateTap(on: shown.actions[0])
                loop.runUntilIdle()
            }
        }
        let hosts = InsecurityHost.hosts(in: [window]).count
        let broken = BridgeSnapshot.export([window], registry: BridgeRegistry([ResponderCoordinatorPlugin.shared]))
            .replacingOccurrences(of: "framework=\"ResponderCoordinator\"", with: "framework=\"Unregistered\"")
        #expect(throws: SnapshotError.self) {
            try BridgeSnapshot.importLive(broken, rebuilder: BridgeRebuilder(registry: BridgeRegistry()))
        }
        loop.runUntilIdle()
        #expect(InsecurityHost.hosts(in: [window]).count == hosts, "X5: the failed import added no host")
        #expect(settledViolations([window]) == [])
        _ = (pushHost, modalHost)
    }

    @Test(
        "A1, A3: a tab's child replaces the top under a held sheet swipe and is stopped while that waits; its screen leaves, and started again it shows",
        arguments: SimAnimation.NonAnimatedTiming.allCases)
    func stoppedChildTakesItsTop(timing: SimAnimation.NonAnimatedTiming) {
        SimAnimation.nonAnimatedTiming = timing
        let window = UIWindow()
        let tabs = UITabBarController()
        let stacks = (0..<3).map { _ in UINavigationController() }
        tabs.viewControllers = stacks
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        let log = Log()
        let tabCoordinators = stacks.enumerated().map { index, stack in
            LoggingCoordinator("T\(index)", navigationController: stack, log: log)
        }
        for (index, coordinator) in tabCoordinators.enumerated() {
            coordinator.start()
            coordinator.root(makeScreen("T\(index).root"))
        }
        let owner = tabCoordinators[0]
        let stack = stacks[0]
        loop.runUntilIdle()
        var child = LoggingCoordinator("S", navigationController: stack, log: log)
        expectNoWarningsOrDiagnostics {
            owner.startChild(coordinator: child)
            child.show(makeScreen("S.9"))
            // The owner pops the child's screen; the child then replaces the visible controller, the owner's
            // root, as the library's `top` does whoever listed it (the owner keeps it in its list).
            owner.pop()
            child.top(makeScreen("S.11"), animated: true)
            owner.present(makeScreen("Sheet"), animated: true)
            loop.runUntilIdle()
        }
        let drag = stack.presentedViewController?.beginInteractiveDismissal()
        drag?.update(0.5)
        expectNoWarningsOrDiagnostics {
            child.dismiss(animated: true)
            owner.stopChild(coordinator: child)
            drag?.cancel()
            loop.runUntilIdle()
        }
        #expect(drag != nil, "the user's finger was on the sheet")
        #expect(titles(stack.viewControllers) == [], "A3: the stopped child's screens leave with it")
        #expect(settledViolations([window]) == [])
        child = LoggingCoordinator("S", navigationController: stack, log: log)
        expectNoWarningsOrDiagnostics {
            owner.startChild(coordinator: child)
            child.show(makeScreen("S.18"))
            loop.runUntilIdle()
        }
        #expect(titles(stack.viewControllers) == ["S.18"])
        #expect(titles(owner.viewControllers) == ["T0.root"] && titles(child.viewControllers) == ["S.18"])
        #expect(settledViolations([window]) == [])
    }
}
