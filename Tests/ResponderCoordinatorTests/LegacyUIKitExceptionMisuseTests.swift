import Insecurity
import ResponderCoordinator
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

@MainActor
@Suite("Legacy coordinators: misuse UIKit would raise on", .cleanSimulatedWorld)
struct LegacyUIKitExceptionMisuseTests {
    @Test("S17, E19: showing a controller twice, or a navigation controller as root, is a diagnostic, not a crash")
    func stackMisuse() {
        let window = UIWindow()
        let navigation = UINavigationController()
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let coordinator = NavigationCoordinator(rootViewController: navigation)
        coordinator.start()
        let home = makeScreen("Home")
        let detail = makeScreen("Detail")
        coordinator.root(home)
        coordinator.show(detail)
        var diagnostics: [InsecurityDiagnostic] = []
        let exceptions = SimExceptions.capture {
            diagnostics = InsecurityDiagnostics.capture {
                coordinator.show(home)
                coordinator.top(home)
                coordinator.root(UINavigationController())
                SimRunLoop.main.runUntilIdle()
            }
        }
        #expect(exceptions.isEmpty)
        #expect(diagnostics.map(\.code) == Array(repeating: .controllerRefusedByUIKit, count: 3))
        #expect(navigation.viewControllers == [home, detail])
        #expect(coordinator.viewControllers == [home, detail])
        coordinator.stop()
        window.rootViewController = nil
        SimRunLoop.main.runUntilIdle()
    }
}
