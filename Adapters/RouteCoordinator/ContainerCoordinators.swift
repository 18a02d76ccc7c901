import CoordinatorBridge
import SimUIKit

/// A coordinator whose root is a navigation controller, which it shares with every coordinator on it.
@preconcurrency @MainActor
open class NavigationCoordinator<RouteType: Route>: BaseCoordinator<RouteType, NavigationTransition> {
    /// The navigation controller's delegate while the coordinator made it so: it animates pushes and pops
    /// with the controllers' transitioning delegates and forwards everything to ``delegate``.
    public let animationDelegate = NavigationAnimationDelegate()

    /// The app's own navigation controller delegate, told everything after the animation delegate.
    public var delegate: UINavigationControllerDelegate? {
        get { animationDelegate.delegate }
        set { animationDelegate.delegate = newValue }
    }

    /// UIKit tells the delegate nothing of a change made while the navigation controller is off screen (S7): the
    /// children whose screens such a change took away are removed when it ends, as `didShow` removes them.
    private var stackObservation: SimObservation<NavigationStackChange>?

    public override init(rootViewController: RootViewController = .init(), initialRoute: RouteType? = nil) {
        if rootViewController.delegate == nil { rootViewController.delegate = animationDelegate }
        super.init(rootViewController: rootViewController, initialRoute: initialRoute)
        attach(to: rootViewController)
    }

    /// A coordinator whose navigation controller starts with `root`.
    public init(rootViewController: RootViewController = .init(), root: Presentable) {
        if rootViewController.delegate == nil { rootViewController.delegate = animationDelegate }
        super.init(rootViewController: rootViewController, initialTransition: .push(root))
        attach(to: rootViewController)
    }

    private func attach(to navigationController: RootViewController) {
        animationDelegate.presentable = self
        stackObservation = navigationController.observeStack { [weak self] change in
            guard change.phase == .completed else { return }
            self?.childTransitionCompleted()
        }
    }
}

/// A coordinator whose root is a tab bar controller.
@preconcurrency @MainActor
open class TabBarCoordinator<RouteType: Route>: BaseCoordinator<RouteType, TabBarTransition> {
    private let animationDelegate = TabBarAnimationDelegate()

    /// The app's own tab bar controller delegate, told everything after the animation delegate.
    public var delegate: UITabBarControllerDelegate? {
        get { animationDelegate.delegate }
        set { animationDelegate.delegate = newValue }
    }

    public override init(rootViewController: RootViewController = .init(), initialRoute: RouteType?) {
        if rootViewController.delegate == nil { rootViewController.delegate = animationDelegate }
        super.init(rootViewController: rootViewController, initialRoute: initialRoute)
    }

    public init(rootViewController: RootViewController = .init(), tabs: [Presentable]) {
        if rootViewController.delegate == nil { rootViewController.delegate = animationDelegate }
        super.init(rootViewController: rootViewController, initialTransition: .set(tabs))
    }

    public init(rootViewController: RootViewController = .init(), tabs: [Presentable], select: Presentable) {
        if rootViewController.delegate == nil { rootViewController.delegate = animationDelegate }
        super.init(rootViewController: rootViewController, initialTransition: .multiple(.set(tabs), .select(select)))
    }

    public init(rootViewController: RootViewController = .init(), tabs: [Presentable], select: Int) {
        if rootViewController.delegate == nil { rootViewController.delegate = animationDelegate }
        super.init(
            rootViewController: rootViewController, initialTransition: .multiple(.set(tabs), .select(index: select)))
    }
}

/// A coordinator whose root is a split view controller.
@preconcurrency @MainActor
open class SplitCoordinator<RouteType: Route>: BaseCoordinator<RouteType, SplitTransition> {
    public override init(rootViewController: RootViewController = .init(), initialRoute: RouteType?) {
        super.init(rootViewController: rootViewController, initialRoute: initialRoute)
    }

    public init(rootViewController: RootViewController = .init(), master: Presentable, detail: Presentable?) {
        super.init(rootViewController: rootViewController, initialTransition: .set([master, detail].compactMap { $0 }))
    }
}

/// A coordinator whose root is a page view controller.
@preconcurrency @MainActor
open class PageCoordinator<RouteType: Route>: BaseCoordinator<RouteType, PageTransition> {
    /// The page view controller's data source (which it holds weakly).
    public let dataSource: UIPageViewControllerDataSource

    /// A coordinator showing `pages`, starting at `set` (else the first page).
    public init(
        rootViewController: RootViewController = .init(), pages: [Presentable], loop: Bool = false,
        set: Presentable? = nil, direction: UIPageViewController.NavigationDirection = .forward
    ) {
        dataSource = PageCoordinatorDataSource(pages: pages.map(\.viewController), loop: loop)
        rootViewController.dataSource = dataSource
        guard let first = set ?? pages.first else {
            RouteScreens.reportMissing("a PageCoordinator needs at least one page")
            super.init(rootViewController: rootViewController, initialTransition: .initial(pages: pages))
            return
        }
        super.init(
            rootViewController: rootViewController,
            initialTransition: .multiple(.initial(pages: pages), .set(first, direction: direction)))
    }

    /// For an import: the restored page view controller came with a list of the restored pages; this
    /// coordinator's own data source, when it lists pages, takes them over and is the data source again, so
    /// that the app's data source goes on working.
    func adoptRestoredPages() {
        guard let own = dataSource as? PageCoordinatorDataSource, let restored = RestoredPageList.of(rootViewController)
        else { return }
        own.pages = restored.listedPages
        own.loop = restored.loopsPages
        rootViewController.dataSource = own
    }

    /// A coordinator whose pages come from `dataSource`, starting at `set`.
    public init(
        rootViewController: RootViewController = .init(), dataSource: UIPageViewControllerDataSource,
        set: Presentable, direction: UIPageViewController.NavigationDirection
    ) {
        self.dataSource = dataSource
        rootViewController.dataSource = dataSource
        super.init(rootViewController: rootViewController, initialTransition: .set(set, direction: direction))
    }
}

/// The data source of a ``PageCoordinator``'s fixed pages, optionally looping. It lists them to the bridge,
/// so trees and snapshots record every page, not only the one shown.
@preconcurrency @MainActor
open class PageCoordinatorDataSource: NSObject, UIPageViewControllerDataSource, BridgePageListing {
    open var pages: [UIViewController]
    open var loop: Bool

    public var listedPages: [UIViewController] { pages }
    public var loopsPages: Bool { loop }

    public init(pages: [UIViewController], loop: Bool) {
        self.pages = pages
        self.loop = loop
    }

    open func presentationCount(for pageViewController: UIPageViewController) -> Int {
        pageViewController.viewControllers?.isEmpty ?? true ? 0 : pages.count
    }

    open func presentationIndex(for pageViewController: UIPageViewController) -> Int {
        guard let shown = pageViewController.viewControllers?.first else { return 0 }
        return pages.firstIndex { $0 === shown } ?? 0
    }

    open func pageViewController(
        _ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController
    ) -> UIViewController? {
        listedPage(before: viewController)
    }

    open func pageViewController(
        _ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController
    ) -> UIViewController? {
        listedPage(after: viewController)
    }
}

/// A coordinator whose root is a plain controller.
@preconcurrency @MainActor
open class ViewCoordinator<RouteType: Route>: BaseCoordinator<RouteType, ViewTransition> {
    public override init(rootViewController: RootViewController, initialRoute: RouteType? = nil) {
        super.init(rootViewController: rootViewController, initialRoute: initialRoute)
    }
}

public typealias BasicNavigationCoordinator<R: Route> = BasicCoordinator<R, NavigationTransition>
public typealias BasicViewCoordinator<R: Route> = BasicCoordinator<R, ViewTransition>
public typealias BasicTabBarCoordinator<R: Route> = BasicCoordinator<R, TabBarTransition>

/// A coordinator configured with a closure instead of a subclass.
@preconcurrency @MainActor
open class BasicCoordinator<RouteType: Route, TransitionType: TransitionProtocol>: BaseCoordinator<
    RouteType, TransitionType
>
{
    /// When the initial route is triggered.
    public enum InitialLoadingType: Sendable {
        /// When the coordinator is made (once a window is key).
        case immediately
        /// When the coordinator has been shown (``presented(from:)``).
        case presented
    }

    private let initialRoute: RouteType?
    private let initialLoadingType: InitialLoadingType
    private let prepare: ((RouteType) -> TransitionType)?

    public init(
        rootViewController: RootViewController, initialRoute: RouteType? = nil,
        initialLoadingType: InitialLoadingType = .presented, prepareTransition: ((RouteType) -> TransitionType)?
    ) {
        self.initialRoute = initialRoute
        self.initialLoadingType = initialLoadingType
        self.prepare = prepareTransition
        super.init(
            rootViewController: rootViewController,
            initialRoute: initialLoadingType == .immediately ? initialRoute : nil)
    }

    open override func presented(from presentable: Presentable?) {
        super.presented(from: presentable)
        if let initialRoute, initialLoadingType == .presented {
            trigger(initialRoute, with: TransitionOptions(animated: false), completion: nil)
        }
    }

    open override func prepareTransition(for route: RouteType) -> TransitionType {
        guard let prepare else {
            preconditionFailure(
                "\(type(of: self)) needs a prepareTransition closure or an override of prepareTransition(for:).")
        }
        return prepare(route)
    }
}

/// A coordinator that takes over the pages an import restored on its root.
@MainActor
protocol RestoredPagesAdopting {
    func adoptRestoredPages()
}

extension PageCoordinator: RestoredPagesAdopting {}
