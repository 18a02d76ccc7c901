import Insecurity
import SimUIKit

/// The Insecurity coordinator behind one controller pushed by a legacy coordinator.
@MainActor
final class PushedController: Insecurity.NavigationCoordinator<Void> {
    private var controller: UIViewController?

    init(_ controller: UIViewController) {
        self.controller = controller
        super.init()
    }

    override var viewController: UIViewController {
        defer { controller = nil }
        return controller ?? UIViewController()
    }
}

/// The Insecurity coordinator behind one controller presented by a legacy coordinator.
@MainActor
final class PresentedController: Insecurity.ModalCoordinator<Void> {
    private var controller: UIViewController?

    init(_ controller: UIViewController) {
        self.controller = controller
        super.init()
    }

    override var viewController: UIViewController {
        defer { controller = nil }
        return controller ?? UIViewController()
    }
}

/// Runs `completion` when the transition `controller` takes part in ends, or now if none runs.
@MainActor
func afterTransition(of controller: UIViewController?, _ completion: @escaping () -> Void) {
    if let transition = controller?.transitionCoordinator {
        transition.animate(alongsideTransition: nil) { _ in completion() }
    } else {
        completion()
    }
}
