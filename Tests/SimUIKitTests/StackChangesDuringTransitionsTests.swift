import SimUIKit
import SimulationTesting
import Testing

/// S6: what UIKit's own code (`setViewControllers:animated:` and
/// `_applyViewControllers:transition:animated:operation:rescheduleBlock:`, decompiled iOS 26.1 UIKitCore) does with
/// a stack change requested while a transition coordinator is active: (a) dropped during a conflicting presentation
/// or dismissal, (b) applied at once when not animated during another presentation or dismissal, (c) queued
/// otherwise and applied when the running transition ends.
@MainActor
@Suite("Navigation controller: stack changes during transitions (S6)", .cleanSimulatedWorld)
struct StackChangesDuringTransitionsTests {
    enum Change: String, CaseIterable, CustomTestStringConvertible {
        case push, pop, popToRoot, replace
        var testDescription: String { rawValue }
    }

    /// A window showing `Root`, `A`, `B`, settled.
    private func scene() -> (UIWindow, UINavigationController, [Screen]) {
        let screens = [Screen("Root"), Screen("A"), Screen("B")]
        let navigation = UINavigationController()
        navigation.setViewControllers(screens, animated: false)
        let window = makeVisibleWindow(root: navigation)
        return (window, navigation, screens)
    }

    /// Asks `navigation` for `change`; returns the titles of the stack it leads to once applied.
    private func request(_ change: Change, on navigation: UINavigationController, animated: Bool) -> [String] {
        switch change {
        case .push:
            navigation.pushViewController(Screen("C"), animated: animated)
            return ["Root", "A", "B", "C"]
        case .pop:
            navigation.popViewController(animated: animated)
            return ["Root", "A"]
        case .popToRoot:
            navigation.popToRootViewController(animated: animated)
            return ["Root"]
        case .replace:
            navigation.setViewControllers([navigation.viewControllers[0], Screen("C")], animated: animated)
            return ["Root", "C"]
        }
    }

    private func alertController(_ style: UIAlertController.Style) -> UIAlertController {
        let alert = UIAlertController(title: "Alert", message: nil, preferredStyle: style)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        return alert
    }

    private func titles(_ navigation: UINavigationController) -> [String] {
        navigation.viewControllers.map { $0.title ?? "?" }
    }

    @Test(
        "S6 (a): during an alert's presentation over the navigation controller every stack change is dropped, pushes included, with UIKit's message",
        arguments: Change.allCases, [true, false])
    func droppedDuringAlert(change: Change, animated: Bool) {
        let (window, navigation, _) = scene()
        let alert = alertController(.alert)
        navigation.present(alert, animated: true)
        let warnings = SimWarnings.capture { _ = request(change, on: navigation, animated: animated) }
        let method =
            change == .replace
            ? "setViewControllers:animated:" : "_applyViewControllers:transition:animated:operation:rescheduleBlock:"
        #expect(
            warnings.map(\.message) == [
                "\(method) called on \(navigation.simDescription) while an existing transition or presentation is occurring; the navigation stack will not be updated."
            ])
        #expect(titles(navigation) == ["Root", "A", "B"])
        SimRunLoop.main.runUntilIdle()
        #expect(titles(navigation) == ["Root", "A", "B"], "dropped, not queued")
        #expect(navigation.presentedViewController === alert)
        _ = window
    }

    @Test(
        "S6 (a): an action sheet presented from a controller in the stack, or an alert presented above a sheet the navigation controller presents, drops a change too",
        arguments: [false, true])
    func droppedDuringOtherConflictingPresentations(aboveSheet: Bool) {
        let (window, navigation, screens) = scene()
        let sheet = alertController(aboveSheet ? .alert : .actionSheet)
        if aboveSheet {
            let form = Screen("Form")
            navigation.present(form, animated: false)
            SimRunLoop.main.runUntilIdle()
            form.present(sheet, animated: true)
        } else {
            sheet.popoverPresentationController?.sourceView = screens[2].view
            screens[2].present(sheet, animated: true)
        }
        let warnings = SimWarnings.capture { navigation.pushViewController(Screen("C"), animated: false) }
        #expect(warnings.count == 1)
        SimRunLoop.main.runUntilIdle()
        #expect(titles(navigation) == ["Root", "A", "B"])
        _ = window
    }

    @Test(
        "S6 (c): during an alert's dismissal back to the navigation controller a change is not dropped: animated, it waits for the dismissal",
        arguments: Change.allCases)
    func queuedDuringAlertDismissal(change: Change) {
        let (window, navigation, _) = scene()
        navigation.present(alertController(.alert), animated: false)
        SimRunLoop.main.runUntilIdle()
        navigation.dismiss(animated: true)
        var expected: [String] = []
        let warnings = SimWarnings.capture { expected = request(change, on: navigation, animated: true) }
        #expect(warnings.isEmpty)
        #expect(titles(navigation) == ["Root", "A", "B"], "waits for the dismissal")
        SimRunLoop.main.runUntilIdle()
        #expect(titles(navigation) == expected)
        _ = window
    }

    @Test(
        "S6 (b): during a sheet's presentation from the navigation controller a non-animated change is applied at once",
        arguments: Change.allCases)
    func appliedAtOnceDuringSheet(change: Change) {
        let (window, navigation, _) = scene()
        navigation.present(Screen("Sheet"), animated: true)
        var expected: [String] = []
        let warnings = SimWarnings.capture { expected = request(change, on: navigation, animated: false) }
        #expect(warnings.isEmpty)
        #expect(titles(navigation) == expected, "applied before the call returns")
        SimRunLoop.main.runUntilIdle()
        #expect(titles(navigation) == expected)
        #expect(navigation.presentedViewController?.title == "Sheet")
        _ = window
    }

    @Test(
        "S6 (c): during a sheet's presentation, or the navigation controller's own presentation, an animated change waits for it and then runs",
        arguments: Change.allCases, [false, true])
    func queuedDuringPresentation(change: Change, navigationIsPresented: Bool) {
        let (window, navigation, _) = scene()
        if navigationIsPresented {
            let home = Screen("Home")
            window.rootViewController = home
            SimRunLoop.main.runUntilIdle()
            home.present(navigation, animated: true)
        } else {
            navigation.present(Screen("Sheet"), animated: true)
        }
        var expected: [String] = []
        let warnings = SimWarnings.capture { expected = request(change, on: navigation, animated: true) }
        #expect(warnings.isEmpty)
        #expect(titles(navigation) == ["Root", "A", "B"], "queued behind the presentation")
        SimRunLoop.main.advance(by: SimAnimation.modalTransitionDuration)
        #expect(titles(navigation) == expected, "applied when the presentation ends")
        SimRunLoop.main.runUntilIdle()
        #expect(titles(navigation) == expected)
        _ = window
    }

    @Test(
        "S6 (c): during an animated push every change, animated or not, is queued behind it and applied when it ends, without a warning",
        arguments: Change.allCases, [true, false])
    func queuedBehindRunningPush(change: Change, animated: Bool) {
        let (window, navigation, screens) = scene()
        navigation.setViewControllers(Array(screens.prefix(2)), animated: false)
        SimRunLoop.main.runUntilIdle()
        navigation.pushViewController(screens[2], animated: true)
        var expected: [String] = []
        let warnings = SimWarnings.capture { expected = request(change, on: navigation, animated: animated) }
        #expect(warnings.isEmpty)
        #expect(titles(navigation) == ["Root", "A", "B"], "the running push's stack")
        SimRunLoop.main.advance(by: SimAnimation.navigationTransitionDuration)
        #expect(titles(navigation) == expected, "applied as the push ends")
        SimRunLoop.main.runUntilIdle()
        #expect(titles(navigation) == expected)
        #expect(navigation.transitionCoordinator == nil)
        _ = window
    }

    @Test("S6: a queued pop pops what is on top when it runs, and queued changes run in request order")
    func queuedChangesRunInOrder() {
        let (window, navigation, screens) = scene()
        navigation.popViewController(animated: true)
        navigation.pushViewController(Screen("C"), animated: true)
        navigation.pushViewController(Screen("D"), animated: false)
        #expect(navigation.popViewController(animated: true) === screens[1], "UIKit returns the top at the call")
        #expect(titles(navigation) == ["Root", "A"])
        SimRunLoop.main.runUntilIdle()
        // The pop ends; C is pushed; D and the pop wait for C's push, then D is pushed and popped again.
        #expect(titles(navigation) == ["Root", "A", "C"])
        _ = window
    }
}
