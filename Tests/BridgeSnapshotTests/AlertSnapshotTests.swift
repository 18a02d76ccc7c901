import BridgeSnapshot
import CoordinatorBridge
import Insecurity
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

@MainActor
@Suite("Alerts in snapshots (X11)", .cleanSimulatedWorld)
struct AlertSnapshotTests {
    /// A visible window whose root presents a delete confirmation.
    private func confirmationScene() -> (UIWindow, UIAlertController) {
        let window = UIWindow()
        window.rootViewController = titled("Photo", id: "photo")
        window.makeKeyAndVisible()
        let alert = UIAlertController(title: "Delete photo?", message: "This cannot be undone.", preferredStyle: .alert)
        alert.restorationIdentifier = "deleteConfirmation"
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        let delete = UIAlertAction(title: "Delete", style: .destructive)
        alert.addAction(delete)
        alert.preferredAction = delete
        window.rootViewController?.present(alert, animated: false)
        SimRunLoop.main.runUntilIdle()
        return (window, alert)
    }

    /// Imports `xml` into a window that replaces `window` on screen, and returns the restored alert.
    private func restore(_ xml: String, replacing window: UIWindow, handlers: AlertActionHandlers = .init()) throws
        -> (BridgeRebuilder.Live, UIAlertController)
    {
        var rebuilder = BridgeRebuilder(registry: BridgeRegistry())
        rebuilder.alertActionHandlers = handlers
        let live = try BridgeSnapshot.importLive(xml, rebuilder: rebuilder)
        window.isHidden = true
        live.windows[0].makeKeyAndVisible()
        let alert = try #require(live.windows[0].rootViewController?.presentedViewController as? UIAlertController)
        return (live, alert)
    }

    @Test(
        "X11: title, message, preferred style and each action's title, style and preference are in the snapshot and come back in a real UIAlertController"
    )
    func contentRoundTrips() throws {
        let (window, _) = confirmationScene()
        let xml = BridgeSnapshot.export([window], registry: BridgeRegistry())
        #expect(
            xml.contains(
                #"<controller id="deleteConfirmation" type="UIAlertController" title="Delete photo?" alert="alert" message="This cannot be undone.">"#
            ))
        #expect(xml.contains(#"<action title="Cancel" style="cancel"/>"#))
        #expect(xml.contains(#"<action title="Delete" style="destructive" preferred="true"/>"#))
        let (live, alert) = try restore(xml, replacing: window)
        #expect(type(of: alert) == UIAlertController.self)
        #expect(alert.title == "Delete photo?")
        #expect(alert.message == "This cannot be undone.")
        #expect(alert.preferredStyle == .alert)
        #expect(alert.actions.map(\.title) == ["Cancel", "Delete"])
        #expect(alert.actions.map(\.style) == [.cancel, .destructive])
        #expect(alert.preferredAction === alert.actions[1])
        #expect(BridgeSnapshot.export(live.windows, registry: BridgeRegistry()) == xml)
    }

    @Test(
        "X11, X9: the app re-binds a handler by the alert's restorationIdentifier and the action's title; it runs once, after the dismissal"
    )
    func handlersAreReBound() throws {
        let (window, _) = confirmationScene()
        let xml = BridgeSnapshot.export([window], registry: BridgeRegistry())
        var deleted = 0
        var handlers = AlertActionHandlers()
        handlers.register(alert: "deleteConfirmation", action: "Delete") { _ in deleted += 1 }
        let (live, alert) = try restore(xml, replacing: window, handlers: handlers)
        let presenter = live.windows[0].rootViewController
        #expect(alert.simulateTap(on: alert.actions[1]))
        #expect(deleted == 0)
        SimRunLoop.main.runUntilIdle()
        #expect(deleted == 1)
        #expect(presenter?.presentedViewController == nil)
    }

    @Test("X11: an action without a handler dismisses the restored alert, so the user is never stuck on it")
    func actionWithoutHandlerDismisses() throws {
        let (window, _) = confirmationScene()
        let xml = BridgeSnapshot.export([window], registry: BridgeRegistry())
        let (live, alert) = try restore(xml, replacing: window)
        #expect(alert.simulateTap(on: alert.actions[0]))
        SimRunLoop.main.runUntilIdle()
        #expect(live.windows[0].rootViewController?.presentedViewController == nil)
        #expect(!BridgeSnapshot.export(live.windows, registry: BridgeRegistry()).contains("<action"))
    }

    @Test(
        "X11: an action sheet of an alert subclass the importer has no factory for comes back as a real alert that keeps the type name"
    )
    func unknownAlertSubclass() throws {
        final class ShareSheet: UIAlertController {}
        let window = UIWindow()
        window.rootViewController = titled("Photo", id: "photo")
        window.makeKeyAndVisible()
        let sheet = ShareSheet(title: nil, message: nil, preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: "Copy", style: .default))
        window.rootViewController?.present(sheet, animated: false)
        SimRunLoop.main.runUntilIdle()
        let xml = BridgeSnapshot.export([window], registry: BridgeRegistry())
        let (live, alert) = try restore(xml, replacing: window)
        #expect(alert.preferredStyle == .actionSheet)
        #expect((alert as? BridgeTypeNamed)?.bridgedTypeName == "ShareSheet")
        #expect(alert.title == nil && alert.message == nil)
        #expect(BridgeSnapshot.export(live.windows, registry: BridgeRegistry()) == xml)
    }

    @Test(
        "X11, X5: a factory that makes an alert with other actions, or no alert at all, is refused and nothing is attached"
    )
    func factoryMismatchIsRefused() throws {
        let (window, _) = confirmationScene()
        let xml = BridgeSnapshot.export([window], registry: BridgeRegistry())
        for factory: @MainActor () -> UIViewController in [
            {
                let alert = UIAlertController(title: nil, message: nil, preferredStyle: .alert)
                alert.addAction(UIAlertAction(title: "OK", style: .default))
                return alert
            },
            { UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet) },
            { UIViewController() },
        ] {
            var rebuilder = BridgeRebuilder(registry: BridgeRegistry())
            rebuilder.controllerFactories["UIAlertController"] = factory
            #expect {
                _ = try BridgeSnapshot.importLive(xml, rebuilder: rebuilder)
            } throws: { error in
                (error as? SnapshotError)?.issues.contains { $0.kind == .unbuildable } == true
            }
        }
        #expect(window.isKeyWindow)
    }

    @Test("S17, X5: an alert recorded with two cancel actions, which UIKit raises on, is refused with UIKit's reason")
    func twoCancelActionsAreRefused() throws {
        let (window, _) = confirmationScene()
        let xml = BridgeSnapshot.export([window], registry: BridgeRegistry())
            .replacingOccurrences(of: #"style="destructive""#, with: #"style="cancel""#)
        #expect {
            _ = try BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: BridgeRegistry()))
        } throws: { error in
            (error as? SnapshotError)?.issues.map(\.message) == [
                "UIKit would raise NSInternalInconsistencyException: UIAlertController can only have one action with a style of UIAlertActionStyleCancel"
            ]
        }
        #expect(window.isKeyWindow)
    }

    @Test("X11, X10: alert attributes and actions are refused in a version-2 document")
    func versionTwoHasNoAlerts() {
        let xml = """
            <bridge-snapshot version="2"><windows/><controllers>
            <controller id="a" type="UIAlertController" alert="alert"><action title="OK" style="default"/></controller>
            </controllers><hosts/><coordinators/></bridge-snapshot>
            """
        #expect {
            _ = try BridgeSnapshot.parse(xml)
        } throws: { error in
            let messages = (error as? SnapshotError)?.issues.map(\.message) ?? []
            return messages.contains { $0.contains("'alert' does not exist in version 2") }
                && messages.contains { $0.contains("'action' does not exist in version 2") }
        }
    }
}
