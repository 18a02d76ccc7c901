// The coordinators of the news app, in the shape of XCoordinator's example app: a login, an alert that
// picks a tab bar, split or page home, a news list with articles, a users list whose user sheet has its
// own alert and an interactive push, an about screen sharing the users' navigation controller, logout.
import RouteCoordinator

public enum AppRoute: Route {
    case login
    case home(StrongRouter<HomeRoute>?)
    case newsDetail(News)
}

/// The app's root: the login screen, and the home presented over it full screen.
public final class AppCoordinator: NavigationCoordinator<AppRoute> {
    public init() {
        super.init(initialRoute: .login)
    }

    public override func prepareTransition(for route: AppRoute) -> NavigationTransition {
        switch route {
        case .login:
            return .push(LoginViewController(router: unownedRouter))
        case .home(let router?):
            router.viewController.modalPresentationStyle = .fullScreen
            return .present(router, animation: .fade)
        case .home(nil):
            let alert = UIAlertController(
                title: "How would you like to log in?", message: "Pick the home's container.",
                preferredStyle: .alert)
            alert.restorationIdentifier = "homePicker"
            let homes: [(String, () -> StrongRouter<HomeRoute>)] = [
                ("Tabs", { HomeTabCoordinator().strongRouter }),
                ("Split", { HomeSplitCoordinator().strongRouter }),
                ("Pages", { HomePageCoordinator().strongRouter }),
            ]
            for (title, make) in homes {
                alert.addAction(
                    UIAlertAction(title: title, style: .default) { [unowned self] _ in
                        trigger(.home(make()))
                    })
            }
            return .present(alert)
        case .newsDetail(let news):
            // A notification opens an article wherever the user is: out of the home, back to login, then
            // in again through the page home's news.
            return .multiple(
                .dismissToRoot(), .popToRoot(),
                deepLink(AppRoute.home(HomePageCoordinator().strongRouter), HomeRoute.news, NewsRoute.newsDetail(news)))
        }
    }
}

public enum HomeRoute: Route {
    case news
    case userList
}

public final class HomeTabCoordinator: TabBarCoordinator<HomeRoute> {
    private let newsRouter: StrongRouter<NewsRoute>
    private let userListRouter: StrongRouter<UserListRoute>

    public convenience init() {
        let news = NewsCoordinator()
        news.rootViewController.tabBarItem = UITabBarItem(tabBarSystemItem: .recents, tag: 0)
        let users = UserListCoordinator()
        users.rootViewController.tabBarItem = UITabBarItem(tabBarSystemItem: .more, tag: 1)
        self.init(newsRouter: news.strongRouter, userListRouter: users.strongRouter)
    }

    public init(newsRouter: StrongRouter<NewsRoute>, userListRouter: StrongRouter<UserListRoute>) {
        self.newsRouter = newsRouter
        self.userListRouter = userListRouter
        super.init(tabs: [newsRouter, userListRouter], select: userListRouter)
    }

    public override func prepareTransition(for route: HomeRoute) -> TabBarTransition {
        switch route {
        case .news: .select(newsRouter)
        case .userList: .select(userListRouter)
        }
    }
}

public final class HomeSplitCoordinator: SplitCoordinator<HomeRoute> {
    private let newsRouter: StrongRouter<NewsRoute>
    private let userListRouter: StrongRouter<UserListRoute>

    public init(
        newsRouter: StrongRouter<NewsRoute> = NewsCoordinator().strongRouter,
        userListRouter: StrongRouter<UserListRoute> = UserListCoordinator().strongRouter
    ) {
        self.newsRouter = newsRouter
        self.userListRouter = userListRouter
        super.init(master: userListRouter, detail: newsRouter)
    }

    public override func prepareTransition(for route: HomeRoute) -> SplitTransition {
        switch route {
        case .news: .showDetail(newsRouter)
        case .userList: .show(userListRouter)
        }
    }
}

public final class HomePageCoordinator: PageCoordinator<HomeRoute> {
    private let newsRouter: StrongRouter<NewsRoute>
    private let userListRouter: StrongRouter<UserListRoute>

    public init(
        newsRouter: StrongRouter<NewsRoute> = NewsCoordinator().strongRouter,
        userListRouter: StrongRouter<UserListRoute> = UserListCoordinator().strongRouter
    ) {
        self.newsRouter = newsRouter
        self.userListRouter = userListRouter
        super.init(
            rootViewController: UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal),
            pages: [userListRouter, newsRouter], set: userListRouter, direction: .forward)
    }

    public override func prepareTransition(for route: HomeRoute) -> PageTransition {
        switch route {
        case .news: .set(newsRouter, direction: .forward)
        case .userList: .set(userListRouter, direction: .reverse)
        }
    }
}

public enum NewsRoute: Route {
    case news
    case newsDetail(News)
    case close
}

public final class NewsCoordinator: NavigationCoordinator<NewsRoute> {
    public init() {
        super.init(initialRoute: .news)
    }

    public override func prepareTransition(for route: NewsRoute) -> NavigationTransition {
        switch route {
        case .news: .push(NewsViewController(router: unownedRouter))
        case .newsDetail(let news): .push(NewsDetailViewController(news: news), animation: .fade)
        case .close: .dismissToRoot()
        }
    }
}

public enum UserListRoute: Route {
    case home
    case users
    case user(String)
    case logout
    case about
}

public final class UserListCoordinator: NavigationCoordinator<UserListRoute> {
    public init() {
        super.init(initialRoute: .home)
    }

    public override func prepareTransition(for route: UserListRoute) -> NavigationTransition {
        switch route {
        case .home: return .push(HomeViewController(router: unownedRouter))
        case .users: return .push(UsersViewController(router: unownedRouter), animation: .fade)
        case .user(let name): return .present(UserCoordinator(user: name), animation: .default)
        case .logout: return .dismiss()
        case .about:
            // The library's documented way for a second coordinator to push onto this stack.
            addChild(AboutCoordinator(rootViewController: rootViewController))
            return .none()
        }
    }
}

public enum UserRoute: Route {
    case user(String)
    case alert(title: String, message: String)
    case users
    case randomColor
}

public final class UserCoordinator: NavigationCoordinator<UserRoute> {
    public init(user: String) {
        super.init(initialRoute: .user(user))
    }

    public override func prepareTransition(for route: UserRoute) -> NavigationTransition {
        switch route {
        case .randomColor:
            let controller = Screen("Colour", id: "colour")
            controller.view.backgroundColor = UIColor(red: 0.2, green: 0.5, blue: 0.8, alpha: 1)
            return .push(controller, animation: .fade)
        case .user(let name):
            return .push(UserViewController(router: unownedRouter, username: name))
        case .alert(let title, let message):
            let alert = UIAlertController(title: title, message: message, preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "Ok", style: .default, handler: nil))
            return .present(alert)
        case .users:
            return .dismiss()
        }
    }

    /// The right-edge swipe that pushes a colour screen, as a finger drives it.
    public private(set) var pushGesture: UIScreenEdgePanGestureRecognizer?

    public override func presented(from presentable: Presentable?) {
        super.presented(from: presentable)
        let recognizer = UIScreenEdgePanGestureRecognizer()
        recognizer.edges = .right
        rootViewController.view.addGestureRecognizer(recognizer)
        pushGesture = recognizer
        registerInteractiveTransition(
            for: .randomColor, triggeredBy: recognizer,
            progress: { recognizer in max(min(-recognizer.translation(in: nil).x / UIScreen.main.bounds.width, 1), 0) },
            shouldFinish: { recognizer in -recognizer.translation(in: nil).x >= UIScreen.main.bounds.width / 2 })
    }
}

public enum AboutRoute: Route {
    case home
    case website
}

public final class AboutCoordinator: NavigationCoordinator<AboutRoute> {
    public init(rootViewController: UINavigationController) {
        super.init(rootViewController: rootViewController, initialRoute: nil)
        trigger(.home)
    }

    public override func prepareTransition(for route: AboutRoute) -> NavigationTransition {
        switch route {
        case .home:
            return .push(AboutViewController(router: unownedRouter))
        case .website:
            let url = URL(string: "https://quickbirdstudios.com/")!
            return Transition(presentables: [], animationInUse: nil) { _, _, completion in
                UIApplication.shared.open(url)
                completion?()
            }
        }
    }
}
