import SimUIKit

/// A transition on a navigation controller.
public typealias NavigationTransition = Transition<UINavigationController>
/// A transition on a tab bar controller.
public typealias TabBarTransition = Transition<UITabBarController>
/// A transition on a split view controller.
public typealias SplitTransition = Transition<UISplitViewController>
/// A transition on a page view controller.
public typealias PageTransition = Transition<UIPageViewController>

extension Transition where RootViewController: UINavigationController {
    /// Pushes the presentable onto the navigation controller's shared stack.
    public static func push(_ presentable: Presentable, animation: Animation? = nil) -> Transition {
        Transition(presentables: [presentable], animationInUse: animation?.presentationAnimation) {
            root, options, completion in
            RouteScreens.push(presentable.viewController, onto: root, animation: animation, options: options) {
                presentable.presented(from: root)
                completion?()
            }
        }
    }

    /// Pops the top controller.
    public static func pop(animation: Animation? = nil) -> Transition {
        Transition(presentables: [], animationInUse: animation?.dismissalAnimation) { root, options, completion in
            RouteScreens.pop(from: root, toRoot: false, animation: animation, options: options) { completion?() }
        }
    }

    /// Pops every controller above the presentable's.
    public static func pop(to presentable: Presentable, animation: Animation? = nil) -> Transition {
        Transition(presentables: [presentable], animationInUse: animation?.dismissalAnimation) {
            root, options, completion in
            RouteScreens.pop(to: presentable.viewController, from: root, animation: animation, options: options) {
                completion?()
            }
        }
    }

    /// Pops every controller above the root.
    public static func popToRoot(animation: Animation? = nil) -> Transition {
        Transition(presentables: [], animationInUse: animation?.dismissalAnimation) { root, options, completion in
            RouteScreens.pop(from: root, toRoot: true, animation: animation, options: options) { completion?() }
        }
    }

    /// Replaces the whole stack with the presentables' controllers.
    public static func set(_ presentables: [Presentable], animation: Animation? = nil) -> Transition {
        Transition(presentables: presentables, animationInUse: animation?.presentationAnimation) {
            root, options, completion in
            RouteScreens.setStack(presentables.map(\.viewController), of: root, animation: animation, options: options)
            {
                presentables.forEach { $0.presented(from: root) }
                completion?()
            }
        }
    }
}

extension Transition where RootViewController: UITabBarController {
    /// Replaces the tabs.
    public static func set(_ presentables: [Presentable], animation: Animation? = nil) -> Transition {
        Transition(presentables: presentables, animationInUse: animation?.presentationAnimation) {
            root, options, completion in
            RouteScreens.setTabs(presentables.map(\.viewController), of: root, animation: animation, options: options) {
                presentables.forEach { $0.presented(from: root) }
                completion?()
            }
        }
    }

    /// Selects the presentable's tab.
    public static func select(_ presentable: Presentable, animation: Animation? = nil) -> Transition {
        Transition(presentables: [presentable], animationInUse: animation?.presentationAnimation) {
            root, _, completion in
            RouteScreens.select(presentable.viewController, in: root, animation: animation) { completion?() }
        }
    }

    /// Selects the tab at `index`; an index out of range is reported and selects nothing.
    public static func select(index: Int, animation: Animation? = nil) -> Transition {
        Transition(presentables: [], animationInUse: animation?.presentationAnimation) { root, _, completion in
            RouteScreens.select(index: index, in: root, animation: animation) { completion?() }
        }
    }
}

extension Transition where RootViewController: UISplitViewController {
    /// Replaces the columns: the primary controller, then the secondary one.
    public static func set(_ presentables: [Presentable]) -> Transition {
        Transition(presentables: presentables, animationInUse: nil) { root, _, completion in
            RouteScreens.setColumns(presentables.map(\.viewController), of: root) {
                presentables.forEach { $0.presented(from: root) }
                completion?()
            }
        }
    }
}

extension Transition where RootViewController: UIPageViewController {
    /// Shows `first` (and `second`, for a page view controller showing two pages), turning in `direction`.
    public static func set(
        _ first: Presentable, _ second: Presentable? = nil, direction: UIPageViewController.NavigationDirection
    ) -> Transition {
        let presentables = [first, second].compactMap { $0 }
        return Transition(presentables: presentables, animationInUse: nil) { root, options, completion in
            RouteScreens.setPages(
                presentables.map(\.viewController), of: root, direction: direction, options: options
            ) {
                presentables.forEach { $0.presented(from: root) }
                completion?()
            }
        }
    }

    /// Tells the pages they are shown, once the current transaction has ended.
    static func initial(pages: [Presentable]) -> Transition {
        Transition(presentables: pages, animationInUse: nil) { root, _, completion in
            CATransaction.begin()
            CATransaction.setCompletionBlock {
                pages.forEach { $0.presented(from: root) }
                completion?()
            }
            CATransaction.commit()
        }
    }
}

/// The delegate a ``NavigationCoordinator`` gives its navigation controller: pushes and pops animate with
/// the controllers' transitioning delegates (an ``Animation``), and every call reaches the app's own
/// delegate too (the coordinator's `delegate`).
@preconcurrency @MainActor
open class NavigationAnimationDelegate: NSObject, UINavigationControllerDelegate {
    /// The app's own delegate.
    weak var delegate: UINavigationControllerDelegate?
    weak var presentable: (Presentable & AnyObject)?

    open func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)? {
        (animationController as? TransitionAnimation)?.interactionController
            ?? delegate?.navigationController(navigationController, interactionControllerFor: animationController)
    }

    open func navigationController(
        _ navigationController: UINavigationController,
        animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? {
        let animation: (any UIViewControllerAnimatedTransitioning)? =
            switch operation {
            case .push:
                toVC.transitioningDelegate?.animationController(
                    forPresented: toVC, presenting: navigationController, source: fromVC)
            case .pop: fromVC.transitioningDelegate?.animationController(forDismissed: fromVC)
            default: nil
            }
        return animation
            ?? delegate?.navigationController(
                navigationController, animationControllerFor: operation, from: fromVC, to: toVC)
    }

    open func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {
        presentable?.childTransitionCompleted()
        delegate?.navigationController(navigationController, didShow: viewController, animated: animated)
    }

    open func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) {
        delegate?.navigationController(navigationController, willShow: viewController, animated: animated)
    }
}

/// The delegate a ``TabBarCoordinator`` gives its tab bar controller: a selected tab animates with its
/// transitioning delegate, and every call reaches the app's own delegate too (the coordinator's `delegate`).
@preconcurrency @MainActor
open class TabBarAnimationDelegate: NSObject, UITabBarControllerDelegate {
    /// The app's own delegate.
    weak var delegate: UITabBarControllerDelegate?

    open func tabBarController(
        _ tabBarController: UITabBarController,
        interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)? {
        (animationController as? TransitionAnimation)?.interactionController
            ?? delegate?.tabBarController(tabBarController, interactionControllerFor: animationController)
    }

    open func tabBarController(
        _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
        to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? {
        toVC.transitioningDelegate?.animationController(
            forPresented: toVC, presenting: tabBarController, source: fromVC)
            ?? delegate?.tabBarController(tabBarController, animationControllerForTransitionFrom: fromVC, to: toVC)
    }

    open func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        delegate?.tabBarController(tabBarController, didSelect: viewController)
    }

    open func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController)
        -> Bool
    {
        delegate?.tabBarController(tabBarController, shouldSelect: viewController) ?? true
    }
}
