import Insecurity
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

@MainActor
@Suite("Queued starts and the event stream", .cleanSimulatedWorld)
struct QueueingAndEventsTests {
    let loop = SimRunLoop.main

    @Test("E17: a start requested while a dismissal animation runs is queued and runs when it ends")
    func startQueuedBehindDismissal() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let first = ModalScreen("First")
        host.start(first, animated: false) { _ in }
        let second = ModalScreen("Second")
        let warnings = SimWarnings.capture {
            first.dismiss()
            host.start(second, animated: true) { _ in }
            #expect(second.isLive)
            #expect(second.controller?.presentingViewController == nil, "waiting for the dismissal")
            loop.advance(by: SimAnimation.modalTransitionDuration)
            #expect(second.controller?.presentingViewController === scene.root, "presented once the dismissal ended")
            loop.runUntilIdle()
        }
        #expect(warnings.isEmpty, "UIKit refused nothing")
    }

    @Test("E17: several starts aimed at an animating presenter run in request order")
    func startsRunInOrder() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let names = ["A", "B", "C"]
        let coordinators = names.map { ModalScreen($0) }
        host.start(coordinators[0], animated: true) { _ in }
        coordinators[0].navigation.start(coordinators[1], animated: true) { _ in }
        coordinators[1].navigation.start(coordinators[2], animated: true) { _ in }
        #expect(scene.root.presentedViewController === coordinators[0].controller)
        #expect(coordinators[0].controller?.presentedViewController == nil)
        loop.runUntilIdle()
        #expect(coordinators[0].controller?.presentedViewController === coordinators[1].controller)
        #expect(coordinators[1].controller?.presentedViewController === coordinators[2].controller)
    }

    @Test("E17: a push requested during a running push waits instead of nesting")
    func pushQueued() {
        let (scene, navigation) = Scene.navigation()
        let host = InsecurityHost(navigation: navigation)
        let first = PushScreen("First")
        let second = PushScreen("Second")
        let warnings = SimWarnings.capture {
            host.start(first, animated: true) { _ in }
            first.navigation.start(second, animated: true) { _ in }
            loop.runUntilIdle()
        }
        #expect(warnings.isEmpty, "no 'nested push animation'")
        #expect(navigation.viewControllers.map(\.title) == ["Home", "First", "Second"])
        _ = scene
    }

    @Test("E18: the event stream reports starts, shows and a swipe-down with its cause, frame id and type")
    func swipeEvent() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let events = EventLog()
        let sheet = ModalScreen("Sheet")
        host.start(sheet, animated: true) { _ in }
        loop.runUntilIdle()
        sheet.controller?.simulateInteractiveDismissal()
        loop.runUntilIdle()
        #expect(events.events.map(\.action) == [.started(.present), .shown, .ended(.swipe)])
        #expect(Set(events.events.map(\.frameID)).count == 1)
        #expect(events.events.allSatisfy { $0.coordinatorType == "ModalScreen" })
    }

    @Test("E18: the event stream is also an AsyncSequence")
    func asyncStream() async {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let stream = InsecurityEvents.stream()
        let sheet = ModalScreen("Sheet")
        host.start(sheet, animated: false) { _ in }
        sheet.finish("done")
        SimRunLoop.main.runUntilIdle()
        var actions: [NavigationEvent.Action] = []
        for await event in stream where event.coordinatorType == "ModalScreen" {
            actions.append(event.action)
            if case .ended = event.action { break }
        }
        #expect(actions == [.started(.present), .shown, .ended(.value)])
    }
}
