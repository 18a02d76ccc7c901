import Foundation

extension UIViewController {
    /// Where the controller is in its appearance callbacks; a change under way keeps the `animated` flag it
    /// began with, passed again to the did-callback.
    enum AppearanceState: Equatable {
        case disappeared, appeared
        case appearing(animated: Bool)
        case disappearing(animated: Bool)
    }

    /// Starts an appearance (or disappearance) of this controller and its shown children, calling
    /// `viewWillAppear`/`viewWillDisappear` once per state change (unbalanced calls are ignored).
    func beginAppearance(_ appearing: Bool, animated: Bool) {
        var pending: [UIViewController] = [self]
        var added: [UIViewController] = []
        defer {
            // A navigation controller tells its delegate once its top controller has been told (S7).
            for case let navigation as UINavigationController in added {
                navigation.tellDelegateOfAppearance(began: true, animated: animated)
            }
            // Once the views are in the hierarchy and laid out, after every will-appear (S19).
            for controller in added {
                if case .appearing = controller.appearance { controller.viewIsAppearing(animated) }
            }
        }
        while let controller = pending.popLast() {
            switch (appearing, controller.appearance) {
            case (true, .disappeared), (true, .disappearing):
                controller.loadViewIfNeeded()
                controller.appearance = .appearing(animated: animated)
                controller.viewWillAppear(animated)
                added.append(controller)
            case (false, .appeared), (false, .appearing):
                controller.appearance = .disappearing(animated: animated)
                controller.viewWillDisappear(animated)
            default:
                continue
            }
            pending.append(contentsOf: controller.appearanceChildren.reversed())
        }
    }

    /// Completes a transition begun with ``beginAppearance(_:animated:)``: `viewDidAppear`/`viewDidDisappear`.
    func endAppearance() {
        var pending: [UIViewController] = [self]
        var appeared: [(navigation: UINavigationController, animated: Bool)] = []
        defer {
            for (navigation, animated) in appeared {
                navigation.tellDelegateOfAppearance(began: false, animated: animated)
            }
        }
        while let controller = pending.popLast() {
            switch controller.appearance {
            case .appearing(let animated):
                controller.appearance = .appeared
                controller.viewDidAppear(animated)
                if let navigation = controller as? UINavigationController { appeared.append((navigation, animated)) }
            case .disappearing(let animated):
                controller.appearance = .disappeared
                controller.viewDidDisappear(animated)
            default:
                continue
            }
            pending.append(contentsOf: controller.appearanceChildren.reversed())
        }
    }
}
