import SimUIKit

/// The `navigation` of a coordinator: starts children right above the coordinator's frame.
/// Used outside the coordinator's life it reports ``InsecurityDiagnostic/Code/navigationOutsideLifetime`` (E3).
/// A value small enough to be stored inside the existential a coordinator's `navigation` returns: reading
/// `navigation` allocates nothing.
///
/// It holds the frame strongly, not weakly: a weakly referenced object gets a side table, through which every later
/// retain and release of it goes, and a frame is retained and released at every start above it (issue 46). That
/// makes no cycle that outlives the frame's life: a frame lets go of its coordinator when it ends or its host goes,
/// so a `navigation` value the coordinator keeps holds an ended frame's few bytes at most.
@MainActor
struct FrameNavigation: ModalNavigation, NavigationControllerNavigation, AdaptiveNavigation, _EngineStarter {
    private let ownerType: Any.Type
    private let frame: Frame?

    init(owner: AnyObject, frame: Frame?) {
        ownerType = type(of: owner)
        self.frame = frame
    }

    @discardableResult
    func _startChild<NewResult>(
        _ child: InsecurityCoordinator<NewResult>, _ request: StartRequest, animated: Bool,
        completion: @escaping (CoordinatorResult<NewResult>) -> Void, onTeardown: (() -> Void)?
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
            child, request, after: .frame(frame), animated: animated, completion: completion,
            onTeardown: onTeardown)
    }
}

extension InsecurityHost: ModalNavigation, NavigationControllerNavigation, AdaptiveNavigation, _EngineStarter {
    @discardableResult
    public func _startChild<NewResult>(
        _ child: InsecurityCoordinator<NewResult>, _ request: StartRequest, animated: Bool,
        completion: @escaping (CoordinatorResult<NewResult>) -> Void, onTeardown: (() -> Void)?
    ) -> Bool {
        start(child, request, after: .top, animated: animated, completion: completion, onTeardown: onTeardown)
    }
}
