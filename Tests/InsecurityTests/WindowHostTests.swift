import Insecurity
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

@MainActor
@Suite("Window hosts", .cleanSimulatedWorld)
struct WindowHostTests {
    let loop = SimRunLoop.main

    final class AppCoordinator: WindowCoordinator {
        func showOnboarding(_ completion: @escaping (CoordinatorResult<String>) -> Void) {
            navigation.start(ModalScreen("Onboarding"), duration: 0.4, options: .transitionFlipFromLeft, completion)
        }
    }

    @Test(
        "E13: starting on a window replaces its root with the given transition and ends the previous chain without its completion"
    )
    func replacesRoot() {
        let window = UIWindow()
        window.makeKeyAndVisible()
        let app = AppCoordinator(window)
        let outcomes = Outcomes()
        app.showOnboarding(outcomes.completion("Onboarding"))
        #expect(window.rootViewController?.title == "Onboarding")
        #expect(window.runningTransition?.duration == 0.4)
        #expect(window.runningTransition?.options == .transitionFlipFromLeft)
        loop.runUntilIdle()
        var live = LiveObjects()
        live.watch(window.rootViewController)
        let main = UINavigationController()
        let home = PushScreen("Home")
        app.navigation.start(main, home, animated: false, outcomes.completion("Home"))
        loop.runUntilIdle()
        #expect(window.rootViewController === main)
        #expect(main.viewControllers.map(\.title) == ["Home"])
        #expect(outcomes.log.isEmpty, "the replaced chain's completion is not called")
        #expect(live.count == 0, "the previous root hierarchy is released")
    }

    @Test("E13: topContext starts on top of the current root chain; ending the root coordinator keeps the root")
    func topContext() {
        let window = UIWindow()
        window.makeKeyAndVisible()
        let host = WindowHost(window)
        let outcomes = Outcomes()
        let main = UINavigationController()
        let home = PushScreen("Home")
        host.start(main, home, animated: false, outcomes.completion("Home"))
        loop.runUntilIdle()
        let detail = PushScreen("Detail")
        home.navigation.start(detail, animated: false) { _ in }
        let deepLink = ModalScreen("DeepLink")
        host.topContext?.start(deepLink, animated: false) { _ in }
        #expect(main.presentedViewController === deepLink.controller)
        home.finish("out")
        loop.runUntilIdle()
        #expect(outcomes.log == ["Home: out"])
        #expect(window.rootViewController === main)
        #expect(main.viewControllers.map(\.title) == ["Home"])
        #expect(main.presentedViewController == nil)
    }

    @Test("E6: from a window host, .any and .modal mean a new root; navigation contexts make a navigation root")
    func adaptiveOnWindow() {
        let window = UIWindow()
        window.makeKeyAndVisible()
        let host = WindowHost(window)
        let any = AdaptiveScreen("Any")
        host.start(any, in: .any, animated: false) { _ in }
        #expect(window.rootViewController === any.controller)
        let modal = AdaptiveScreen("Modal")
        host.start(modal, in: .modal, animated: true) { _ in }
        #expect(window.rootViewController === modal.controller)
        var evaluated = false
        let fallback = AdaptiveScreen("Fallback")
        host.start(
            fallback,
            in: .navigation(
                fallback: {
                    evaluated = true
                    return UINavigationController()
                }()), animated: false
        ) { _ in }
        #expect(evaluated)
        #expect(
            window.rootViewController === modal.controller,
            "E19: the root change waits for the running window transition")
        loop.advance(by: InsecurityConfiguration.windowTransition.duration)
        #expect((window.rootViewController as? UINavigationController)?.viewControllers.first === fallback.controller)
        loop.runUntilIdle()
    }
}
