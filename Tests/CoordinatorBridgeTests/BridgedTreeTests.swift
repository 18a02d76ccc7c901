import CoordinatorBridge
import Insecurity
import InsecurityClassic
import ResponderCoordinator
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// A third coordinator framework, defined only here: adding it needs no change to the core (A7).
@MainActor
final class TinyFlow {
    let name: String
    let screens: [UIViewController]

    init(name: String, screens: [UIViewController]) {
        self.name = name
        self.screens = screens
    }
}

@MainActor
final class TinyFlowPlugin: BridgePlugin {
    let framework = "TinyFlow"
    var flows: [TinyFlow] = []

    func describeCoordinators(in context: BridgeReadContext) -> [BridgedCoordinator] {
        flows.map { flow in
            BridgedCoordinator(
                id: context.id(ofCoordinator: flow, framework: framework), framework: framework, type: "TinyFlow",
                identifier: flow.name, parentID: nil, childIDs: [],
                controllerIDs: flow.screens.compactMap { context.id(of: $0) }
            )
        }
    }

    func rebuildCoordinators(_ coordinators: [BridgedCoordinator], in context: BridgeRebuildContext)
        throws(BridgeRebuildError)
    {
        flows = coordinators.map {
            TinyFlow(name: $0.identifier, screens: $0.controllerIDs.compactMap { context.controller(withID: $0) })
        }
    }
}

@MainActor
final class Sheet: ModalCoordinator<Void> {
    override var viewController: UIViewController {
        let controller = UIViewController()
        controller.title = "Sheet"
        controller.restorationIdentifier = "sheet"
        return controller
    }
}

@MainActor
@Suite("Bridged tree", .cleanSimulatedWorld)
struct BridgedTreeTests {
    let loop = SimRunLoop.main

    @Test("The tree describes windows, stacks, presentations, hosts with frames, and each adapter's coordinators")
    func readsEverything() {
        let window = UIWindow()
        let navigation = UINavigationController()
        navigation.restorationIdentifier = "main"
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let app = ResponderCoordinator.NavigationCoordinator(rootViewController: navigation)
        app.start()
        let home = titled("Home", id: "home")
        app.root(home)
        let account = ResponderCoordinator.NavigationCoordinator(rootViewController: navigation)
        app.startChild(coordinator: account)
        account.show(titled("Account"))
        loop.runUntilIdle()
        let host = InsecurityHost(modal: navigation)
        host.start(Sheet(), animated: false) { _ in }
        let tiny = TinyFlowPlugin()
        tiny.flows = [TinyFlow(name: "Onboarding", screens: [home])]
        let registry = BridgeRegistry([ResponderCoordinatorPlugin.shared, InsecurityClassicPlugin(), tiny])

        let tree = BridgeReader(registry: registry).read([window])

        #expect(
            tree.windows == [
                BridgedWindow(
                    id: "window1", isKey: true, isVisible: true, rootID: "main",
                    presented: [BridgedPresentation(controllerID: "sheet", style: "automatic")])
            ])
        // X13: a controller without a restoration identifier is named after its place and type.
        #expect(tree.controllers.map(\.id) == ["main", "home", "main/UIViewController", "sheet"])
        #expect(tree.controllers.first?.children == ["home", "main/UIViewController"])
        let bridgedHosts = tree.hosts.filter {
            $0.frames.contains { $0.controllerID == "sheet" }
                || $0.frames.contains { $0.controllerID == "main/UIViewController" }
        }
        #expect(bridgedHosts.map(\.id) == ["main/navigation", "main/modal"])
        #expect(bridgedHosts.map(\.base) == [.navigation(controllerID: "main"), .modal(controllerID: "main")])
        #expect(bridgedHosts.flatMap(\.frames).map(\.kind) == [.push, .present])
        let responder = tree.coordinators.filter { $0.framework == "ResponderCoordinator" }
        #expect(responder.count == 2)
        #expect(responder.first?.childIDs == [responder.last?.id].compactMap { $0 })
        #expect(responder.last?.parentID == responder.first?.id)
        #expect(responder.map(\.controllerIDs) == [["home"], ["main/UIViewController"]])
        #expect(
            responder.map(\.id) == [
                "ResponderCoordinator.NavigationCoordinator@main", "ResponderCoordinator.NavigationCoordinator@main.2",
            ])
        #expect(tree.coordinators.filter { $0.framework == "TinyFlow" }.map(\.controllerIDs) == [["home"]])
        #expect(tree.rendered().contains("UIViewController #home \"Home\"  <- NavigationCoordinator, TinyFlow"))
        app.stop()
    }

    @Test("Reading the same screen twice gives the same tree")
    func stableReads() {
        let window = UIWindow()
        let navigation = UINavigationController(rootViewController: titled("A"))
        navigation.pushViewController(titled("B"), animated: false)
        window.rootViewController = navigation
        let reader = BridgeReader(registry: BridgeRegistry())
        #expect(reader.read([window]) == reader.read([window]))
        #expect(
            reader.read([window]).controllers.map(\.id) == [
                "window1/UINavigationController", "window1/UINavigationController/UIViewController",
                "window1/UINavigationController/UIViewController.2",
            ])
    }

    @Test("A7: InsecurityChild chains are described as parent and child")
    func classicPlugin() {
        final class Step: InsecurityChild<Void> {
            override var viewController: UIViewController { titled("Step") }
        }
        let window = UIWindow()
        let root = titled("Root", id: "root")
        window.rootViewController = root
        window.makeKeyAndVisible()
        let host = InsecurityHost(modal: root)
        let first = Step()
        host.start(first, animated: false) { _ in }
        first.navigation.start(Step(), animated: false) { _ in }
        loop.runUntilIdle()
        let tree = BridgeReader(registry: BridgeRegistry([InsecurityClassicPlugin()])).read([window])
        let classic = tree.coordinators
        #expect(classic.count == 2)
        #expect(classic.last?.parentID == classic.first?.id)
        #expect(classic.first?.childIDs == [classic.last!.id])
        root.dismiss(animated: false)
        loop.runUntilIdle()
    }
}
