// The README's snapshot examples, compiled with the declarations they assume.
import BridgeSnapshot
import CoordinatorBridge
import Insecurity
import InsecurityClassic
import ResponderCoordinator
import SimUIKit

@MainActor
func snapshotSnippet(window: UIWindow, oldTree: BridgedTree, newTree: BridgedTree) throws {
    let registry = BridgeRegistry([ResponderCoordinatorPlugin.shared, InsecurityClassicPlugin()])
    let xml = BridgeSnapshot.export([window], registry: registry)          // canonical bytes
    let tree = try BridgeSnapshot.parse(xml)                                // validated BridgedTree
    let live = try BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: registry))
    let changes = BridgeSnapshot.diff(oldTree, newTree)                     // [SnapshotDifference]
    _ = (tree, live, changes)
}

final class CheckoutCoordinator: ModalCoordinator<String> {
    override var viewController: UIViewController { UIViewController() }
}

final class CartCoordinator: ResponderCoordinator.NavigationCoordinator {}

@MainActor
func factoriesSnippet(registry: BridgeRegistry) -> BridgeRebuilder {
    var rebuilder = BridgeRebuilder(registry: registry)
    rebuilder.coordinatorFactories.register(CheckoutCoordinator.self) { CheckoutCoordinator() }
    rebuilder.coordinatorFactories.register(CartCoordinator.self) { CartCoordinator(rootViewController: $0 as? UINavigationController) }
    return rebuilder
}

@MainActor
final class PhotoLibrary {
    var deleted = 0
    func deleteSelected() { deleted += 1 }
}

@MainActor
func alertHandlerSnippet(rebuilder: inout BridgeRebuilder, photos: PhotoLibrary) {
    rebuilder.alertActionHandlers.register(alert: "deleteConfirmation", action: "Delete") { _ in photos.deleteSelected() }
}
