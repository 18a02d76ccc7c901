@_spi(Adapters) import Insecurity
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// The presentation chain the queue will leave (Adapters SPI), which a router that finds its screens in
/// the hierarchy plans against, as adapters plan against a shared stack's planned stack (E19).
@MainActor
@Suite("The planned presentation chain", .cleanSimulatedWorld)
struct PlannedPresentationChainTests {
    let loop = SimRunLoop.main

    private func titles(_ controllers: [UIViewController]) -> [String?] { controllers.map(\.title) }

    private func presentedChain(of root: UIViewController) -> [String?] {
        titles(Array(sequence(first: root, next: \.presentedViewController).dropFirst()))
    }

    @Test("E19, A11: queued presentations count as presented, queued dismissals as gone, before UIKit sees either")
    func plannedChainFollowsTheQueue() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let first = ModalScreen("First")
        let second = ModalScreen("Second")
        expectNoWarningsOrDiagnostics {
            host.start(first, animated: true) { _ in }
            first.navigation.start(second, animated: true) { _ in }
            #expect(presentedChain(of: scene.root) == ["First"], "Second waits for First's presentation")
            #expect(titles(UIKitOperations.plannedPresentationChain(above: scene.root)) == ["First", "Second"])
            loop.runUntilIdle()
        }
        #expect(titles(UIKitOperations.plannedPresentationChain(above: scene.root)) == ["First", "Second"])
        let third = ModalScreen("Third")
        expectNoWarningsOrDiagnostics {
            second.navigation.start(third, animated: true) { _ in }
            if let controller = second.controller { UIKitOperations.dismiss(controller, animated: true) }
            #expect(
                titles(UIKitOperations.plannedPresentationChain(above: scene.root)) == ["First"],
                "the dismissal of Second, requested after Third, takes Third with it")
            loop.runUntilIdle()
        }
        #expect(presentedChain(of: scene.root) == ["First"])
        #expect(titles(UIKitOperations.plannedPresentationChain(above: scene.root)) == ["First"])
    }
}
