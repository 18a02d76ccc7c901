import SimUIKit

/// The `navigation` of a coordinator: starts children right above the coordinator's frame.
/// Used outside the coordinator's life it reports ``InsecurityDiagnostic/Code/navigationOutsideLifetime`` (E3).
@MainActor
final class FrameNavigation: ModalNavigation, NavigationControllerNavigation, AdaptiveNavigation, EngineStarter {
    private let ownerType: Any.Type
    private weak var frame: Frame?

    init(owner: AnyObject, frame: Frame?) {
        ownerType = type(of: owner)
        self.frame = frame
    }

    @discardableResult
    func startChild<NewResult>(
        _ child: InsecurityCoordinator<NewResult>,
        _ request: StartRequest,
        animated: Bool,
        completion: @escaping (CoordinatorResult<NewResult>) -> Void,
        onTeardown: (() -> Void)?
    ) -> Bool {
        guard let frame, frame.isLive else {
            InsecurityDiagnostics.report(
                .navigationOutsideLifetime,
                "\(ownerType).navigation was used to start \(type(of: child)) outside the coordinator's life (before its start or after its end); nothing starts."
            )
            return false
        }
        guard let host = frame.host else {
            InsecurityDiagnostics.report(
                .hostReleased, "\(ownerType) started \(type(of: child)) after its host was released; nothing starts.")
            return false
        }
        return host.start(
            child, request, after: .frame(frame), animated: animated, completion: completion, onTeardown: onTeardown)
    }

    func start<NewResult>(
        _ child: NavigationCoordinator<NewResult>, animated: Bool,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    ) {
        startChild(child, .push, animated: animated, completion: completion, onTeardown: nil)
    }

    func start<NewResult>(
        _ child: ModalCoordinator<NewResult>, animated: Bool,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    ) {
        startChild(child, .modal, animated: animated, completion: completion, onTeardown: nil)
    }

    func start<NewResult>(
        _ navigationController: UINavigationController, _ child: NavigationCoordinator<NewResult>, animated: Bool,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    ) {
        startChild(
            child, .navigationRoot(navigationController), animated: animated, completion: completion, onTeardown: nil)
    }

    func start<NewResult>(
        _ child: AdaptiveCoordinator<NewResult>, in context: AdaptiveContext, animated: Bool,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    ) {
        startChild(child, .adaptive(context), animated: animated, completion: completion, onTeardown: nil)
    }
}

extension InsecurityHost: ModalNavigation, NavigationControllerNavigation, AdaptiveNavigation, EngineStarter {
    @discardableResult
    func startChild<NewResult>(
        _ child: InsecurityCoordinator<NewResult>,
        _ request: StartRequest,
        animated: Bool,
        completion: @escaping (CoordinatorResult<NewResult>) -> Void,
        onTeardown: (() -> Void)?
    ) -> Bool {
        start(child, request, after: .top, animated: animated, completion: completion, onTeardown: onTeardown)
    }

    /// Pushes `child` onto the host's navigation context (an `InsecurityHost(navigation:)`, or a navigation
    /// controller that the chain presented).
    public func start<NewResult>(
        _ child: NavigationCoordinator<NewResult>, animated: Bool,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    ) {
        startChild(child, .push, animated: animated, completion: completion, onTeardown: nil)
    }

    /// Presents `child` on top of the chain (or on the host's controller).
    public func start<NewResult>(
        _ child: ModalCoordinator<NewResult>, animated: Bool,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    ) {
        startChild(child, .modal, animated: animated, completion: completion, onTeardown: nil)
    }

    /// Presents `navigationController` with `child` as its root; later navigation starts push onto it.
    public func start<NewResult>(
        _ navigationController: UINavigationController, _ child: NavigationCoordinator<NewResult>, animated: Bool,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    ) {
        startChild(
            child, .navigationRoot(navigationController), animated: animated, completion: completion, onTeardown: nil)
    }

    /// Starts `child` in `context`, following the tables of <doc:AdaptiveContexts>.
    public func start<NewResult>(
        _ child: AdaptiveCoordinator<NewResult>, in context: AdaptiveContext, animated: Bool,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    ) {
        startChild(child, .adaptive(context), animated: animated, completion: completion, onTeardown: nil)
    }
}
