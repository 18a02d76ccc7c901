import Insecurity
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// E19: operations that overlap a running transition wait for it instead of being refused by UIKit.
@MainActor
@Suite("Operations that overlap animations", .cleanSimulatedWorld)
struct OverlappingOperationsTests {
    let loop = SimRunLoop.main

    @Test("E19: finishing during one's own presentation dismisses once it is shown, and the next start still appears")
    func finishDuringPresentation() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let outcomes = Outcomes()
        let success = ModalScreen("Success")
        let next = ModalScreen("Next")
        var diagnostics: [InsecurityDiagnostic] = []
        let warnings = SimWarnings.capture {
            diagnostics = InsecurityDiagnostics.capture {
                host.start(success, animated: true, outcomes.completion("Success"))
                loop.advance(by: 0.1)
                success.finish("paid")
                #expect(outcomes.log == ["Success: paid"], "the completion runs at once (E8)")
                host.start(next, animated: true, outcomes.completion("Next"))
                loop.runUntilIdle()
            }
        }
        #expect(warnings.isEmpty)
        #expect(diagnostics.isEmpty)
        #expect(scene.root.presentedViewController === next.controller, "the screen the app asked for appears")
        #expect(next.isLive)
        #expect(success.controller == nil, "the finished sheet is gone, not orphaned")
    }

    @Test("E19: a frame that ends before its queued presentation begins is never presented")
    func endBeforeQueuedShow() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let first = ModalScreen("First")
        let second = ModalScreen("Second")
        let warnings = SimWarnings.capture {
            host.start(first, animated: true) { _ in }
            first.navigation.start(second, animated: true) { _ in }
            second.dismiss()
            loop.runUntilIdle()
        }
        #expect(warnings.isEmpty)
        #expect(first.controller?.presentedViewController == nil)
        #expect(second.controller == nil)
        #expect(scene.root.presentedViewController === first.controller)
    }

    @Test("E19: dismiss() on a just-started adaptive child, then a non-animated start from the host")
    func dismissThenStart() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let child = AdaptiveScreen("Child")
        let replacement = ModalScreen("Replacement")
        let warnings = SimWarnings.capture {
            host.start(child, in: .any, animated: true) { _ in }
            child.dismiss()
            host.start(replacement, animated: false) { _ in }
            loop.runUntilIdle()
        }
        #expect(warnings.isEmpty)
        #expect(scene.root.presentedViewController === replacement.controller)
        #expect(replacement.isLive)
    }

    @Test("E19: a navigation child pushed with animation and finished at once is popped after the push")
    func pushThenFinish() {
        let (scene, navigation) = Scene.navigation()
        let host = InsecurityHost(navigation: navigation)
        let child = PushScreen("Child")
        let outcomes = Outcomes()
        let warnings = SimWarnings.capture {
            host.start(child, animated: true, outcomes.completion("Child"))
            child.finish("done")
            loop.runUntilIdle()
        }
        #expect(warnings.isEmpty, "no nested pop animation")
        #expect(outcomes.log == ["Child: done"])
        #expect(navigation.viewControllers.map(\.title) == ["Home"])
        _ = scene
    }

    @Test("E19: a parent finishing while its child is still being pushed and presented ends both with one teardown")
    func chainFinishesMidAnimation() {
        let (scene, navigation) = Scene.navigation()
        let host = InsecurityHost(navigation: navigation)
        let parent = PushScreen("Parent")
        let sheet = ModalScreen("Sheet")
        let warnings = SimWarnings.capture {
            host.start(parent, animated: true) { _ in }
            parent.navigation.start(sheet, animated: true) { _ in }
            loop.advance(by: 0.4)
            parent.finish("out")
            loop.runUntilIdle()
        }
        #expect(warnings.isEmpty)
        #expect(navigation.viewControllers.map(\.title) == ["Home"])
        #expect(navigation.presentedViewController == nil)
        _ = scene
    }

    @Test("E19: window root changes wait for the running window transition, in request order")
    func windowRootsInOrder() {
        let window = UIWindow()
        window.makeKeyAndVisible()
        let host = WindowHost(window)
        let first = ModalScreen("First")
        let second = ModalScreen("Second")
        host.start(first, animated: true) { _ in }
        host.start(second, animated: true) { _ in }
        #expect(window.rootViewController === first.controller)
        loop.runUntilIdle()
        #expect(window.rootViewController === second.controller)
        #expect(!first.isLive)
    }

    @Test("E20: strict mode is safe when embedding a chain into a navigation stack holding several controllers")
    func strictEmbedding() {
        let (scene, navigation) = Scene.navigation()
        navigation.pushViewController(makeScreen("Catalog"), animated: false)
        navigation.pushViewController(makeScreen("Product"), animated: false)
        InsecurityDiagnostics.isStrict = true
        defer { InsecurityDiagnostics.isStrict = false }
        let host = InsecurityHost(navigation: navigation)
        let checkout = PushScreen("Checkout")
        let diagnostics = InsecurityDiagnostics.capture {
            host.start(checkout, animated: true) { _ in }
            loop.runUntilIdle()
            checkout.finish("paid")
            loop.runUntilIdle()
        }
        #expect(diagnostics.isEmpty)
        #expect(navigation.viewControllers.map(\.title) == ["Home", "Catalog", "Product"])
        _ = scene
    }
}
