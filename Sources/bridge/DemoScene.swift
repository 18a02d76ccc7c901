import BridgeSnapshot
import CoordinatorBridge
import Foundation
import Insecurity
import ResponderCoordinator
import SimUIKit

/// The built-in scenes of the command line.
@MainActor
enum DemoScene {
    static func screen(_ title: String, id: String) -> UIViewController {
        let controller = UIViewController()
        controller.title = title
        controller.restorationIdentifier = id
        return controller
    }
}

extension DemoScene {
    /// A shop built on legacy coordinators (catalog, product) whose checkout is an Insecurity chain
    /// presented as a sheet; returns its snapshot.
    static func checkoutSnapshot() -> String {
        final class Checkout: ModalCoordinator<String> {
            override var viewController: UIViewController { DemoScene.screen("Checkout", id: "checkout") }
        }
        final class ShopCoordinator: ResponderCoordinator.NavigationCoordinator {}
        let window = UIWindow()
        let navigation = UINavigationController()
        navigation.restorationIdentifier = "shop"
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let shop = ShopCoordinator(rootViewController: navigation)
        shop.start()
        shop.root(screen("Catalog", id: "catalog"))
        shop.show(screen("Product", id: "product"))
        InsecurityEmbedding.start(Checkout(), on: navigation, animated: true) { _ in }
        SimRunLoop.main.runUntilIdle()
        defer { shop.stop() }
        return BridgeSnapshot.export([window], registry: BridgeRegistry([ResponderCoordinatorPlugin.shared]))
    }
}
