import SimUIKit

/// Something that triggers routes of one type.
@preconcurrency @MainActor
public protocol Router: Presentable {
    associatedtype RouteType: Route

    /// Prepares and performs the transition for `route`; `completion` gets what it showed, once its
    /// transitions have ended.
    func contextTrigger(_ route: RouteType, with options: TransitionOptions, completion: ContextPresentationHandler?)
}

extension Router {
    public func trigger(_ route: RouteType, with options: TransitionOptions) {
        trigger(route, with: options, completion: nil)
    }

    /// Triggers `route` with animation; `completion` runs once its transitions have ended.
    public func trigger(_ route: RouteType, completion: PresentationHandler? = nil) {
        trigger(route, with: .default, completion: completion)
    }

    public func trigger(_ route: RouteType, with options: TransitionOptions, completion: PresentationHandler?) {
        autoreleasepool {
            contextTrigger(route, with: options) { _ in completion?() }
        }
    }

    /// Triggers `route` with animation and returns once its transitions have ended.
    public func trigger(_ route: RouteType) async {
        await trigger(route, with: .default)
    }

    public func trigger(_ route: RouteType, with options: TransitionOptions) async {
        _ = await contextTrigger(route, with: options)
    }

    /// Triggers `route` and returns what it showed, once its transitions have ended.
    public func contextTrigger(_ route: RouteType, with options: TransitionOptions) async -> TransitionContext {
        await withCheckedContinuation { continuation in
            contextTrigger(route, with: options) { continuation.resume(returning: $0) }
        }
    }

    /// This router, type-erased and retained.
    public var strongRouter: StrongRouter<RouteType> { StrongRouter(self) }

    public func router<R: Route>(for route: R) -> StrongRouter<R>? {
        strongRouter as? StrongRouter<R>
    }
}

/// A type-erased router that retains the router it wraps.
@preconcurrency @MainActor
public final class StrongRouter<RouteType: Route>: Router {
    private let _contextTrigger: (RouteType, TransitionOptions, ContextPresentationHandler?) -> Void
    private let _presented: (Presentable?) -> Void
    private let _viewController: () -> UIViewController?
    private let _setRoot: (UIWindow) -> Void
    private let _registerParent: (Presentable & AnyObject) -> Void
    private let _childTransitionCompleted: () -> Void

    /// The router this one wraps.
    let wrapped: Presentable

    public init<T: Router>(_ router: T) where T.RouteType == RouteType {
        wrapped = router
        _contextTrigger = { router.contextTrigger($0, with: $1, completion: $2) }
        _presented = { router.presented(from: $0) }
        _viewController = { router.viewController }
        _setRoot = { router.setRoot(for: $0) }
        _registerParent = { router.registerParent($0) }
        _childTransitionCompleted = { router.childTransitionCompleted() }
    }

    public func contextTrigger(
        _ route: RouteType, with options: TransitionOptions, completion: ContextPresentationHandler?
    ) {
        _contextTrigger(route, options, completion)
    }

    public func presented(from presentable: Presentable?) { _presented(presentable) }

    public var viewController: UIViewController! { _viewController() }

    public func setRoot(for window: UIWindow) { _setRoot(window) }

    public func registerParent(_ presentable: Presentable & AnyObject) { _registerParent(presentable) }

    public func childTransitionCompleted() { _childTransitionCompleted() }
}

/// A value erased to `Value` and held weakly: `wrappedValue` is nil once the object is gone.
@preconcurrency @MainActor
@propertyWrapper
public struct WeakErased<Value> {
    private var value: () -> Value?

    public var wrappedValue: Value? { value() }

    public init<Erasable: AnyObject>(_ value: Erasable, erase: @escaping (Erasable) -> Value) {
        self.value = { [weak value] in value.map(erase) }
    }

    public mutating func set<Erasable: AnyObject>(_ value: Erasable, erase: @escaping (Erasable) -> Value) {
        self.value = { [weak value] in value.map(erase) }
    }
}

/// A value erased to `Value` and held unowned: the object must outlive the wrapper.
@preconcurrency @MainActor
@propertyWrapper
public struct UnownedErased<Value> {
    private var value: () -> Value

    public var wrappedValue: Value { value() }

    public init<Erasable: AnyObject>(_ value: Erasable, erase: @escaping (Erasable) -> Value) {
        self.value = { [unowned value] in erase(value) }
    }

    public mutating func set<Erasable: AnyObject>(_ value: Erasable, erase: @escaping (Erasable) -> Value) {
        self.value = { [unowned value] in erase(value) }
    }
}

/// A router held weakly, as view models keep their coordinator's.
public typealias WeakRouter<RouteType: Route> = WeakErased<StrongRouter<RouteType>>
/// A router held unowned, as view models keep their coordinator's.
public typealias UnownedRouter<RouteType: Route> = UnownedErased<StrongRouter<RouteType>>

extension WeakErased: Presentable where Value: Presentable {
    public var viewController: UIViewController! { wrappedValue?.viewController }
    public func childTransitionCompleted() { wrappedValue?.childTransitionCompleted() }
    public func registerParent(_ presentable: Presentable & AnyObject) { wrappedValue?.registerParent(presentable) }
    public func presented(from presentable: Presentable?) { wrappedValue?.presented(from: presentable) }
    public func setRoot(for window: UIWindow) { wrappedValue?.setRoot(for: window) }
}

extension WeakErased: Router where Value: Router {
    public func contextTrigger(
        _ route: Value.RouteType, with options: TransitionOptions, completion: ContextPresentationHandler?
    ) {
        wrappedValue?.contextTrigger(route, with: options, completion: completion)
    }
}

extension UnownedErased: Presentable where Value: Presentable {
    public var viewController: UIViewController! { wrappedValue.viewController }
    public func childTransitionCompleted() { wrappedValue.childTransitionCompleted() }
    public func registerParent(_ presentable: Presentable & AnyObject) { wrappedValue.registerParent(presentable) }
    public func presented(from presentable: Presentable?) { wrappedValue.presented(from: presentable) }
    public func setRoot(for window: UIWindow) { wrappedValue.setRoot(for: window) }
}

extension UnownedErased: Router where Value: Router {
    public func contextTrigger(
        _ route: Value.RouteType, with options: TransitionOptions, completion: ContextPresentationHandler?
    ) {
        wrappedValue.contextTrigger(route, with: options, completion: completion)
    }
}

/// A router for a child's routes that maps each to a route of its parent and triggers that.
@preconcurrency @MainActor
open class RedirectionRouter<ParentRoute: Route, RouteType: Route>: Router {
    public let parent: UnownedRouter<ParentRoute>
    private let map: ((RouteType) -> ParentRoute)?
    public private(set) var viewController: UIViewController!

    public init(
        viewController: UIViewController, parent: UnownedRouter<ParentRoute>, map: ((RouteType) -> ParentRoute)?
    ) {
        self.parent = parent
        self.map = map
        self.viewController = viewController
    }

    open func contextTrigger(
        _ route: RouteType, with options: TransitionOptions, completion: ContextPresentationHandler?
    ) {
        parent.contextTrigger(mapToParentRoute(route), with: options, completion: completion)
    }

    /// The parent's route for `route`: the `map` given to the initialiser, or an override. Without either
    /// there is no route to give, and the call stops the program, as in the library.
    open func mapToParentRoute(_ route: RouteType) -> ParentRoute {
        guard let map else {
            preconditionFailure("\(type(of: self)) needs a map closure or an override of mapToParentRoute(_:).")
        }
        return map(route)
    }
}

/// A presentable that stands for another (an erased or weakly held router): the bridged tree and the
/// children's bookkeeping look through it to the coordinator.
@MainActor
protocol PresentableWrapper {
    var wrappedPresentable: Presentable? { get }
}

extension StrongRouter: PresentableWrapper {
    var wrappedPresentable: Presentable? { wrapped }
}

extension WeakErased: PresentableWrapper where Value: Presentable {
    var wrappedPresentable: Presentable? { wrappedValue }
}

extension UnownedErased: PresentableWrapper where Value: Presentable {
    var wrappedPresentable: Presentable? { wrappedValue }
}

/// The coordinator of this module `presentable` is or wraps, if any.
@MainActor
func screenOwner(of presentable: Presentable) -> (any ScreenOwner)? {
    var current: Presentable? = presentable
    while let candidate = current {
        if let owner = candidate as? any ScreenOwner { return owner }
        current = (candidate as? PresentableWrapper)?.wrappedPresentable
    }
    return nil
}
