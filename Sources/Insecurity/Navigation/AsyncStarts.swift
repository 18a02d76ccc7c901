import SimUIKit

/// Starts through `navigation` and waits for the result (results cross into async code, so they are `Sendable`). Resumes exactly once: with the completion's
/// result, or `.dismissed` if the start is refused or the frame is torn down with an ancestor (E15).
@MainActor
private func awaitResult<NewResult: Sendable>(
    of child: InsecurityCoordinator<NewResult>,
    _ request: StartRequest,
    animated: Bool,
    through navigation: Any,
    otherwise startWithoutEngine: (@escaping (CoordinatorResult<NewResult>) -> Void) -> Void
) async -> CoordinatorResult<NewResult> {
    await withCheckedContinuation { continuation in
        var resumed = false
        let resume: (CoordinatorResult<NewResult>) -> Void = { result in
            guard !resumed else { return }
            resumed = true
            continuation.resume(returning: result)
        }
        if let starter = navigation as? any _EngineStarter {
            let started = starter._startChild(
                child, request, animated: animated, completion: resume, onTeardown: { resume(.dismissed) })
            if !started { resume(.dismissed) }
        } else {
            startWithoutEngine(resume)
        }
    }
}

extension AdaptiveNavigation {
    /// Async `start(_:in:animated:_:)`: returns the child's result.
    public func start<NewResult: Sendable>(
        _ child: AdaptiveCoordinator<NewResult>, in context: AdaptiveContext = .any, animated: Bool
    ) async -> CoordinatorResult<NewResult> {
        await awaitResult(of: child, .adaptive(context), animated: animated, through: self) {
            start(child, in: context, animated: animated, $0)
        }
    }
}

extension PresentingNavigation {
    /// Async `start(_:animated:_:)` for a modal child.
    public func start<NewResult: Sendable>(_ child: ModalCoordinator<NewResult>, animated: Bool) async
        -> CoordinatorResult<NewResult>
    {
        await awaitResult(of: child, .modal, animated: animated, through: self) { start(child, animated: animated, $0) }
    }

    /// Async `start(_:_:animated:_:)` with a new navigation controller.
    public func start<NewResult: Sendable>(
        _ navigationController: UINavigationController, _ child: NavigationCoordinator<NewResult>, animated: Bool
    ) async -> CoordinatorResult<NewResult> {
        await awaitResult(of: child, .navigationRoot(navigationController), animated: animated, through: self) {
            start(navigationController, child, animated: animated, $0)
        }
    }
}

extension NavigationControllerNavigation {
    /// Async `start(_:animated:_:)` for a navigation child.
    public func start<NewResult: Sendable>(_ child: NavigationCoordinator<NewResult>, animated: Bool) async
        -> CoordinatorResult<NewResult>
    {
        await awaitResult(of: child, .push, animated: animated, through: self) { start(child, animated: animated, $0) }
    }
}
