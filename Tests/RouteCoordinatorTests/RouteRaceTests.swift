import BridgeSnapshot
import CoordinatorBridge
@_spi(Testing) import Insecurity
import ResponderCoordinator
import RouteCoordinator
import SimulationTesting
import TestSupport
import Testing

/// Two navigation tabs, each a coordinator of its own.
@MainActor
final class StackTabsCoordinator: TabBarCoordinator<TabsRoute> {
    let first = HomeCoordinator()
    let second = HomeCoordinator()

    init() {
        super.init(tabs: [first, second])
    }

    override func prepareTransition(for route: TabsRoute) -> TabBarTransition {
        switch route {
        case .pages, .news: .none()
        case .tab(let index): .select(index: index)
        }
    }
}

/// Pages that are coordinators, as the example's home page coordinator has.
@MainActor
final class CoordinatorPages: PageCoordinator<PagesRoute> {
    let pageCoordinators = [ViewCoordinatorForTests(title: "Page 0"), ViewCoordinatorForTests(title: "Page 1")]

    init() {
        super.init(pages: pageCoordinators)
    }

    override func prepareTransition(for route: PagesRoute) -> PageTransition {
        switch route {
        case .page(let index): .set(pageCoordinators[index], direction: .forward)
        }
    }
}

// Routes of different coordinators triggered while others still wait, as an outside random harness of
// route coordinators found them (issue "XCoordinator apps as they are", list 7). Each is written as an app
// writes it; each failed before its fix.
@MainActor
@Suite("A12, E19: routes racing each other", .cleanSimulatedWorld)
struct RouteRaceTests {
    let loop = SimRunLoop.main
    let window = UIWindow()

    private func launch() -> HomeCoordinator { HomeCoordinator.launched(in: window) }

    @Test(
        "A12: a tab bar coordinator's dismissal waiting behind a push in one of its tabs completes after it ends",
        arguments: [SimAnimation.NonAnimatedTiming.deferred, .immediate])
    func tabBarDismissalBehindPushInTab(timing: SimAnimation.NonAnimatedTiming) {
        SimAnimation.nonAnimatedTiming = timing
        let home = launch()
        let tabs = StackTabsCoordinator()
        home.performTransition(.present(tabs), with: TransitionOptions(animated: true))
        loop.runUntilIdle()
        var completedWithTabsUp: Bool?
        expectNoWarningsOrDiagnostics {
            tabs.first.trigger(.push)
            tabs.performTransition(.dismiss(), with: TransitionOptions(animated: true)) {
                completedWithTabsUp = home.rootViewController.presentedViewController != nil
            }
            #expect(completedWithTabsUp == nil, "not inside trigger: the dismissal waits for the push")
            loop.runUntilIdle()
        }
        #expect(completedWithTabsUp == false)
    }

    @Test(
        "A12: a tab bar coordinator presented from a push's completion keeps its tabs' coordinators, and a deep link reaches tab 1",
        arguments: [SimAnimation.NonAnimatedTiming.deferred, .immediate])
    func tabsPresentedFromCompletionKeepTheirChildren(timing: SimAnimation.NonAnimatedTiming) {
        SimAnimation.nonAnimatedTiming = timing
        let home = launch()
        weak var weakTabs: StackTabsCoordinator?
        expectNoWarningsOrDiagnostics {
            home.trigger(.push) {
                let tabs = StackTabsCoordinator()
                weakTabs = tabs
                home.performTransition(.present(tabs), with: TransitionOptions(animated: true))
            }
            loop.runUntilIdle()
        }
        guard let tabs = weakTabs else {
            Issue.record("the presented tab bar coordinator was released")
            return
        }
        #expect(tabs.children.count == 2, "both tabs' coordinators stay children while shown")
        var completed = false
        expectNoWarningsOrDiagnostics {
            tabs.performTransition(tabs.deepLink(.tab(1), SheetRoute.first), with: .init(animated: true)) {
                completed = true
            }
            loop.runUntilIdle()
        }
        #expect(completed)
        #expect(tabs.rootViewController.selectedIndex == 1)
        #expect(tabs.second.rootViewController.presentedViewController?.title == "First")
    }

    @Test(
        "A12: the page shown after two page changes in one turn is still the page coordinator's child",
        arguments: [SimAnimation.NonAnimatedTiming.deferred, .immediate])
    func pageChangesInOneTurnKeepTheShownChild(timing: SimAnimation.NonAnimatedTiming) {
        SimAnimation.nonAnimatedTiming = timing
        let pages = CoordinatorPages()
        pages.setRoot(for: window)
        loop.runUntilIdle()
        expectNoWarningsOrDiagnostics {
            pages.trigger(.page(1), with: TransitionOptions(animated: true))
            pages.trigger(.page(0), with: TransitionOptions(animated: false))
            loop.runUntilIdle()
        }
        let shown = pages.rootViewController.viewControllers?.first
        #expect(shown?.title == "Page 0")
        #expect(pages.children.contains { $0.viewController === shown }, "the shown page's coordinator is a child")
    }

    @Test(
        "A12: a pushed view coordinator whose screen is popped while its sheet is up stays a child until the sheet leaves, then is released",
        arguments: [SimAnimation.NonAnimatedTiming.deferred, .immediate])
    func poppedCoordinatorWithSheet(timing: SimAnimation.NonAnimatedTiming) {
        SimAnimation.nonAnimatedTiming = timing
        let home = launch()
        expectNoWarningsOrDiagnostics {
            home.trigger(.push)
            let detail = home.children.compactMap { $0 as? DetailCoordinator }.last
            detail?.performTransition(.present(titled("Detail sheet")), with: TransitionOptions(animated: true))
            home.trigger(.pop)
            loop.runUntilIdle()
        }
        let sheet = home.rootViewController.presentedViewController
        #expect(home.rootViewController.viewControllers.map(\.title) == ["Home"])
        if sheet?.title == "Detail sheet" {
            #expect(home.children.count == 1, "the detail coordinator still shows its sheet")
            #expect(sheet?.simulateInteractiveDismissal() == true)
            loop.runUntilIdle()
        }
        #expect(home.children.isEmpty)
        #expect(home.madeChildren.count == 0, "the detail coordinator was released")
    }

    @Test(
        "A12, E20: a completion that triggers a route runs, with no diagnostic, when setRoot replaces the tree inside a window transition",
        arguments: [SimAnimation.NonAnimatedTiming.deferred, .immediate])
    func completionDuringRootReplacement(timing: SimAnimation.NonAnimatedTiming) {
        SimAnimation.nonAnimatedTiming = timing
        let home = launch()
        let next = ViewCoordinatorForTests(title: "Login")
        var completed = 0
        expectNoWarningsOrDiagnostics {
            home.trigger(.first) {
                completed += 1
                home.trigger(.second) { completed += 1 }
            }
            UIView.transition(with: window, duration: 0.3, options: .transitionCrossDissolve) {
                next.setRoot(for: window)
            }
            loop.runUntilIdle()
        }
        #expect(completed == 2)
        #expect(window.rootViewController?.title == "Login")
        #expect(window.rootViewController?.presentedViewController == nil)
        withExtendedLifetime(next) {}
    }

    @Test(
        "A12, A3: a second coordinator's screen popped by a legacy coordinator on the same stack leaves its parent",
        arguments: [SimAnimation.NonAnimatedTiming.deferred, .immediate])
    func siblingPoppedByLegacyCoordinator(timing: SimAnimation.NonAnimatedTiming) {
        SimAnimation.nonAnimatedTiming = timing
        let home = launch()
        let legacy = ResponderCoordinator.NavigationCoordinator(rootViewController: home.rootViewController)
        expectNoWarningsOrDiagnostics {
            legacy.start()
            home.trigger(.about)
            legacy.pop(animated: false)
            loop.runUntilIdle()
        }
        #expect(home.rootViewController.viewControllers.map(\.title) == ["Home"])
        #expect(home.children.isEmpty)
        #expect(home.madeChildren.count == 0, "the about coordinator was released")
        legacy.stop()
    }
}

extension RouteRaceTests {
    @Test(
        "A11, E19: presentations of different coordinators on one chain show in request order, whatever waits",
        arguments: [SimAnimation.NonAnimatedTiming.deferred, .immediate], [true, false])
    func presentationsInRequestOrder(timing: SimAnimation.NonAnimatedTiming, childAnimated: Bool) {
        SimAnimation.nonAnimatedTiming = timing
        let home = launch()
        home.trigger(.about)
        loop.runUntilIdle()
        let about = home.children.compactMap { $0 as? AboutCoordinator }.first
        expectNoWarningsOrDiagnostics {
            home.trigger(.child, with: TransitionOptions(animated: childAnimated))
            let profile = home.children.compactMap { $0 as? ProfileCoordinator }.last
            profile?.trigger(.sheet)
            about?.performTransition(.present(titled("About sheet")), with: TransitionOptions(animated: false))
            loop.runUntilIdle()
        }
        #expect(titlesPresented(home.rootViewController) == [nil, "Sheet", "About sheet"])
    }

    private var titlesPresented: (UIViewController) -> [String?] {
        { root in
            sequence(first: root, next: \.presentedViewController).dropFirst().map(\.title)
        }
    }
}

extension RouteRaceTests {
    @Test(
        "E19, E13: setRoot during a running presentation waits for it, then ends the old tree; the window's chain is the adapter's",
        arguments: [SimAnimation.NonAnimatedTiming.deferred, .immediate])
    func setRootWaitsForRunningPresentation(timing: SimAnimation.NonAnimatedTiming) {
        SimAnimation.nonAnimatedTiming = timing
        let home = launch()
        let next = ViewCoordinatorForTests(title: "Login")
        expectNoWarningsOrDiagnostics {
            home.trigger(.child)
            #expect(home.rootViewController.presentedViewController?.transitionCoordinator != nil)
            next.setRoot(for: window)
            #expect(window.rootViewController === home.rootViewController, "the presentation runs on")
            loop.runUntilIdle()
        }
        #expect(window.rootViewController?.title == "Login")
        #expect(home.children.isEmpty && home.madeChildren.count == 0, "the old tree's sheet coordinator left")
        let hosts = BridgeReader(registry: BridgeRegistry([RouteCoordinatorPlugin()])).read([window]).hosts
        #expect(hosts.map(\.framework) == ["RouteCoordinator"])
        #expect(hosts.first?.base.kind == .window)
        #expect(hosts.first?.frames.map(\.coordinatorType) == ["ViewCoordinatorForTests"])
        withExtendedLifetime(next) {}
    }
}

extension RouteRaceTests {
    @Test(
        "A12, X12: a page not shown whose coordinator presented a tab bar keeps its own root in the snapshot, which imports with the app's factories",
        arguments: [SimAnimation.NonAnimatedTiming.deferred, .immediate])
    func notShownPageCoordinatorKeepsItsRoot(timing: SimAnimation.NonAnimatedTiming) throws {
        SimAnimation.nonAnimatedTiming = timing
        let pages = CoordinatorPages()
        pages.setRoot(for: window)
        loop.runUntilIdle()
        let first = pages.pageCoordinators[0]
        expectNoWarningsOrDiagnostics {
            let tabs = StackTabsCoordinator()
            tabs.rootViewController.modalPresentationStyle = .fullScreen
            first.performTransition(.present(tabs), with: TransitionOptions(animated: true))
            pages.trigger(.page(1), with: TransitionOptions(animated: false))
            loop.runUntilIdle()
        }
        let registry = BridgeRegistry([RouteCoordinatorPlugin()])
        let tree = BridgeReader(registry: registry).read([window])
        let tabsParent = tree.coordinators.first { $0.type == "StackTabsCoordinator" }?.parentID
        let presenter = tree.coordinators.first { $0.id == tabsParent }
        let pageZero = tree.controllers.first { $0.title == "Page 0" }
        #expect(pageZero != nil && presenter?.rootID == pageZero?.id, "the presenting page's coordinator, at its page")
        let xml = BridgeSnapshot.export([window], registry: registry)
        var rebuilder = BridgeRebuilder(registry: registry)
        rebuilder.coordinatorFactories.register(CoordinatorPages.self) { _ in CoordinatorPages() }
        rebuilder.coordinatorFactories.register(ViewCoordinatorForTests.self) { _ in ViewCoordinatorForTests(title: "") }
        rebuilder.coordinatorFactories.register(StackTabsCoordinator.self) { _ in StackTabsCoordinator() }
        rebuilder.coordinatorFactories.register(HomeCoordinator.self) { _ in HomeCoordinator() }
        let live = try BridgeSnapshot.importLive(xml, rebuilder: rebuilder)
        loop.runUntilIdle()
        #expect(BridgeSnapshot.export(live.windows, registry: registry) == xml)
        for restored in live.windows { restored.rootViewController = nil }
        loop.runUntilIdle()
        withExtendedLifetime(pages) {}
    }
}
