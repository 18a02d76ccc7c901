import Foundation
import Insecurity
import SimUIKit

/// Insecurity's older API: a coordinator that does not say how it is shown. Its
/// `navigation.start` pushes in a navigation context and presents in a modal one; `start(_:_:animated:_:)`
/// with a navigation controller opens a new navigation context; `startModal` opens a new modal context.
/// It runs on the engine as an `AdaptiveCoordinator` (A6).
@MainActor
open class InsecurityChild<Result>: AdaptiveCoordinator<Result> {
    public override init() { super.init() }
}

/// Insecurity's older name for what an ``InsecurityChild``'s `navigation` offers.
public typealias InsecurityNavigation = AdaptiveNavigation

extension AdaptiveNavigation {
    /// Presents `navigationController` modally with `child` as its root; later `start`s in `child` and its
    /// children push onto it.
    public func start<NewResult>(
        _ navigationController: UINavigationController,
        _ child: InsecurityChild<NewResult>,
        animated: Bool,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    ) {
        start(child, in: .navigation(new: navigationController), animated: animated) { result in
            completion(result)
        }
    }

    /// Presents `child` modally, whatever the current context; later `start`s present too.
    public func startModal<NewResult>(
        _ child: InsecurityChild<NewResult>,
        animated: Bool,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    ) {
        start(child, in: .modal, animated: animated) { result in
            completion(result)
        }
    }
}

extension WindowNavigation {
    /// Makes `navigationController`, with `child` as its root, the window's root with the given window
    /// transition; later `start`s in `child` push onto it.
    public func start<NewResult>(
        _ navigationController: UINavigationController,
        _ child: InsecurityChild<NewResult>,
        duration: TimeInterval,
        options: UIView.AnimationOptions,
        _ completion: @escaping (CoordinatorResult<NewResult>) -> Void
    ) {
        start(child, in: .navigation(new: navigationController), duration: duration, options: options, completion)
    }
}
