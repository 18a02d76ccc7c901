import SimUIKit

/// For adapters: a controller an adapter made itself, handed to the engine once, under the name of the
/// adapter's coordinator that shows it.
@MainActor
private struct HandedController {
    private var controller: UIViewController?
    let typeName: String

    init(_ controller: UIViewController, typeName: String) {
        self.controller = controller
        self.typeName = typeName
    }

    /// The controller, for the engine's one read at start; the coordinator keeps no reference after it.
    mutating func take() -> UIViewController {
        defer { controller = nil }
        return controller ?? UIViewController()
    }
}

/// For adapters: the Insecurity coordinator behind one controller that a coordinator of another framework
/// pushes. Start it on the navigation controller's host; the frame reports `typeName` in events, trees and
/// snapshots.
@_spi(Adapters)
@MainActor
public final class PushedControllerCoordinator: NavigationCoordinator<Void> {
    private var handed: HandedController

    public init(_ controller: UIViewController, typeName: String) {
        handed = HandedController(controller, typeName: typeName)
        super.init()
    }

    public override var bridgedTypeName: String { handed.typeName }
    public override var viewController: UIViewController { handed.take() }
}

/// For adapters: the Insecurity coordinator behind one controller that a coordinator of another framework
/// presents. Start it on the presenter's host (`InsecurityHost.presenting(on:)`); the frame reports
/// `typeName` in events, trees and snapshots.
@_spi(Adapters)
@MainActor
public final class PresentedControllerCoordinator: ModalCoordinator<Void> {
    private var handed: HandedController

    public init(_ controller: UIViewController, typeName: String) {
        handed = HandedController(controller, typeName: typeName)
        super.init()
    }

    public override var bridgedTypeName: String { handed.typeName }
    public override var viewController: UIViewController { handed.take() }
}
