@_spi(Adapters) import Insecurity
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

@MainActor
@Suite("The coordinator adapters put behind one controller", .cleanSimulatedWorld)
struct ControllerCoordinatorTests {
    @Test("A5: viewController is the same controller however often it is read, before and after the start")
    func readsAreStable() {
        let (scene, navigation) = Scene.navigation()
        let controller = makeScreen("Pushed")
        let coordinator = ControllerCoordinator(controller, typeName: "Adapter")
        #expect(coordinator.viewController === controller)
        #expect(coordinator.viewController === controller, "a read does not hand the controller over")
        let host = InsecurityHost(navigation: navigation)
        host.start(coordinator, in: .current, animated: false) { _ in }
        SimRunLoop.main.runUntilIdle()
        #expect(navigation.topViewController === controller)
        #expect(coordinator.viewController === controller, "once started it is the controller its frame shows")
        _ = scene
    }

    @Test("A5: once started, the coordinator keeps no reference of its own: the controller leaves with its screen")
    func holdsNothingOnceStarted() {
        let (scene, navigation) = Scene.navigation()
        weak var released: UIViewController?
        let coordinator: ControllerCoordinator
        do {
            let controller = makeScreen("Pushed")
            released = controller
            coordinator = ControllerCoordinator(controller, typeName: "Adapter")
        }
        let host = InsecurityHost(navigation: navigation)
        host.start(coordinator, in: .current, animated: false) { _ in }
        SimRunLoop.main.runUntilIdle()
        #expect(released != nil)
        navigation.popViewController(animated: false)
        SimRunLoop.main.runUntilIdle()
        #expect(released == nil, "the coordinator outlives its controller without holding it")
        #expect(!coordinator.isLive)
        _ = scene
    }
}
