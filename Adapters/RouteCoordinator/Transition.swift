import SimUIKit

/// A transition that can be performed on a root controller of one type.
@preconcurrency @MainActor
public protocol TransitionProtocol: TransitionContext {
    associatedtype RootViewController: UIViewController

    /// Carries the transition out on `rootViewController`; `completion` runs once its UIKit transitions
    /// have ended.
    func perform(
        on rootViewController: RootViewController, with options: TransitionOptions,
        completion: PresentationHandler?)

    /// The transitions performed one after the other, each once the previous one has completed.
    static func multiple(_ transitions: [Self]) -> Self
}

extension TransitionProtocol {
    public static func multiple(_ transitions: Self...) -> Self {
        multiple(transitions)
    }
}

/// A transition on a root controller of type `RootViewController`: the presentables it shows, the
/// animation it uses, and how it is performed. The transitions this module offers (`push`, `present`,
/// `select`, …) hand every UIKit operation to the engine's queue, so a transition triggered while another
/// runs waits for it instead of being refused (E19), and their completions run once the transition has
/// ended. A transition written by an app with ``init(presentables:animationInUse:perform:)`` runs its own
/// code.
@preconcurrency @MainActor
public struct Transition<RootViewController: UIViewController>: TransitionProtocol {
    public typealias PerformClosure =
        @MainActor (
            _ rootViewController: RootViewController, _ options: TransitionOptions, _ completion: PresentationHandler?
        ) -> Void

    public let presentables: [Presentable]
    public let animation: TransitionAnimation?
    private let performClosure: PerformClosure

    public init(
        presentables: [Presentable], animationInUse: TransitionAnimation?, perform: @escaping PerformClosure
    ) {
        self.presentables = presentables
        self.animation = animationInUse
        self.performClosure = perform
    }

    /// Performs the transition. The coordinator performing it (if any) stays the owner of what it shows
    /// until `completion`, so transitions chained in completions are attributed to it too.
    public func perform(
        on rootViewController: RootViewController, with options: TransitionOptions, completion: PresentationHandler?
    ) {
        let performer = RoutePerformer.current
        autoreleasepool {
            performClosure(rootViewController, options) {
                RoutePerformer.while(performer) { completion?() }
            }
        }
    }
}

extension Transition {
    /// Shows the presentable as the root controller's `show(_:sender:)` would: pushed by a navigation
    /// controller, made the primary of a split view controller, presented by other controllers.
    public static func show(_ presentable: Presentable) -> Transition {
        Transition(presentables: [presentable], animationInUse: nil) { root, options, completion in
            RouteScreens.show(presentable.viewController, from: root, detail: false, options: options) {
                presentable.presented(from: root)
                completion?()
            }
        }
    }

    /// Shows the presentable as the root controller's `showDetailViewController(_:sender:)` would.
    public static func showDetail(_ presentable: Presentable) -> Transition {
        Transition(presentables: [presentable], animationInUse: nil) { root, options, completion in
            RouteScreens.show(presentable.viewController, from: root, detail: true, options: options) {
                presentable.presented(from: root)
                completion?()
            }
        }
    }

    /// Presents the presentable from the root controller's presentation chain. A chain that already
    /// presents gets it on top (A11), where UIKit would refuse a second presentation from the root.
    public static func presentOnRoot(_ presentable: Presentable, animation: Animation? = nil) -> Transition {
        present(presentable, animation: animation)
    }

    /// Presents the presentable on top of what the root controller's chain presents (A11).
    public static func present(_ presentable: Presentable, animation: Animation? = nil) -> Transition {
        Transition(presentables: [presentable], animationInUse: animation?.presentationAnimation) {
            root, options, completion in
            RouteScreens.present(presentable.viewController, from: root, animation: animation, options: options) {
                presentable.presented(from: root)
                completion?()
            }
        }
    }

    /// Adds the presentable's controller as a child of `container`'s controller, in its view.
    public static func embed(_ presentable: Presentable, in container: Container) -> Transition {
        Transition(presentables: [presentable], animationInUse: nil) { root, _, completion in
            RouteScreens.embed(presentable.viewController, in: container)
            presentable.presented(from: root)
            completion?()
        }
    }

    /// Dismisses everything the root controller presents.
    public static func dismissToRoot(animation: Animation? = nil) -> Transition {
        Transition(presentables: [], animationInUse: animation?.dismissalAnimation) { root, options, completion in
            RouteScreens.dismiss(
                from: root, toRoot: true, animation: animation, options: options, completion: completion)
        }
    }

    /// Dismisses the topmost controller the root controller's chain presents.
    public static func dismiss(animation: Animation? = nil) -> Transition {
        Transition(presentables: [], animationInUse: animation?.dismissalAnimation) { root, options, completion in
            RouteScreens.dismiss(
                from: root, toRoot: false, animation: animation, options: options, completion: completion)
        }
    }

    /// Does nothing, and completes at once.
    public static func none() -> Transition {
        Transition(presentables: [], animationInUse: nil) { _, _, completion in completion?() }
    }

    /// The transitions one after the other, each started once the previous one has completed.
    public static func multiple<C: Collection>(_ transitions: C) -> Transition where C.Element == Transition {
        let ordered = Array(transitions)
        return Transition(
            presentables: ordered.flatMap(\.presentables), animationInUse: ordered.compactMap(\.animation).last
        ) { root, options, completion in
            performInOrder(ordered[...], on: root, with: options, completion: completion)
        }
    }

    public static func multiple(_ transitions: [Transition]) -> Transition {
        multiple(transitions[...])
    }

    private static func performInOrder(
        _ transitions: ArraySlice<Transition>, on root: RootViewController, with options: TransitionOptions,
        completion: PresentationHandler?
    ) {
        guard let first = transitions.first else {
            completion?()
            return
        }
        first.perform(on: root, with: options) {
            performInOrder(transitions.dropFirst(), on: root, with: options, completion: completion)
        }
    }

    /// The transition `coordinator` prepares for `route`, performed by that coordinator.
    public static func route<C: Coordinator>(_ route: C.RouteType, on coordinator: C) -> Transition {
        let transition = coordinator.prepareTransition(for: route)
        return Transition(presentables: transition.presentables, animationInUse: transition.animation) {
            _, options, completion in
            coordinator.performTransition(transition, with: options, completion: completion)
        }
    }

    /// Triggers `route` on `router`.
    public static func trigger<R: Router>(_ route: R.RouteType, on router: R) -> Transition {
        Transition(presentables: [], animationInUse: nil) { _, options, completion in
            router.trigger(route, with: options, completion: completion)
        }
    }

    /// Performs `transition` on another root controller.
    public static func perform<TransitionType: TransitionProtocol>(
        _ transition: TransitionType, on viewController: TransitionType.RootViewController
    ) -> Transition {
        Transition(presentables: transition.presentables, animationInUse: transition.animation) {
            _, options, completion in
            transition.perform(on: viewController, with: options, completion: completion)
        }
    }
}

/// A transition on a plain controller.
public typealias ViewTransition = Transition<UIViewController>
