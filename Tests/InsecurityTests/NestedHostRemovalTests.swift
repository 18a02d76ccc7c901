@_spi(Testing) import Insecurity
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// A flow whose screen is a navigation controller with a chain of its own pushed onto it.
@MainActor
private final class PresentedStackFlow: ModalCoordinator<Void> {
    let stack = UINavigationController(rootViewController: makeScreen("Inner root"))

    override var viewController: UIViewController { stack }
}

@MainActor
private final class PushedScreen: NavigationCoordinator<String> {
    override var viewController: UIViewController { makeScreen("Pushed") }
}

@MainActor
@Suite("E10: chains on a presented navigation controller end when it is dismissed", .cleanSimulatedWorld)
struct NestedHostRemovalTests {
    let loop = SimRunLoop.main

    @Test(
        "E10, E19: swiping away or dismissing a presented stack ends the chain pushed onto it, with the cause",
        arguments: [true, false])
    func chainOnPresentedStackEnds(bySwipe: Bool) {
        let (scene, _) = Scene.navigation()
        let host = InsecurityHost(modal: scene.window.rootViewController!)
        let flow = PresentedStackFlow()
        host.start(flow, animated: true) { _ in }
        loop.runUntilIdle()
        let innerHost = InsecurityHost(navigation: flow.stack)
        var pushedResult: CoordinatorResult<String>?
        innerHost.start(PushedScreen(), animated: true) { pushedResult = $0 }
        loop.runUntilIdle()
        #expect(flow.stack.viewControllers.count == 2)
        let invariants = InsecurityInvariants()
        if bySwipe {
            #expect(flow.stack.simulateInteractiveDismissal())
        } else {
            flow.stack.presentingViewController?.dismiss(animated: true)
        }
        loop.runUntilIdle()
        #expect(pushedResult != nil && pushedResult?.value == nil, "the pushed chain ended, dismissed")
        #expect(innerHost.liveCoordinatorTypes.isEmpty)
        #expect(invariants.violations(windows: [scene.window], settled: true) == [])
    }
}
