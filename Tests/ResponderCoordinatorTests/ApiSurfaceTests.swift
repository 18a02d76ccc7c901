@_spi(Adapters) import Insecurity
import ResponderCoordinator
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

@MainActor
@Suite("Seed 003 API", .cleanSimulatedWorld)
struct ApiSurfaceTests {
    let loop = SimRunLoop.main

    @Test("A1: every member of seed 003's API list is there and does what it says")
    func apiList() {
        let (window, navigation) = makeStack()
        let log = Log()
        let app = LoggingCoordinator("App", navigationController: navigation, log: log)
        #expect(!app.isStarted)
        app.start()
        #expect(app.isStarted)
        #expect(app.identifier == "App")
        let home = makeScreen("Home")
        app.root(home)
        #expect(home.parentCoordinator === app)
        #expect(navigation.viewControllers == [home])
        let list = makeScreen("List")
        app.show(list)
        loop.runUntilIdle()
        let detail = makeScreen("Detail")
        app.show(detail)
        loop.runUntilIdle()
        #expect(app.viewControllers == [home, list, detail])
        let replacement = makeScreen("Replacement")
        app.top(replacement, animated: false)
        loop.runUntilIdle()
        #expect(navigation.viewControllers == [home, list, replacement])
        app.pop()
        loop.runUntilIdle()
        #expect(navigation.viewControllers == [home, list])
        app.show(makeScreen("Again"))
        loop.runUntilIdle()
        app.pop(to: home, animated: false)
        loop.runUntilIdle()
        #expect(navigation.viewControllers == [home])
        #expect(app.viewControllers == [home])

        let sheet = makeScreen("Sheet")
        var presented = false
        app.present(sheet) { presented = true }
        loop.runUntilIdle()
        #expect(presented)
        #expect(navigation.presentedViewController === sheet)
        #expect(sheet.parentCoordinator === app)
        var dismissed = false
        app.dismiss { dismissed = true }
        loop.runUntilIdle()
        #expect(dismissed)
        #expect(navigation.presentedViewController == nil)

        let child = LoggingCoordinator("Child", navigationController: navigation, log: log)
        app.startChild(coordinator: child)
        #expect(child.parent === app)
        #expect(app.childCoordinators["Child"] === child)
        #expect(home.containingCoordinator === app)
        app.stopChild(coordinator: child)
        #expect(app.childCoordinators.isEmpty)
        #expect(!child.isStarted)
        #expect(log.entries.isEmpty, "nothing was popped by the user")
        app.stop()
        #expect(app.viewControllers.isEmpty)
        _ = window
    }

    @Test("A1: the navigation operations agree with the shared Insecurity host (A2)")
    func framesAgree() {
        let (window, navigation) = makeStack()
        let app = LoggingCoordinator("App", navigationController: navigation, log: Log())
        app.start()
        app.root(makeScreen("Home"))
        app.show(makeScreen("A"))
        app.show(makeScreen("B"))
        loop.runUntilIdle()
        let host = InsecurityHost.hosts(in: [window]).first { host in
            if case .navigation(let base) = host.hostBase { return base === navigation }
            return false
        }
        #expect(host?.frameDescriptions.compactMap { $0.controller?.title } == ["A", "B"])
        app.pop()
        loop.runUntilIdle()
        #expect(host?.frameDescriptions.compactMap { $0.controller?.title } == ["A"])
        _ = window
    }

    @Test("A1: takeover puts a coordinator's saved controllers back on the shared navigation controller")
    func takeover() {
        let (window, navigation) = makeStack()
        let first = LoggingCoordinator("First", navigationController: navigation, log: Log())
        first.start()
        let home = makeScreen("Home")
        first.root(home)
        first.show(makeScreen("Step"))
        loop.runUntilIdle()
        let second = LoggingCoordinator("Second", navigationController: navigation, log: Log())
        second.start()
        second.root(makeScreen("Other"))
        loop.runUntilIdle()
        #expect(navigation.viewControllers.map(\.title) == ["Other"])
        #expect(first.viewControllers.map(\.title) == ["Home", "Step"], "kept until the coordinator stops")
        first.takeover()
        loop.runUntilIdle()
        #expect(navigation.viewControllers.map(\.title) == ["Home", "Step"])
        _ = window
    }
}
