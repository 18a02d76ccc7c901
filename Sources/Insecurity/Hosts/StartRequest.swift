import SimUIKit

/// Where a start attaches in a host's chain.
enum StartAnchor {
    /// On top of the chain (or on the host's base when the chain is empty).
    case top
    /// Right above this frame; frames above it are replaced.
    case frame(Frame)
}

/// What a `start` call asks for, before it is resolved against the parent's context (E5, E6). Public only
/// because the engine's `start` overloads are, and opaque outside the engine: only those overloads make one.
public struct StartRequest {
    enum Kind {
        case modal
        case push
        case navigationRoot(UINavigationController)
        case adaptive(AdaptiveContext)
    }

    let kind: Kind

    static var modal: StartRequest { StartRequest(kind: .modal) }
    static var push: StartRequest { StartRequest(kind: .push) }
    static func navigationRoot(_ navigationController: UINavigationController) -> StartRequest {
        StartRequest(kind: .navigationRoot(navigationController))
    }
    static func adaptive(_ context: AdaptiveContext) -> StartRequest { StartRequest(kind: .adaptive(context)) }
}

/// The engine's own starters: hosts, window hosts and coordinators' `navigation`. Each implements one start
/// request, and the navigation protocols' `start` overloads turn into it (the extensions below), so that the
/// overloads are written once. Public only because those overloads are; not meant to be adopted outside the
/// package. The async `start` variants use it to learn when a start is refused or torn down (E15).
@MainActor
public protocol _EngineStarter {
    /// Starts `child` as `request` asks; returns false when it does not start. `onTeardown` runs if the child's
    /// frame is torn down with an ancestor instead of ending.
    @discardableResult
    func _startChild<NewResult>(
        _ child: InsecurityCoordinator<NewResult>, _ request: StartRequest, animated: Bool,
        completion: @escaping (CoordinatorResult<NewResult>) -> Void, onTeardown: (() -> Void)?
    ) -> Bool
}

extension PresentingNavigation where Self: _EngineStarter {
    /// Presents `child` (on a window host: makes it the window's root).
    public func start<NewResult>(
        _ child: ModalCoordinator<NewResult>, animated: Bool,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    ) {
        _startChild(child, .modal, animated: animated, completion: completion, onTeardown: nil)
    }

    /// Presents `navigationController` with `child` as its root (on a window host: makes it the window's root);
    /// later navigation starts push onto it.
    public func start<NewResult>(
        _ navigationController: UINavigationController, _ child: NavigationCoordinator<NewResult>, animated: Bool,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    ) {
        _startChild(
            child, .navigationRoot(navigationController), animated: animated, completion: completion, onTeardown: nil)
    }
}

extension AdaptiveNavigation where Self: _EngineStarter {
    /// Starts `child` in `context`, following the tables of <doc:AdaptiveContexts>.
    public func start<NewResult>(
        _ child: AdaptiveCoordinator<NewResult>, in context: AdaptiveContext, animated: Bool,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    ) {
        _startChild(child, .adaptive(context), animated: animated, completion: completion, onTeardown: nil)
    }
}

extension NavigationControllerNavigation where Self: _EngineStarter {
    /// Pushes `child` onto the current navigation controller.
    public func start<NewResult>(
        _ child: NavigationCoordinator<NewResult>, animated: Bool,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    ) {
        _startChild(child, .push, animated: animated, completion: completion, onTeardown: nil)
    }
}
