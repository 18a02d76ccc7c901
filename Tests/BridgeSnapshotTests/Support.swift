import BridgeSnapshot
import CoordinatorBridge
import Foundation
import Insecurity
import InsecurityClassic
import ResponderCoordinator
import SimUIKit
import TestSupport
import Testing

@MainActor
let classicPlugin = InsecurityClassicPlugin()

/// The plugins every snapshot test uses, in a fixed order.
@MainActor
func plugins() -> [any BridgePlugin] {
    [ResponderCoordinatorPlugin.shared, classicPlugin]
}

@MainActor
func export(_ windows: [UIWindow]) -> String {
    BridgeSnapshot.export(windows, registry: BridgeRegistry(plugins()))
}

/// X3: exports `windows`, imports the snapshot into new live objects, exports those, and expects the
/// same bytes. Returns the snapshot.
@MainActor
@discardableResult
func expectRoundTrip(_ windows: [UIWindow], sourceLocation: SourceLocation = #_sourceLocation) -> String {
    let xml = export(windows)
    do {
        let live = try BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: BridgeRegistry(plugins())))
        let again = export(live.windows)
        #expect(again == xml, sourceLocation: sourceLocation)
        if again != xml {
            let differences = BridgeSnapshot.diff(try BridgeSnapshot.parse(xml), try BridgeSnapshot.parse(again))
            Issue.record(
                "round trip changed: \(differences.map(\.description).joined(separator: "\n"))",
                sourceLocation: sourceLocation)
        }
    } catch {
        Issue.record("import failed: \(error)", sourceLocation: sourceLocation)
    }
    return xml
}

@MainActor
final class ClassicStep: InsecurityChild<Void> {
    let name: String
    init(_ name: String) {
        self.name = name
        super.init()
    }
    override var viewController: UIViewController { titled(name, id: name.lowercased()) }
}

@MainActor
final class HomeCoordinator: ResponderCoordinator.NavigationCoordinator {}

@MainActor
final class AccountCoordinator: ResponderCoordinator.NavigationCoordinator {}

/// Representative scenes, each kept alive by what it returns.
@MainActor
enum Scenes {
    /// A window with a navigation stack and a modal chain of several styles.
    static func stackAndModalChain() -> [AnyObject] {
        let window = UIWindow()
        let navigation = UINavigationController(rootViewController: titled("Home", id: "home"))
        navigation.restorationIdentifier = "main"
        navigation.pushViewController(titled("Orders", id: "orders"), animated: false)
        SimRunLoop.main.runUntilIdle()
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let sheet = titled("Settings", id: "settings")
        sheet.modalPresentationStyle = .formSheet
        navigation.present(sheet, animated: false)
        SimRunLoop.main.runUntilIdle()
        let cover = titled("Cover")
        cover.modalPresentationStyle = .fullScreen
        sheet.present(cover, animated: false)
        SimRunLoop.main.runUntilIdle()
        return [window]
    }

    /// A legacy tree: two coordinators on one navigation controller, a child with two screens.
    static func legacyTree() -> [AnyObject] {
        let window = UIWindow()
        let navigation = UINavigationController()
        navigation.restorationIdentifier = "main"
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let home = HomeCoordinator(rootViewController: navigation)
        home.start()
        home.root(titled("Home", id: "home"))
        let account = AccountCoordinator(rootViewController: navigation)
        home.startChild(coordinator: account)
        account.show(titled("Account", id: "account"))
        account.show(titled("Security", id: "security"))
        SimRunLoop.main.runUntilIdle()
        return [window, home]
    }

    /// An Insecurity chain embedded mid-app: pushes, a presented navigation controller, a sheet.
    static func embeddedChain() -> [AnyObject] {
        let window = UIWindow()
        let navigation = UINavigationController(rootViewController: titled("Feed", id: "feed"))
        navigation.restorationIdentifier = "main"
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let host = InsecurityHost(navigation: navigation)
        let post = PushScreen("Post")
        host.start(post, animated: false) { _ in }
        let editor = PushScreen("Editor")
        post.navigation.start(UINavigationController(), editor, animated: false) { _ in }
        let more = PushScreen("Tags")
        editor.navigation.start(more, animated: false) { _ in }
        more.navigation.start(ModalScreen("Confirm"), animated: false) { _ in }
        SimRunLoop.main.runUntilIdle()
        return [window, host]
    }

    /// A chain of InsecurityChild coordinators and a window host.
    static func classicAndWindowHost() -> [AnyObject] {
        let window = UIWindow()
        window.makeKeyAndVisible()
        let windowHost = WindowHost(window)
        let root = ClassicStep("Start")
        windowHost.start(UINavigationController(), PushScreen("Main"), animated: false) { _ in }
        windowHost.topContext?.start(root, animated: false) { _ in }
        root.navigation.startModal(ClassicStep("Modal"), animated: false) { _ in }
        SimRunLoop.main.runUntilIdle()
        return [window, windowHost]
    }
}
