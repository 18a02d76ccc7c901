// The code of RouteCoordinator's landing page.
import RouteCoordinator

final class NewsListViewController: UIViewController {
    let router: UnownedRouter<NewsRoute>

    init(router: UnownedRouter<NewsRoute>) {
        self.router = router
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }
}

final class ArticleViewController: UIViewController {
    init(title: String) {
        super.init(nibName: nil, bundle: nil)
        self.title = title
    }

    required init?(coder: NSCoder) { nil }
}

enum NewsRoute: Route {
    case news
    case article(String)
    case close
}

final class NewsCoordinator: NavigationCoordinator<NewsRoute> {
    init() {
        super.init(initialRoute: .news)
    }

    override func prepareTransition(for route: NewsRoute) -> NavigationTransition {
        switch route {
        case .news: .push(NewsListViewController(router: unownedRouter))
        case .article(let title): .push(ArticleViewController(title: title))
        case .close: .dismiss()
        }
    }
}
