import Foundation
import SimUIKit

/// Starts and replaces chains on a window's root controller (E13). Each start makes the child's
/// controller (or the given navigation controller, with the child as its root) the window's root,
/// ending the previous root chain without calling its completion.
@MainActor
public final class WindowHost: WindowNavigation, _EngineStarter {
    private weak var window: UIWindow?

    /// The host of the current root chain: start on it to add coordinators on top of that chain. A chain
    /// whose root ended before the window showed it leaves the one it was to replace current.
    public var topContext: InsecurityHost? {
        var chain = latestChain
        while let current = chain, case .withdrawn(let replaced) = current.succession.predecessor { chain = replaced }
        return chain
    }
    /// The chain started last.
    private var latestChain: InsecurityHost?

    /// The framework whose adapter runs the window's chains (recorded on each chain's host, and in
    /// snapshots); nil for the app's own.
    public let framework: String?

    /// A host for `window`'s root chains; an adapter passes its `framework`, so that snapshots and trees
    /// tell its chains from the app's.
    public init(_ window: UIWindow, framework: String? = nil) {
        self.window = window
        self.framework = framework
    }

    @discardableResult
    public func _startChild<NewResult>(
        _ child: InsecurityCoordinator<NewResult>, _ request: StartRequest, animated: Bool,
        completion: @escaping (CoordinatorResult<NewResult>) -> Void, onTeardown: (() -> Void)?
    ) -> Bool {
        let transition = animated ? InsecurityConfiguration.windowTransition : nil
        return startRoot(child, request, transition: transition, completion: completion, onTeardown: onTeardown)
    }

    @discardableResult
    private func startRoot<NewResult>(
        _ child: InsecurityCoordinator<NewResult>,
        _ request: StartRequest,
        transition: (duration: TimeInterval, options: UIView.AnimationOptions)?,
        completion: @escaping (CoordinatorResult<NewResult>) -> Void,
        onTeardown: (() -> Void)?
    ) -> Bool {
        guard let window else {
            InsecurityDiagnostics.report(.hostTargetReleased, "\(type(of: child)) could not start: the window is gone.")
            return false
        }
        guard child.canStart else { return false }
        let chain = InsecurityHost(window: window, transition: transition, framework: framework)
        // The previous chain ends when the new root is on screen: until then it is what the user sees.
        let current = topContext
        current?.succession.laterChainStarted()
        chain.succession = Succession(replacing: current)
        latestChain = chain
        return chain.start(
            child, request, after: .top, animated: transition != nil, completion: completion, onTeardown: onTeardown)
    }

    /// Makes `child`'s controller the root with the given window transition.
    public func start<NewResult>(
        _ child: ModalCoordinator<NewResult>, duration: TimeInterval, options: UIView.AnimationOptions,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    ) {
        startRoot(child, .modal, transition: (duration, options), completion: completion, onTeardown: nil)
    }

    /// Makes `navigationController`, with `child` as its root, the window's root with the given window transition.
    public func start<NewResult>(
        _ navigationController: UINavigationController, _ child: NavigationCoordinator<NewResult>,
        duration: TimeInterval, options: UIView.AnimationOptions,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    ) {
        startRoot(
            child, .navigationRoot(navigationController), transition: (duration, options), completion: completion,
            onTeardown: nil)
    }

    /// Starts `child` in `context` as the window's root (as ``start(_:in:animated:_:)``) with the given window transition.
    public func start<NewResult>(
        _ child: AdaptiveCoordinator<NewResult>, in context: AdaptiveContext,
        duration: TimeInterval, options: UIView.AnimationOptions,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    ) {
        startRoot(child, .adaptive(context), transition: (duration, options), completion: completion, onTeardown: nil)
    }
}

/// The `navigation` of a ``WindowCoordinator``: every start replaces the window's root.
@MainActor
public protocol WindowNavigation: AdaptiveNavigation {
    func start<NewResult>(
        _ child: ModalCoordinator<NewResult>, duration: TimeInterval, options: UIView.AnimationOptions,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    )

    func start<NewResult>(
        _ navigationController: UINavigationController, _ child: NavigationCoordinator<NewResult>,
        duration: TimeInterval, options: UIView.AnimationOptions,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    )

    func start<NewResult>(
        _ child: AdaptiveCoordinator<NewResult>, in context: AdaptiveContext,
        duration: TimeInterval, options: UIView.AnimationOptions,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    )
}

/// The base class for an app's top coordinator: derive from it and start root flows with ``navigation``.
@MainActor
open class WindowCoordinator {
    private let host: WindowHost

    public init(_ window: UIWindow) {
        host = WindowHost(window)
    }

    /// Starts root flows; each replaces the previous one.
    public var navigation: any WindowNavigation { host }

    /// The host of the current root chain, to start coordinators on top of it from outside.
    public var topContext: InsecurityHost? { host.topContext }
}
