import CoordinatorBridge
@_spi(Adapters) import Insecurity
import SimUIKit

/// The name a controller's frame reports in bridged trees and snapshots: the type of the legacy
/// coordinator that showed it (the adapter's own frame classes are an implementation detail).
@MainActor
private func frameOwnerTypeName(of controller: UIViewController) -> String {
    guard let owner = controller.parentCoordinator else { return "UnownedController" }
    return (owner as? BridgeTypeNamed)?.bridgedTypeName ?? String(describing: type(of: owner))
}

/// The Insecurity coordinator behind one controller pushed by a legacy coordinator.
@MainActor
final class PushedController: Insecurity.NavigationCoordinator<Void> {
    private var controller: UIViewController?
    private let ownerTypeName: String

    init(_ controller: UIViewController) {
        self.controller = controller
        ownerTypeName = frameOwnerTypeName(of: controller)
        super.init()
    }

    override var bridgedTypeName: String { ownerTypeName }

    override var viewController: UIViewController {
        defer { controller = nil }
        return controller ?? UIViewController()
    }
}

/// The Insecurity coordinator behind one controller presented by a legacy coordinator.
@MainActor
final class PresentedController: Insecurity.ModalCoordinator<Void> {
    private var controller: UIViewController?
    private let ownerTypeName: String

    init(_ controller: UIViewController) {
        self.controller = controller
        ownerTypeName = frameOwnerTypeName(of: controller)
        super.init()
    }

    override var bridgedTypeName: String { ownerTypeName }

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
