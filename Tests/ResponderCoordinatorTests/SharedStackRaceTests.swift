import Insecurity
@_spi(Testing) import ResponderCoordinator
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

@MainActor
@Suite("Coordinators sharing a stack, racing the user and app code", .cleanSimulatedWorld)
struct SharedStackRaceTests {
    let loop = SimRunLoop.main

    private func titles(_ controllers: [UIViewController]) -> [String] { controllers.map { $0.title ?? "?" } }

    @Test("A11, E19, E20: a child's present while its parent's presentation is up goes on top of it")
    func childPresentsOverParent() {
        let (window, navigation, app, log) = launchLegacyApp()
        let child = LoggingCoordinator("Child", navigationController: navigation, log: log)
        app.startChild(coordinator: child)
        let sheetA = makeScreen("sheetA")
        let sheetB = makeScreen("sheetB")
        expectNoWarningsOrDiagnostics {
            app.present(sheetA, animated: false)
            child.present(sheetB, animated: false)
            loop.runUntilIdle()
        }
        #expect(navigation.presentedViewController === sheetA)
        #expect(sheetA.presentedViewController === sheetB)
        expectNoWarningsOrDiagnostics {
            child.dismiss(animated: true)
            loop.runUntilIdle()
        }
        #expect(navigation.presentedViewController === sheetA && sheetA.presentedViewController == nil)
        expectNoWarningsOrDiagnostics {
            app.dismiss(animated: true)
            loop.runUntilIdle()
        }
        #expect(navigation.presentedViewController == nil)
        _ = window
    }

    @Test("A11, E19: a parent's dismiss takes a child's presentation above its own with it")
    func parentDismissTakesChildPresentation() {
        let (window, navigation, app, log) = launchLegacyApp()
        let child = LoggingCoordinator("Child", navigationController: navigation, log: log)
        app.startChild(coordinator: child)
        expectNoWarningsOrDiagnostics {
            app.present(makeScreen("sheetA"), animated: true)
            child.present(makeScreen("sheetB"), animated: true)
            loop.runUntilIdle()
            app.dismiss(animated: true)
            loop.runUntilIdle()
            child.present(makeScreen("sheetC"), animated: true)
            loop.runUntilIdle()
        }
        #expect(navigation.presentedViewController?.title == "sheetC")
        expectNoWarningsOrDiagnostics {
            child.dismiss(animated: false)
            loop.runUntilIdle()
        }
        #expect(navigation.presentedViewController == nil)
        _ = window
    }

    @Test("E19, A3: show during the user's back-button pop is pushed once the pop ends")
    func showDuringBackButtonPop() {
        let (window, navigation, app, _) = launchLegacyApp()
        let l2 = makeScreen("L2")
        let l3 = makeScreen("L3")
        expectNoWarningsOrDiagnostics {
            app.show(l2)
            loop.runUntilIdle()
            navigation.simulateBackButtonTap()
            app.show(l3)
            loop.runUntilIdle()
        }
        #expect(titles(navigation.viewControllers) == ["L0", "L3"])
        #expect(titles(app.viewControllers) == ["L0", "L3"])
        _ = window
    }

    @Test("A3: stopChild during the parent's animated present or push keeps the parent's screen")
    func stopChildDuringParentsOperation() {
        let (window, navigation, app, log) = launchLegacyApp()
        let child = LoggingCoordinator("Child", navigationController: navigation, log: log)
        app.startChild(coordinator: child)
        child.show(makeScreen("C1"))
        loop.runUntilIdle()
        let x = makeScreen("X")
        expectNoWarningsOrDiagnostics {
            app.show(x)
            app.stopChild(coordinator: child)
            loop.runUntilIdle()
        }
        #expect(titles(navigation.viewControllers) == ["L0", "X"])
        #expect(titles(app.viewControllers) == ["L0", "X"])

        let child2 = LoggingCoordinator("Child2", navigationController: navigation, log: log)
        app.startChild(coordinator: child2)
        child2.show(makeScreen("C2"))
        loop.runUntilIdle()
        let sheet = makeScreen("Sheet")
        expectNoWarningsOrDiagnostics {
            app.present(sheet, animated: true)
            app.stopChild(coordinator: child2)
            loop.runUntilIdle()
        }
        #expect(titles(navigation.viewControllers) == ["L0", "X"])
        #expect(titles(app.viewControllers) == ["L0", "X"])
        #expect(navigation.presentedViewController === sheet)
        app.dismiss(animated: false)
        loop.runUntilIdle()
        _ = window
    }

    @Test("E19, A3: an app-made pop racing the coordinator's waiting pushes leaves every screen owned")
    func appPopRacesWaitingPushes() {
        let (window, navigation, app, _) = launchLegacyApp()
        expectNoWarningsOrDiagnostics {
            app.show(makeScreen("L3"))
            app.top(makeScreen("L4"))
            app.show(makeScreen("L5"))
        }
        _ = SimWarnings.capture { navigation.popViewController(animated: true) }
        expectNoWarningsOrDiagnostics { loop.runUntilIdle() }
        #expect(titles(app.viewControllers) == titles(navigation.viewControllers))
        _ = window
    }

    @Test("A11, E19: present right after the user swiped the previous presentation away appears")
    func presentAfterSwipe() {
        let (window, navigation, app, _) = launchLegacyApp()
        let s = makeScreen("s")
        let t = makeScreen("t")
        expectNoWarningsOrDiagnostics {
            app.present(s, animated: true)
            loop.runUntilIdle()
            s.simulateInteractiveDismissal()
            app.present(t, animated: true)
            loop.runUntilIdle()
        }
        #expect(navigation.presentedViewController === t)
        app.dismiss(animated: false)
        loop.runUntilIdle()
        _ = window
    }

    @Test("A3: stopChild after the user popped the child's screen does not put it back")
    func stopChildAfterUserPop() {
        let (window, navigation, app, log) = launchLegacyApp()
        let child = LoggingCoordinator("Child", navigationController: navigation, log: log)
        app.startChild(coordinator: child)
        child.root(makeScreen("C"))
        let a = makeScreen("a")
        expectNoWarningsOrDiagnostics {
            app.show(a)
            loop.runUntilIdle()
            navigation.simulateBackButtonTap()
            app.stopChild(coordinator: child)
            loop.runUntilIdle()
        }
        #expect(!navigation.viewControllers.contains(a))
        #expect(!app.viewControllers.contains(a))
        _ = window
    }

    @Test("A3: a child popping its own last controller tells its parent coordinatorDidFinish")
    func childPopsItsLastController() {
        let (window, navigation, app, log) = launchLegacyApp()
        let child = LoggingCoordinator("Child", navigationController: navigation, log: log)
        app.startChild(coordinator: child)
        child.show(makeScreen("C1"))
        loop.runUntilIdle()
        expectNoWarningsOrDiagnostics {
            child.pop()
            loop.runUntilIdle()
        }
        #expect(log.entries.contains("App.coordinatorDidFinish(Child)"))
        #expect(!child.isStarted)
        #expect(titles(navigation.viewControllers) == ["L0"])
        _ = window
    }

    @Test("E10, A3: app code replacing the window's root ends the legacy frames and tells the parent")
    func windowRootReplaced() {
        let (window, navigation, app, log) = launchLegacyApp()
        let child = LoggingCoordinator("Child", navigationController: navigation, log: log)
        app.startChild(coordinator: child)
        child.show(makeScreen("C1"))
        app.present(makeScreen("Sheet"), animated: true)
        loop.runUntilIdle()
        expectNoWarningsOrDiagnostics {
            window.rootViewController = makeScreen("LoggedOut")
            loop.runUntilIdle()
        }
        #expect(log.entries.contains("App.coordinatorDidFinish(Child)"))
        #expect(titles(app.viewControllers) == ["L0"])
        _ = navigation
    }
    @Test("A3: a multi-level pop that empties a child and its child tells each parent, innermost first")
    func multiLevelPopTellsEveryParent() {
        let (window, navigation, app, log) = launchLegacyApp()
        let child = LoggingCoordinator("Child", navigationController: navigation, log: log)
        let grandchild = LoggingCoordinator("Grandchild", navigationController: navigation, log: log)
        app.startChild(coordinator: child)
        child.show(makeScreen("C1"))
        child.startChild(coordinator: grandchild)
        grandchild.show(makeScreen("G1"))
        loop.runUntilIdle()
        expectNoWarningsOrDiagnostics {
            _ = navigation.popToRootViewController(animated: true)
            loop.runUntilIdle()
        }
        #expect(
            log.entries.filter { $0.contains("coordinatorDidFinish") } == [
                "Child.coordinatorDidFinish(Grandchild)", "App.coordinatorDidFinish(Child)",
            ])
        #expect(!child.isStarted && !grandchild.isStarted)
        _ = window
    }

    @Test("A3, A11: stopping a child dismisses what it presented, with whatever is above it")
    func stopChildDismissesItsSheet() {
        let (window, navigation, app, log) = launchLegacyApp()
        let child = LoggingCoordinator("Child", navigationController: navigation, log: log)
        app.startChild(coordinator: child)
        child.present(makeScreen("ChildSheet"), animated: true)
        loop.runUntilIdle()
        expectNoWarningsOrDiagnostics {
            app.stopChild(coordinator: child)
            loop.runUntilIdle()
        }
        #expect(navigation.presentedViewController == nil)
        _ = window
    }
}

@MainActor
@Suite("Adapter invariant checks see corrupted state", .cleanSimulatedWorld)
struct AdapterInvariantCheckTests {
    @Test("A3: a coordinator's list that disagrees with the stack is reported")
    func corruptedViewControllers() {
        let (window, navigation) = makeStack()
        let app = LoggingCoordinator("App", navigationController: navigation, log: Log())
        app.start()
        app.root(makeScreen("L0"))
        app.show(makeScreen("L1"))
        SimRunLoop.main.runUntilIdle()
        #expect(ResponderCoordinatorInvariants().violations(windows: [window], settled: true).isEmpty)
        let listed = app.viewControllers
        app.viewControllers = [listed[0]]
        #expect(
            ResponderCoordinatorInvariants().violations(windows: [window], settled: true).contains {
                $0.contains("in 0 coordinators' lists")
            })
        app.viewControllers = listed + [makeScreen("Ghost")]
        #expect(
            ResponderCoordinatorInvariants().violations(windows: [window], settled: true).contains {
                $0.contains("which is not on the stack")
            })
        app.viewControllers = listed.reversed()
        #expect(
            ResponderCoordinatorInvariants().violations(windows: [window], settled: true).contains {
                $0.contains("not in stack order")
            })
        app.viewControllers = listed
        #expect(ResponderCoordinatorInvariants().violations(windows: [window], settled: true).isEmpty)
        _ = window
    }
}
