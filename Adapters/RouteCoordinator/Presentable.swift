import SimUIKit

/// A route: the value a router is asked to trigger, usually an enum of the screens a coordinator shows.
public protocol Route {}

/// Runs once a transition has completed.
public typealias PresentationHandler = @MainActor () -> Void
/// Runs once a transition has completed, with what it showed.
public typealias ContextPresentationHandler = @MainActor (TransitionContext) -> Void

/// Anything that can be shown: a view controller, a coordinator, a router.
@preconcurrency @MainActor
public protocol Presentable {
    /// The controller that is shown for this presentable.
    var viewController: UIViewController! { get }

    /// The router of `route`'s type this presentable offers, if any (deep links look routers up this way).
    func router<R: Route>(for route: R) -> StrongRouter<R>?

    /// Called once a transition has shown this presentable, from `presentable` (nil when not known).
    func presented(from presentable: Presentable?)

    /// Called when this presentable is added as a child of `presentable`.
    func registerParent(_ presentable: Presentable & AnyObject)

    /// Called when a transition of a child has completed.
    func childTransitionCompleted()

    /// Makes this presentable's controller the root of `window`, and the window key and visible.
    func setRoot(for window: UIWindow)
}

extension Presentable {
    public func registerParent(_ presentable: Presentable & AnyObject) {}

    public func childTransitionCompleted() {}

    /// Makes the controller the window's root, and the window key: at once when nothing runs in the window,
    /// else once the window transition or presentation running there has ended (E19). What the previous root
    /// presented leaves with it, and the coordinators that showed it lose those children (E13).
    public func setRoot(for window: UIWindow) {
        if let controller = viewController {
            RouteScreens.setRoot(controller, of: window, typeName: screenOwner(of: self)?.frameTypeName ?? "Transition")
        }
        window.makeKeyAndVisible()
        presented(from: window)
    }

    public func router<R: Route>(for route: R) -> StrongRouter<R>? {
        self as? StrongRouter<R>
    }

    public func presented(from presentable: Presentable?) {}
}

extension UIViewController: Presentable {}

extension UIWindow: Presentable {}

/// Where a controller can be embedded: a controller and the view to put it in.
@preconcurrency @MainActor
public protocol Container {
    var view: UIView! { get }
    var viewController: UIViewController! { get }
}

extension UIViewController: Container {
    public var viewController: UIViewController! { self }
}

extension UIView: Container {
    /// The controller whose view holds this one, found up the responder chain.
    public var viewController: UIViewController! {
        var responder: UIResponder? = self
        while let current = responder {
            if let controller = current as? UIViewController { return controller }
            responder = current.next
        }
        return nil
    }

    public var view: UIView! { self }
}

/// How a transition is carried out.
public struct TransitionOptions: Sendable {
    public let animated: Bool

    public init(animated: Bool) {
        self.animated = animated
    }

    static var `default`: TransitionOptions { TransitionOptions(animated: true) }
}

/// What a performed transition showed, given to ``Router/contextTrigger(_:with:completion:)``'s completion.
@preconcurrency @MainActor
public protocol TransitionContext: Sendable {
    /// The presentables the transition showed.
    var presentables: [Presentable] { get }
    /// The animation the transition used, if any.
    var animation: TransitionAnimation? { get }
}
