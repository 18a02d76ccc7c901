import RouteCoordinator
import SimulationTesting
import TestSupport
import Testing

enum ListRoute: Route {
    case item(String)
    case back
}

enum DetailsRoute: Route {
    case close
}

@MainActor
final class ListCoordinator: NavigationCoordinator<ListRoute> {
    init() {
        super.init(root: titled("List"))
    }

    override func prepareTransition(for route: ListRoute) -> NavigationTransition {
        switch route {
        case .item(let name): .push(titled(name))
        case .back: .pop()
        }
    }
}

@MainActor
@Suite("A12: routers, erased coordinators and the trigger variants", .cleanSimulatedWorld)
struct RouterApiTests {
    let loop = SimRunLoop.main
    let window = UIWindow()

    private func launch() -> ListCoordinator {
        let list = ListCoordinator()
        list.setRoot(for: window)
        loop.runUntilIdle()
        return list
    }

    private func titles(_ coordinator: ListCoordinator) -> [String?] {
        coordinator.rootViewController.viewControllers.map(\.title)
    }

    @Test("A12: chain(routes:) performs the routes in order, each after the previous one completed")
    func chain() {
        let list = launch()
        var completed = false
        list.performTransition(
            list.chain(routes: [.item("A"), .item("B"), .back, .item("C")]), with: TransitionOptions(animated: true)
        ) {
            completed = true
        }
        loop.runUntilIdle()
        #expect(completed)
        #expect(titles(list) == ["List", "A", "C"])
    }

    @Test("A12: a redirection router maps a child's routes to its parent's")
    func redirection() {
        let list = launch()
        let details = RedirectionRouter<ListRoute, DetailsRoute>(
            viewController: titled("Details"), parent: list.unownedRouter
        ) { _ in .back }
        list.trigger(.item("Shown"))
        loop.runUntilIdle()
        details.trigger(.close)
        loop.runUntilIdle()
        #expect(titles(list) == ["List"])
    }

    @Test(
        "A12: weak, unowned, strong and erased routers trigger the same coordinator; a weak one does nothing once it is gone"
    )
    func erasedRouters() {
        let list = launch()
        let weak = list.weakRouter
        let unowned = list.unownedRouter
        let strong = list.strongRouter
        let erased = list.anyCoordinator
        weak.trigger(.item("Weak"))
        unowned.trigger(.item("Unowned"))
        strong.trigger(.item("Strong"))
        erased.trigger(.item("Erased"))
        loop.runUntilIdle()
        #expect(titles(list) == ["List", "Weak", "Unowned", "Strong", "Erased"])
        #expect(strong.router(for: ListRoute.back) != nil)
        #expect(strong.router(for: DetailsRoute.close) == nil)
        var gone: WeakRouter<ListRoute>?
        do {
            let temporary = ListCoordinator()
            gone = temporary.weakRouter
        }
        #expect(gone?.wrappedValue == nil)
        gone?.trigger(.item("Nobody"))
    }

    @Test("A12: the async trigger returns once the transition has ended; contextTrigger gives what it showed")
    func asyncTrigger() async {
        let list = launch()
        var returned = false
        let awaited = Task {
            await list.trigger(.item("Awaited"))
            returned = true
        }
        // The task starts the push; the simulated clock then runs the animation to its end.
        while list.rootViewController.viewControllers.count < 2 { await Task.yield() }
        #expect(!returned, "the push still animates")
        loop.runUntilIdle()
        await awaited.value
        #expect(returned)
        #expect(titles(list) == ["List", "Awaited"])
        let context = Task { await list.contextTrigger(.item("Context"), with: TransitionOptions(animated: false)) }
        while list.rootViewController.viewControllers.count < 3 { await Task.yield() }
        loop.runUntilIdle()
        #expect(await context.value.presentables.compactMap { $0.viewController?.title } == ["Context"])
    }

    @Test("A12: a basic coordinator prepares with its closure and triggers its first route once presented")
    func basicCoordinator() {
        let list = launch()
        let basic = BasicNavigationCoordinator<ListRoute>(
            rootViewController: UINavigationController(), initialRoute: .item("First"),
            prepareTransition: { route in
                switch route {
                case .item(let name): .push(titled(name))
                case .back: .pop()
                }
            })
        #expect(basic.rootViewController.viewControllers.isEmpty, "a presented basic coordinator waits to be shown")
        list.performTransition(.present(basic), with: TransitionOptions(animated: true))
        loop.runUntilIdle()
        #expect(basic.rootViewController.viewControllers.map(\.title) == ["First"])
        #expect(list.children.count == 1)
    }
}
