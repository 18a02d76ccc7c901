import SimUIKit

/// What a `start` call asks for, before it is resolved against the parent's context.
enum StartRequest {
    case modal
    case push
    case navigationRoot(UINavigationController)
    case adaptive(AdaptiveContext)
}

/// Where a start attaches in a host's chain.
enum StartAnchor {
    /// On top of the chain (or on the host's base when the chain is empty).
    case top
    /// Right above this frame; frames above it are replaced.
    case frame(Frame)
}

/// Something that can start coordinators: the engine's own hosts and navigations.
/// The async `start` variants use it to learn when a start is refused or torn down (E15).
@MainActor
protocol EngineStarter {
    @discardableResult
    func startChild<NewResult>(
        _ child: InsecurityCoordinator<NewResult>,
        _ request: StartRequest,
        animated: Bool,
        completion: @escaping (CoordinatorResult<NewResult>) -> Void,
        onTeardown: (() -> Void)?
    ) -> Bool
}
