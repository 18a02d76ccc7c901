import Insecurity
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

@MainActor
@Suite("Misuse UIKit would raise on, through the engine", .cleanSimulatedWorld)
struct UIKitExceptionMisuseTests {
    /// Runs `body` and returns its diagnostics, recording an issue for any exception that reached UIKit.
    private func diagnostics(_ body: () -> Void) -> [InsecurityDiagnostic.Code] {
        var diagnostics: [InsecurityDiagnostic] = []
        let exceptions = SimExceptions.capture {
            diagnostics = InsecurityDiagnostics.capture {
                body()
                SimRunLoop.main.runUntilIdle()
            }
        }
        #expect(exceptions.isEmpty, "the engine handed UIKit a call it raises on")
        return diagnostics.map(\.code)
    }

    @Test("S17, E19: presenting a controller that is already presented is a diagnostic, not a crash")
    func presentAlreadyPresented() {
        let scene = Scene()
        let sheet = makeScreen("Sheet")
        scene.root.present(sheet, animated: false)
        let outcomes = Outcomes()
        let host = InsecurityHost(modal: sheet)
        let again = ModalScreen("Fixed", showing: sheet)
        #expect(
            diagnostics { host.start(again, animated: true, outcomes.completion("Again")) } == [
                .controllerRefusedByUIKit
            ])
        #expect(outcomes.log == ["Again: dismissed"])
        #expect(scene.root.presentedViewController === sheet && sheet.presentedViewController == nil)
    }

    @Test("S17, E19: pushing a controller that is already in the stack is a diagnostic, not a crash")
    func pushAlreadyInStack() {
        let (scene, navigation) = Scene.navigation()
        let home = navigation.viewControllers[0]
        let outcomes = Outcomes()
        let host = InsecurityHost(navigation: navigation)
        #expect(
            diagnostics { host.start(PushScreen("Fixed", showing: home), animated: true, outcomes.completion("Home")) }
                == [.controllerRefusedByUIKit])
        #expect(outcomes.log == ["Home: dismissed"])
        #expect(navigation.viewControllers == [home])
        _ = scene
    }

    @Test("S17, E19: a navigation controller as the root of a new navigation controller is a diagnostic")
    func navigationControllerAsRoot() {
        let scene = Scene()
        let outcomes = Outcomes()
        let host = InsecurityHost(modal: scene.root)
        let parent = ModalScreen("Fixed", showing: makeScreen("Parent"))
        host.start(parent, animated: false, outcomes.completion("Parent"))
        let codes = diagnostics {
            parent.navigation.start(
                UINavigationController(), PushScreen("Fixed", showing: UINavigationController()), animated: true,
                outcomes.completion("Nested"))
        }
        #expect(codes == [.controllerRefusedByUIKit])
        #expect(scene.root.presentedViewController?.presentedViewController == nil)
        #expect(parent.isLive)
        parent.finish("done")
        SimRunLoop.main.runUntilIdle()
    }
}
