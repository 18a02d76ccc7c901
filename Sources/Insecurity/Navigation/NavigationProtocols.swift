import SimUIKit

/// The starts every navigation offers: a modal child, or a new navigation controller
/// presented modally with a navigation child as its root.
@MainActor
public protocol PresentingNavigation {
    /// Presents `child`'s controller modally on top of the chain; `completion` gets its result once, when it
    /// finishes, or `.dismissed` when it is dismissed or swiped away (E5).
    func start<NewResult>(
        _ child: ModalCoordinator<NewResult>,
        animated: Bool,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    )

    /// Presents `navigationController` modally with `child`'s controller as its root; navigation children
    /// that `child` starts are pushed onto it. `completion` gets `child`'s result.
    func start<NewResult>(
        _ navigationController: UINavigationController,
        _ child: NavigationCoordinator<NewResult>,
        animated: Bool,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    )
}

/// Starts children that adapt to the current context. Every coordinator's `navigation` has it.
@MainActor
public protocol AdaptiveNavigation: PresentingNavigation {
    /// Starts `child` the way `context` says: pushed where there is a navigation controller, presented
    /// otherwise, or in a new navigation controller (<doc:AdaptiveContexts>).
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
    /// Pushes `child`'s controller onto the current navigation controller; `completion` gets its result once,
    /// when it finishes, or `.dismissed` when it is popped (by the back button, a swipe or a pop below it).
    func start<NewResult>(
        _ child: NavigationCoordinator<NewResult>,
        animated: Bool,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    )
}
