@_spi(Testing) import SimUIKit
import SimulationTesting
import Testing

@MainActor
@Suite("Appearance and containment callbacks", .cleanSimulatedWorld)
struct AppearanceTests {
    let loop = SimRunLoop.main
    let journal = Journal()

    private func navigationScene(_ titles: [String]) -> (UIWindow, UINavigationController, [Screen]) {
        let screens = titles.map { Screen($0, journal: journal) }
        let navigation = UINavigationController()
        navigation.setViewControllers(screens, animated: false)
        SimRunLoop.main.runUntilIdle()
        let window = makeVisibleWindow(root: navigation)
        _ = journal.take()
        return (window, navigation, screens)
    }

    @Test(
        "S12, S19: push calls containment and appearance callbacks in UIKit's order, viewIsAppearing between will- and did-appear"
    )
    func push() {
        let (window, navigation, _) = navigationScene(["Home"])
        navigation.pushViewController(Screen("Detail", journal: journal), animated: true)
        #expect(
            journal.take() == [
                "Detail.willMove(parent)",
                "Detail.viewDidLoad",
                "Home.viewWillDisappear",
                "Detail.viewWillAppear [to-parent]", "Detail.viewIsAppearing [to-parent]",
            ])
        loop.runUntilIdle()
        #expect(
            journal.take() == [
                "Home.viewDidDisappear",
                "Detail.viewDidAppear [to-parent]",
                "Detail.didMove(parent)",
            ])
        _ = window
    }

    @Test("S12: pop calls containment and appearance callbacks in UIKit's order")
    func pop() {
        let (window, navigation, _) = navigationScene(["Home", "Detail"])
        navigation.popViewController(animated: true)
        loop.runUntilIdle()
        #expect(
            journal.take() == [
                "Detail.willMove(nil)",
                "Detail.viewWillDisappear [from-parent]",
                "Home.viewDidLoad",
                "Home.viewWillAppear", "Home.viewIsAppearing",
                "Detail.viewDidDisappear [from-parent]",
                "Home.viewDidAppear",
                "Detail.didMove(nil)",
            ])
        _ = window
    }

    @Test("S12: a cancelled interactive pop calls the will-disappear/will-appear pair, then restores")
    func cancelledInteractivePop() {
        let (window, navigation, _) = navigationScene(["Home", "Detail"])
        let pop = navigation.beginInteractivePop()
        pop?.update(0.4)
        #expect(
            journal.take() == [
                "Detail.willMove(nil)",
                "Detail.viewWillDisappear [from-parent]",
                "Home.viewDidLoad",
                "Home.viewWillAppear", "Home.viewIsAppearing",
            ])
        pop?.cancel()
        loop.runUntilIdle()
        #expect(
            journal.take() == [
                "Home.viewWillDisappear",
                "Home.viewDidDisappear",
                "Detail.viewWillAppear", "Detail.viewIsAppearing",
                "Detail.viewDidAppear",
                "Detail.didMove(parent)",
            ])
        _ = window
    }

    @Test(
        "S12, S19: a full-screen presentation hides the presenter, with the presented controller's did-appear before the presenter's did-disappear and the reverse on dismissal; a sheet does not hide it"
    )
    func presentation() {
        let root = Screen("Root", journal: journal)
        let window = makeVisibleWindow(root: root)
        _ = journal.take()
        let sheet = Screen("Sheet", journal: journal)
        root.present(sheet, animated: true)
        loop.runUntilIdle()
        #expect(
            journal.take() == [
                "Sheet.viewDidLoad",
                "Sheet.viewWillAppear [presented]", "Sheet.viewIsAppearing [presented]",
                "Sheet.viewDidAppear [presented]",
            ])
        root.dismiss(animated: true)
        loop.runUntilIdle()
        #expect(
            journal.take() == [
                "Sheet.viewWillDisappear [dismissed]",
                "Sheet.viewDidDisappear [dismissed]",
            ])
        let cover = Screen("Cover", journal: journal)
        cover.modalPresentationStyle = .fullScreen
        root.present(cover, animated: true)
        loop.runUntilIdle()
        #expect(
            journal.take() == [
                "Cover.viewDidLoad",
                "Root.viewWillDisappear",
                "Cover.viewWillAppear [presented]", "Cover.viewIsAppearing [presented]",
                "Cover.viewDidAppear [presented]",
                "Root.viewDidDisappear",
            ])
        cover.dismiss(animated: true)
        loop.runUntilIdle()
        #expect(
            journal.take() == [
                "Cover.viewWillDisappear [dismissed]",
                "Root.viewWillAppear", "Root.viewIsAppearing",
                "Root.viewDidAppear",
                "Cover.viewDidDisappear [dismissed]",
            ])
        _ = window
    }

    @Test("S12: a presented navigation controller's top controller appears with it, flagged as being presented")
    func presentedContainer() {
        let root = Screen("Root", journal: journal)
        let window = makeVisibleWindow(root: root)
        _ = journal.take()
        let navigation = UINavigationController(rootViewController: Screen("Form", journal: journal))
        _ = journal.take()
        root.present(navigation, animated: true)
        loop.runUntilIdle()
        #expect(
            journal.take() == [
                "Form.viewDidLoad",
                "Form.viewWillAppear [presented]", "Form.viewIsAppearing [presented]",
                "Form.viewDidAppear [presented]",
            ])
        _ = window
    }

    @Test("S12: swiping a sheet down calls the dismissal callbacks of what leaves the screen")
    func swipeCallbacks() {
        let root = Screen("Root", journal: journal)
        let window = makeVisibleWindow(root: root)
        let sheet = Screen("Sheet", journal: journal)
        root.present(sheet, animated: false)
        SimRunLoop.main.runUntilIdle()
        _ = journal.take()
        sheet.simulateInteractiveDismissal()
        loop.runUntilIdle()
        #expect(journal.take() == ["Sheet.viewWillDisappear [dismissed]", "Sheet.viewDidDisappear [dismissed]"])
        _ = window
    }

    @Test("S12: replacing a window's root makes the old root disappear and the new one appear")
    func windowRootChange() {
        let window = makeVisibleWindow(root: Screen("Old", journal: journal))
        _ = journal.take()
        window.rootViewController = Screen("New", journal: journal)
        #expect(
            journal.take() == [
                "Old.viewWillDisappear", "Old.viewDidDisappear",
                "New.viewDidLoad", "New.viewWillAppear", "New.viewIsAppearing", "New.viewDidAppear",
            ])
    }

    @Test(
        "S12: showing a window makes its presented controllers appear too, except the presenter of a full-screen presentation (a controller under a sheet stays in view); hiding it makes them disappear, top first"
    )
    func windowShownWithPresentations() {
        let root = Screen("Root", journal: journal)
        let window = makeVisibleWindow(root: root)
        let sheet = Screen("Sheet", journal: journal)
        sheet.modalPresentationStyle = .formSheet
        root.present(sheet, animated: false)
        SimRunLoop.main.runUntilIdle()
        let cover = Screen("Cover", journal: journal)
        cover.modalPresentationStyle = .fullScreen
        sheet.present(cover, animated: false)
        SimRunLoop.main.runUntilIdle()
        let top = Screen("Top", journal: journal)
        cover.present(top, animated: false)
        loop.runUntilIdle()
        window.isHidden = true
        _ = journal.take()
        window.makeKeyAndVisible()
        #expect(
            journal.take().filter { !$0.hasSuffix("viewDidLoad") } == [
                "Root.viewWillAppear", "Root.viewIsAppearing", "Cover.viewWillAppear", "Cover.viewIsAppearing",
                "Top.viewWillAppear", "Top.viewIsAppearing", "Root.viewDidAppear", "Cover.viewDidAppear",
                "Top.viewDidAppear",
            ])
        window.isHidden = true
        #expect(
            journal.take() == [
                "Top.viewWillDisappear", "Cover.viewWillDisappear", "Root.viewWillDisappear", "Top.viewDidDisappear",
                "Cover.viewDidDisappear", "Root.viewDidDisappear",
            ])
    }

    @Test(
        "S6, S12: a push onto a navigation controller whose sheet the user is swiping down: not animated, it is applied at once and the old top finishes disappearing, and a cancelled swipe brings back the new top; animated, it waits for the swipe",
        arguments: [false, true])
    func pushDuringSheetSwipe(animated: Bool) {
        let root = Screen("Root", journal: journal)
        let window = makeVisibleWindow(root: root)
        defer { withExtendedLifetime(window) {} }
        let navigation = UINavigationController(rootViewController: Screen("Form", journal: journal))
        root.present(navigation, animated: false)
        SimRunLoop.main.runUntilIdle()
        let swipe = navigation.beginInteractiveDismissal()
        swipe?.update(0.3)
        _ = journal.take()
        navigation.pushViewController(Screen("Next", journal: journal), animated: animated)
        loop.runUntilIdle()
        guard !animated else {
            #expect(journal.take().filter { $0.contains("ppear") }.isEmpty, "queued behind the swipe (S6 c)")
            #expect(navigation.viewControllers.count == 1)
            swipe?.cancel()
            loop.runUntilIdle()
            #expect(navigation.viewControllers.map(\.title) == ["Form", "Next"])
            #expect(
                journal.take().filter { $0.contains("Did") && $0.contains("ppear") } == [
                    "Form.viewDidAppear", "Form.viewDidDisappear", "Next.viewDidAppear [to-parent]",
                ])
            return
        }
        #expect(journal.take().filter { $0.contains("ppear") } == ["Form.viewDidDisappear [dismissed]"])
        swipe?.cancel()
        loop.runUntilIdle()
        #expect(
            journal.take() == ["Next.viewDidLoad", "Next.viewWillAppear", "Next.viewIsAppearing", "Next.viewDidAppear"])
    }

    @Test("S12: controllers off screen get containment callbacks but no appearance callbacks")
    func offScreenStack() {
        let navigation = UINavigationController(rootViewController: Screen("Home", journal: journal))
        navigation.pushViewController(Screen("Detail", journal: journal), animated: true)
        loop.runUntilIdle()
        #expect(
            journal.take() == [
                "Home.willMove(parent)", "Home.didMove(parent)",
                "Detail.willMove(parent)", "Detail.didMove(parent)",
            ])
    }

    @Test(
        "S12: a sheet that dismisses itself in viewDidAppear is reported as being dismissed, not presented, as it leaves"
    )
    func dismissedFromDidAppear() {
        let root = Screen("Root", journal: journal)
        let window = makeVisibleWindow(root: root)
        let sheet = Screen("Sheet", journal: journal)
        sheet.whenAppeared = { [unowned sheet] in sheet.dismiss(animated: true) }
        root.present(sheet, animated: true)
        loop.runUntilIdle()
        #expect(
            journal.take().filter { $0.hasPrefix("Sheet.view") && $0.contains("ppear") } == [
                "Sheet.viewWillAppear [presented]", "Sheet.viewIsAppearing [presented]",
                "Sheet.viewDidAppear [presented]",
                "Sheet.viewWillDisappear [dismissed]", "Sheet.viewDidDisappear [dismissed]",
            ])
        #expect(root.presentedViewController == nil && !sheet.isBeingPresented && !sheet.isBeingDismissed)
        _ = window
    }

    @Test(
        "S12: a tab switched while a full-screen presentation over the tab bar is still running leaves no controller between will- and did-disappear",
        arguments: SimAnimation.NonAnimatedTiming.allCases)
    func tabSwitchDuringFullScreenPresentation(timing: SimAnimation.NonAnimatedTiming) {
        SimAnimation.nonAnimatedTiming = timing
        let first = Screen("First", journal: journal)
        let second = Screen("Second", journal: journal)
        let tabs = UITabBarController()
        tabs.viewControllers = [
            UINavigationController(rootViewController: first), UINavigationController(rootViewController: second),
        ]
        let window = makeVisibleWindow(root: tabs)
        loop.runUntilIdle()
        _ = journal.take()
        let cover = UIViewController()
        cover.modalPresentationStyle = .fullScreen
        tabs.viewControllers?[0].present(cover, animated: false)
        tabs.selectedIndex = 1
        loop.runUntilIdle()
        let log = journal.take()
        #expect(log.filter { $0.hasPrefix("First.") } == ["First.viewWillDisappear", "First.viewDidDisappear"])
        #expect(!log.contains { $0.hasPrefix("Second.viewWill") || $0.hasPrefix("Second.viewDid") }, "\(log)")
        let controllers: [UIViewController] = [tabs, first, second, cover] + (tabs.viewControllers ?? [])
        #expect(SimAppearanceInvariants(watching: controllers).violations(windows: [window], settled: true).isEmpty)
    }

    @Test(
        "S12: a full-screen presentation made from a sheet makes the sheet disappear, not the controller under the sheet (UIKit's _shouldCallAppearanceCallbacksFor:); the sheet reappears when it is dismissed",
        arguments: SimAnimation.NonAnimatedTiming.allCases)
    func fullScreenFromSheet(timing: SimAnimation.NonAnimatedTiming) {
        SimAnimation.nonAnimatedTiming = timing
        let root = Screen("Root", journal: journal)
        let window = makeVisibleWindow(root: root)
        let sheet = Screen("Sheet", journal: journal)
        root.present(sheet, animated: true)
        loop.runUntilIdle()
        _ = journal.take()
        let cover = Screen("Cover", journal: journal)
        cover.modalPresentationStyle = .fullScreen
        sheet.present(cover, animated: false)
        loop.runUntilIdle()
        let appearance = journal.take().filter { !$0.hasSuffix("viewDidLoad") && !$0.hasSuffix("viewIsAppearing") }
        #expect(appearance.filter { $0.hasPrefix("Root.") }.isEmpty, "the controller under the sheet stays in view")
        #expect(appearance.filter { $0.hasPrefix("Sheet.") } == ["Sheet.viewWillDisappear", "Sheet.viewDidDisappear"])
        #expect(
            SimAppearanceInvariants(watching: [root, sheet, cover]).violations(windows: [window], settled: true).isEmpty
        )
        sheet.dismiss(animated: true)
        loop.runUntilIdle()
        let back = journal.take().filter { !$0.hasSuffix("viewIsAppearing") }
        #expect(back.filter { $0.hasPrefix("Root.") }.isEmpty)
        #expect(back.filter { $0.hasPrefix("Sheet.") } == ["Sheet.viewWillAppear", "Sheet.viewDidAppear"])
        #expect(
            SimAppearanceInvariants(watching: [root, sheet, cover]).violations(windows: [window], settled: true).isEmpty
        )
    }
}
