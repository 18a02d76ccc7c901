import Insecurity
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

@MainActor
@Suite("Released hosts and async starts", .cleanSimulatedWorld)
struct RobustnessTests {
    let loop = SimRunLoop.main

    @Test("E14: a host released while children are live does not crash; finishing them reports a diagnostic")
    func releasedHost() {
        let scene = Scene()
        let outcomes = Outcomes()
        var live = LiveObjects()
        var diagnostics: [InsecurityDiagnostic] = []
        do {
            var host: InsecurityHost? = InsecurityHost(modal: scene.root)
            let sheet = ModalScreen("Sheet")
            host?.start(sheet, animated: false, outcomes.completion("Sheet"))
            live.watch(host, sheet)
            host = nil
            #expect(live.count == 1, "the host is gone, its live coordinator is not")
            diagnostics = InsecurityDiagnostics.capture {
                sheet.finish("late")
                sheet.navigation.start(ModalScreen("Child"), animated: false) { _ in }
            }
        }
        #expect(diagnostics.map(\.code) == [.hostReleased, .navigationOutsideLifetime])
        #expect(outcomes.log.isEmpty)
        #expect(scene.root.presentedViewController?.title == "Sheet", "the screen is left as it is")
        #expect(live.count == 0)
        SimRunLoop.main.runUntilIdle()
        scene.root.dismiss(animated: false)
        SimRunLoop.main.runUntilIdle()
    }

    @Test("E15: an awaited start returns the child's result")
    func awaitedResult() async {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let sheet = ModalScreen("Sheet")
        let waiting = Task { await host.start(sheet, animated: true) }
        await waitUntil { sheet.isLive }
        SimRunLoop.main.runUntilIdle()
        sheet.finish("card")
        #expect(await waiting.value == .normal("card"))
        SimRunLoop.main.runUntilIdle()
    }

    @Test("E15: an awaited start torn down by an ancestor's end resumes with .dismissed")
    func awaitedTeardown() async {
        let (scene, navigation) = Scene.navigation()
        let host = InsecurityHost(navigation: navigation)
        let parent = PushScreen("Parent")
        host.start(parent, animated: false) { _ in }
        let child = PushScreen("Child")
        let modal = ModalScreen("Modal")
        let adaptive = AdaptiveScreen("Adaptive")
        let pushed = Task { await parent.navigation.start(child, animated: false) }
        await waitUntil { child.isLive }
        let presented = Task { await child.navigation.start(modal, animated: false) }
        await waitUntil { modal.isLive }
        let adapted = Task { await modal.navigation.start(adaptive, in: .any, animated: false) }
        await waitUntil { adaptive.isLive }
        parent.finish("gone")
        #expect(await pushed.value == .dismissed)
        #expect(await presented.value == .dismissed)
        #expect(await adapted.value == .dismissed)
        SimRunLoop.main.runUntilIdle()
        #expect(navigation.viewControllers.map(\.title) == ["Home"])
        _ = scene
    }

    @Test(
        "E14, E15: a child awaited through its parent's navigation resumes with .dismissed when it finishes after the host was released"
    )
    func awaitedOnReleasedHost() async {
        let scene = Scene()
        var host: InsecurityHost? = InsecurityHost(modal: scene.root)
        let parent = ModalScreen("Parent")
        host?.start(parent, animated: false) { _ in }
        let sheet = ModalScreen("Sheet")
        let waiting = Task { await parent.navigation.start(sheet, animated: false) }
        await waitUntil { sheet.isLive }
        SimRunLoop.main.runUntilIdle()
        host = nil
        let diagnostics = InsecurityDiagnostics.capture { sheet.finish("late") }
        #expect(diagnostics.map(\.code) == [.hostReleased])
        #expect(await waiting.value == .dismissed, "the continuation is not leaked")
        #expect(
            scene.root.presentedViewController?.presentedViewController?.title == "Sheet", "the screen is left as it is"
        )
        scene.root.dismiss(animated: false)
        SimRunLoop.main.runUntilIdle()
    }

    @Test(
        "E8, E14, E15: when a coordinator of a released host finishes, the children above it end with it: an awaited start resumes with .dismissed and nothing it started is leaked"
    )
    func childAboveEndsWithParentOnReleasedHost() async {
        let scene = Scene()
        var host: InsecurityHost? = InsecurityHost(modal: scene.root)
        let parent = AdaptiveScreen("Parent")
        host?.start(parent, in: .any, animated: true) { _ in }
        SimRunLoop.main.runUntilIdle()
        weak var weakChild: AdaptiveScreen?
        let waiting = Task {
            let child = AdaptiveScreen("Child")
            weakChild = child
            return await parent.navigation.start(child, in: .navigation(new: UINavigationController()), animated: true)
        }
        await waitUntil { weakChild?.isLive == true }
        SimRunLoop.main.runUntilIdle()
        host = nil
        let diagnostics = InsecurityDiagnostics.capture { parent.finish("done") }
        #expect(diagnostics.map(\.code) == [.hostReleased])
        #expect(await waiting.value == .dismissed, "the child above ended with its parent")
        #expect(weakChild == nil, "and nothing holds it any more")
        scene.root.dismiss(animated: false)
        SimRunLoop.main.runUntilIdle()
    }

    @Test("E15: an awaited start that is refused resumes with .dismissed")
    func awaitedRefusal() async {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let nowhere = PushScreen("Nowhere")
        var result: CoordinatorResult<String>?
        let diagnostics = await InsecurityDiagnostics.capture {
            result = await host.start(nowhere, animated: false)
        }
        #expect(diagnostics.map(\.code) == [.navigationChildInModalContext])
        #expect(result == .dismissed)
        #expect(!nowhere.isLive)
        #expect(scene.root.presentedViewController == nil)
    }

    /// Lets other main-actor tasks run until `condition` holds (at most 1,000 turns).
    private func waitUntil(_ condition: () -> Bool) async {
        for _ in 0..<1_000 where !condition() {
            await Task.yield()
        }
        #expect(condition())
    }
}
