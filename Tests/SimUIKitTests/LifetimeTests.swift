@_spi(Adapters) import SimUIKit
import SimulationTesting
import TestSupport
import Testing

@MainActor
@Suite("Object lifetimes", .cleanSimulatedWorld)
struct LifetimeTests {
    let loop = SimRunLoop.main

    @Test("A finished scene leaves no live controller")
    func finishedSceneReleasesEverything() {
        var watched = LiveObjects()
        do {
            let home = Screen("Home")
            let navigation = UINavigationController(rootViewController: home)
            let window = makeVisibleWindow(root: navigation)
            let orders = Screen("Orders")
            navigation.pushViewController(orders, animated: true)
            loop.runUntilIdle()
            let settings = Screen("Settings")
            orders.present(settings, animated: true)
            loop.runUntilIdle()
            let detail = Screen("Detail")
            navigation.pushViewController(detail, animated: false)
            SimRunLoop.main.runUntilIdle()
            watched.watch(home, navigation, window, orders, settings, detail)
        }
        #expect(watched.count == 0)
    }

    @Test("Controllers removed by the user are released once their transition ends")
    func userRemovalsRelease() {
        let navigation = UINavigationController(rootViewController: Screen("Home"))
        let window = makeVisibleWindow(root: navigation)
        var watched = LiveObjects()
        do {
            let detail = Screen("Detail")
            navigation.pushViewController(detail, animated: false)
            SimRunLoop.main.runUntilIdle()
            let sheet = Screen("Sheet")
            navigation.present(sheet, animated: false)
            SimRunLoop.main.runUntilIdle()
            watched.watch(detail, sheet)
            sheet.simulateInteractiveDismissal()
        }
        #expect(watched.count == 2, "still held by the running dismissal")
        loop.runUntilIdle()
        #expect(watched.count == 1)
        navigation.simulateBackButtonTap()
        loop.runUntilIdle()
        #expect(watched.count == 0)
        _ = window
    }

    @Test("Deallocation handlers run when a controller is released")
    func deallocationHandler() {
        var released = false
        do {
            let controller = Screen("Short-lived")
            controller.onDeallocation { released = true }
        }
        #expect(released)
    }

    @Test(
        "E11: a controller tells its deallocation observers once, in order and before its handlers, keeps them until then or until they stop, and lets go of them after"
    )
    func deallocationObservers() {
        var told: [String] = []
        weak var first: RecordingObserver?
        weak var second: RecordingObserver?
        weak var stopped: RecordingObserver?
        do {
            let controller = Screen("Observed")
            do {
                let made = [RecordingObserver("first"), RecordingObserver("second"), RecordingObserver("stopped")]
                for observer in made {
                    observer.record = { told.append($0) }
                    controller.onDeallocation(notify: observer)
                }
                (first, second, stopped) = (made[0], made[1], made[2])
                controller.stopNotifying(made[2])
            }
            controller.onDeallocation { told.append("handler") }
            // Only the controller holds the observers now.
            #expect(first != nil && second != nil)
            #expect(stopped == nil)
        }
        #expect(told == ["first", "second", "handler"])
        #expect(first == nil && second == nil)
    }
}

@MainActor
@Suite("Dropped gesture handles", .cleanSimulatedWorld)
struct DroppedGestureTests {
    @Test("S7: an interactive pop whose handle is dropped is cancelled, and nothing is kept alive")
    func droppedPopHandle() {
        weak var weakNavigation: UINavigationController?
        weak var weakTop: UIViewController?
        do {
            let window = UIWindow()
            let top = UIViewController()
            let navigation = UINavigationController(rootViewController: UIViewController())
            navigation.pushViewController(top, animated: false)
            SimRunLoop.main.runUntilIdle()
            window.rootViewController = navigation
            window.makeKeyAndVisible()
            do {
                let pop = navigation.beginInteractivePop()
                pop?.update(0.4)
            }
            SimRunLoop.main.runUntilIdle()
            #expect(navigation.viewControllers.last === top, "the pop was cancelled")
            weakNavigation = navigation
            weakTop = top
            window.rootViewController = nil
        }
        SimRunLoop.main.runUntilIdle()
        #expect(weakNavigation == nil)
        #expect(weakTop == nil)
    }
}
