@_spi(Adapters) import SimUIKit

/// Starts an Insecurity chain from the middle of an app (A5): on an existing controller, navigation
/// controller or window. Unlike a host the app keeps by hand, the host is retained for exactly as long
/// as the chain lives and released when it ends, however it ends.
@MainActor
public enum InsecurityEmbedding {
    /// Presents `child` (and the chain it starts) on `controller`.
    public static func start<Result>(
        _ child: ModalCoordinator<Result>, on controller: UIViewController, animated: Bool,
        _ completion: @escaping (CoordinatorResult<Result>) -> Void
    ) {
        let host = InsecurityHost(modal: controller)
        child.keepAlive(host)
        host.start(child, animated: animated, completion)
    }

    /// Starts `child` on `controller` in `context` (`.any` presents it, as the context is modal).
    public static func start<Result>(
        _ child: AdaptiveCoordinator<Result>, in context: AdaptiveContext = .any, on controller: UIViewController,
        animated: Bool,
        _ completion: @escaping (CoordinatorResult<Result>) -> Void
    ) {
        let host = InsecurityHost(modal: controller)
        child.keepAlive(host)
        host.start(child, in: context, animated: animated, completion)
    }

    /// Pushes `child` onto `navigationController`, which holds at least one controller.
    public static func start<Result>(
        _ child: NavigationCoordinator<Result>, on navigationController: UINavigationController, animated: Bool,
        _ completion: @escaping (CoordinatorResult<Result>) -> Void
    ) {
        let host = InsecurityHost(navigation: navigationController)
        child.keepAlive(host)
        host.start(child, animated: animated, completion)
    }

    /// Makes `child`'s controller the root of `window`.
    public static func start<Result>(
        _ child: ModalCoordinator<Result>, in window: UIWindow, animated: Bool,
        _ completion: @escaping (CoordinatorResult<Result>) -> Void
    ) {
        let host = WindowHost(window)
        child.keepAlive(host)
        host.start(child, animated: animated, completion)
    }
}
