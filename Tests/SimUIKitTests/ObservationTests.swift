@_spi(Adapters) import SimUIKit
import SimulationTesting
import TestSupport
import Testing

@MainActor
@Suite("Observation", .cleanSimulatedWorld)
struct ObservationTests {
    let loop = SimRunLoop.main

    @Test("S8: stack observers see every change with its cause, when made and when its transition ends")
    func stackChanges() {
        let home = Screen("Home")
        let navigation = UINavigationController(rootViewController: home)
        let window = makeVisibleWindow(root: navigation)
        var seen: [String] = []
        let observation = navigation.observeStack { change in
            seen.append(
                "\(change.cause) \(change.phase) \(change.current.compactMap(\.title)) removed:\(change.removed.compactMap(\.title))"
            )
        }
        navigation.pushViewController(Screen("A"), animated: true)
        loop.runUntilIdle()
        navigation.pushViewController(Screen("B"), animated: false)
        SimRunLoop.main.runUntilIdle()
        navigation.popToRootViewController(animated: false)
        navigation.pushViewController(Screen("C"), animated: false)
        SimRunLoop.main.runUntilIdle()
        navigation.beginInteractivePop()?.cancel()
        loop.runUntilIdle()
        navigation.simulateBackButtonTap()
        loop.runUntilIdle()
        #expect(
            seen == [
                "push began [\"Home\", \"A\"] removed:[]",
                "push completed [\"Home\", \"A\"] removed:[]",
                "push began [\"Home\", \"A\", \"B\"] removed:[]",
                "push completed [\"Home\", \"A\", \"B\"] removed:[]",
                "popToRoot began [\"Home\"] removed:[\"A\", \"B\"]",
                "popToRoot completed [\"Home\"] removed:[\"A\", \"B\"]",
                "push began [\"Home\", \"C\"] removed:[]",
                "push completed [\"Home\", \"C\"] removed:[]",
                "interactivePop began [\"Home\"] removed:[\"C\"]",
                "interactivePop cancelled [\"Home\", \"C\"] removed:[]",
                "backButton began [\"Home\"] removed:[\"C\"]",
                "backButton completed [\"Home\"] removed:[\"C\"]",
            ])
        _ = (window, observation)
    }

    @Test("S8: observing retains neither side; releasing the token ends the observation")
    func observationRetainsNothing() {
        var watched = LiveObjects()
        var count = 0
        do {
            let navigation = UINavigationController(rootViewController: Screen("Home"))
            let token = navigation.observeStack { _ in count += 1 }
            watched.watch(navigation, token)
            navigation.pushViewController(Screen("A"), animated: false)
            SimRunLoop.main.runUntilIdle()
            #expect(count == 2)
        }
        #expect(watched.count == 0)

        let navigation = UINavigationController(rootViewController: Screen("Home"))
        var token: SimObservation<NavigationStackChange>? = navigation.observeStack { _ in count += 1 }
        token = nil
        navigation.pushViewController(Screen("B"), animated: false)
        SimRunLoop.main.runUntilIdle()
        #expect(count == 2)
        _ = token
    }

    @Test("S8: observers are told in the order they began observing, also once observers before them have ended")
    func observersKeepTheirOrder() {
        let navigation = UINavigationController(rootViewController: Screen("Home"))
        let window = makeVisibleWindow(root: navigation)
        var told: [String] = []
        func observer(_ name: String) -> SimObservation<NavigationStackChange> {
            navigation.observeStack { change in
                if change.phase == .completed { told.append(name) }
            }
        }
        let first = observer("first")
        var second: SimObservation<NavigationStackChange>? = observer("second")
        let third = observer("third")
        let fourth = observer("fourth")
        second = nil
        // Observing again drops the ended observation from the list; the others keep their places.
        let fifth = observer("fifth")
        navigation.pushViewController(Screen("A"), animated: false)
        loop.runUntilIdle()
        #expect(told == ["first", "third", "fourth", "fifth"])
        _ = (window, first, second, third, fourth, fifth)
    }

    @Test("S8: presentation observers see presentations and dismissals made on the observed presenter")
    func presentationChanges() {
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        var seen: [String] = []
        let observation = root.observePresentations { change in
            seen.append("\(change.kind) \(change.phase) \(change.controllers.compactMap(\.title))")
        }
        let sheet = Screen("Sheet")
        root.present(sheet, animated: true)
        loop.runUntilIdle()
        sheet.dismiss(animated: false)
        SimRunLoop.main.runUntilIdle()
        #expect(
            seen == [
                "present began [\"Sheet\"]", "present completed [\"Sheet\"]",
                "dismiss began [\"Sheet\"]", "dismiss completed [\"Sheet\"]",
            ])
        _ = (window, observation)
    }

    @Test(
        "S8: a controller's own observers are told of each presentation change it is the subject of, whoever presents it, in the order they began observing; one that stopped is neither told nor kept"
    )
    func ownPresentationChanges() {
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        var seen: [String] = []
        weak var stopped: RecordingObserver?
        let sheet = Screen("Sheet")
        do {
            let observers = ["first", "second", "stopped"].map(RecordingObserver.init)
            for observer in observers {
                observer.record = { seen.append($0) }
                sheet.onPresentationChanges(notify: observer)
            }
            sheet.stopNotifying(observers[2])
            stopped = observers[2]
        }
        #expect(stopped == nil, "an observer that stopped is no longer retained")
        root.present(sheet, animated: true)
        loop.runUntilIdle()
        // The sheet presenting is not a change of its own presentation.
        sheet.present(Screen("Above"), animated: false)
        loop.runUntilIdle()
        // Dismissed with the controller above it, from below.
        root.dismiss(animated: false)
        loop.runUntilIdle()
        #expect(
            seen == [
                "first: present began by Root [\"Sheet\"]", "second: present began by Root [\"Sheet\"]",
                "first: present completed by Root [\"Sheet\"]", "second: present completed by Root [\"Sheet\"]",
                "first: dismiss began by Root [\"Sheet\", \"Above\"]",
                "second: dismiss began by Root [\"Sheet\", \"Above\"]",
                "first: dismiss completed by Root [\"Sheet\", \"Above\"]",
                "second: dismiss completed by Root [\"Sheet\", \"Above\"]",
            ])
        _ = window
    }

    @Test("E19: a transition tells its end waiter once, where it asked among the completions, and refuses a second")
    func transitionEndWaiter() throws {
        /// Records when it is told, as the engine's operation queue would run its waiting operations.
        @MainActor final class Waiter: SimTransitionEndWaiter {
            let told: () -> Void
            init(_ told: @escaping () -> Void) { self.told = told }
            func transitionEnded() { told() }
        }
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        var order: [String] = []
        root.present(Screen("Sheet"), animated: true)
        let presentation = try #require(root.presentationTransitionCoordinator)
        presentation.animate(alongsideTransition: nil) { _ in order.append("before") }
        let waiter = Waiter { order.append("waiter") }
        #expect(presentation.tellWhenEnded(waiter))
        #expect(presentation.tellWhenEnded(waiter), "asking again changes nothing")
        #expect(!presentation.tellWhenEnded(Waiter { order.append("other") }), "a transition tells one waiter")
        presentation.animate(alongsideTransition: nil) { _ in order.append("after") }
        loop.runUntilIdle()
        #expect(order == ["before", "waiter", "after"])
        #expect(!presentation.tellWhenEnded(waiter), "an ended transition tells no one")

        order.removeAll()
        root.dismiss(animated: true)
        let dismissal = try #require(root.presentationTransitionCoordinator)
        dismissal.animate(alongsideTransition: nil) { _ in order.append("before") }
        #expect(dismissal.tellWhenEnded(waiter))
        loop.runUntilIdle()
        #expect(order == ["before", "waiter"], "a waiter that asked last is told after every completion")
        _ = window
    }
}
