import SimUIKit
import SimulationTesting
import Testing

@MainActor
@Suite("Navigation controller", .cleanSimulatedWorld)
struct NavigationControllerTests {
    let loop = SimRunLoop.main

    private func stack(_ titles: String...) -> (UINavigationController, [Screen]) {
        let screens = titles.map { Screen($0) }
        let navigation = UINavigationController()
        navigation.setViewControllers(screens, animated: false)
        SimRunLoop.main.runUntilIdle()
        return (navigation, screens)
    }

    @Test("S6: viewControllers changes when push and pop are called; the animation then takes virtual time")
    func stackChangesAtCallTime() {
        let (navigation, screens) = stack("Home")
        let window = makeVisibleWindow(root: navigation)
        let detail = Screen("Detail")
        navigation.pushViewController(detail, animated: true)
        #expect(navigation.viewControllers == [screens[0], detail])
        #expect(navigation.topViewController === detail)
        #expect(navigation.transitionCoordinator != nil)
        loop.runUntilIdle()
        let popped = navigation.popViewController(animated: true)
        #expect(popped === detail)
        #expect(navigation.viewControllers == [screens[0]])
        // The popped controller keeps its parent until the transition ends.
        #expect(detail.navigationController === navigation)
        loop.runUntilIdle()
        #expect(detail.parent == nil)
        _ = window
    }

    @Test("S6: popViewController does nothing with one controller left")
    func popLastDoesNothing() {
        let (navigation, screens) = stack("Home")
        #expect(navigation.popViewController(animated: false) == nil)
        #expect(navigation.viewControllers == screens)
    }

    @Test("S6: popToViewController and popToRootViewController pop several levels at once")
    func multiLevelPops() {
        let (navigation, screens) = stack("A", "B", "C", "D")
        let popped = navigation.popToViewController(screens[1], animated: false)
        #expect(popped == [screens[2], screens[3]])
        #expect(navigation.viewControllers == [screens[0], screens[1]])
        navigation.pushViewController(Screen("E"), animated: false)
        SimRunLoop.main.runUntilIdle()
        #expect(navigation.popToRootViewController(animated: false)?.map(\.title) == ["B", "E"])
        #expect(navigation.viewControllers == [screens[0]])
    }

    @Test("S6: pushing another navigation controller's child moves it, as in UIKit")
    func pushMovesAnotherStacksChild() {
        let (navigation, screens) = stack("Home", "Detail")
        let other = UINavigationController(rootViewController: Screen("Elsewhere"))
        let warnings = SimWarnings.capture { other.pushViewController(screens[1], animated: false) }
        #expect(warnings.isEmpty)
        #expect(navigation.viewControllers == [screens[0]])
        #expect(other.viewControllers.last === screens[1])
    }

    @Test(
        "S6: a push requested during a running push waits for it and follows it, without a warning, as UIKit has since iOS 8"
    )
    func nestedPush() {
        let (navigation, _) = stack("Home")
        let window = makeVisibleWindow(root: navigation)
        let spy = NavigationDelegateSpy()
        navigation.delegate = spy
        navigation.pushViewController(Screen("One"), animated: true)
        let warnings = SimWarnings.capture { navigation.pushViewController(Screen("Two"), animated: true) }
        #expect(warnings.isEmpty)
        #expect(navigation.viewControllers.map(\.title) == ["Home", "One"])
        #expect(spy.calls == ["willShow One"])
        loop.advance(by: SimAnimation.navigationTransitionDuration)
        #expect(spy.calls == ["willShow One", "didShow One", "willShow Two"])
        #expect(navigation.viewControllers.map(\.title) == ["Home", "One", "Two"])
        loop.runUntilIdle()
        #expect(spy.calls == ["willShow One", "didShow One", "willShow Two", "didShow Two"])
        _ = window
    }

    @Test("S6: show(_:sender:) pushes inside a navigation controller and presents elsewhere")
    func showTargets() {
        let (navigation, screens) = stack("Home")
        let window = makeVisibleWindow(root: navigation)
        let detail = Screen("Detail")
        screens[0].show(detail, sender: nil)
        loop.runUntilIdle()
        #expect(navigation.topViewController === detail)
        let plain = Screen("Plain")
        window.rootViewController = plain
        let sheet = Screen("Sheet")
        plain.show(sheet, sender: nil)
        loop.runUntilIdle()
        #expect(plain.presentedViewController === sheet)
    }

    @Test(
        "S20: show(_:sender:) with a navigation controller on a navigation controller routes the action on (UIKit's showViewController:sender:) and presents it instead of raising"
    )
    func showNavigationControllerOnNavigationController() {
        let (navigation, screens) = stack("Home")
        let window = makeVisibleWindow(root: navigation)
        let other = UINavigationController(rootViewController: Screen("Other"))
        let exceptions = SimExceptions.capture {
            screens[0].show(other, sender: nil)
            loop.runUntilIdle()
        }
        #expect(exceptions.isEmpty)
        #expect(navigation.viewControllers == screens)
        #expect(navigation.presentedViewController === other)
        _ = window
    }

    @Test(
        "S7: a navigation controller that appears tells its delegate willShow and didShow of its top (UIKit's viewWillAppear: and viewDidAppear:); a change made off screen tells it nothing"
    )
    func delegateToldWhenNavigationControllerAppears() {
        let (navigation, _) = stack("Home")
        let spy = NavigationDelegateSpy()
        navigation.delegate = spy
        navigation.pushViewController(Screen("Detail"), animated: false)
        loop.runUntilIdle()
        #expect(spy.calls.isEmpty, "off screen")
        let window = makeVisibleWindow(root: navigation)
        #expect(spy.calls == ["willShow Detail", "didShow Detail"])
        let cover = Screen("Cover")
        cover.modalPresentationStyle = .fullScreen
        navigation.present(cover, animated: false)
        loop.runUntilIdle()
        navigation.dismiss(animated: true)
        loop.runUntilIdle()
        #expect(
            spy.calls == ["willShow Detail", "didShow Detail", "willShow Detail", "didShow Detail"],
            "it appears again when the full-screen cover leaves")
        _ = window
    }

    @Test("S7: a stack replacement that keeps the top controller tells the delegate nothing")
    func replacementKeepingTopTellsNothing() {
        let (navigation, screens) = stack("Home", "Detail")
        let window = makeVisibleWindow(root: navigation)
        let spy = NavigationDelegateSpy()
        navigation.delegate = spy
        navigation.setViewControllers([Screen("Other"), screens[1]], animated: true)
        loop.runUntilIdle()
        #expect(spy.calls.isEmpty)
        #expect(navigation.viewControllers.map(\.title) == ["Other", "Detail"])
        _ = window
    }

    @Test("S7: willShow and didShow, and a transition coordinator naming from and to")
    func delegateAndCoordinator() {
        let (navigation, screens) = stack("Home")
        let window = makeVisibleWindow(root: navigation)
        let spy = NavigationDelegateSpy()
        navigation.delegate = spy
        let detail = Screen("Detail")
        navigation.pushViewController(detail, animated: true)
        let coordinator = navigation.transitionCoordinator
        #expect(coordinator?.viewController(forKey: .from) === screens[0])
        #expect(coordinator?.viewController(forKey: .to) === detail)
        #expect(coordinator?.isInteractive == false)
        var completedWith: Bool?
        coordinator?.animate(alongsideTransition: nil) { completedWith = $0.isCancelled }
        loop.runUntilIdle()
        #expect(completedWith == false)
        #expect(spy.calls == ["willShow Detail", "didShow Detail"])
        _ = window
    }

    @Test("S7: the back button pops the top controller with an animation")
    func backButton() {
        let (navigation, screens) = stack("Home", "Detail")
        let window = makeVisibleWindow(root: navigation)
        #expect(navigation.simulateBackButtonTap())
        #expect(navigation.viewControllers == [screens[0]])
        #expect(!loop.isIdle)
        loop.runUntilIdle()
        #expect(!navigation.simulateBackButtonTap(), "nothing to go back to")
        _ = window
    }

    @Test("S7: a completed interactive pop removes the top and reports the revealed controller")
    func interactivePopCompletes() {
        let (navigation, screens) = stack("Home", "Detail")
        let window = makeVisibleWindow(root: navigation)
        let spy = NavigationDelegateSpy()
        navigation.delegate = spy
        let pop = navigation.beginInteractivePop()
        #expect(navigation.transitionCoordinator?.isInteractive == true)
        pop?.update(0.7)
        pop?.finish()
        loop.runUntilIdle()
        #expect(navigation.viewControllers == [screens[0]])
        #expect(screens[1].parent == nil)
        #expect(spy.calls == ["willShow Home", "didShow Home"])
        _ = window
    }

    @Test(
        "S7: a cancelled interactive pop leaves the stack as it was and tells the delegate willShow and didShow of the controller that stays (UIKit's _didCancelTransitionFromViewController:…)"
    )
    func interactivePopCancelled() {
        let (navigation, screens) = stack("Home", "Detail")
        let window = makeVisibleWindow(root: navigation)
        let spy = NavigationDelegateSpy()
        navigation.delegate = spy
        let pop = navigation.beginInteractivePop()
        let coordinator = navigation.transitionCoordinator
        var interactionEndedCancelled: Bool?
        coordinator?.notifyWhenInteractionChanges { interactionEndedCancelled = $0.isCancelled }
        pop?.update(0.3)
        pop?.cancel()
        #expect(interactionEndedCancelled == true)
        loop.runUntilIdle()
        #expect(navigation.viewControllers == screens)
        #expect(screens[1].parent === navigation)
        #expect(spy.calls == ["willShow Home", "willShow Detail", "didShow Detail"])
        _ = window
    }

    @Test("S7, S23: an interactive pop held by the finger does not end by itself when the clock advances")
    func heldInteractivePopWaitsForTheFinger() {
        let (navigation, screens) = stack("Home", "Detail")
        let window = makeVisibleWindow(root: navigation)
        let pop = navigation.beginInteractivePop()
        pop?.update(0.7)
        loop.advance(by: 1.0)
        #expect(navigation.transitionCoordinator?.isInteractive == true, "still held")
        #expect(screens[1].parent === navigation)
        pop?.cancel()
        loop.runUntilIdle()
        #expect(navigation.viewControllers == screens, "the cancel puts the popped controller back")
        _ = window
    }

    @Test("S7: the interactive pop cannot start with one controller, while disabled, or during a transition")
    func interactivePopPreconditions() {
        let (navigation, _) = stack("Home")
        let window = makeVisibleWindow(root: navigation)
        #expect(navigation.beginInteractivePop() == nil)
        navigation.pushViewController(Screen("Detail"), animated: true)
        #expect(navigation.beginInteractivePop() == nil)
        loop.runUntilIdle()
        navigation.isInteractivePopEnabled = false
        #expect(navigation.beginInteractivePop() == nil)
        navigation.isInteractivePopEnabled = true
        let pop = navigation.beginInteractivePop()
        #expect(pop != nil)
        // S6 (c): a push during the finger-driven pop is queued behind it, not dropped.
        let other = Screen("Other")
        let warnings = SimWarnings.capture { navigation.pushViewController(other, animated: true) }
        #expect(warnings.isEmpty)
        #expect(navigation.viewControllers.map(\.title) == ["Home"], "the stack as the pop left it")
        pop?.cancel()
        loop.runUntilIdle()
        #expect(navigation.viewControllers.map(\.title) == ["Home", "Detail", "Other"], "the push ran after it")
        _ = window
    }
}

@MainActor
@Suite("Navigation controller: interactive pops whose stack leaves the screen", .cleanSimulatedWorld)
struct InteractivePopOffScreenTests {
    @Test(
        "S12, S13: a tab switch during an interactive pop that is then cancelled gives the old tab's controllers no appearance",
        arguments: [true, false])
    func tabSwitchDuringInteractivePop(cancelled: Bool) {
        let journal = Journal()
        let home = Screen("Home", journal: journal)
        let detail = Screen("Detail", journal: journal)
        let first = UINavigationController()
        first.setViewControllers([home, detail], animated: false)
        SimRunLoop.main.runUntilIdle()
        let other = Screen("Other", journal: journal)
        let tabs = UITabBarController()
        tabs.viewControllers = [first, UINavigationController(rootViewController: other)]
        let window = makeVisibleWindow(root: tabs)
        _ = journal.take()
        let pop = first.beginInteractivePop()
        pop?.update(0.3)
        #expect(tabs.simulateTabTap(1))
        _ = journal.take()
        if cancelled { pop?.cancel() } else { pop?.finish() }
        SimRunLoop.main.runUntilIdle()
        #expect(
            journal.take()
                == (cancelled
                    ? ["Detail.viewDidDisappear", "Detail.didMove(parent)"]
                    : ["Detail.viewDidDisappear [from-parent]", "Detail.didMove(nil)"]))
        _ = window
    }
}
