import SimUIKit

/// For adapters: the Insecurity coordinator behind one controller that a coordinator of another framework
/// shows. Started on a navigation controller's host (`InsecurityHost(navigation:)`) it is pushed; on a
/// presenter's host (`InsecurityHost.presenting(on:)`) it is presented. The frame reports `typeName` in
/// events, trees and snapshots, and the engine holds the controller only once it shows it.
@_spi(Adapters)
@MainActor
public final class ControllerCoordinator: AdaptiveCoordinator<Void> {
    private var controller: UIViewController?
    private let reportedTypeName: String

    public init(_ controller: UIViewController, typeName: String) {
        self.controller = controller
        reportedTypeName = typeName
        super.init()
    }

    public override var bridgedTypeName: String { reportedTypeName }

    /// The controller, for the engine's one read at start; the coordinator keeps no reference after it.
    public override var viewController: UIViewController {
        defer { controller = nil }
        return controller ?? UIViewController()
    }
}
