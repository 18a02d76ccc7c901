import BridgeSnapshot
import BridgeTools
import CoordinatorBridge
import Foundation
import Testing

private let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
private let snapshots = directory.deletingLastPathComponent().appendingPathComponent(
    "BridgeSnapshotTests/__Snapshots__/ToolingTests")

/// A tabbed legacy app: a tab bar coordinator, a catalog that pushes, an account whose login is presented,
/// and a cart that both pushes and presents.
private let tabbedApp = BridgedTree(
    windows: [
        BridgedWindow(
            id: "main", isKey: true, isVisible: true, rootID: "tabs",
            presented: [
                BridgedPresentation(controllerID: "login", style: "pageSheet"),
                BridgedPresentation(controllerID: "confirm", style: "overFullScreen"),
            ])
    ],
    controllers: [
        BridgedController(
            id: "tabs", type: "UITabBarController", title: nil, children: ["catalogTab", "cartTab"],
            container: .tabBar(selectedIndex: 0)),
        BridgedController(
            id: "catalogTab", type: "UINavigationController", title: nil, children: ["catalog", "product"],
            container: .navigation),
        BridgedController(id: "catalog", type: "UIViewController", title: "Catalog", children: []),
        BridgedController(id: "product", type: "ProductController", title: "Tea \"Sencha\"", children: []),
        BridgedController(
            id: "cartTab", type: "UINavigationController", title: nil, children: ["cart"], container: .navigation),
        BridgedController(id: "cart", type: "UIViewController", title: "Cart", children: []),
        BridgedController(id: "login", type: "LoginController", title: "Log in", children: []),
        BridgedController(
            id: "confirm", type: "UIAlertController", title: "Empty the cart?", children: [],
            alert: BridgedAlert(
                message: nil, style: "alert",
                actions: [
                    BridgedAlertAction(title: "Empty", style: "destructive"),
                    BridgedAlertAction(title: "Keep", style: "cancel"),
                ])),
    ],
    hosts: [
        // The cart coordinator presented the alert through the host the adapter runs for it.
        BridgedHost(
            id: "tabs/modal", base: .modal(controllerID: "tabs"),
            frames: [
                BridgedFrame(kind: .present, state: .shown, coordinatorType: "CartCoordinator", controllerID: "confirm")
            ],
            framework: "ResponderCoordinator")
    ],
    coordinators: [
        BridgedCoordinator(
            id: "R.1", framework: "ResponderCoordinator", type: "AppCoordinator", identifier: "App", parentID: nil,
            childIDs: ["R.2", "R.3", "R.4"], controllerIDs: ["tabs"]),
        BridgedCoordinator(
            id: "R.2", framework: "ResponderCoordinator", type: "CatalogCoordinator", identifier: "Catalog",
            parentID: "R.1", childIDs: [], controllerIDs: ["catalog", "product"]),
        BridgedCoordinator(
            id: "R.3", framework: "ResponderCoordinator", type: "CartCoordinator", identifier: "Cart", parentID: "R.1",
            childIDs: [], controllerIDs: ["cart", "login"]),
        BridgedCoordinator(
            id: "R.4", framework: "ResponderCoordinator", type: "LoginCoordinator", identifier: "Login",
            parentID: "R.1", childIDs: [], controllerIDs: ["login"]),
    ]
)

@Suite("Migration assistant")
struct MigrationPlanTests {
    /// Expects `generated` to equal the committed file `name`, which the test target compiles: the
    /// skeletons compile against the package. On a mismatch, writes the new output to a temporary file to
    /// compare and commit.
    private func expectCommitted(_ generated: String, _ name: String) throws {
        let committed = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        guard committed != generated else { return }
        let actual = FileManager.default.temporaryDirectory.appendingPathComponent(name)
        try Data(generated.utf8).write(to: actual)
        Issue.record("the generator's output changed: compare \(actual.path) with Tests/BridgeToolsTests/\(name)")
    }

    @Test("bridge migrate: each legacy coordinator maps to a navigation, modal, adaptive or window coordinator")
    func mapping() throws {
        let plan = MigrationPlan(tabbedApp)
        #expect(
            plan.entries.map { "\($0.legacyType) \($0.target.rawValue) \($0.newType)" } == [
                "AppCoordinator window AppFlow", "CatalogCoordinator navigation CatalogFlow",
                "CartCoordinator adaptive CartFlow", "LoginCoordinator modal LoginFlow",
            ])
        #expect(
            plan.report.contains(
                "LoginCoordinator -> LoginFlow: modal coordinator\n  why:   its screens are presented over #tabs"))
        try expectCommitted(plan.swiftSkeletons, "GeneratedTabbedAppMigration.swift")
    }

    @Test(
        "E4: the flow that owns a stack's root is told to make it the root first; a host never starts on an empty stack"
    )
    func stackRootOwnerAdvice() {
        let tree = BridgedTree(
            windows: [BridgedWindow(id: "main", isKey: true, isVisible: true, rootID: "stack", presented: [])],
            controllers: [
                BridgedController(
                    id: "stack", type: "UINavigationController", title: nil, children: ["home", "detail", "more"],
                    container: .navigation),
                BridgedController(id: "home", type: "UIViewController", title: "Home", children: []),
                BridgedController(id: "detail", type: "UIViewController", title: "Detail", children: []),
                BridgedController(id: "more", type: "UIViewController", title: "More", children: []),
            ],
            coordinators: [
                BridgedCoordinator(
                    id: "R.1", framework: "ResponderCoordinator", type: "HomeCoordinator", identifier: "Home",
                    parentID: nil, childIDs: ["R.2"], controllerIDs: ["home", "detail"]),
                BridgedCoordinator(
                    id: "R.2", framework: "ResponderCoordinator", type: "MoreCoordinator", identifier: "More",
                    parentID: "R.1", childIDs: [], controllerIDs: ["more"]),
            ])
        let hosts = MigrationPlan(tree).entries.map(\.host)
        #expect(
            hosts == [
                "UINavigationController(rootViewController:) with #home as #stack, then InsecurityHost(navigation: #stack) for the screens above it",
                "InsecurityHost(navigation: #stack), or navigation.start from the coordinator below",
            ])
    }

    @Test("bridge migrate: the skeletons of the committed legacy golden snapshot compile against the package")
    func legacyGolden() throws {
        let xml = try String(contentsOf: snapshots.appendingPathComponent("legacyTree.1.xml"), encoding: .utf8)
        let plan = MigrationPlan(try BridgeSnapshot.parse(xml))
        try expectCommitted(plan.swiftSkeletons, "GeneratedLegacyTreeMigration.swift")
    }

    @Test(
        "bridge migrate: methods are named after screens' titles or types, never ids; presented sheets and alerts are planned"
    )
    func namesAndPresentations() {
        let skeletons = MigrationPlan(tabbedApp).swiftSkeletons
        #expect(skeletons.contains("func showTeaSencha()"), "the product's title")
        #expect(skeletons.contains("func presentLogIn()"), "the login sheet, presented")
        #expect(skeletons.contains("func showAlertEmptyTheCart()"), "the alert the cart presented")
        #expect(skeletons.contains(#"with its actions "Empty", "Keep""#))
        #expect(
            !skeletons.contains("showProduct()") && !skeletons.contains("showLogin()"), "no method named after an id")
        #expect(
            skeletons.contains(
                "#elseif canImport(BridgeInsecurity)\n    import SimUIKit\n    import BridgeInsecurity\n#else\n    import SimUIKit\n    import Insecurity\n#endif"
            ), "the README's import block")
    }

    @Test("bridge migrate: a snapshot without legacy coordinators has nothing to migrate")
    func nothingToMigrate() {
        #expect(
            MigrationPlan(BridgedTree()).report.hasPrefix("No ResponderCoordinator or RouteCoordinator coordinators"))
    }
}
