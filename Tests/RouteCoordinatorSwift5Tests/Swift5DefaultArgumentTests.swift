// Compiled in Swift 5 language mode, as XCoordinator-Example is: its page coordinator makes its pages'
// coordinators in default arguments, which Swift 5 evaluates outside the main actor. The adapter's types are
// `@preconcurrency @MainActor`, as UIKit's are to Swift 5 code, so this compiles with no manifest setting (A12).
import RouteCoordinator
import SimulationTesting
import Testing

enum NewsRoute: Route {
    case news
}

final class NewsCoordinator: NavigationCoordinator<NewsRoute> {
    init() {
        super.init(initialRoute: .news)
    }

    override func prepareTransition(for route: NewsRoute) -> NavigationTransition {
        let news = UIViewController()
        news.title = "News"
        return .push(news)
    }
}

enum UserListRoute: Route {
    case users
}

final class UserListCoordinator: NavigationCoordinator<UserListRoute> {
    init() {
        super.init(initialRoute: .users)
    }

    override func prepareTransition(for route: UserListRoute) -> NavigationTransition {
        let users = UIViewController()
        users.title = "Users"
        return .push(users)
    }
}

enum HomePageRoute: Route {
    case news
}

final class HomePageCoordinator: PageCoordinator<HomePageRoute> {
    private let newsRouter: StrongRouter<NewsRoute>

    init(
        userListRouter: StrongRouter<UserListRoute> = UserListCoordinator().strongRouter,
        newsRouter: StrongRouter<NewsRoute> = NewsCoordinator().strongRouter
    ) {
        self.newsRouter = newsRouter
        super.init(pages: [userListRouter, newsRouter], set: userListRouter)
    }

    override func prepareTransition(for route: HomePageRoute) -> PageTransition {
        .set(newsRouter, direction: .forward)
    }
}

@MainActor
@Suite("A12: Swift 5 apps", .cleanSimulatedWorld)
struct Swift5DefaultArgumentTests {
    @Test("A12: a Swift 5 page coordinator whose pages' coordinators are made in default arguments compiles and works")
    func defaultArgumentCoordinators() {
        let window = UIWindow()
        let home = HomePageCoordinator()
        home.setRoot(for: window)
        SimRunLoop.main.runUntilIdle()
        let pages = home.rootViewController
        #expect(pages.viewControllers?.count == 1)
        home.trigger(.news)
        SimRunLoop.main.runUntilIdle()
        let shown = pages.viewControllers?.first as? UINavigationController
        #expect(shown?.topViewController?.title == "News")
        window.rootViewController = nil
        SimRunLoop.main.runUntilIdle()
    }
}
