@_spi(Adapters) import Insecurity
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// The adapters' boundary: any number of observers of a coordinator's frame, each for as long as its token
/// lives, and objects kept alive exactly as long as the coordinator runs.
@MainActor
@Suite("Observing a coordinator's frame (for adapters)", .cleanSimulatedWorld)
struct FrameObservationTests {
    let loop = SimRunLoop.main

    @Test("Every observer hears shown and ended; a released token hears nothing more")
    func observers() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let sheet = ModalScreen("Sheet")
        var first: [ModalScreen.FrameEvent] = []
        var second: [ModalScreen.FrameEvent] = []
        let kept = sheet.observeFrame { first.append($0) }
        var released: AnyObject? = sheet.observeFrame { second.append($0) }
        host.start(sheet, animated: false) { _ in }
        loop.runUntilIdle()
        released = nil
        sheet.finish("done")
        loop.runUntilIdle()
        #expect(first == [.shown, .ended(tornDown: false)])
        #expect(second == [.shown], "released before the end")
        withExtendedLifetime((kept, released)) {}
    }

    @Test("A frame torn down with its parent reports tornDown; what the coordinator kept alive is let go then")
    func keepAliveUntilEnd() {
        final class Token {}
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let parent = ModalScreen("Parent")
        let child = ModalScreen("Child")
        var events: [ModalScreen.FrameEvent] = []
        let observation = child.observeFrame { events.append($0) }
        weak var token: Token?
        do {
            let made = Token()
            token = made
            child.keepAlive(made)
        }
        host.start(parent, animated: false) { _ in }
        parent.navigation.start(child, animated: false) { _ in }
        loop.runUntilIdle()
        #expect(token != nil, "kept while the child runs")
        parent.finish("done")
        loop.runUntilIdle()
        #expect(events == [.shown, .ended(tornDown: true)])
        #expect(token == nil, "let go when the child ended")
        withExtendedLifetime(observation) {}
    }
}
