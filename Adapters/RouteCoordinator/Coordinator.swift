import SimUIKit

/// Something that performs transitions of one type on its root controller.
@preconcurrency @MainActor
public protocol TransitionPerformer: Presentable {
    associatedtype TransitionType: TransitionProtocol

    var rootViewController: TransitionType.RootViewController { get }

    func performTransition(
        _ transition: TransitionType, with options: TransitionOptions, completion: PresentationHandler?)
}

/// A router that prepares a transition for each route and performs it on its root controller, keeping
/// the presentables it shows as children while they are on screen.
@preconcurrency @MainActor
public protocol Coordinator: Router, TransitionPerformer {
    /// The transition that shows `route`.
    func prepareTransition(for route: RouteType) -> TransitionType

    func addChild(_ presentable: Presentable)

    func removeChild(_ presentable: Presentable)

    /// Drops the children whose screens are no longer shown.
    func removeChildrenIfNeeded()
}

extension Coordinator {
    public typealias RootViewController = TransitionType.RootViewController

    public var viewController: UIViewController! { rootViewController }
}

extension Coordinator where Self: AnyObject {
    /// This coordinator as a router held weakly.
    public var weakRouter: WeakRouter<RouteType> {
        WeakRouter(self) { $0.strongRouter }
    }

    /// This coordinator as a router held unowned.
    public var unownedRouter: UnownedRouter<RouteType> {
        UnownedRouter(self) { $0.strongRouter }
    }

    /// This coordinator, type-erased.
    public var anyCoordinator: AnyCoordinator<RouteType, TransitionType> {
        AnyCoordinator(self)
    }

    public func presented(from presentable: Presentable?) {}

    public func childTransitionCompleted() {
        removeChildrenIfNeeded()
    }

    public func contextTrigger(
        _ route: RouteType, with options: TransitionOptions, completion: ContextPresentationHandler?
    ) {
        let transition = prepareTransition(for: route)
        performTransition(transition, with: options) { completion?(transition) }
    }

    /// The transitions of `routes`, performed one after the other.
    public func chain(routes: [RouteType]) -> TransitionType {
        .multiple(routes.map(prepareTransition))
    }

    /// Adds the transition's presentables as children, performs it, then calls `completion` and drops the
    /// children no longer shown, once its transitions have ended. While a snapshot's coordinators are
    /// rebuilt, a transition an initialiser triggers is skipped: the restored screens show it already.
    public func performTransition(
        _ transition: TransitionType, with options: TransitionOptions, completion: PresentationHandler? = nil
    ) {
        guard !RouteRestoration.isRestoring else { return }
        transition.presentables.forEach(addChild)
        RoutePerformer.while(self as? any ScreenOwner) {
            transition.perform(on: rootViewController, with: options) {
                completion?()
                self.removeChildrenIfNeeded()
            }
        }
    }
}

/// A type-erased coordinator.
@preconcurrency @MainActor
public class AnyCoordinator<RouteType: Route, TransitionType: TransitionProtocol>: Coordinator {
    private let _prepareTransition: (RouteType) -> TransitionType
    private let _viewController: () -> UIViewController?
    private let _rootViewController: () -> TransitionType.RootViewController
    private let _presented: (Presentable?) -> Void
    private let _setRoot: (UIWindow) -> Void
    private let _addChild: (Presentable) -> Void
    private let _removeChild: (Presentable) -> Void
    private let _removeChildrenIfNeeded: () -> Void
    private let _registerParent: (Presentable & AnyObject) -> Void
    private let _performTransition: (TransitionType, TransitionOptions, PresentationHandler?) -> Void

    /// The coordinator this one wraps.
    let wrapped: Presentable

    public init<C: Coordinator>(_ coordinator: C)
    where C.RouteType == RouteType, C.TransitionType == TransitionType {
        wrapped = coordinator
        _prepareTransition = { coordinator.prepareTransition(for: $0) }
        _viewController = { coordinator.viewController }
        _rootViewController = { coordinator.rootViewController }
        _presented = { coordinator.presented(from: $0) }
        _setRoot = { coordinator.setRoot(for: $0) }
        _addChild = { coordinator.addChild($0) }
        _removeChild = { coordinator.removeChild($0) }
        _removeChildrenIfNeeded = { coordinator.removeChildrenIfNeeded() }
        _registerParent = { coordinator.registerParent($0) }
        _performTransition = { coordinator.performTransition($0, with: $1, completion: $2) }
    }

    public var rootViewController: TransitionType.RootViewController { _rootViewController() }

    public var viewController: UIViewController! { _viewController() }

    public func prepareTransition(for route: RouteType) -> TransitionType { _prepareTransition(route) }

    /// Performs the transition through the wrapped coordinator, which keeps its children.
    public func performTransition(
        _ transition: TransitionType, with options: TransitionOptions, completion: PresentationHandler? = nil
    ) {
        _performTransition(transition, options, completion)
    }

    public func presented(from presentable: Presentable?) { _presented(presentable) }

    public func registerParent(_ presentable: Presentable & AnyObject) { _registerParent(presentable) }

    public func setRoot(for window: UIWindow) { _setRoot(window) }

    public func addChild(_ presentable: Presentable) { _addChild(presentable) }

    public func removeChild(_ presentable: Presentable) { _removeChild(presentable) }

    public func removeChildrenIfNeeded() { _removeChildrenIfNeeded() }
}

public typealias AnyNavigationCoordinator<RouteType: Route> = AnyCoordinator<RouteType, NavigationTransition>
public typealias AnyTabBarCoordinator<RouteType: Route> = AnyCoordinator<RouteType, TabBarTransition>
public typealias AnyViewCoordinator<RouteType: Route> = AnyCoordinator<RouteType, ViewTransition>

// MARK: Deep links

extension Coordinator where Self: AnyObject {
    /// Triggers `route` on this coordinator, then each of `remainingRoutes` on the nearest router for it
    /// among what the earlier routes showed (or this coordinator), each once the previous one has completed.
    public func deepLink<RootViewController, S: Sequence>(_ route: RouteType, _ remainingRoutes: S)
        -> Transition<RootViewController>
    where S.Element == Route, TransitionType == Transition<RootViewController> {
        .deepLink(with: self, route, remaining: Array(remainingRoutes))
    }

    public func deepLink<RootViewController>(_ route: RouteType, _ remainingRoutes: Route...)
        -> Transition<RootViewController>
    where TransitionType == Transition<RootViewController> {
        .deepLink(with: self, route, remaining: remainingRoutes)
    }
}

extension Transition {
    fileprivate static func deepLink<C: Coordinator & AnyObject>(
        with coordinator: C, _ route: C.RouteType, remaining: [Route]
    ) -> Transition {
        Transition(presentables: [], animationInUse: nil) { [weak coordinator] _, options, completion in
            guard let coordinator else {
                completion?()
                return
            }
            route.trigger(on: [coordinator], remaining: remaining[...], with: options, completion: completion)
        }
    }
}

extension Route {
    /// The nearest router for this route type, looking from the top of `stack` down, which drops what is above it.
    @MainActor
    private func router(from stack: inout [Presentable]) -> StrongRouter<Self>? {
        while let top = stack.last {
            if let router = top.router(for: self) { return router }
            stack.removeLast()
        }
        return nil
    }

    /// The router of the tab a tab bar in `presentables` shows, among that coordinator's children, with the
    /// child: what a tab selected by its index (`select(index:)`, XCoordinator issues 28 and 145) leads to.
    @MainActor
    private func selectedTabRouter(in presentables: [Presentable]) -> (Presentable, StrongRouter<Self>)? {
        for presentable in presentables.reversed() {
            guard let tabs = presentable.viewController as? UITabBarController,
                let selected = tabs.selectedViewController, let owner = screenOwner(of: presentable)
            else { continue }
            for case let child as Presentable in owner.childOwners where child.viewController === selected {
                if let router = child.router(for: self) { return (child, router) }
            }
        }
        return nil
    }

    @MainActor
    fileprivate func trigger(
        on presentables: [Presentable], remaining: ArraySlice<Route>, with options: TransitionOptions,
        completion: PresentationHandler?
    ) {
        var stack = presentables
        var found = router(from: &stack)
        if found == nil, let (tab, router) = selectedTabRouter(in: presentables) {
            stack = presentables + [tab]
            found = router
        }
        guard let router = found else {
            RouteScreens.reportMissing("no router among the deep link's coordinators handles \(self)")
            completion?()
            return
        }
        router.contextTrigger(self, with: options) { context in
            guard let next = remaining.first else {
                completion?()
                return
            }
            stack.append(contentsOf: context.presentables)
            next.trigger(on: stack, remaining: remaining.dropFirst(), with: options, completion: completion)
        }
    }
}

extension AnyCoordinator: PresentableWrapper {
    var wrappedPresentable: Presentable? { wrapped }
}
