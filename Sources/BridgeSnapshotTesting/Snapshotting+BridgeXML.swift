#if !SnapshotTesting
    #error(
        "BridgeSnapshotTesting needs this package's SnapshotTesting trait: depend on it with its default traits, or name the trait (traits: [\"SnapshotTesting\"])"
    )
#else
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
#endif
