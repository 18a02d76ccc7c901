import BridgeSnapshot
import CoordinatorBridge
import Insecurity
import PropertyBased
import ResponderCoordinator
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// Builds a random live scene from a list of operations: pushes and presentations made directly on
/// SimUIKit, engine starts (modal, push, new navigation controller, adaptive), ends of engine frames,
/// user gestures, and legacy coordinators showing and popping screens.
@MainActor
final class RandomScene {
    let window = UIWindow()
    let navigation = UINavigationController(rootViewController: titled("Root"))
    let modalHost: InsecurityHost
    let pushHost: InsecurityHost
    var engineTops: [InsecurityCoordinator<String>] = []
    let legacy: ResponderCoordinator.NavigationCoordinator
    let legacyNavigation = UINavigationController()
    private var counter = 0

    init() {
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        pushHost = InsecurityHost(navigation: navigation)
        modalHost = InsecurityHost(modal: navigation)
        legacy = ResponderCoordinator.NavigationCoordinator(rootViewController: legacyNavigation)
    }

    private func name() -> String {
        counter += 1
        return "S\(counter)"
    }

    /// Applies `operation`. Direct UIKit calls and ends of coordinators that ended already are misuse the
    /// scene makes on purpose: their warnings and diagnostics are captured and dropped.
    func apply(_ operation: Int) {
        _ = SimWarnings.capture {
            _ = InsecurityDiagnostics.capture { perform(operation) }
        }
    }

    private func perform(_ operation: Int) {
        switch operation {
        case 0:
            navigation.topViewController?.present(titled(name()), animated: false)
        case 1:
            let step = ModalScreen(name())
            modalHost.start(step, animated: false) { _ in }
            engineTops.append(step)
        case 2:
            let step = PushScreen(name())
            pushHost.start(step, animated: false) { _ in }
            engineTops.append(step)
        case 3:
            if let top = engineTops.last as? PushScreen {
                top.navigation.start(UINavigationController(), PushScreen(name()), animated: false) { _ in }
            }
        case 4:
            engineTops.popLast()?.finish("done")
        case 5:
            navigation.simulateBackButtonTap()
        case 6:
            var presented = window.rootViewController?.presentedViewController
            while let next = presented?.presentedViewController { presented = next }
            presented?.simulateInteractiveDismissal()
        case 7:
            if !legacy.isStarted {
                navigation.topViewController?.present(legacyNavigation, animated: false)
                legacy.start()
                legacy.root(titled(name()))
            } else {
                legacy.show(titled(name()))
            }
        default:
            legacy.pop(animated: false)
        }
        SimRunLoop.main.runUntilIdle()
    }
}

@MainActor
@Suite("Round trips of random trees", .cleanSimulatedWorld)
struct PropertyRoundTripTests {
    @Test("X3: export(import(export(live))) == export(live) for random scenes")
    func randomScenes() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...8).array(of: 0...14)) { operations in
            let scene = RandomScene()
            for operation in operations { scene.apply(operation) }
            let xml = export([scene.window])
            #expect((try? BridgeSnapshot.canonical(xml)) == xml)
            expectRoundTrip([scene.window])
            scene.legacy.stop()
        }
    }

    @Test(
        "X2: a tree read from live windows and the same tree with its controllers listed backwards give the same bytes")
    func controllerOrder() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...8).array(of: 0...14)) { operations in
            let scene = RandomScene()
            for operation in operations { scene.apply(operation) }
            let tree = BridgeReader(registry: BridgeRegistry(plugins())).read([scene.window])
            var backwards = tree
            backwards.controllers.reverse()
            #expect(BridgeSnapshot.xml(of: backwards) == BridgeSnapshot.xml(of: tree))
            scene.legacy.stop()
        }
    }
}
