import ResponderCoordinator
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// A11 and A3 for a coordinator that presents more than once before it stops.
@MainActor
@Suite("Repeated presentations", .cleanSimulatedWorld)
struct RepeatedPresentationTests {
    @Test(
        "A3, A11: a child that presented twice takes both presentations with it when its parent stops it",
        arguments: SimAnimation.NonAnimatedTiming.allCases, [false, true])
    func stopTakesEveryPresentation(timing: SimAnimation.NonAnimatedTiming, animated: Bool) {
        SimAnimation.nonAnimatedTiming = timing
        let (window, navigation) = makeStack()
        let app = LoggingCoordinator("App", navigationController: navigation, log: Log())
        app.start()
        app.root(makeScreen("Home"))
        let child = LoggingCoordinator("Child", navigationController: navigation, log: Log())
        app.startChild(coordinator: child)
        child.present(makeScreen("First"), animated: animated)
        child.present(makeScreen("Second"), animated: animated)
        SimRunLoop.main.runUntilIdle()
        #expect(navigation.presentedViewController?.title == "First")
        #expect(navigation.presentedViewController?.presentedViewController?.title == "Second")
        app.stopChild(coordinator: child)
        SimRunLoop.main.runUntilIdle()
        #expect(navigation.presentedViewController == nil, "no screen is left presented by a stopped coordinator")
        #expect(window.rootViewController === navigation)
        app.stop()
    }
}
