import SimUIKit
import SimulationTesting
import Testing

@MainActor
@Suite("Modal presentation", .cleanSimulatedWorld)
struct PresentationTests {
    /// A visible window whose root presents a sheet, settled.
    private func presentedSheet() -> (UIWindow, Screen, Screen) {
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        let sheet = Screen("Sheet")
        root.present(sheet, animated: false)
        SimRunLoop.main.runUntilIdle()
        return (window, root, sheet)
    }

    let loop = SimRunLoop.main

    @Test(
        "S3: at the end of a dismissal the links are gone before the did-callbacks: presentingViewController is nil in the dismissed controller's viewDidDisappear (UIKit's transitionDidFinish:)",
        arguments: [true, false])
    func linksClearedBeforeDidDisappear(animated: Bool) {
        final class Sheet: UIViewController {
            var presenterInDidDisappear: UIViewController?? = .none
            var dismissingInDidDisappear = false
            override func viewDidDisappear(_ animated: Bool) {
                presenterInDidDisappear = .some(presentingViewController)
                dismissingInDidDisappear = isBeingDismissed
            }
        }
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        let sheet = Sheet()
        root.present(sheet, animated: false)
        loop.runUntilIdle()
        root.dismiss(animated: animated)
        if animated { #expect(root.presentedViewController === sheet, "kept while the dismissal animates") }
        loop.runUntilIdle()
        #expect(sheet.presenterInDidDisappear == .some(nil))
        #expect(sheet.dismissingInDidDisappear, "still being dismissed in its did-disappear")
        #expect(root.presentedViewController == nil)
        _ = window
    }

    @Test("S1: a second present while presenting leaves the first in place, warns, and never calls the completion")
    func presentWhilePresenting() {
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        let first = Screen("First")
        let second = Screen("Second")
        root.present(first, animated: false)
        SimRunLoop.main.runUntilIdle()
        var completed = false
        let warnings = SimWarnings.capture {
            root.present(second, animated: true) { completed = true }
            loop.runUntilIdle()
        }
        #expect(root.presentedViewController === first)
        #expect(second.presentingViewController == nil)
        #expect(!completed)
        #expect(
            warnings.map(\.message) == [
                "Attempt to present <Screen #second \"Second\"> on <Screen #root \"Root\"> (from <Screen #root \"Root\">) which is already presenting <Screen #first \"First\">."
            ])
        _ = window
    }

    @Test("S1: a present requested while the presenter's transition runs is refused")
    func presentDuringTransition() {
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        let first = Screen("First")
        root.present(first, animated: true)
        var completed = false
        let warnings = SimWarnings.capture {
            first.present(Screen("Second"), animated: true) { completed = true }
        }
        loop.runUntilIdle()
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("while a presentation is in progress") == true)
        #expect(first.presentedViewController == nil)
        #expect(!completed)
        _ = window
    }

    @Test("S1: presenting from a controller outside any window is refused with a warning")
    func presentOutsideWindow() {
        let detached = Screen("Detached")
        var completed = false
        let warnings = SimWarnings.capture {
            detached.present(Screen("Sheet"), animated: false) { completed = true }
        }
        #expect(warnings.first?.message.hasSuffix("whose view is not in the window hierarchy.") == true)
        #expect(detached.presentedViewController == nil)
        #expect(!completed)
    }

    @Test("S1: presenting from the root's viewDidLoad, before its view is in the window, is refused")
    func presentFromViewDidLoad() {
        let root = PresentsOnLoad()
        let window = UIWindow()
        window.rootViewController = root
        let warnings = SimWarnings.capture { window.makeKeyAndVisible() }
        loop.runUntilIdle()
        #expect(warnings.map(\.message).contains { $0.hasSuffix("whose view is not in the window hierarchy.") })
        #expect(root.presentedViewController == nil)
        root.present(Screen("Later"), animated: false)
        #expect(root.presentedViewController != nil, "once the view is shown, the same call presents")
        loop.runUntilIdle()
    }

    @Test("S1: presenting on a hidden window is refused")
    func presentOnHiddenWindow() {
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        window.isHidden = true
        let warnings = SimWarnings.capture { root.present(Screen("Sheet"), animated: false) }
        #expect(warnings.first?.message.hasSuffix("whose view is not in the window hierarchy.") == true)
        #expect(root.presentedViewController == nil)
    }

    @Test("S1: a detached controller whose view was added to a window by hand presents, with UIKit's warning")
    func presentFromDetachedController() {
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        let detached = Screen("Detached")
        root.view.addSubview(detached.view)
        let sheet = Screen("Sheet")
        let warnings = SimWarnings.capture { detached.present(sheet, animated: false) }
        loop.runUntilIdle()
        #expect(
            warnings.map(\.message) == [
                "Presenting view controllers on detached view controllers is discouraged \(detached.simDescription)."
            ])
        #expect(detached.presentedViewController === sheet)
        #expect(sheet.view.window === window)
        detached.dismiss(animated: false)
        loop.runUntilIdle()
    }

    @Test("S2: a controller inside a navigation controller presents through it")
    func presentsThroughContainer() {
        let home = Screen("Home")
        let navigation = UINavigationController(rootViewController: home)
        let window = makeVisibleWindow(root: navigation)
        let sheet = Screen("Sheet")
        home.present(sheet, animated: false)
        SimRunLoop.main.runUntilIdle()
        #expect(sheet.presentingViewController === navigation)
        #expect(navigation.presentedViewController === sheet)
        #expect(home.presentedViewController === sheet)
        _ = window
    }

    @Test(
        "S2, S20: a current-context presentation is presented by the closest parent that defines the context, else the outermost container"
    )
    func definesPresentationContext() {
        let journal = Journal()
        let list = Screen("List", journal: journal)
        let navigation = UINavigationController(rootViewController: list)
        navigation.definesPresentationContext = true
        let other = Screen("Other")
        let tabs = UITabBarController()
        tabs.setViewControllers([navigation, other], animated: false)
        let window = makeVisibleWindow(root: tabs)
        _ = journal.take()
        var observed: [String] = []
        let observation = tabs.observePresentations { observed.append("\($0.kind) \($0.phase)") }
        let filter = Screen("Filter", journal: journal)
        filter.modalPresentationStyle = .currentContext
        list.present(filter, animated: false)
        SimRunLoop.main.runUntilIdle()
        #expect(filter.presentingViewController === navigation)
        #expect(list.presentedViewController === filter && navigation.presentedViewController === filter)
        #expect(tabs.presentedViewController == nil, "the tab bar stays uncovered")
        #expect(
            journal.take() == [
                "Filter.viewDidLoad", "List.viewWillDisappear", "Filter.viewWillAppear [presented]",
                "Filter.viewIsAppearing [presented]", "Filter.viewDidAppear [presented]", "List.viewDidDisappear",
            ])
        #expect(observed == ["present began", "present completed"], "the container's observers hear it")
        list.dismiss(animated: false)
        SimRunLoop.main.runUntilIdle()
        #expect(navigation.presentedViewController == nil && filter.presentingViewController == nil)

        navigation.definesPresentationContext = false
        let overlay = Screen("Overlay")
        overlay.modalPresentationStyle = .overCurrentContext
        list.present(overlay, animated: false)
        SimRunLoop.main.runUntilIdle()
        #expect(overlay.presentingViewController === tabs, "with no context defined, the outermost container presents")
        tabs.dismiss(animated: false)
        SimRunLoop.main.runUntilIdle()
        _ = (window, observation)
    }

    @Test("S3: dismissing a controller in the middle of a chain removes everything above it in one transition")
    func dismissMiddleOfChain() {
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        let a = Screen("A")
        let b = Screen("B")
        let c = Screen("C")
        root.present(a, animated: false)
        SimRunLoop.main.runUntilIdle()
        a.present(b, animated: false)
        SimRunLoop.main.runUntilIdle()
        b.present(c, animated: false)
        SimRunLoop.main.runUntilIdle()
        var changes: [PresentationChange] = []
        let observation = a.observePresentations { changes.append($0) }
        var completions = 0
        a.dismiss(animated: true) { completions += 1 }
        // S3: during the animated dismissal the links stay, and the chain reports that it is leaving.
        #expect(a.presentedViewController === b)
        #expect(b.presentingViewController === a)
        #expect(b.isBeingDismissed && c.isBeingDismissed)
        #expect(completions == 0)
        loop.advance(by: SimAnimation.modalTransitionDuration)
        #expect(completions == 1)
        #expect(a.presentedViewController == nil)
        #expect(b.presentingViewController == nil)
        #expect(!b.isBeingDismissed)
        #expect(root.presentedViewController === a)
        #expect(c.presentingViewController == nil)
        #expect(changes.map(\.phase) == [.began, .completed])
        #expect(changes.last?.controllers.map(\.title) == ["B", "C"])
        _ = (window, observation)
    }

    @Test("S3: a presented controller that presents nothing asks its presenter to dismiss it")
    func dismissSelf() {
        let (window, root, sheet) = presentedSheet()
        sheet.dismiss(animated: false)
        #expect(root.presentedViewController == nil, "a non-animated dismissal drops the links at the call")
        SimRunLoop.main.runUntilIdle()
        #expect(root.presentedViewController == nil)
        #expect(sheet.presentingViewController == nil)
        _ = window
    }

    @Test("S3: during an animated dismissal the presenter still reports what it presents, and can present once it ends")
    func linksKeptDuringAnimatedDismissal() {
        let (window, root, sheet) = presentedSheet()
        root.dismiss(animated: true)
        loop.advance(by: SimAnimation.modalTransitionDuration / 2)
        #expect(root.presentedViewController === sheet)
        #expect(sheet.presentingViewController === root)
        #expect(sheet.isBeingDismissed)
        let next = Screen("Next")
        let warnings = SimWarnings.capture { root.present(next, animated: false) }
        #expect(warnings.count == 1, "UIKit refuses a presentation while the dismissal runs")
        loop.runUntilIdle()
        #expect(root.presentedViewController == nil)
        #expect(!sheet.isBeingDismissed)
        root.present(next, animated: false)
        #expect(root.presentedViewController === next)
        _ = window
    }

    @Test("S3: a dismiss requested during a running dismissal warns and keeps its completion uncalled")
    func dismissDuringDismissal() {
        let (window, root, _) = presentedSheet()
        root.dismiss(animated: true)
        var completed = false
        let warnings = SimWarnings.capture { root.dismiss(animated: true) { completed = true } }
        loop.runUntilIdle()
        #expect(warnings.count == 1)
        #expect(!completed)
        _ = window
    }

    @Test("S5: swiping a sheet down removes it and everything above it without a dismiss call, and observers are told")
    func swipeDownRemovesChainAbove() {
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        let chain = (1...4).map { Screen("S\($0)") }
        var presenter: UIViewController = root
        for sheet in chain {
            presenter.present(sheet, animated: false)
            SimRunLoop.main.runUntilIdle()
            presenter = sheet
        }
        var kinds: [PresentationChange.Kind] = []
        let observation = chain[0].observePresentations { kinds.append($0.kind) }
        #expect(chain[1].simulateInteractiveDismissal())
        loop.runUntilIdle()
        #expect(chain[0].presentedViewController == nil)
        #expect(chain[3].presentingViewController == nil)
        #expect(root.presentedViewController === chain[0])
        #expect(kinds == [.interactiveDismissal, .interactiveDismissal])
        _ = (window, observation)
    }

    @Test(
        "S5: isModalInPresentation and full-screen presentations refuse the swipe",
        arguments: [
            (UIModalPresentationStyle.pageSheet, true, false),
            (.automatic, false, true),
            (.formSheet, false, true),
            (.fullScreen, false, false),
            (.overFullScreen, false, false),
        ])
    func swipeRefusals(style: UIModalPresentationStyle, modalInPresentation: Bool, dismissible: Bool) {
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        let sheet = Screen("Sheet")
        sheet.modalPresentationStyle = style
        sheet.isModalInPresentation = modalInPresentation
        root.present(sheet, animated: false)
        SimRunLoop.main.runUntilIdle()
        #expect(sheet.simulateInteractiveDismissal() == dismissible)
        loop.runUntilIdle()
        #expect((root.presentedViewController == nil) == dismissible)
        _ = window
    }

    @Test("S5: the presentation controller's delegate can refuse the swipe, and is told about a dismissal")
    func swipeDelegate() {
        final class Delegate: UIAdaptivePresentationControllerDelegate {
            var allow = false
            var calls: [String] = []
            func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
                allow
            }
            func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
                calls.append("attempt")
            }
            func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
                calls.append("will")
            }
            func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
                calls.append("did")
            }
        }
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        let navigation = UINavigationController(rootViewController: Screen("Form"))
        let delegate = Delegate()
        navigation.presentationController?.delegate = delegate
        root.present(navigation, animated: false)
        SimRunLoop.main.runUntilIdle()
        #expect(!navigation.simulateInteractiveDismissal())
        delegate.allow = true
        #expect(navigation.topViewController!.simulateInteractiveDismissal())
        #expect(delegate.calls == ["attempt", "will"])
        loop.runUntilIdle()
        #expect(delegate.calls == ["attempt", "will", "did"])
        #expect(root.presentedViewController == nil)
        _ = window
    }

    @Test("S5: isModalInPresentation on the top controller of a presented navigation controller refuses the swipe")
    func swipeRefusedByChild() {
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        let form = Screen("Form")
        form.isModalInPresentation = true
        let navigation = UINavigationController(rootViewController: form)
        root.present(navigation, animated: false)
        SimRunLoop.main.runUntilIdle()
        #expect(!form.simulateInteractiveDismissal())
        #expect(root.presentedViewController === navigation)
        _ = window
    }
}

/// A root controller that presents a sheet from its own viewDidLoad, as apps sometimes try at launch.
@MainActor
private final class PresentsOnLoad: UIViewController {
    override func viewDidLoad() {
        present(UIViewController(), animated: false)
    }
}
