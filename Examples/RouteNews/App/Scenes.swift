// The screens of the news app, as stand-ins for its nib-based view controllers: each holds its view
// model's router and offers, as methods, what its buttons and cells do.
import RouteCoordinator

/// A screen with a title and a restoration identifier, so snapshots name it.
@MainActor
open class Screen: UIViewController {
    public init(_ title: String, id: String) {
        super.init(nibName: nil, bundle: nil)
        self.title = title
        restorationIdentifier = id
    }

    public required init?(coder: NSCoder) { nil }
}

/// A news article.
public struct News: Sendable, Hashable {
    public let title: String
    public let author: String
}

/// The articles the app shows.
public enum NewsService {
    public static let articles = [
        News(title: "Coordinators in practice", author: "Ana"),
        News(title: "Routes all the way down", author: "Ben"),
        News(title: "Testing navigation headlessly", author: "Chloé"),
    ]
}

public final class LoginViewController: Screen {
    let router: UnownedRouter<AppRoute>

    init(router: UnownedRouter<AppRoute>) {
        self.router = router
        super.init("Login", id: "login")
    }

    public required init?(coder: NSCoder) { nil }

    /// The login button: asks which home to show.
    public func login() { router.trigger(.home(nil)) }
}

public final class NewsViewController: Screen {
    let router: UnownedRouter<NewsRoute>

    init(router: UnownedRouter<NewsRoute>) {
        self.router = router
        super.init("News", id: "news")
    }

    public required init?(coder: NSCoder) { nil }

    /// A tap on an article's cell.
    public func select(_ news: News) { router.trigger(.newsDetail(news)) }
}

public final class NewsDetailViewController: Screen {
    init(news: News) {
        super.init(news.title, id: "article")
    }

    public required init?(coder: NSCoder) { nil }
}

public final class HomeViewController: Screen {
    let router: UnownedRouter<UserListRoute>

    init(router: UnownedRouter<UserListRoute>) {
        self.router = router
        super.init("Home", id: "home")
    }

    public required init?(coder: NSCoder) { nil }

    public func showUsers() { router.trigger(.users) }
    public func showAbout() { router.trigger(.about) }
    public func logout() { router.trigger(.logout) }
}

public final class UsersViewController: Screen {
    let router: UnownedRouter<UserListRoute>

    init(router: UnownedRouter<UserListRoute>) {
        self.router = router
        super.init("Users", id: "users")
    }

    public required init?(coder: NSCoder) { nil }

    public func select(_ user: String) { router.trigger(.user(user)) }
}

public final class UserViewController: Screen {
    let router: UnownedRouter<UserRoute>
    let username: String

    init(router: UnownedRouter<UserRoute>, username: String) {
        self.router = router
        self.username = username
        super.init(username, id: "user")
    }

    public required init?(coder: NSCoder) { nil }

    public func showAlert() { router.trigger(.alert(title: "Hello", message: "\(username) says hi.")) }
    public func close() { router.trigger(.users) }
}

public final class AboutViewController: Screen {
    let router: UnownedRouter<AboutRoute>

    init(router: UnownedRouter<AboutRoute>) {
        self.router = router
        super.init("About", id: "about")
    }

    public required init?(coder: NSCoder) { nil }

    public func openWebsite() { router.trigger(.website) }
}

extension Animation {
    /// A cross-fade over 0.35 s, interactive when a finger drives it.
    public static let fade = Animation(
        presentation: InteractiveTransitionAnimation.fade, dismissal: InteractiveTransitionAnimation.fade)
}

extension InteractiveTransitionAnimation {
    fileprivate static let fade = InteractiveTransitionAnimation(duration: 0.35) { context in
        let toView = context.view(forKey: .to)
        toView?.alpha = 0
        if let toView { context.containerView.addSubview(toView) }
        UIView.animate(
            withDuration: 0.35, delay: 0, options: [.curveLinear],
            animations: {
                toView?.alpha = 1
            },
            completion: { _ in
                context.completeTransition(!context.transitionWasCancelled)
            })
    }
}
