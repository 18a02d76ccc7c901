import Insecurity
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// E21: the queue holds back only what UIKit would refuse or cut short at that moment.
@MainActor
@Suite("No operation delayed that UIKit applies at once (E21)", .cleanSimulatedWorld)
struct NoOverDeferralTests {
    let loop = SimRunLoop.main

    @Test(
        "E19, E21, S6: a push onto a navigation controller that is presenting a sheet with animation waits for the presentation when animated (UIKit queues it) and happens before start returns when not (UIKit applies it at once)",
        arguments: [true, false])
    func pushWhilePresenterAnimates(animated: Bool) {
        let (scene, navigation) = Scene.navigation()
        let host = InsecurityHost(navigation: navigation)
        navigation.present(UIViewController(), animated: true)
        #expect(navigation.transitionCoordinator != nil)
        let detail = PushScreen("Detail")
        let warnings = SimWarnings.capture { host.start(detail, animated: animated) { _ in } }
        #expect(warnings.isEmpty)
        #expect(navigation.viewControllers.count == (animated ? 1 : 2))
        #expect(InsecurityWorld.takeOverDeferrals().isEmpty, "nothing held back that UIKit applies at once")
        loop.runUntilIdle()
        #expect(navigation.topViewController === detail.controller)
        _ = (scene, host)
    }

    @Test(
        "E21, S6: a push onto a navigation controller that is itself being presented happens before start returns when not animated, and after the presentation when animated",
        arguments: [true, false])
    func pushWhileBeingPresented(animated: Bool) {
        let scene = Scene()
        let navigation = UINavigationController(rootViewController: UIViewController())
        scene.window.rootViewController?.present(navigation, animated: true)
        let host = InsecurityHost(navigation: navigation)
        let detail = PushScreen("Detail")
        let warnings = SimWarnings.capture { host.start(detail, animated: animated) { _ in } }
        #expect(warnings.isEmpty)
        #expect((navigation.topViewController === detail.controller) == !animated)
        #expect(InsecurityWorld.takeOverDeferrals().isEmpty)
        loop.runUntilIdle()
        #expect(navigation.viewControllers.count == 2)
        _ = (scene, host)
    }

    @Test(
        "E19, S6: a push, pop or stack replacement the engine issues while an alert is being presented over the navigation controller waits for it and then runs (UIKit would drop it)",
        arguments: [true, false])
    func stackChangesWaitForAlert(animated: Bool) {
        let (scene, navigation) = Scene.navigation()
        let host = InsecurityHost(navigation: navigation)
        let first = PushScreen("First")
        host.start(first, animated: false) { _ in }
        loop.runUntilIdle()
        let second = PushScreen("Second")
        let pushWarnings = SimWarnings.capture {
            navigation.present(alertController(), animated: animated)
            host.start(second, animated: animated) { _ in }
        }
        #expect(pushWarnings.isEmpty)
        #expect(navigation.viewControllers.count == 2, "the push is held back while the alert is presented")
        loop.runUntilIdle()
        #expect(navigation.viewControllers.count == 3 && navigation.topViewController === second.controller)
        navigation.dismiss(animated: false)
        loop.runUntilIdle()
        let popWarnings = SimWarnings.capture {
            navigation.present(alertController(), animated: animated)
            second.finish("done")
        }
        #expect(popWarnings.isEmpty)
        #expect(navigation.viewControllers.count == 3, "the pop is held back while the alert is presented")
        loop.runUntilIdle()
        #expect(first.isLive && !second.isLive, "nothing lost")
        #expect(navigation.viewControllers.count == 2 && navigation.topViewController === first.controller)
        _ = (scene, host)
    }

    private func alertController() -> UIAlertController {
        let alert = UIAlertController(title: "Alert", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        return alert
    }

    @Test(
        "E21: a push on a fresh window happens before start returns, even right after another window holding a queued dismissal was released",
        arguments: SimAnimation.NonAnimatedTiming.allCases)
    func pushAfterReleasedWindowWithQueuedDismissal(timing: SimAnimation.NonAnimatedTiming) {
        SimAnimation.nonAnimatedTiming = timing
        // The released objects' memory is soon reused by new ones: repeat so that the new window's objects
        // take the old addresses, as they did when one test left such a dismissal to the next.
        for _ in 0..<20 {
            do {
                let scene = Scene()
                let host = InsecurityHost(modal: scene.root)
                let sheet = ModalScreen("Sheet")
                host.start(sheet, animated: false) { _ in }
                sheet.finish("done")
            }
            let (scene, navigation) = Scene.navigation()
            let host = InsecurityHost(navigation: navigation)
            let detail = PushScreen("Detail")
            host.start(detail, animated: false) { _ in }
            #expect(navigation.viewControllers.count == 2, "UIKit pushes at once")
            loop.runUntilIdle()
            #expect(navigation.topViewController === detail.controller)
            _ = (scene, host)
        }
    }

    @Test("E21, E17: a push still waits for a push animating on the same navigation controller")
    func pushWaitsForPush() {
        let (scene, navigation) = Scene.navigation()
        let host = InsecurityHost(navigation: navigation)
        let first = PushScreen("First")
        host.start(first, animated: true) { _ in }
        let second = PushScreen("Second")
        first.navigation.start(second, animated: true) { _ in }
        #expect(navigation.viewControllers.count == 2)
        loop.runUntilIdle()
        #expect(navigation.viewControllers.count == 3)
        _ = (scene, host)
    }

    @Test("E21: dismissing a sheet while a push animates on the stack below it starts before dismiss returns")
    func dismissalWhilePushAnimatesBelow() throws {
        let (scene, navigation) = Scene.navigation()
        let host = InsecurityHost(modal: navigation)
        let sheet = ModalScreen("Sheet")
        host.start(sheet, animated: false) { _ in }
        loop.runUntilIdle()
        navigation.pushViewController(makeScreen("Below"), animated: true)
        #expect(navigation.transitionCoordinator != nil)
        sheet.dismiss()
        let controller = try #require(sheet.controller)
        #expect(controller.isBeingDismissed, "UIKit dismisses at once: the push below is not cut short")
        loop.runUntilIdle()
        #expect(navigation.presentedViewController == nil)
        #expect(navigation.viewControllers.count == 2)
        _ = (scene, host)
    }

    @Test("E21, E19: dismissing a sheet still waits for a push animating inside it, which it would cut short")
    func dismissalWaitsForPushInside() throws {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let sheetNavigation = UINavigationController()
        let sheet = PushScreen("Sheet")
        host.start(sheetNavigation, sheet, animated: false) { _ in }
        loop.runUntilIdle()
        sheet.navigation.start(PushScreen("Inside"), animated: true) { _ in }
        #expect(sheetNavigation.transitionCoordinator != nil)
        sheet.dismiss()
        #expect(!sheetNavigation.isBeingDismissed, "held until the push inside the sheet ends")
        loop.runUntilIdle()
        #expect(scene.root.presentedViewController == nil)
        _ = host
    }
}
