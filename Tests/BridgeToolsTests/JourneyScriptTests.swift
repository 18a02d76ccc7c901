import BridgeTools
import SimUIKit
import SimulationTesting
import Testing

@Suite("Journey scripts")
struct JourneyScriptTests {
    @Test("bridge replay: scripts parse events, comments and 'time manual'")
    func parses() throws {
        let script = try JourneyScript(
            """
            time manual   # only wait moves the clock
            back main
            pop main cancel 0.3

            swipe settings cancel 0.4   # let go early
            tab tabs 1
            finish checkout
            wait 0.2
            wait
            """)
        #expect(script.isTimeManual)
        #expect(script.steps.map(\.line) == [2, 3, 5, 6, 7, 8, 9])
        #expect(
            script.steps.map(\.text) == [
                "back main", "pop main cancel 0.3", "swipe settings cancel 0.4", "tab tabs 1", "finish checkout",
                "wait 0.2", "wait",
            ])
    }

    @Test("bridge replay: every bad line is reported with its number and what was expected")
    func errors() {
        #expect {
            try JourneyScript("back\njump main\npop main finish 2\ntab tabs -1\nback main\ntime manual")
        } throws: { error in
            (error as? JourneyScriptError)?.description == """
                line 1: expected 'back NAVIGATION'
                line 2: unknown event 'jump'; events are back, pop, swipe, tab, finish, dismiss and wait
                line 3: the progress must be a number from 0.0 to 1.0, not '2'
                line 4: expected 'tab TABBAR INDEX (counted from 0)'
                line 6: 'time manual' must come before the first event
                """
        }
    }
}

@MainActor
@Suite("Journey scripts on a live tree", .cleanSimulatedWorld)
struct JourneyRefusalTests {
    /// A window with a tab bar 'tabs': tab 0 is the navigation controller 'main' with one screen.
    private func tabbedWindow() -> (UIWindow, UITabBarController) {
        let main = UINavigationController(rootViewController: UIViewController())
        main.restorationIdentifier = "main"
        let tabs = UITabBarController()
        tabs.restorationIdentifier = "tabs"
        tabs.viewControllers = [main, UIViewController()]
        let window = UIWindow()
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        return (window, tabs)
    }

    /// The message of the step that stopped `script`, or nil when it ran to its end.
    private func refusal(_ script: String, on window: UIWindow) throws -> String? {
        do {
            try JourneyScript(script).run(on: [window]) { _ in }
            return nil
        } catch let error as JourneyScriptError {
            return error.problems.first?.message
        }
    }

    @Test("A refused step says what on screen stops it: no such tab, nothing to go back to, a sheet over the tab bar")
    func refusalsSayWhy() throws {
        let (window, tabs) = tabbedWindow()
        #expect(
            try refusal("tab tabs 5", on: window)
                == "UIKit refuses: 'tabs' has 2 tabs, so no tab 5 (tabs count from 0)")
        #expect(try refusal("back main", on: window) == "UIKit refuses: there is nothing to go back to on 'main'")

        let sheet = UIViewController()
        sheet.restorationIdentifier = "sheet"
        sheet.isModalInPresentation = true
        tabs.present(sheet, animated: false)
        SimRunLoop.main.runUntilIdle()
        #expect(
            try refusal("tab tabs 1", on: window)
                == "UIKit refuses: 'sheet' is presented over 'tabs' and covers its tab bar")
        #expect(
            try refusal("swipe sheet", on: window)
                == "UIKit refuses: the sheet holding 'sheet' is modal in presentation (isModalInPresentation)")
        #expect(try refusal("wait", on: window) == nil)
        tabs.dismiss(animated: false)
        SimRunLoop.main.runUntilIdle()
    }
}
