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
    let live = try BridgeSnapshot.importLive(xml, builder: BridgeBuilder(registry: registry))
    let changes = BridgeSnapshot.diff(oldTree, newTree)                     // [SnapshotDifference]
    _ = (tree, live, changes)
}

final class CheckoutCoordinator: ModalCoordinator<String> {
    override var viewController: UIViewController { UIViewController() }
}

final class CartCoordinator: ResponderCoordinator.NavigationCoordinator {}

@MainActor
func factoriesSnippet(registry: BridgeRegistry) -> BridgeBuilder {
    var builder = BridgeBuilder(registry: registry)
    builder.coordinatorFactories.register(CheckoutCoordinator.self) { CheckoutCoordinator() }
    builder.coordinatorFactories.register(CartCoordinator.self) { CartCoordinator(rootViewController: $0 as? UINavigationController) }
    return builder
}

@MainActor
final class PhotoLibrary {
    var deleted = 0
    func deleteSelected() { deleted += 1 }
}

@MainActor
func alertHandlerSnippet(builder: inout BridgeBuilder, photos: PhotoLibrary) {
    builder.alertActionHandlers.register(alert: "deleteConfirmation", action: "Delete") { _ in photos.deleteSelected() }
}
