import Foundation
import SimUIKit
import SimulationTesting
import Testing

/// Records the calls a tab bar controller or a presentation controller makes to its delegate.
@MainActor
private final class DelegateSpy: UITabBarControllerDelegate, UIAdaptivePresentationControllerDelegate {
    var calls: [String] = []
    var allowsSelection = true
    var allowsDismissal = true

    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    {
        calls.append("shouldSelect \(viewController.title ?? "?")")
        return allowsSelection
    }

    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        calls.append("didSelect \(viewController.title ?? "?")")
    }

    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
        calls.append("shouldDismiss")
        return allowsDismissal
    }

    func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
        calls.append("willDismiss")
    }
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        calls.append("didDismiss")
    }
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
        calls.append("didAttemptToDismiss")
    }
}

@MainActor
@Suite("Tab bars, alerts, split views and interactive sheets", .cleanSimulatedWorld)
struct ContainersAndControlsTests {
    @Test(
        "S24: setting a page view controller's pages asks its data source for no neighbour; a swipe asks for the page it turns to (UIPageViewController, iOS 26.1)"
    )
    func pageDataSourceAskedOnSwipe() {
        final class Pages: UIPageViewControllerDataSource {
            let pages = [Screen("One"), Screen("Two")]
            var asked: [String] = []
            func pageViewController(
                _ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController
            ) -> UIViewController? {
                asked.append("before \(viewController.title ?? "?")")
                return pages.firstIndex(of: viewController as! Screen).flatMap { $0 > 0 ? pages[$0 - 1] : nil }
            }
            func pageViewController(
                _ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController
            ) -> UIViewController? {
                asked.append("after \(viewController.title ?? "?")")
                return pages.firstIndex(of: viewController as! Screen).flatMap { $0 + 1 < pages.count ? pages[$0 + 1] : nil }
            }
            func presentationCount(for pageViewController: UIPageViewController) -> Int { 0 }
            func presentationIndex(for pageViewController: UIPageViewController) -> Int { 0 }
        }
        let source = Pages()
        let pageView = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
        pageView.dataSource = source
        let window = makeVisibleWindow(root: pageView)
        pageView.setViewControllers([source.pages[0]], direction: .forward, animated: false)
        loop.runUntilIdle()
        #expect(source.asked.isEmpty, "no neighbour is preloaded")
        #expect(pageView.simulateSwipe(.forward))
        loop.runUntilIdle()
        #expect(source.asked == ["after One"])
        #expect(pageView.viewControllers?.first === source.pages[1])
        _ = window
    }

    let loop = SimRunLoop.main

    // MARK: S13

    @Test(
        "S13, S19: switching tabs keeps each tab's stack; the new tab's will-appear comes first and its did-appear last, as logged on devices"
    )
    func switchingTabs() {
        let journal = Journal()
        let catalog = UINavigationController(rootViewController: Screen("Catalog", journal: journal))
        let cart = UINavigationController(rootViewController: Screen("Cart", journal: journal))
        catalog.title = "CatalogTab"
        cart.title = "CartTab"
        let tabs = UITabBarController()
        tabs.viewControllers = [catalog, cart]
        let window = makeVisibleWindow(root: tabs)
        let product = Screen("Product", journal: journal)
        catalog.pushViewController(product, animated: false)
        SimRunLoop.main.runUntilIdle()
        _ = journal.take()

        #expect(tabs.simulateTabTap(1))
        #expect(tabs.selectedViewController === cart && tabs.selectedIndex == 1)
        #expect(
            journal.take() == [
                "Cart.viewDidLoad", "Cart.viewWillAppear", "Cart.viewIsAppearing", "Product.viewWillDisappear",
                "Product.viewDidDisappear", "Cart.viewDidAppear",
            ])
        #expect(tabs.simulateTabTap(0))
        #expect(catalog.viewControllers.map(\.title) == ["Catalog", "Product"])
        #expect(
            journal.take() == [
                "Product.viewWillAppear", "Product.viewIsAppearing", "Cart.viewWillDisappear", "Cart.viewDidDisappear",
                "Product.viewDidAppear",
            ])
        #expect(product.tabBarController === tabs && tabs.children == [catalog, cart])
        _ = window
    }

    @Test("S13: the delegate may refuse a tap, is told about taps but not about programmatic selection")
    func tabDelegate() {
        let first = Screen("First")
        let second = Screen("Second")
        let tabs = UITabBarController()
        tabs.viewControllers = [first, second]
        let window = makeVisibleWindow(root: tabs)
        let spy = DelegateSpy()
        tabs.delegate = spy
        spy.allowsSelection = false
        #expect(!tabs.simulateTabTap(1))
        #expect(tabs.selectedViewController === first)
        spy.allowsSelection = true
        #expect(tabs.simulateTabTap(1))
        tabs.selectedIndex = 0
        #expect(spy.calls == ["shouldSelect Second", "shouldSelect Second", "didSelect Second"])
        #expect(tabs.selectedViewController === first)
        _ = window
    }

    @Test("S13: tapping the shown tab pops its navigation controller to the root")
    func reselectingPopsToRoot() {
        let stack = UINavigationController(rootViewController: Screen("Root"))
        let tabs = UITabBarController()
        tabs.viewControllers = [stack, Screen("Other")]
        let window = makeVisibleWindow(root: tabs)
        stack.pushViewController(Screen("A"), animated: false)
        SimRunLoop.main.runUntilIdle()
        stack.pushViewController(Screen("B"), animated: false)
        SimRunLoop.main.runUntilIdle()
        #expect(tabs.simulateTabTap(0))
        loop.runUntilIdle()
        #expect(stack.viewControllers.map(\.title) == ["Root"])
        _ = window
    }

    @Test(
        "S13: a push in a tab that the user leaves mid-animation still lands; the tab bar presents like any container")
    func switchingTabsDuringPush() {
        let journal = Journal()
        let stack = UINavigationController(rootViewController: Screen("Root", journal: journal))
        let other = Screen("Other", journal: journal)
        let tabs = UITabBarController()
        tabs.viewControllers = [stack, other]
        let window = makeVisibleWindow(root: tabs)
        let pushed = Screen("Pushed", journal: journal)
        _ = journal.take()
        stack.pushViewController(pushed, animated: true)
        #expect(tabs.simulateTabTap(1))
        loop.runUntilIdle()
        #expect(stack.viewControllers == [stack.viewControllers[0], pushed])
        #expect(pushed.parent === stack && !pushed.isMovingToParent)
        let entries = journal.take()
        #expect(entries.last == "Pushed.didMove(parent)")
        #expect(
            entries.filter { $0.hasPrefix("Other.") } == [
                "Other.viewDidLoad", "Other.viewWillAppear", "Other.viewIsAppearing", "Other.viewDidAppear",
            ])

        let sheet = Screen("Sheet")
        other.present(sheet, animated: false)
        SimRunLoop.main.runUntilIdle()
        #expect(tabs.presentedViewController === sheet && sheet.presentingViewController === tabs)
        #expect(!tabs.simulateTabTap(0), "a presented controller covers the tab bar")
        _ = window
    }

    @Test("S13: tabs cannot be repeated or be another window's root")
    func invalidTabs() {
        let screen = Screen("Screen")
        let tabs = UITabBarController()
        let warnings = SimWarnings.capture { tabs.viewControllers = [screen, screen] }
        #expect(warnings.count == 1)
        #expect(tabs.viewControllers == nil)
    }

    // MARK: S14

    @Test("S14: tapping an action dismisses the alert and then runs its handler; an alert cannot be swiped away")
    func alertTap() {
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        var events: [String] = []
        let alert = UIAlertController(title: "Remove item?", message: "It leaves the cart.", preferredStyle: .alert)
        let remove = UIAlertAction(title: "Remove", style: .destructive) { action in
            events.append("handler \(action.title ?? "") presented=\(root.presentedViewController != nil)")
        }
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(remove)
        root.present(alert, animated: true)
        #expect(!alert.simulateTap(on: remove), "no tap while the alert animates in")
        loop.runUntilIdle()
        #expect(!alert.simulateInteractiveDismissal())
        #expect(alert.simulateTap(on: remove))
        #expect(events.isEmpty)
        loop.runUntilIdle()
        #expect(events == ["handler Remove presented=false"])
        #expect(!alert.simulateTap(on: remove), "a dismissed alert cannot be tapped")
        _ = window
    }

    @Test("S14: an alert over a sheet leaves the sheet; pushing an alert warns")
    func alertOverSheet() {
        let journal = Journal()
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        let sheet = Screen("Sheet", journal: journal)
        root.present(sheet, animated: false)
        SimRunLoop.main.runUntilIdle()
        _ = journal.take()
        let alert = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        let ok = UIAlertAction(title: "OK", style: .default)
        alert.addAction(ok)
        let warnings = SimWarnings.capture {
            UINavigationController(rootViewController: Screen("Base")).pushViewController(alert, animated: false)
        }
        #expect(warnings.count == 1)
        sheet.present(alert, animated: false)
        SimRunLoop.main.runUntilIdle()
        alert.simulateTap(on: ok)
        loop.runUntilIdle()
        #expect(journal.take().isEmpty, "the sheet stays on screen under the alert")
        #expect(root.presentedViewController === sheet && sheet.presentedViewController == nil)
        _ = window
    }

    // MARK: S15

    @Test(
        "S20: show from a child of a split view that is in no navigation controller installs the primary; in a navigation controller it pushes; alone it presents"
    )
    func showRouting() {
        let list = Screen("List")
        let split = UISplitViewController()
        let detailNavigation = UINavigationController(rootViewController: Screen("Detail"))
        split.viewControllers = [list, detailNavigation]
        let window = makeVisibleWindow(root: split)
        #expect(list.targetViewController(forAction: .show, sender: nil) === split)
        let settings = Screen("Settings")
        list.show(settings, sender: nil)
        #expect(split.viewControllers.first === settings)
        #expect(split.presentedViewController == nil)
        let more = Screen("More")
        detailNavigation.topViewController?.show(more, sender: nil)
        loop.runUntilIdle()
        #expect(detailNavigation.topViewController === more)
        #expect(more.targetViewController(forAction: .showDetailViewController, sender: nil) === split)
        let alone = Screen("Alone")
        let other = makeVisibleWindow(root: alone)
        #expect(alone.targetViewController(forAction: .show, sender: nil) == nil)
        alone.show(Screen("Modal"), sender: nil)
        loop.runUntilIdle()
        #expect(alone.presentedViewController?.title == "Modal")
        _ = (window, other)
    }

    @Test("S15: expanded, both columns show and details replace the secondary; collapsed, details are pushed")
    func splitView() {
        let journal = Journal()
        let primary = UINavigationController(rootViewController: Screen("List", journal: journal))
        let split = UISplitViewController()
        split.viewControllers = [primary, Screen("Empty", journal: journal)]
        let window = makeVisibleWindow(root: split)
        _ = journal.take()
        let detail = Screen("Detail", journal: journal)
        primary.topViewController!.showDetailViewController(detail, sender: nil)
        #expect(split.viewControllers.last === detail && detail.splitViewController === split)
        #expect(
            journal.take() == [
                "Empty.willMove(nil)", "Detail.willMove(parent)", "Detail.viewDidLoad", "Detail.viewWillAppear",
                "Detail.viewIsAppearing", "Empty.viewWillDisappear", "Empty.viewDidDisappear", "Detail.viewDidAppear",
                "Empty.didMove(nil)", "Detail.didMove(parent)",
            ])
        split.simulateCollapse(true)
        #expect(split.isCollapsed)
        #expect(journal.take() == ["Detail.viewWillDisappear", "Detail.viewDidDisappear"])
        let other = Screen("Other")
        split.showDetailViewController(other, sender: nil)
        loop.runUntilIdle()
        #expect(primary.viewControllers.map(\.title) == ["List", "Other"])
        _ = window
    }

    @Test(
        "S15: collapsed, a navigation controller given as the detail is pushed onto the primary one, nested, without UIKit's push exception"
    )
    func collapsedSplitViewNestsNavigationDetail() {
        let primary = UINavigationController(rootViewController: Screen("List"))
        let split = UISplitViewController()
        split.viewControllers = [primary]
        let window = makeVisibleWindow(root: split)
        split.simulateCollapse(true)
        let detail = UINavigationController(rootViewController: Screen("Detail"))
        let exceptions = SimExceptions.capture {
            split.showDetailViewController(detail, sender: nil)
            loop.runUntilIdle()
        }
        #expect(exceptions.isEmpty)
        #expect(primary.viewControllers.last === detail)
        #expect(split.presentedViewController == nil, "pushed, not presented")
        #expect(
            SimExceptions.capture { primary.pushViewController(UINavigationController(), animated: false) }.count == 1,
            "any other push of a navigation controller still raises")
        _ = window
    }

    @Test(
        "S6, S15: a navigation controller shown as the detail of a collapsed split view while the primary's push animates waits for it and is then nested, without an exception"
    )
    func collapsedSplitViewQueuedNavigationDetail() {
        let primary = UINavigationController(rootViewController: Screen("List"))
        let split = UISplitViewController()
        split.viewControllers = [primary]
        let window = makeVisibleWindow(root: split)
        split.simulateCollapse(true)
        loop.runUntilIdle()
        primary.pushViewController(Screen("Item"), animated: true)
        let detail = UINavigationController(rootViewController: Screen("Detail"))
        let exceptions = SimExceptions.capture {
            split.showDetailViewController(detail, sender: nil)
            loop.runUntilIdle()
        }
        #expect(exceptions.isEmpty)
        #expect(primary.viewControllers.map(\.title) == ["List", "Item", nil])
        #expect(primary.viewControllers.last === detail)
        _ = window
    }

    @Test(
        "S15: the split view's delegate deals with the secondary on collapse, names it on expand, and may show details itself"
    )
    func splitViewDelegate() {
        final class Delegate: UISplitViewControllerDelegate {
            var calls: [String] = []
            var nextSecondary: UIViewController?
            var showsDetailsItself = false
            func splitViewController(
                _ splitViewController: UISplitViewController,
                collapseSecondary secondaryViewController: UIViewController,
                onto primaryViewController: UIViewController
            ) -> Bool {
                calls.append(
                    "collapse \(secondaryViewController.title ?? "?") onto \(primaryViewController.title ?? "?")")
                return true  // the list shows first on a compact width
            }
            func splitViewController(
                _ splitViewController: UISplitViewController,
                separateSecondaryFrom primaryViewController: UIViewController
            ) -> UIViewController? {
                calls.append("separate from \(primaryViewController.title ?? "?")")
                return nextSecondary
            }
            func splitViewController(
                _ splitViewController: UISplitViewController, showDetail vc: UIViewController, sender: Any?
            ) -> Bool {
                calls.append("showDetail \(vc.title ?? "?")")
                return showsDetailsItself
            }
        }
        let journal = Journal()
        let primary = UINavigationController(rootViewController: Screen("List", journal: journal))
        primary.title = "Primary"
        let split = UISplitViewController()
        let delegate = Delegate()
        split.delegate = delegate
        split.viewControllers = [primary, Screen("Detail", journal: journal)]
        let window = makeVisibleWindow(root: split)
        _ = journal.take()
        split.simulateCollapse(true)
        #expect(delegate.calls == ["collapse Detail onto Primary"])
        #expect(split.viewControllers == [primary], "the delegate dealt with the secondary: it left")
        #expect(
            journal.take() == [
                "Detail.willMove(nil)", "Detail.viewWillDisappear", "Detail.viewDidDisappear", "Detail.didMove(nil)",
            ])
        delegate.nextSecondary = Screen("Fresh", journal: journal)
        split.simulateCollapse(false)
        #expect(delegate.calls.last == "separate from Primary")
        #expect(split.viewControllers.map(\.title) == ["Primary", "Fresh"])
        delegate.showsDetailsItself = true
        split.showDetailViewController(Screen("Elsewhere"), sender: nil)
        #expect(delegate.calls.last == "showDetail Elsewhere")
        #expect(
            split.viewControllers.map(\.title) == ["Primary", "Fresh"],
            "the delegate showed it; the split view did nothing")
        _ = window
    }

    // MARK: S16

    @Test(
        "S16: a cancelled interactive sheet dismissal changes nothing; a finished one dismisses, with delegate calls in UIKit's order"
    )
    func interactiveSheetDismissal() throws {
        let journal = Journal()
        let root = Screen("Root", journal: journal)
        let window = makeVisibleWindow(root: root)
        let sheet = Screen("Sheet", journal: journal)
        let spy = DelegateSpy()
        sheet.presentationController?.delegate = spy
        root.present(sheet, animated: false)
        SimRunLoop.main.runUntilIdle()
        _ = journal.take()

        let cancelled = try #require(sheet.beginInteractiveDismissal())
        #expect(sheet.isBeingDismissed && sheet.transitionCoordinator?.isInteractive == true)
        #expect(sheet.beginInteractiveDismissal() == nil, "one swipe at a time")
        cancelled.update(0.3)
        cancelled.cancel()
        loop.runUntilIdle()
        #expect(root.presentedViewController === sheet && !sheet.isBeingDismissed)
        #expect(
            journal.take() == [
                "Sheet.viewWillDisappear [dismissed]", "Sheet.viewWillAppear", "Sheet.viewIsAppearing",
                "Sheet.viewDidAppear",
            ])
        #expect(spy.calls == ["shouldDismiss", "willDismiss"])

        spy.calls.removeAll()
        let finished = try #require(sheet.beginInteractiveDismissal())
        finished.update(0.6)
        finished.finish()
        #expect(root.presentedViewController === sheet, "the sheet is still leaving")
        loop.runUntilIdle()
        #expect(root.presentedViewController == nil)
        #expect(journal.take() == ["Sheet.viewWillDisappear [dismissed]", "Sheet.viewDidDisappear [dismissed]"])
        #expect(spy.calls == ["shouldDismiss", "willDismiss", "didDismiss"])
        _ = window
    }

    @Test("S16: a refused swipe tells the delegate it was attempted; observers see the cancelled phase")
    func refusedAndObservedSwipes() {
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        let sheet = Screen("Sheet")
        let spy = DelegateSpy()
        sheet.presentationController?.delegate = spy
        root.present(sheet, animated: false)
        SimRunLoop.main.runUntilIdle()
        spy.allowsDismissal = false
        #expect(sheet.beginInteractiveDismissal() == nil)
        #expect(spy.calls == ["shouldDismiss", "didAttemptToDismiss"])
        spy.allowsDismissal = true
        var phases: [PresentationChange.Phase] = []
        let observation = root.observePresentations { phases.append($0.phase) }
        do {
            let dropped = sheet.beginInteractiveDismissal()
            #expect(dropped != nil)
        }
        loop.runUntilIdle()
        #expect(phases == [.began, .cancelled], "a dropped handle cancels the swipe")
        #expect(root.presentedViewController === sheet)
        _ = (window, observation)
    }
}
