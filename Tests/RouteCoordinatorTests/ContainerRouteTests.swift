@_spi(Adapters) import Insecurity
import RouteCoordinator
import SimulationTesting
import TestSupport
import Testing

enum TabsRoute: Route {
    case pages, news
    case tab(Int)
}

enum PagesRoute: Route {
    case page(Int)
}

/// A page coordinator over three fixed pages.
@MainActor
final class PagesCoordinator: PageCoordinator<PagesRoute> {
    let pageControllers = [titled("Page 0"), titled("Page 1"), titled("Page 2")]

    init() {
        super.init(pages: pageControllers)
    }

    override func prepareTransition(for route: PagesRoute) -> PageTransition {
        switch route {
        case .page(let index): .set(pageControllers[index], direction: .forward)
        }
    }
}

/// A tab bar home: news, then pages.
@MainActor
final class TabsCoordinator: TabBarCoordinator<TabsRoute> {
    let news = titled("News")
    let pages = PagesCoordinator()

    init() {
        super.init(tabs: [news, pages])
    }

    override func prepareTransition(for route: TabsRoute) -> TabBarTransition {
        switch route {
        case .pages: .select(pages)
        case .news: .select(news)
        case .tab(let index): .select(index: index)
        }
    }
}

enum SplitRoute: Route {
    case columns
}

@MainActor
final class ColumnsCoordinator: SplitCoordinator<SplitRoute> {
    init() {
        super.init(initialRoute: .columns)
    }

    override func prepareTransition(for route: SplitRoute) -> SplitTransition {
        .set([titled("List"), titled("Detail")])
    }
}

@MainActor
@Suite("A12: tabs, pages and split views through routes", .cleanSimulatedWorld)
struct ContainerRouteTests {
    let loop = SimRunLoop.main
    let window = UIWindow()

    private func launch() -> TabsCoordinator {
        let tabs = TabsCoordinator()
        tabs.setRoot(for: window)
        loop.runUntilIdle()
        return tabs
    }

    @Test("A12 (#246, #28): a deep link through the tab bar into a page completes, also when the page is already shown")
    func deepLinkThroughTabsAndPages() {
        let tabs = launch()
        for page in [0, 0, 2] {
            var completed = false
            expectNoWarningsOrDiagnostics {
                tabs.performTransition(
                    tabs.deepLink(.pages, PagesRoute.page(page)), with: TransitionOptions(animated: true)
                ) {
                    completed = true
                }
                loop.runUntilIdle()
            }
            #expect(completed, "the deep link to page \(page) completed")
            #expect(tabs.rootViewController.selectedViewController === tabs.pages.rootViewController)
            #expect(tabs.pages.rootViewController.viewControllers?.first?.title == "Page \(page)")
        }
    }

    @Test(
        "A12 (#28, #145): a deep link that selects a tab by its index goes on to the routes of that tab's coordinator"
    )
    func deepLinkThroughTabIndex() {
        let tabs = launch()
        var completed = false
        expectNoWarningsOrDiagnostics {
            tabs.performTransition(
                tabs.deepLink(.tab(1), PagesRoute.page(2)), with: TransitionOptions(animated: true)
            ) {
                completed = true
            }
            loop.runUntilIdle()
        }
        #expect(completed)
        #expect(tabs.rootViewController.selectedViewController === tabs.pages.rootViewController)
        #expect(tabs.pages.rootViewController.viewControllers?.first?.title == "Page 2")
    }

    @Test(
        "A12 (#145): selecting a tab index that does not exist is a diagnostic, not an assertion; the route completes")
    func selectMissingIndex() {
        let tabs = launch()
        var completed = false
        let diagnostics = InsecurityDiagnostics.capture {
            tabs.trigger(.tab(7)) { completed = true }
            loop.runUntilIdle()
        }
        #expect(completed)
        #expect(diagnostics.map(\.code) == [.routeTargetMissing])
        #expect(tabs.rootViewController.selectedIndex == 0)
        expectNoWarningsOrDiagnostics {
            tabs.trigger(.tab(1))
            loop.runUntilIdle()
        }
        #expect(tabs.rootViewController.selectedIndex == 1)
    }

    @Test("A12 (#89): a split coordinator made before any window is key shows its columns once one is")
    func splitBeforeKeyWindow() {
        let split = ColumnsCoordinator()
        loop.runUntilIdle()
        #expect(split.rootViewController.viewControllers.isEmpty, "no window is key yet")
        window.rootViewController = split.rootViewController
        window.makeKeyAndVisible()
        loop.runUntilIdle()
        #expect(split.rootViewController.viewControllers.map(\.title) == ["List", "Detail"])
    }

    @Test("A12, E19: a tab selection during a custom tab switch waits for it instead of cutting it short")
    func selectionDuringAnimatedSwitch() {
        let tabs = launch()
        let slow = Animation(
            presentation: StaticTransitionAnimation(duration: 0.3) { context in
                let arriving = context.viewController(forKey: .to)?.view
                UIView.animate(withDuration: 0.3, animations: { arriving?.alpha = 1 }) { _ in
                    context.completeTransition(true)
                }
            }, dismissal: nil)
        expectNoWarningsOrDiagnostics {
            tabs.performTransition(.select(tabs.pages, animation: slow), with: TransitionOptions(animated: true))
            tabs.trigger(.news)
            #expect(tabs.rootViewController.selectedIndex == 1, "the animated switch to pages runs")
            loop.runUntilIdle()
        }
        #expect(tabs.rootViewController.selectedIndex == 0)
        #expect(InsecurityWorld.takeOverDeferrals() == [])
    }
}
