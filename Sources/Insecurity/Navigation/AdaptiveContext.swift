import SimUIKit

/// Where an ``AdaptiveCoordinator`` is started (the tables of <doc:AdaptiveContexts>).
public struct AdaptiveContext {
    enum Kind {
        case current
        case modal
        case newNavigation(UINavigationController)
        case fallbackNavigation(@MainActor () -> UINavigationController)
    }

    let kind: Kind

    /// Like the parent: pushed when the parent is in a navigation controller, presented otherwise.
    public static var any: AdaptiveContext { AdaptiveContext(kind: .current) }

    /// The name older Insecurity versions use for ``any``.
    public static var current: AdaptiveContext { AdaptiveContext(kind: .current) }

    /// Always presented modally.
    public static var modal: AdaptiveContext { AdaptiveContext(kind: .modal) }

    /// Presents `navigationController` modally with the child as its root.
    public static func navigation(new navigationController: UINavigationController) -> AdaptiveContext {
        AdaptiveContext(kind: .newNavigation(navigationController))
    }

    /// Pushes when there is a navigation controller; otherwise presents the one built by `navigationController`,
    /// which is evaluated only in that case.
    public static func navigation(
        fallback navigationController: @autoclosure @escaping @MainActor () -> UINavigationController
    ) -> AdaptiveContext {
        AdaptiveContext(kind: .fallbackNavigation(navigationController))
    }
}
