import SimUIKit

/// For adapters: the Insecurity coordinator behind one controller that a coordinator of another framework
/// shows. Started on a navigation controller's host (`InsecurityHost(navigation:)`) it is pushed; on a
/// presenter's host (`InsecurityHost.presenting(on:)`) it is presented. The frame reports `typeName` in
/// events, trees and snapshots, and the engine holds the controller only once it shows it.
@_spi(Adapters)
@MainActor
public final class ControllerCoordinator: AdaptiveCoordinator<Void> {
    /// The controller until the coordinator starts; the engine holds it from then on.
    private var controller: UIViewController?
    private let reportedTypeName: String

    public init(_ controller: UIViewController, typeName: String) {
        self.controller = controller
        reportedTypeName = typeName
        super.init()
    }

    public override var bridgedTypeName: String { reportedTypeName }

    /// The controller: the one given until the coordinator starts, then the one its frame shows (the
    /// coordinator keeps no reference of its own once started).
    public override var viewController: UIViewController {
        controller ?? liveFrame?.controller ?? UIViewController()
    }

    override func didAttach() {
        controller = nil
    }
}
