import Foundation
import SimUIKit
import SimulationTesting
import Testing

/// Code written against UIKit's declarations compiles against SimUIKit's (UIKit's objects are `NSObject`s;
/// its notification names are plain constants).
@MainActor
@Suite("UIKit's signatures", .cleanSimulatedWorld)
struct UIKitSignaturesTests {
    /// Reads a notification name from a context that is not the main actor, as UIKit's constants allow.
    nonisolated static func windowNotificationNames() -> [Notification.Name] {
        [
            UIWindow.didBecomeKeyNotification, UIWindow.didResignKeyNotification,
            UIWindow.didBecomeVisibleNotification, UIWindow.didBecomeHiddenNotification,
        ]
    }

    @Test("S11: gesture recognizers compare and hash by identity, so a switch over recognizers and contains(_:) compile")
    func recognizersAreEquatable() {
        let navigation = UINavigationController(rootViewController: Screen("Home"))
        let pan = UIPanGestureRecognizer()
        navigation.view.addGestureRecognizer(pan)
        func kind(of recognizer: UIGestureRecognizer) -> String {
            switch recognizer {
            case navigation.interactivePopGestureRecognizer: "edge"
            case pan: "pan"
            default: "other"
            }
        }
        #expect(kind(of: pan) == "pan")
        #expect(navigation.interactivePopGestureRecognizer.map(kind(of:)) == "edge")
        #expect(navigation.view.gestureRecognizers?.contains(pan) == true)
        #expect(Set([pan, pan]).count == 1)
        #expect(Self.windowNotificationNames().count == 4)
    }

    @Test("S24: overrideUserInterfaceStyle, which apps set at launch, is held by windows, views and controllers")
    func userInterfaceStyleOverride() {
        let window = UIWindow()
        window.overrideUserInterfaceStyle = .light
        let controller = UIViewController()
        controller.overrideUserInterfaceStyle = .dark
        controller.view.overrideUserInterfaceStyle = .light
        #expect(window.overrideUserInterfaceStyle == .light)
        #expect(controller.overrideUserInterfaceStyle == .dark && controller.view.overrideUserInterfaceStyle == .light)
    }
}
