import BridgeSnapshot
import CoordinatorBridge
import SimUIKit
import SnapshotTesting

extension Snapshotting where Value == UIWindow, Format == String {
    /// The window's bridged tree as a canonical XML snapshot, compared line by line:
    /// `assertSnapshot(of: window, as: .bridgeXML)`. Call it on the main actor.
    public static var bridgeXML: Snapshotting {
        bridgeXML(plugins: [])
    }

    /// ``bridgeXML`` with the coordinators that `plugins` describe.
    public static func bridgeXML(plugins: [any BridgePlugin]) -> Snapshotting {
        var strategy = SimplySnapshotting<String>.lines.pullback { (window: UIWindow) in
            MainActor.assumeIsolated {
                BridgeSnapshot.export([window], registry: BridgeRegistry(plugins))
            }
        }
        strategy.pathExtension = "xml"
        return strategy
    }
}
