import BridgeSnapshot
import CoordinatorBridge
@_spi(Testing) import Insecurity
import ResponderCoordinator
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// Snapshots taken while something animates or waits: every moment exports, imports as recorded, and
/// then carries on as the app would have (X3).
@MainActor
@Suite("Snapshots at any moment (X3)", .cleanSimulatedWorld)
struct EveryMomentSnapshotTests {
    let loop = SimRunLoop.main
    let invariants = InsecurityInvariants()

    private func visibleStack() -> (UIWindow, UINavigationController) {
        let navigation = UINavigationController(rootViewController: titled("Feed", id: "feed"))
        navigation.restorationIdentifier = "main"
        let window = UIWindow()
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        return (window, navigation)
    }

    /// Imports `xml`, expects the export of the import to be `xml` before the run loop turns, then puts the
    /// restored window on screen in place of `window` (whose chains end) and lets the queue run.
    private func restoreExactly(
        _ xml: String, replacing window: UIWindow, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> BridgeRebuilder.Live {
        let live = try BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: BridgeRegistry(plugins())))
        #expect(export(live.windows) == xml, sourceLocation: sourceLocation)
        window.rootViewController = nil
        window.isHidden = true
        live.windows[0].makeKeyAndVisible()
        loop.runUntilIdle()
        return live
    }

    private func expectInvariants(_ live: BridgeRebuilder.Live, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(invariants.violations(windows: live.windows, settled: true) == [], sourceLocation: sourceLocation)
    }

    @Test(
        "X3, I3: a snapshot taken while a coordinator's dismissal animates records the presentation as gone, as its frame has ended; the import restores no controller without a frame",
        arguments: [false, true])
    func snapshotDuringDismissal(byApp: Bool) throws {
        let window = UIWindow()
        window.rootViewController = titled("Home", id: "home")
        window.makeKeyAndVisible()
        let host = InsecurityHost(modal: window.rootViewController!)
        let base = ModalScreen("Base")
        host.start(base, animated: false) { _ in }
        loop.runUntilIdle()
        base.controller?.isModalInPresentation = true
        let leaving = AdaptiveScreen("Leaving")
        base.navigation.start(leaving, in: .any, animated: true) { _ in }
        loop.runUntilIdle()
        if byApp {
            base.controller?.dismiss(animated: true)
        } else {
            leaving.dismiss()
        }
        #expect(window.rootViewController?.presentedViewController?.presentedViewController != nil, "S3: still linked")
        let xml = export([window])
        #expect(!xml.contains(#"title="Leaving""#), "what leaves is not recorded")
        let live = try restoreExactly(xml, replacing: window)
        expectInvariants(live)
        let restoredBase = try #require(live.windows[0].rootViewController?.presentedViewController)
        #expect(restoredBase.title == "Base" && restoredBase.presentedViewController == nil)
        loop.runUntilIdle()
        _ = host
    }

    @Test(
        "X3, E17: a frame waiting behind a running push is exported with its controller, imported still waiting, and shown on the next turn"
    )
    func waitingFrame() throws {
        let (window, navigation) = visibleStack()
        let host = InsecurityHost(navigation: navigation)
        host.start(PushScreen("Post"), animated: true) { _ in }
        var finished: [String] = []
        host.start(PushScreen("Editor"), animated: true) { finished.append("editor: \($0)") }
        let xml = export([window])
        #expect(xml.contains(#"<frame kind="push" state="waiting" coordinator="PushScreen" controller="editor"/>"#))
        #expect(xml.contains(#"<controller id="editor" type="UIViewController" title="Editor"/>"#))
        let live = try restoreExactly(xml, replacing: window)
        let restored = try #require(live.windows[0].rootViewController as? UINavigationController)
        #expect(restored.viewControllers.map(\.title) == ["Feed", "Post", "Editor"])
        #expect(export(live.windows).contains(#"state="shown" coordinator="PushScreen" controller="editor""#))
        expectInvariants(live)
        // The restored frame is live: the back button ends it.
        #expect(restored.simulateBackButtonTap())
        loop.runUntilIdle()
        #expect(restored.viewControllers.map(\.title) == ["Feed", "Post"])
        expectInvariants(live)
        _ = host
    }

    @Test(
        "X3, E19: a dismissal waiting behind a running presentation is in the snapshot, and the import runs it on the next turn"
    )
    func queuedDismissal() throws {
        let window = UIWindow()
        window.rootViewController = titled("Home", id: "home")
        window.makeKeyAndVisible()
        let host = InsecurityHost(modal: window.rootViewController!)
        let step = ModalScreen("Checkout")
        host.start(step, animated: true) { _ in }
        step.finish("paid")
        let xml = export([window])
        #expect(xml.contains(#"<dismiss controller="checkout" animated="true"/>"#))
        #expect(!xml.contains("<frame"))
        let live = try restoreExactly(xml, replacing: window)
        #expect(live.windows[0].rootViewController?.presentedViewController == nil)
        #expect(!export(live.windows).contains("<queue>"))
        expectInvariants(live)
    }

    @Test("X3, E19: a pop waiting behind a running push is in the snapshot, and the import runs it on the next turn")
    func queuedPop() throws {
        let (window, navigation) = visibleStack()
        let host = InsecurityHost(navigation: navigation)
        let post = PushScreen("Post")
        host.start(post, animated: true) { _ in }
        post.finish("read")
        let xml = export([window])
        #expect(xml.contains(#"<pop navigation="main" to="feed" animated="true"/>"#))
        let live = try restoreExactly(xml, replacing: window)
        let restored = try #require(live.windows[0].rootViewController as? UINavigationController)
        #expect(restored.viewControllers.map(\.title) == ["Feed"])
        expectInvariants(live)
        _ = host
    }

    @Test("X3, A3: a snapshot taken during a legacy coordinator's animated pop parses, imports and round-trips")
    func duringAdapterPop() throws {
        let (window, navigation) = visibleStack()
        let home = HomeCoordinator(rootViewController: navigation)
        home.start()
        home.root(titled("Home", id: "home"))
        home.show(titled("Orders", id: "orders"))
        loop.runUntilIdle()
        #expect(navigation.simulateBackButtonTap())
        #expect(navigation.transitionCoordinator != nil)
        let xml = export([window])
        #expect(throws: Never.self) { try BridgeSnapshot.parse(xml) }
        let live = try restoreExactly(xml, replacing: window)
        #expect(
            (live.windows[0].rootViewController as? UINavigationController)?.viewControllers.map(\.title) == ["Home"])
        home.stop()
    }

    @Test(
        "X3, E17: a frame waiting to push again a controller that app code is still animating off the stack round-trips"
    )
    func waitingToPushAControllerLeaving() throws {
        let (window, navigation) = visibleStack()
        let home = HomeCoordinator(rootViewController: navigation)
        home.start()
        home.root(titled("Home", id: "home"))
        let orders = titled("Orders", id: "orders")
        home.show(orders)
        loop.runUntilIdle()
        navigation.popViewController(animated: true)
        home.show(orders)
        let xml = export([window])
        #expect(xml.contains(#"state="waiting" coordinator="HomeCoordinator" controller="orders"/>"#))
        let live = try restoreExactly(xml, replacing: window)
        let restored = try #require(live.windows[0].rootViewController as? UINavigationController)
        #expect(restored.viewControllers.map(\.title) == ["Home", "Orders"])
        expectInvariants(live)
        home.stop()
    }

    @Test("X3, X10: a waiting frame recorded without its controller (as version 2 wrote them) imports and round-trips")
    func waitingFrameWithoutController() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <bridge-snapshot version="5">
              <windows>
                <window id="window1" key="true" visible="true" root="main"/>
              </windows>
              <controllers>
                <controller id="main" type="UINavigationController" container="navigation">
                  <child ref="feed"/>
                  <child ref="post"/>
                </controller>
                <controller id="feed" type="UIViewController" title="Feed"/>
                <controller id="post" type="UIViewController" title="Post"/>
              </controllers>
              <hosts>
                <host id="main/navigation" base="navigation" on="main">
                  <frame kind="push" state="shown" coordinator="PushScreen" controller="post"/>
                  <frame kind="presentNavigation" state="waiting" coordinator="PushScreen"/>
                </host>
              </hosts>
              <coordinators/>
            </bridge-snapshot>

            """
        let live = try BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: BridgeRegistry(plugins())))
        #expect(export(live.windows) == xml)
        live.windows[0].makeKeyAndVisible()
        loop.runUntilIdle()
        #expect(live.windows[0].rootViewController?.presentedViewController is UINavigationController)
        expectInvariants(live)
    }

    @Test(
        "X3, E10: a snapshot taken while the user holds an interactive pop of an engine frame, or while app code pops it with animation, imports and round-trips"
    )
    func duringPopsOfEngineFrames() throws {
        for interactive in [true, false] {
            let (window, navigation) = visibleStack()
            let host = InsecurityHost(navigation: navigation)
            host.start(PushScreen("Post"), animated: false) { _ in }
            loop.runUntilIdle()
            var finger: UINavigationController.InteractivePop?
            if interactive {
                finger = navigation.beginInteractivePop()
                finger?.update(0.4)
                #expect(finger != nil)
            } else {
                navigation.popViewController(animated: true)
            }
            let xml = export([window])
            // A held pop is recorded as the stack the gesture began on, with its frame; a decided one without.
            #expect(xml.contains(#"controller="post""#) == interactive)
            finger?.cancel()
            let live = try restoreExactly(xml, replacing: window)
            expectInvariants(live)
            _ = host
        }
    }

    @Test(
        "X3, E13: a window-root frame waiting behind a running window transition imports and is shown on the next turn")
    func waitingWindowRoot() throws {
        let window = UIWindow()
        window.makeKeyAndVisible()
        let windowHost = WindowHost(window)
        windowHost.start(UINavigationController(), PushScreen("Login"), animated: false) { _ in }
        loop.runUntilIdle()
        windowHost.start(UINavigationController(), PushScreen("Main"), duration: 0.3, options: .transitionCrossDissolve)
        {
            _ in
        }
        windowHost.start(
            UINavigationController(), PushScreen("Onboarding"), duration: 0.3, options: .transitionCrossDissolve
        ) { _ in }
        let xml = export([window])
        #expect(xml.contains(#"state="waiting""#))
        var restored: BridgeRebuilder.Live?
        expectNoWarningsOrDiagnostics { restored = try? restoreExactly(xml, replacing: window) }
        let live = try #require(restored)
        #expect(
            export(live.windows).contains(
                #"<frame kind="windowRoot" state="shown" coordinator="PushScreen" controller="onboarding"/>"#))
        expectInvariants(live)
        _ = windowHost
    }

}
