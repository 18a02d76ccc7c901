// The code on the DocC landing pages of ResponderCoordinator, CoordinatorBridge, BridgeSnapshot and
// BridgeTools, run by LandingPageTests. (ResponderCoordinator and Insecurity both name a class
// NavigationCoordinator, so these live apart from Insecurity's.)
import BridgeSnapshot
import BridgeTools
import CoordinatorBridge
import ResponderCoordinator

/// ResponderCoordinator: the legacy tree on a navigation controller.
@MainActor
func responderCoordinatorLanding(navigationController: UINavigationController) -> NavigationCoordinator {
    let shop = NavigationCoordinator(rootViewController: navigationController)
    shop.start()
    shop.root(UIViewController())   // the catalog
    shop.show(UIViewController())   // a product, pushed; the user's Back reaches handlePopBack(to:)
    return shop
}

/// CoordinatorBridge: what is on screen and who manages it, drawn as text.
@MainActor
func coordinatorBridgeLanding(window: UIWindow) -> String {
    let registry = BridgeRegistry([ResponderCoordinatorPlugin.shared])
    let tree = BridgeReader(registry: registry).read([window])
    return tree.rendered(as: .text)
}

/// BridgeSnapshot: a snapshot, read back and compared with a later one.
@MainActor
func bridgeSnapshotLanding(window: UIWindow, later: () -> Void) throws -> [SnapshotDifference] {
    let registry = BridgeRegistry([ResponderCoordinatorPlugin.shared])
    let before = try BridgeSnapshot.parse(BridgeSnapshot.export([window], registry: registry))
    later()   // the user or the app changes the screen
    let after = try BridgeSnapshot.parse(BridgeSnapshot.export([window], registry: registry))
    return BridgeSnapshot.diff(before, after)   // e.g. - controller "product": on stack "shop" (2), …
}

/// BridgeTools: a user journey applied to a live tree, and a migration plan for a legacy tree.
@MainActor
func bridgeToolsLanding(windows: [UIWindow], legacyTree: BridgedTree) throws -> (steps: [String], plan: String) {
    let journey = try JourneyScript("back shop\nwait")
    var steps: [String] = []
    try journey.run(on: windows) { step in
        steps.append("line \(step.line): \(step.text)")   // export a snapshot here to diff the steps
    }
    return (steps, MigrationPlan(legacyTree).report)
}
