import Insecurity
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

@MainActor
@Suite("Hosts in tab bars, interactive sheet dismissals, custom window transitions", .cleanSimulatedWorld)
struct ContainersAndSheetsTests {
    let loop = SimRunLoop.main

    /// A visible window whose root is a tab bar controller with a navigation controller per tab.
    private func tabbedScene(_ names: [String]) -> (UIWindow, UITabBarController, [UINavigationController]) {
        let stacks = names.map { UINavigationController(rootViewController: makeScreen($0)) }
        let tabs = UITabBarController()
        tabs.viewControllers = stacks
        let window = UIWindow()
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        return (window, tabs, stacks)
    }

    @Test("S13, E19: a host inside each tab keeps working while the user switches tabs, even mid-push")
    func hostsInTabs() {
        let (window, tabs, stacks) = tabbedScene(["Catalog", "Cart"])
        let catalogHost = InsecurityHost(navigation: stacks[0])
        let cartHost = InsecurityHost(navigation: stacks[1])
        let outcomes = Outcomes()
        let product = PushScreen("Product")
        let checkout = PushScreen("Checkout")
        var diagnostics: [InsecurityDiagnostic] = []
        let warnings = SimWarnings.capture {
            diagnostics = InsecurityDiagnostics.capture {
                catalogHost.start(product, animated: true, outcomes.completion("Product"))
                #expect(tabs.simulateTabTap(1), "the user switches tabs while the push animates")
                cartHost.start(checkout, animated: true, outcomes.completion("Checkout"))
                loop.runUntilIdle()
                #expect(stacks[0].viewControllers.map(\.title) == ["Catalog", "Product"])
                #expect(stacks[1].viewControllers.map(\.title) == ["Cart", "Checkout"])

                #expect(stacks[1].simulateBackButtonTap())
                loop.runUntilIdle()
                #expect(tabs.simulateTabTap(0))
                product.finish("added")
                loop.runUntilIdle()
            }
        }
        #expect(outcomes.log == ["Checkout: dismissed", "Product: added"])
        #expect(stacks.map { $0.viewControllers.count } == [1, 1])
        #expect(catalogHost.liveCoordinatorTypes.isEmpty && cartHost.liveCoordinatorTypes.isEmpty)
        #expect(warnings.isEmpty && diagnostics.isEmpty)
        _ = window
    }

    @Test("S13: tapping the shown tab pops its stack to the root, ending the frames it held")
    func reselectingTabEndsFrames() {
        let (window, tabs, stacks) = tabbedScene(["Catalog", "Cart"])
        let host = InsecurityHost(navigation: stacks[0])
        let outcomes = Outcomes()
        let product = PushScreen("Product")
        host.start(product, animated: false, outcomes.completion("Product"))
        loop.runUntilIdle()
        product.navigation.start(PushScreen("Reviews"), animated: false, outcomes.completion("Reviews"))
        loop.runUntilIdle()
        let events = EventLog()
        #expect(tabs.simulateTabTap(0))
        loop.runUntilIdle()
        #expect(outcomes.log == ["Product: dismissed"])
        #expect(events.summary == ["PushScreen ended(poppedByApp)", "PushScreen ended(teardownOfFramesAbove)"])
        #expect(host.liveCoordinatorTypes.isEmpty)
        _ = window
    }

    @Test(
        "S16, E10: a cancelled interactive sheet dismissal ends nothing; a finished one ends the frame with .dismissed and tears down what was above"
    )
    func interactiveSheetDismissal() throws {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let outcomes = Outcomes()
        let sheet = ModalScreen("Sheet")
        let above = ModalScreen("Above")
        host.start(sheet, animated: false, outcomes.completion("Sheet"))
        loop.runUntilIdle()
        sheet.navigation.start(above, animated: false, outcomes.completion("Above"))
        loop.runUntilIdle()
        let events = EventLog()

        let cancelled = try #require(sheet.controller?.beginInteractiveDismissal())
        cancelled.update(0.4)
        cancelled.cancel()
        loop.runUntilIdle()
        #expect(outcomes.log.isEmpty && events.summary.isEmpty)
        #expect(host.liveCoordinatorTypes.count == 2)

        let finished = try #require(sheet.controller?.beginInteractiveDismissal())
        finished.update(0.7)
        finished.finish()
        loop.runUntilIdle()
        #expect(outcomes.log == ["Sheet: dismissed"])
        #expect(events.summary == ["ModalScreen ended(swipe)", "ModalScreen ended(teardownOfFramesAbove)"])
        #expect(scene.root.presentedViewController == nil && host.liveCoordinatorTypes.isEmpty)
    }

    @Test("S16, E19: a finish requested while the user drags the sheet waits for the finger and then runs")
    func finishDuringSwipe() throws {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let outcomes = Outcomes()
        let sheet = ModalScreen("Sheet")
        host.start(sheet, animated: false, outcomes.completion("Sheet"))
        loop.runUntilIdle()
        let warnings = try SimWarnings.capture {
            let swipe = try #require(sheet.controller?.beginInteractiveDismissal())
            sheet.finish("paid")
            #expect(outcomes.log == ["Sheet: paid"], "the result is delivered at once")
            #expect(scene.root.presentedViewController != nil, "the dismissal waits for the gesture")
            swipe.cancel()
            loop.runUntilIdle()
        }
        #expect(warnings.isEmpty)
        #expect(scene.root.presentedViewController == nil)
        #expect(outcomes.log == ["Sheet: paid"])
    }

    @Test("E13: adaptive coordinators start on a window with a custom transition")
    func adaptiveWindowTransition() {
        let window = UIWindow()
        window.makeKeyAndVisible()
        let host = WindowHost(window)
        let outcomes = Outcomes()
        let navigation = UINavigationController()
        host.start(
            AdaptiveScreen("Welcome"), in: .navigation(new: navigation), duration: 0.3,
            options: .transitionCrossDissolve, outcomes.completion("Welcome"))
        #expect(window.rootViewController === navigation)
        #expect(navigation.viewControllers.map(\.title) == ["Welcome"])
        #expect(
            window.runningTransition?.duration == 0.3 && window.runningTransition?.options == .transitionCrossDissolve)
        loop.runUntilIdle()
    }
}
