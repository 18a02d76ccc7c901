import Foundation
import SimUIKit

/// The built-in scene: a window with a navigation stack, a modal sheet the user swipes away,
/// and a back-button pop, all on the virtual clock.
@MainActor
enum DemoScene {
    struct Step {
        let caption: String
        let screen: String
    }

    static func play() -> [Step] {
        let runLoop = SimRunLoop.main
        var steps: [Step] = []
        let window = UIWindow()
        func record(_ caption: String) {
            runLoop.runUntilIdle()
            steps.append(Step(caption: String(format: "t=%.2fs  ", runLoop.now) + caption, screen: window.hierarchyDescription()))
        }

        let home = screen("Home", id: "home")
        let navigation = UINavigationController(rootViewController: home)
        navigation.restorationIdentifier = "main"
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        record("window shows a navigation stack")

        navigation.pushViewController(screen("Orders", id: "orders"), animated: true)
        record("push Orders")

        let settings = screen("Settings", id: "settings")
        navigation.topViewController?.present(settings, animated: true)
        record("Orders presents Settings as a sheet (through its navigation controller)")

        settings.simulateInteractiveDismissal()
        record("the user swipes Settings down")

        navigation.simulateBackButtonTap()
        record("the user taps Back")
        return steps
    }

    static func screen(_ title: String, id: String) -> UIViewController {
        let controller = UIViewController()
        controller.title = title
        controller.restorationIdentifier = id
        return controller
    }
}

import BridgeSnapshot
import CoordinatorBridge
import Insecurity
import ResponderCoordinator

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
