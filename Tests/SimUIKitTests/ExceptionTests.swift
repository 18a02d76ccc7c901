import SimUIKit
import SimulationTesting
import Testing

@MainActor
@Suite("UIKit's exceptions", .cleanSimulatedWorld)
struct ExceptionTests {
    let loop = SimRunLoop.main

    @Test("S17: pushing a controller already in this stack raises UIKit's text and changes nothing")
    func pushSameInstance() {
        let home = Screen("Home")
        let detail = Screen("Detail")
        let navigation = UINavigationController(rootViewController: home)
        let window = makeVisibleWindow(root: navigation)
        navigation.pushViewController(detail, animated: false)
        loop.runUntilIdle()
        let exceptions = SimExceptions.capture { navigation.pushViewController(detail, animated: true) }
        #expect(
            exceptions == [
                SimException(
                    name: "NSInvalidArgumentException",
                    reason:
                        "<UINavigationController> is pushing the same view controller instance (<Screen #detail \"Detail\">) more than once which is not supported and is most likely an error in the application"
                )
            ])
        #expect(navigation.viewControllers == [home, detail])
        #expect(navigation.transitionCoordinator == nil, "no transition started")
        _ = window
    }

    @Test(
        "S17: pushing a navigation controller raises; setViewControllers with a controller twice raises UIKit's own exception"
    )
    func pushNavigationController() {
        let home = Screen("Home")
        let navigation = UINavigationController(rootViewController: home)
        let exceptions = SimExceptions.capture {
            navigation.pushViewController(UINavigationController(), animated: false)
            SimRunLoop.main.runUntilIdle()
            navigation.setViewControllers([home, home], animated: false)
            SimRunLoop.main.runUntilIdle()
            navigation.setViewControllers([home, UINavigationController()], animated: false)
            SimRunLoop.main.runUntilIdle()
        }
        #expect(
            exceptions.map(\.name) == [
                "NSInvalidArgumentException", "NSInternalInconsistencyException", "NSInternalInconsistencyException",
            ])
        #expect(exceptions.first?.reason == "Pushing a navigation controller is not supported")
        #expect(exceptions[1].reason == "All view controllers in a navigation controller must be distinct")
        // UIKit's `_setViewControllers:transition:animated:operation:` has its own text for a nested one.
        #expect(exceptions.last?.reason == "UINavigationControllers are not allowed in a navigation controller!")
        #expect(navigation.viewControllers == [home])
    }

    @Test("S17: popping to a controller that is not in the stack raises and pops nothing")
    func popToMissingController() {
        let home = Screen("Home")
        let detail = Screen("Detail")
        let navigation = UINavigationController(rootViewController: home)
        navigation.pushViewController(detail, animated: false)
        SimRunLoop.main.runUntilIdle()
        var popped: [UIViewController]? = []
        let exceptions = SimExceptions.capture {
            popped = navigation.popToViewController(Screen("Stranger"), animated: false)
        }
        #expect(
            exceptions == [
                SimException(
                    name: "NSInternalInconsistencyException",
                    reason: "Tried to pop to a view controller that doesn't exist."
                )
            ])
        #expect(popped == nil)
        #expect(navigation.viewControllers == [home, detail])
    }

    @Test("S17: a second cancel action raises and is not added")
    func secondCancelAction() {
        let alert = UIAlertController(title: "Leave?", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        let exceptions = SimExceptions.capture {
            alert.addAction(UIAlertAction(title: "Close", style: .cancel))
        }
        #expect(exceptions.map(\.name) == ["NSInternalInconsistencyException"])
        #expect(
            exceptions.first?.reason
                == "UIAlertController can only have one action with a style of UIAlertActionStyleCancel")
        #expect(alert.actions.map(\.title) == ["Cancel"])
    }

    @Test("S17: an action sheet presented on an iPad without a source raises UIKit's NSGenericException")
    func actionSheetWithoutSourceOnPad() {
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: "Delete", style: .destructive))
        root.present(sheet, animated: false)
        #expect(root.presentedViewController === sheet, "an iPhone presents it")
        SimRunLoop.main.runUntilIdle()
        sheet.dismiss(animated: false)
        SimRunLoop.main.runUntilIdle()
        SimDevice.idiom = .pad
        let again = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        let exceptions = SimExceptions.capture { root.present(again, animated: false) }
        #expect(exceptions.map(\.name) == ["NSGenericException"])
        #expect(
            exceptions.first?.reason.contains("You must provide either a sourceView and sourceRect or a barButtonItem")
                == true)
        #expect(root.presentedViewController == nil)
        again.popoverPresentationController?.sourceView = root.view
        root.present(again, animated: false)
        #expect(root.presentedViewController === again, "with a source view it presents")
        SimRunLoop.main.runUntilIdle()
        _ = window
    }

    @Test(
        "S17: an action without a title raises UIKit's exception whatever its style (UIAlertAction's _actionWithTitle:…)",
        arguments: UIAlertAction.Style.allCases)
    func actionWithoutTitle(style: UIAlertAction.Style) {
        let exceptions = SimExceptions.capture { _ = UIAlertAction(title: nil, style: style) }
        let name = ["UIAlertActionStyleDefault", "UIAlertActionStyleCancel", "UIAlertActionStyleDestructive"][style.rawValue]
        #expect(exceptions.map(\.name) == ["NSInternalInconsistencyException"])
        #expect(
            exceptions.first?.reason
                == "Actions added to UIAlertController of style \(name) must have a title when running in UIUserInterfaceIdiomPhone"
        )
        #expect(SimExceptions.capture { _ = UIAlertAction(title: "", style: style) }.isEmpty)
    }

    @Test("S17: a popover without a source raises with UIKit's text, which names the popover presentation controller")
    func popoverWithoutSourceOnPad() {
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        SimDevice.idiom = .pad
        let popover = Screen("Popover")
        popover.modalPresentationStyle = .popover
        let exceptions = SimExceptions.capture { root.present(popover, animated: false) }
        #expect(exceptions.map(\.name) == ["NSGenericException"])
        #expect(
            exceptions.first?.reason
                == "UIPopoverPresentationController (<UIPopoverPresentationController of \(popover.simDescription)>) should have a non-nil sourceView or barButtonItem set before the presentation occurs."
        )
        #expect(root.presentedViewController == nil)
        _ = window
    }

    @Test("S17: presenting a controller that is already presented, or already on screen, raises")
    func presentActiveControllers() {
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        let sheet = Screen("Sheet")
        var completed = false
        root.present(sheet, animated: false)
        SimRunLoop.main.runUntilIdle()
        let other = Screen("Other")
        sheet.present(other, animated: false)
        SimRunLoop.main.runUntilIdle()
        let exceptions = SimExceptions.capture {
            other.present(sheet, animated: false) { completed = true }
            other.present(root, animated: false)
            SimRunLoop.main.runUntilIdle()
        }
        #expect(
            exceptions.map(\.reason) == [
                "Application tried to present modally a view controller <Screen #sheet \"Sheet\"> that is already being presented by <Screen #root \"Root\">.",
                "Application tried to present modally an active controller <Screen #root \"Root\">.",
            ])
        #expect(exceptions.allSatisfy { $0.name == "NSInvalidArgumentException" })
        #expect(sheet.presentingViewController === root && other.presentedViewController == nil)
        #expect(!completed)
        _ = window
    }

    @Test("S17: the innermost capture catches an exception, and the rest of its body still runs")
    func nestedCaptures() {
        let navigation = UINavigationController(rootViewController: Screen("Home"))
        var inner: [SimException] = []
        var ranAfter = false
        let outer = SimExceptions.capture {
            inner = SimExceptions.capture { navigation.popToViewController(Screen("Stranger"), animated: false) }
            ranAfter = true
        }
        #expect(inner.count == 1 && outer.isEmpty && ranAfter)
    }

    @Test("S17: expectNoWarningsOrDiagnostics turns an exception into a failed expectation instead of a crash")
    func helperRecordsExceptions() {
        let navigation = UINavigationController(rootViewController: Screen("Home"))
        withKnownIssue {
            expectNoWarningsOrDiagnostics { navigation.popToViewController(Screen("Stranger"), animated: false) }
        } matching: { issue in
            issue.description.contains("Tried to pop to a view controller that doesn't exist.")
        }
    }

    @Test("S17: outside a capture the program stops with UIKit's reason, as the app does on a device")
    func uncaughtExceptionStopsTheProgram() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let home = UIViewController()
                let navigation = UINavigationController(rootViewController: home)
                navigation.pushViewController(home, animated: false)
                SimRunLoop.main.runUntilIdle()
            }
        }
        let console = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(console.contains("Terminating app due to uncaught exception 'NSInvalidArgumentException'"))
        #expect(console.contains("is pushing the same view controller instance"))
    }
}
