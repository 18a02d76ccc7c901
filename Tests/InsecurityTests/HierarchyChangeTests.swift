import Insecurity
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

@MainActor
@Suite("Shared presenters and hierarchies app code replaces", .cleanSimulatedWorld)
struct HierarchyChangeTests {
    let loop = SimRunLoop.main

    @Test("A11, E19: a second host presenting from the same controller goes on top of the first host's chain")
    func twoHostsOnOnePresenter() {
        let (scene, navigation) = Scene.navigation()
        let first = InsecurityHost(modal: navigation)
        let second = InsecurityHost(modal: navigation)
        let outcomes = Outcomes()
        let pushed = PushScreen("Pushed")
        let nav = InsecurityHost(navigation: navigation)
        let sheet = ModalScreen("Sheet")
        let other = ModalScreen("Other")
        expectNoWarningsOrDiagnostics {
            nav.start(pushed, animated: true, outcomes.completion("Pushed"))
            first.start(sheet, animated: true, outcomes.completion("Sheet"))
            second.start(other, animated: true, outcomes.completion("Other"))
            loop.runUntilIdle()
        }
        #expect(navigation.presentedViewController === sheet.controller)
        #expect(sheet.controller?.presentedViewController === other.controller)
        // Ending the first host's sheet takes the second host's presentation with it: it ends dismissed.
        expectNoWarningsOrDiagnostics {
            sheet.finish("done")
            loop.runUntilIdle()
        }
        #expect(outcomes.log == ["Sheet: done", "Other: dismissed"])
        #expect(navigation.presentedViewController == nil)
        _ = (scene, first, second, nav)
    }

    @Test("E10, E15, E20: app code replacing the window's root ends the chains shown in the old hierarchy as removals")
    func appReplacesWindowRoot() async {
        let (scene, navigation) = Scene.navigation()
        let pushHost = InsecurityHost(navigation: navigation)
        let modalHost = InsecurityHost(modal: navigation)
        let outcomes = Outcomes()
        let pushed = PushScreen("Pushed")
        let above = ModalScreen("Above")
        let sheet = ModalScreen("Sheet")
        pushHost.start(pushed, animated: false, outcomes.completion("Pushed"))
        loop.runUntilIdle()
        pushed.navigation.start(above, animated: false, outcomes.completion("Above"))
        loop.runUntilIdle()
        modalHost.start(sheet, animated: true, outcomes.completion("Sheet"))
        loop.runUntilIdle()
        var live = LiveObjects()
        live.watch(pushed, above, sheet, pushed.controller, above.controller, sheet.controller)
        expectNoWarningsOrDiagnostics {
            scene.window.rootViewController = makeScreen("LoggedOut")
            loop.runUntilIdle()
        }
        #expect(outcomes.log.sorted() == ["Pushed: dismissed", "Sheet: dismissed"], "frames above are torn down (E8)")
        #expect(!pushed.isLive && !above.isLive && !sheet.isLive)
        #expect(pushHost.liveCoordinatorTypes.isEmpty && modalHost.liveCoordinatorTypes.isEmpty)
        _ = (pushHost, modalHost)
    }

    @Test("E15: an awaited window-root start resumes dismissed when the app empties and releases the window")
    func awaitedWindowStartResumes() async {
        var window: UIWindow? = UIWindow()
        window?.makeKeyAndVisible()
        let host = WindowHost(window!)
        let screen = ModalScreen("Root")
        var live = LiveObjects()
        live.watch(window)
        let result = Task { await host.start(screen, animated: false) }
        await startIssued(screen)
        loop.runUntilIdle()
        live.watch(screen.controller)
        window?.rootViewController = nil
        window = nil
        loop.runUntilIdle()
        #expect(await result.value.value == nil)
        loop.runUntilIdle()
        #expect(live.count == 0)
        _ = host
    }

    /// Lets the task that starts `coordinator` run until the engine has read its controller: the start has
    /// been issued (a single yield does not promise that under load).
    private func startIssued(_ coordinator: ModalScreen) async {
        for _ in 0..<1_000 where coordinator.reads == 0 { await Task.yield() }
        #expect(coordinator.reads == 1, "the start was issued")
    }

    @Test("E19, E20: a start waiting behind a transition whose presenter leaves the window ends dismissed, unshown")
    func waitingStartOutlivesPresenter() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let outcomes = Outcomes()
        let parent = ModalScreen("Parent")
        host.start(parent, animated: false, outcomes.completion("Parent"))
        loop.runUntilIdle()
        let child = ModalScreen("Child")
        expectNoWarningsOrDiagnostics {
            // The parent's dismissal animates; the child waits for it.
            parent.navigation.start(child, animated: true, outcomes.completion("Child"))
            loop.runUntilIdle()
            let second = ModalScreen("Second")
            child.navigation.start(second, animated: true, outcomes.completion("Second"))
            scene.window.rootViewController = makeScreen("Elsewhere")
            loop.runUntilIdle()
        }
        #expect(outcomes.log == ["Parent: dismissed"])
        #expect(host.liveCoordinatorTypes.isEmpty)
    }

    @Test(
        "E10, E20: a push onto a stack the app took off the window ends dismissed, unshown, as the root change would have ended it"
    )
    func pushOntoStackTakenOffTheWindow() {
        let (scene, navigation) = Scene.navigation()
        let host = InsecurityHost(navigation: navigation)
        let outcomes = Outcomes()
        let first = PushScreen("First")
        let late = PushScreen("Late")
        expectNoWarningsOrDiagnostics {
            host.start(first, animated: false, outcomes.completion("First"))
            loop.runUntilIdle()
            first.finish("done")
            loop.runUntilIdle()
            // The app logs out while the host has nothing on the stack; a coordinator then pushes.
            scene.window.rootViewController = makeScreen("LoggedOut")
            host.start(late, animated: false, outcomes.completion("Late"))
            loop.runUntilIdle()
        }
        #expect(outcomes.log == ["First: done", "Late: dismissed"])
        #expect(navigation.viewControllers.map(\.title) == ["Home"], "nothing is pushed where nobody sees it")
        #expect(host.liveCoordinatorTypes.isEmpty)
    }

    @Test(
        "A11, E8, E20: a start whose parent UIKit removes while the frames above it leave is dropped quietly, the parent ended"
    )
    func parentRemovedWhileFramesAboveLeave() {
        SimAnimation.nonAnimatedTiming = .immediate
        let scene = Scene()
        let first = InsecurityHost(modal: scene.root)
        let second = InsecurityHost(modal: scene.root)
        let outcomes = Outcomes()
        let parent = ModalScreen("Parent")
        let above = AdaptiveScreen("Above")
        let second2 = AdaptiveScreen("Above 2")
        let list = AdaptiveScreen("List")
        let late = AdaptiveScreen("Late")
        expectNoWarningsOrDiagnostics {
            first.start(parent, animated: false, outcomes.completion("Parent"))
            parent.navigation.start(ModalScreen("Sheet"), animated: false, outcomes.completion("Sheet"))
            // The second host's chain goes on top of the first's (A11): two sheets, then a stack with a detail.
            second.start(above, in: .modal, animated: false, outcomes.completion("Above"))
            above.navigation.start(second2, in: .modal, animated: false, outcomes.completion("Above 2"))
            second2.navigation.start(
                list, in: .navigation(new: UINavigationController()), animated: false, outcomes.completion("List"))
            list.navigation.start(AdaptiveScreen("Detail"), animated: false, outcomes.completion("Detail"))
            loop.runUntilIdle()
            // Starting again from List pops Detail with an animation; the first host then replaces Sheet,
            // whose dismissal (taking the second host's chain with it) waits for that pop.
            list.navigation.start(AdaptiveScreen("Next"), animated: true, outcomes.completion("Next"))
            parent.navigation.start(ModalScreen("Replacement"), animated: false, outcomes.completion("Replacement"))
            // App code dismisses the stack; then a start from Above takes Above 2 away, and the dismissal
            // waiting in the queue runs with it, removing Above as well.
            second2.controller?.dismiss(animated: false)
            above.navigation.start(late, in: .modal, animated: false, outcomes.completion("Late"))
            #expect(!above.isLive, "Above ended before the start returned")
            #expect(!late.isLive && second.liveCoordinatorTypes.isEmpty, "the start went with its parent")
            loop.runUntilIdle()
        }
        #expect(outcomes.log == ["List: dismissed", "Above: dismissed"])
        #expect(scene.root.presentedViewController?.title == "Parent")
        #expect(scene.root.presentedViewController?.presentedViewController?.title == "Replacement")
    }

    @Test("E13: a window-root start that ends while waiting leaves the previous root chain on screen and live")
    func windowRootStartEndsWhileWaiting() {
        let window = UIWindow()
        window.makeKeyAndVisible()
        let host = WindowHost(window)
        let outcomes = Outcomes()
        let first = ModalScreen("First")
        let sheet = PushScreen("Sheet")
        let second = ModalScreen("Second")
        expectNoWarningsOrDiagnostics {
            host.start(first, duration: 0.3, options: [], outcomes.completion("First"))
            first.navigation.start(UINavigationController(), sheet, animated: true, outcomes.completion("Sheet"))
            // Waits for the window transition, then is finished before it ever shows.
            host.start(second, duration: 0.3, options: [], outcomes.completion("Second"))
            second.finish("cancelled")
            loop.runUntilIdle()
        }
        #expect(window.rootViewController === first.controller)
        #expect(first.isLive && sheet.isLive, "the chain on screen stays live")
        #expect(first.controller?.presentedViewController === sheet.controller?.navigationController)
        #expect(outcomes.log == ["Second: cancelled"])
    }
    @Test(
        "E8, E20: ending a coordinator whose presentation still waits reports nothing and tears down the one waiting above"
    )
    func endWhileOwnPresentationWaits() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let outcomes = Outcomes()
        let first = ModalScreen("First")
        let waiting = ModalScreen("Waiting")
        let above = ModalScreen("Above")
        expectNoWarningsOrDiagnostics {
            host.start(first, animated: true, outcomes.completion("First"))
            first.navigation.start(waiting, animated: true, outcomes.completion("Waiting"))
            waiting.navigation.start(above, animated: true, outcomes.completion("Above"))
            waiting.finish("early")
            loop.runUntilIdle()
        }
        #expect(outcomes.log == ["Waiting: early"], "the frame above ends without its completion (E8)")
        #expect(scene.root.presentedViewController === first.controller)
        #expect(first.controller?.presentedViewController == nil)
        first.finish("done")
        loop.runUntilIdle()
    }
    @Test(
        "E8, E17, E20: a parent ended in the completion of a child whose new navigation controller still waits reports nothing"
    )
    func parentEndsWhileChildsNavigationWaits() {
        let (scene, navigation) = Scene.navigation()
        let host = InsecurityHost(modal: navigation)
        let first = AdaptiveScreen("First")
        let second = AdaptiveScreen("Second")
        let third = AdaptiveScreen("Third")
        let events = EventLog()
        expectNoWarningsOrDiagnostics {
            host.start(first, in: .any, animated: true) { _ in }
            first.navigation.start(second, in: .navigation(new: UINavigationController()), animated: false) { _ in
                first.finish("after second")
            }
            second.navigation.start(third, in: .any, animated: true) { _ in }
            second.finish("done")
            SimRunLoop.main.runUntilIdle()
        }
        #expect(
            events.summary.filter { $0.contains("ended") } == [
                "AdaptiveScreen ended(value)", "AdaptiveScreen ended(value)",
                "AdaptiveScreen ended(teardownOfFramesAbove)",
            ])
        #expect(navigation.presentedViewController == nil)
        _ = scene
    }
    @Test("E8, E9, E20: a start requested in a completion is dropped quietly when its parent ends before it runs")
    func deferredStartOfEndedParent() {
        let (scene, navigation) = Scene.navigation()
        let host = InsecurityHost(navigation: navigation)
        let parent = PushScreen("Parent")
        let child = PushScreen("Child")
        let late = ModalScreen("Late")
        expectNoWarningsOrDiagnostics {
            host.start(parent, animated: false) { _ in }
            parent.navigation.start(child, animated: false) { _ in
                parent.navigation.start(late, animated: true) { _ in }
            }
            child.finish("done")
            parent.finish("done too")
            SimRunLoop.main.runUntilIdle()
        }
        #expect(late.controller == nil, "the late start never ran")
        #expect(navigation.viewControllers.map(\.title) == ["Home"])
        #expect(navigation.presentedViewController == nil)
        _ = scene
    }
    @Test(
        "E15, E17, E20: an awaited window-root start still waiting when the app releases the window resumes dismissed")
    func awaitedWaitingWindowStartResumes() async {
        var window: UIWindow? = UIWindow()
        window?.makeKeyAndVisible()
        let host = WindowHost(window!)
        let first = ModalScreen("First")
        let second = ModalScreen("Second")
        var live = LiveObjects()
        live.watch(window)
        host.start(first, duration: 0.3, options: []) { _ in }
        let result = Task { await host.start(second, animated: true) }
        await startIssued(second)
        var diagnostics: [InsecurityDiagnostic] = []
        let warnings = SimWarnings.capture {
            diagnostics = InsecurityDiagnostics.capture {
                window?.rootViewController = nil
                window = nil
                loop.runUntilIdle()
            }
        }
        #expect(await result.value.value == nil)
        #expect(warnings.isEmpty && diagnostics.isEmpty, "\(warnings) \(diagnostics)")
        loop.runUntilIdle()
        #expect(live.count == 0)
        _ = host
    }

    @Test(
        "E8, E10, E19: a start waiting behind a held swipe is torn down with the swiped sheet whose completion ends its parent"
    )
    func startWaitingBehindSwipe() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let outcomes = Outcomes()
        let parent = ModalScreen("Parent")
        let sheet = ModalScreen("Sheet")
        let waiting = ModalScreen("Waiting")
        expectNoWarningsOrDiagnostics {
            host.start(parent, animated: false, outcomes.completion("Parent"))
            loop.runUntilIdle()
            parent.navigation.start(sheet, animated: false) { result in
                outcomes.completion("Sheet")(result)
                parent.finish("after sheet")
            }
            loop.runUntilIdle()
            let swipe = sheet.controller?.beginInteractiveDismissal()
            host.start(waiting, animated: true, outcomes.completion("Waiting"))
            swipe?.finish()
            loop.runUntilIdle()
        }
        #expect(outcomes.log == ["Sheet: dismissed", "Parent: after sheet"])
        #expect(waiting.controller == nil && !waiting.isLive)
        #expect(scene.root.presentedViewController == nil)
        #expect(host.liveCoordinatorTypes.isEmpty)
    }
}
