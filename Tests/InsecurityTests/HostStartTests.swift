import Insecurity
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

@MainActor
@Suite("Hosts and start rules", .cleanSimulatedWorld)
struct HostStartTests {
    let loop = SimRunLoop.main

    @Test("E4: InsecurityHost(modal:) presents its chain on the existing controller")
    func modalHost() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let first = ModalScreen("First")
        host.start(first, animated: true) { _ in }
        loop.runUntilIdle()
        let second = ModalScreen("Second")
        first.navigation.start(second, animated: true) { _ in }
        loop.runUntilIdle()
        #expect(scene.root.presentedViewController === first.controller)
        #expect(first.controller?.presentedViewController === second.controller)
        #expect(host.liveCoordinatorTypes == ["ModalScreen", "ModalScreen"])
    }

    @Test("E4: InsecurityHost(navigation:) pushes onto the existing stack and leaves its one controller alone")
    func navigationHost() {
        let (scene, navigation) = Scene.navigation()
        let home = navigation.viewControllers[0]
        let host = InsecurityHost(navigation: navigation)
        let outcomes = Outcomes()
        let detail = PushScreen("Detail")
        host.start(detail, animated: true, outcomes.completion("Detail"))
        loop.runUntilIdle()
        #expect(navigation.viewControllers.map(\.title) == ["Home", "Detail"])
        detail.finish("ok")
        loop.runUntilIdle()
        #expect(navigation.viewControllers == [home])
        #expect(outcomes.log == ["Detail: ok"])
        _ = scene
    }

    @Test("E4: an empty navigation controller is a diagnostic")
    func navigationHostNeedsOne() {
        let diagnostics = InsecurityDiagnostics.capture { _ = InsecurityHost(navigation: UINavigationController()) }
        #expect(diagnostics.map(\.code) == [.navigationHostNeedsOneController])
    }

    @Test(
        "E5: start(navigationController, child) presents it with the child as root; later navigation starts push onto it"
    )
    func newNavigationContext() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let navigation = UINavigationController()
        let first = PushScreen("First")
        host.start(navigation, first, animated: true) { _ in }
        loop.runUntilIdle()
        let second = PushScreen("Second")
        first.navigation.start(second, animated: true) { _ in }
        loop.runUntilIdle()
        #expect(scene.root.presentedViewController === navigation)
        #expect(navigation.viewControllers.map(\.title) == ["First", "Second"])
        let sheet = ModalScreen("Sheet")
        second.navigation.start(sheet, animated: true) { _ in }
        loop.runUntilIdle()
        #expect(
            navigation.presentedViewController === sheet.controller,
            "a modal child of a pushed frame is presented by its navigation controller")
    }

    @Test("E5: a navigation child where the context is modal is a diagnostic and does not start")
    func navigationChildInModalContext() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let modal = ModalScreen("Modal")
        host.start(modal, animated: false) { _ in }
        let diagnostics = InsecurityDiagnostics.capture {
            host.start(PushScreen("Direct"), animated: false) { _ in }
        }
        #expect(diagnostics.map(\.code) == [.navigationChildInModalContext])
        #expect(scene.root.presentedViewController === modal.controller)
        #expect(modal.controller?.presentedViewController == nil)
    }

    @Test("Starting from a coordinator that is not on top replaces the frames above it")
    func startFromLowerFrameReplaces() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let outcomes = Outcomes()
        let first = ModalScreen("First")
        let second = ModalScreen("Second")
        host.start(first, animated: false, outcomes.completion("First"))
        first.navigation.start(second, animated: false, outcomes.completion("Second"))
        let replacement = ModalScreen("Replacement")
        first.navigation.start(replacement, animated: true, outcomes.completion("Replacement"))
        loop.runUntilIdle()
        #expect(first.controller?.presentedViewController === replacement.controller)
        #expect(second.isLive == false)
        #expect(outcomes.log.isEmpty, "the replaced frame is torn down without its completion")
        #expect(host.liveCoordinatorTypes == ["ModalScreen", "ModalScreen"])
    }
}
