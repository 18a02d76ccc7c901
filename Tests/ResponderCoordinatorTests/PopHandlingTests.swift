import ResponderCoordinator
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

@MainActor
@Suite("Pops made by the user or by app code", .cleanSimulatedWorld)
struct PopHandlingTests {
    let loop = SimRunLoop.main

    /// An app coordinator with Home at the root and `titles` shown above it.
    private func scene(_ titles: [String]) -> (
        UIWindow, UINavigationController, LoggingCoordinator, Log, [UIViewController]
    ) {
        let (window, navigation) = makeStack()
        let log = Log()
        let app = LoggingCoordinator("App", navigationController: navigation, log: log)
        app.start()
        let home = makeScreen("Home")
        app.root(home)
        var shown = [home]
        for title in titles {
            let controller = makeScreen(title)
            app.show(controller)
            loop.runUntilIdle()
            shown.append(controller)
        }
        return (window, navigation, app, log, shown)
    }

    @Test("A3: the back button updates viewControllers and calls handlePopBack on the owner of the new top")
    func backButton() {
        let (window, navigation, app, log, shown) = scene(["Detail"])
        navigation.simulateBackButtonTap()
        loop.runUntilIdle()
        #expect(app.viewControllers == [shown[0]])
        #expect(log.entries == ["App.handlePopBack(to: Home)"])
        _ = window
    }

    @Test("A3: a completed interactive pop calls handlePopBack; a cancelled one calls nothing")
    func interactivePops() {
        let (window, navigation, app, log, shown) = scene(["Detail"])
        let cancelled = navigation.beginInteractivePop()
        cancelled?.update(0.5)
        cancelled?.cancel()
        loop.runUntilIdle()
        #expect(log.entries.isEmpty)
        #expect(app.viewControllers == shown)
        let completed = navigation.beginInteractivePop()
        completed?.update(0.5)
        completed?.finish()
        loop.runUntilIdle()
        #expect(log.entries == ["App.handlePopBack(to: Home)"])
        #expect(app.viewControllers == [shown[0]])
        _ = window
    }

    @Test("A3: a non-animated pop by app code is seen too")
    func nonAnimatedPop() {
        let (window, navigation, app, log, shown) = scene(["Detail"])
        navigation.popViewController(animated: false)
        loop.runUntilIdle()
        #expect(app.viewControllers == [shown[0]])
        #expect(log.entries == ["App.handlePopBack(to: Home)"])
        _ = window
    }

    @Test("A3: popToViewController over several levels updates viewControllers once, with one handlePopBack")
    func multiLevelPop() {
        let (window, navigation, app, log, shown) = scene(["A", "B", "C"])
        navigation.popToViewController(shown[1], animated: true)
        loop.runUntilIdle()
        #expect(app.viewControllers == [shown[0], shown[1]])
        #expect(log.entries == ["App.handlePopBack(to: A)"])
        _ = window
    }

    @Test(
        "A3: two coordinators on one navigation controller: swiping back from account empties it, home handles the pop and is told account finished"
    )
    func sharedNavigationController() {
        let (window, navigation) = makeStack()
        let log = Log()
        let home = LoggingCoordinator("Home", navigationController: navigation, log: log)
        home.start()
        let homeScreen = makeScreen("Home")
        home.root(homeScreen)
        let account = LoggingCoordinator("Account", navigationController: navigation, log: log)
        home.startChild(coordinator: account)
        account.show(makeScreen("Account"))
        loop.runUntilIdle()
        account.show(makeScreen("Settings"))
        loop.runUntilIdle()
        #expect(navigation.viewControllers.map(\.title) == ["Home", "Account", "Settings"])

        let swipe = navigation.beginInteractivePop()
        swipe?.finish()
        loop.runUntilIdle()
        #expect(account.viewControllers.map(\.title) == ["Account"])
        #expect(log.entries == ["Account.handlePopBack(to: Account)"])

        log.entries.removeAll()
        navigation.beginInteractivePop()?.finish()
        loop.runUntilIdle()
        #expect(account.viewControllers.isEmpty)
        #expect(log.entries == ["Home.handlePopBack(to: Home)", "Home.coordinatorDidFinish(Account)"])
        #expect(home.childCoordinators.isEmpty)
        #expect(home.viewControllers == [homeScreen])
        _ = window
    }

    @Test("A3: a pop by a parent over a child's screens ends the child without handlePopBack")
    func parentPopsOverChild() {
        let (window, navigation) = makeStack()
        let log = Log()
        let home = LoggingCoordinator("Home", navigationController: navigation, log: log)
        home.start()
        let homeScreen = makeScreen("Home")
        home.root(homeScreen)
        let flow = LoggingCoordinator("Flow", navigationController: navigation, log: log)
        home.startChild(coordinator: flow)
        flow.show(makeScreen("Step 1"))
        flow.show(makeScreen("Step 2"))
        loop.runUntilIdle()
        home.pop(to: homeScreen)
        loop.runUntilIdle()
        #expect(navigation.viewControllers == [homeScreen])
        #expect(flow.viewControllers.isEmpty)
        #expect(log.entries == ["Home.coordinatorDidFinish(Flow)"])
        _ = window
    }

    @Test("Controllers and coordinators are released when the flow ends")
    func lifetimes() {
        var live: [() -> AnyObject?] = []
        do {
            let (window, navigation) = makeStack()
            let log = Log()
            let app = LoggingCoordinator("App", navigationController: navigation, log: log)
            app.start()
            app.root(makeScreen("Home"))
            do {
                let child = LoggingCoordinator("Child", navigationController: navigation, log: log)
                app.startChild(coordinator: child)
                let step = makeScreen("Step")
                child.show(step)
                live = [
                    { [weak app] in app }, { [weak child] in child }, { [weak step] in step },
                    { [weak navigation] in navigation },
                ]
            }
            loop.runUntilIdle()
            navigation.simulateBackButtonTap()
            loop.runUntilIdle()
            #expect(live[1]() == nil && live[2]() == nil, "the finished child and its screen are released")
            app.stop()
            window.rootViewController = nil
        }
        loop.runUntilIdle()
        #expect(live.allSatisfy { $0() == nil })
    }
}

/// E19 for the UIResponder-style adapter: its operations queue behind running transitions.
@MainActor
@Suite("Adapter operations that overlap animations", .cleanSimulatedWorld)
struct AdapterOverlapTests {
    let loop = SimRunLoop.main

    private func started() -> (UIWindow, UINavigationController, LoggingCoordinator, Log) {
        let (window, navigation) = makeStack()
        let log = Log()
        let coordinator = LoggingCoordinator("Main", navigationController: navigation, log: log)
        coordinator.start()
        coordinator.root(makeScreen("Home"))
        return (window, navigation, coordinator, log)
    }

    @Test("E19: show followed at once by pop, top, pop(to:) and root never cuts into a running push")
    func showThenChange() {
        let (window, navigation, coordinator, log) = started()
        let home = coordinator.viewControllers[0]
        let warnings = SimWarnings.capture {
            coordinator.show(makeScreen("A"))
            coordinator.pop()
            #expect(coordinator.viewControllers.map(\.title) == ["Home"])
            coordinator.show(makeScreen("B"))
            coordinator.top(makeScreen("C"))
            #expect(coordinator.viewControllers.map(\.title) == ["Home", "C"])
            coordinator.show(makeScreen("D"))
            coordinator.pop(to: home)
            coordinator.show(makeScreen("E"))
            coordinator.root(makeScreen("F"))
            coordinator.show(makeScreen("G"))
            loop.runUntilIdle()
        }
        #expect(warnings.isEmpty)
        #expect(navigation.viewControllers.map(\.title) == ["F", "G"])
        #expect(coordinator.viewControllers.map(\.title) == ["F", "G"])
        #expect(log.entries.isEmpty, "the coordinator's own operations call no handlePopBack")
        _ = window
    }

    @Test("E19: present while a presentation is still animating waits, and dismiss completes after the dismissal")
    func presentWhileAnimating() {
        let (window, navigation, coordinator, _) = started()
        let first = makeScreen("First")
        let second = makeScreen("Second")
        var dismissed = false
        let warnings = SimWarnings.capture {
            coordinator.present(first)
            coordinator.dismiss { dismissed = true }
            coordinator.present(second)
            #expect(!dismissed)
            loop.runUntilIdle()
        }
        #expect(warnings.isEmpty)
        #expect(dismissed)
        #expect(navigation.presentedViewController === second)
        _ = window
    }
}
