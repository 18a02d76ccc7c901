import SimUIKit

/// The starts every navigation offers (seeds 000 and 004): a modal child, or a new navigation controller
/// presented modally with a navigation child as its root.
@MainActor
public protocol PresentingNavigation {
    func start<NewResult>(
        _ child: ModalCoordinator<NewResult>,
        animated: Bool,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    )

    func start<NewResult>(
        _ navigationController: UINavigationController,
        _ child: NavigationCoordinator<NewResult>,
        animated: Bool,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    )
}

/// Starts children that adapt to the current context (seed 000). Every coordinator's `navigation` has it.
@MainActor
public protocol AdaptiveNavigation: PresentingNavigation {
    func start<NewResult>(
        _ child: AdaptiveCoordinator<NewResult>,
        in context: AdaptiveContext,
        animated: Bool,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    )
}

extension AdaptiveNavigation {
    /// Starts `child` in the current context (`in: .any`).
    public func start<NewResult>(
        _ child: AdaptiveCoordinator<NewResult>,
        animated: Bool,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    ) {
        start(child, in: .any, animated: animated) { result in
            completion(result)
        }
    }
}

/// The `navigation` of a ``ModalCoordinator``: presents children modally, or in a new navigation controller.
@MainActor
public protocol ModalNavigation: PresentingNavigation {}

/// The `navigation` of a ``NavigationCoordinator``: pushes navigation children onto the current navigation
/// controller, and presents modal children or new navigation controllers from it.
@MainActor
public protocol NavigationControllerNavigation: PresentingNavigation {
    func start<NewResult>(
        _ child: NavigationCoordinator<NewResult>,
        animated: Bool,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    )
}
