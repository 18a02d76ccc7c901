import RouteCoordinator
import SimulationTesting
import TestSupport
import Testing

// The reports XCoordinator 2.2.1's users filed, each reproduced in the library's own terms. On the library
// each fails; here each passes, because every UIKit operation goes through the engine (E19) and children
// follow their screens (A12).

enum SheetRoute: Route {
    case first, second, dismiss, child, push, pop, popToRoot, about
}

/// Presents and pushes plain screens and child coordinators, as apps do.
@MainActor
final class HomeCoordinator: NavigationCoordinator<SheetRoute> {
    /// The child coordinators made by `.child` and `.push`, weakly, to check they are released.
    var madeChildren = LiveObjects()

    init() {
        super.init(root: titled("Home"))
    }

    override func prepareTransition(for route: SheetRoute) -> NavigationTransition {
        switch route {
        case .first: return .present(titled("First"))
        case .second: return .present(titled("Second"))
        case .dismiss: return .dismiss()
        case .child:
            let child = ProfileCoordinator()
            madeChildren.watch(child)
            return .present(child)
        case .push:
            let child = DetailCoordinator()
            madeChildren.watch(child)
            return .push(child)
        case .pop: return .pop()
        case .popToRoot: return .popToRoot()
        case .about:
            // The library's documented way to let a second coordinator push on the same stack.
            let about = AboutCoordinator(rootViewController: rootViewController)
            madeChildren.watch(about)
            addChild(about)
            return .none()
        }
    }
}

extension HomeCoordinator {
    /// A home coordinator made the window's root, settled.
    static func launched(in window: UIWindow) -> HomeCoordinator {
        let home = HomeCoordinator()
        home.setRoot(for: window)
        SimRunLoop.main.runUntilIdle()
        return home
    }
}

enum ProfileRoute: Route {
    case profile, close, sheet
}

/// A sheet with its own navigation controller.
@MainActor
final class ProfileCoordinator: NavigationCoordinator<ProfileRoute> {
    init() {
        super.init(initialRoute: .profile)
    }

    override func prepareTransition(for route: ProfileRoute) -> NavigationTransition {
        switch route {
        case .profile: .push(titled("Profile"))
        case .close: .dismiss()
        case .sheet: .present(titled("Sheet"))
        }
    }
}

enum DetailRoute: Route {
    case detail
}

/// A screen pushed as a coordinator: its controller is its root.
@MainActor
final class DetailCoordinator: ViewCoordinator<DetailRoute> {
    init() {
        super.init(rootViewController: titled("Detail"))
    }

    override func prepareTransition(for route: DetailRoute) -> ViewTransition { .none() }
}

enum AboutRoute: Route {
    case about
}

/// A coordinator that pushes onto its parent's navigation controller.
@MainActor
final class AboutCoordinator: NavigationCoordinator<AboutRoute> {
    init(rootViewController: UINavigationController) {
        super.init(rootViewController: rootViewController, initialRoute: .about)
    }

    override func prepareTransition(for route: AboutRoute) -> NavigationTransition {
        .push(titled("About"))
    }
}

@MainActor
@Suite("A12: XCoordinator users' reports, reproduced", .cleanSimulatedWorld)
struct UserReportTests {
    let loop = SimRunLoop.main
    let window = UIWindow()

    private func launch() -> HomeCoordinator { HomeCoordinator.launched(in: window) }

    private var titlesPresented: (UIViewController) -> [String?] {
        { root in
            var titles: [String?] = []
            var current = root.presentedViewController
            while let controller = current {
                titles.append(controller.title)
                current = controller.presentedViewController
            }
            return titles
        }
    }

    @Test(
        "A12, E19: present, dismiss and present again in one turn: the dismissal removes the first sheet, the second stays up, and its completion runs after it appeared",
        arguments: [true, false])
    func presentDismissPresent(animated: Bool) {
        let home = launch()
        var completed: [String] = []
        expectNoWarningsOrDiagnostics {
            let options = TransitionOptions(animated: animated)
            home.trigger(.first, with: options) { completed.append("first") }
            home.trigger(.dismiss, with: options) { completed.append("dismiss") }
            home.trigger(.second, with: options) {
                completed.append("second, \(home.rootViewController.presentedViewController?.title ?? "nothing") up")
            }
            loop.runUntilIdle()
        }
        #expect(titlesPresented(home.rootViewController) == ["Second"])
        #expect(completed == ["first", "dismiss", "second, Second up"])
    }

    @Test(
        "A12, E19: a child coordinator's route triggered before the child is on screen acts once it is: its sheet shows above the child, and the completion runs after",
        arguments: [true, false])
    func childRoutesBeforeChildShown(animated: Bool) {
        let home = launch()
        var completed: [String] = []
        expectNoWarningsOrDiagnostics {
            let options = TransitionOptions(animated: animated)
            home.trigger(.push, with: options)
            home.trigger(.child, with: options)
            let profile = home.children.compactMap { $0 as? ProfileCoordinator }.last
            #expect(profile != nil)
            profile?.trigger(.sheet, with: options) {
                completed.append("sheet: \(titlesPresented(home.rootViewController))")
            }
            loop.runUntilIdle()
        }
        #expect(titlesPresented(home.rootViewController) == [nil, "Sheet"], "the profile's navigation controller, then its sheet")
        #expect(completed == ["sheet: [nil, Optional(\"Sheet\")]"])
    }

    @Test(
        "A12, E19: a child coordinator that closes itself before it is on screen is dismissed once it is, and the close completes after",
        arguments: [true, false])
    func childClosesBeforeShown(animated: Bool) {
        let home = launch()
        var completed = false
        expectNoWarningsOrDiagnostics {
            let options = TransitionOptions(animated: animated)
            home.trigger(.push, with: options)
            home.trigger(.child, with: options)
            let profile = home.children.compactMap { $0 as? ProfileCoordinator }.last
            profile?.trigger(.close, with: options) { completed = true }
            loop.runUntilIdle()
        }
        #expect(titlesPresented(home.rootViewController).isEmpty, "the child left")
        #expect(completed)
        #expect(!home.children.contains { $0 is ProfileCoordinator })
    }

    /// XCoordinator's completion is a `CATransaction` completion: it waits for the transition, which for a
    /// non-animated change under UIKit's timing ends on the next turn of the run loop (S18).
    @Test(
        "A12, S18: a non-animated push, pop and present complete after their transitions, not inside trigger",
        arguments: [SimAnimation.NonAnimatedTiming.deferred, .immediate])
    func nonAnimatedCompletionsWait(timing: SimAnimation.NonAnimatedTiming) {
        SimAnimation.nonAnimatedTiming = timing
        let home = launch()
        let options = TransitionOptions(animated: false)
        for route in [SheetRoute.push, .pop, .first] {
            var completed = false
            var transitionRunning = false
            expectNoWarningsOrDiagnostics {
                home.trigger(route, with: options) {
                    completed = true
                    transitionRunning = home.rootViewController.transitionCoordinator != nil
                }
                #expect(completed == (timing == .immediate), "\(route): inside trigger only when transitions end at once")
                loop.runUntilIdle()
            }
            #expect(completed && !transitionRunning, "\(route)")
        }
    }

    @Test("A12, E19 (#208, #206): two routes triggered in one turn both present, the second on the first")
    func presentingTooQuickly() {
        let home = launch()
        expectNoWarningsOrDiagnostics {
            home.trigger(.first)
            home.trigger(.second)
            loop.runUntilIdle()
        }
        #expect(titlesPresented(home.rootViewController) == ["First", "Second"])
    }

    @Test("A12, E19 (#146): a present triggered right after a dismissal is shown")
    func presentAfterDismissal() {
        let home = launch()
        home.trigger(.first)
        loop.runUntilIdle()
        expectNoWarningsOrDiagnostics {
            home.trigger(.dismiss)
            home.trigger(.second)
            loop.runUntilIdle()
        }
        #expect(titlesPresented(home.rootViewController) == ["Second"])
    }

    @Test(
        "A12 (#187, #160): a sheet the user swipes away takes its child coordinator with it, without another transition"
    )
    func swipedSheetReleasesChild() {
        let home = launch()
        home.trigger(.child)
        loop.runUntilIdle()
        #expect(home.children.count == 1 && home.madeChildren.count == 1)
        #expect(home.rootViewController.presentedViewController?.simulateInteractiveDismissal() == true)
        loop.runUntilIdle()
        #expect(home.children.isEmpty)
        #expect(home.madeChildren.count == 0, "the profile coordinator was released")
    }

    @Test(
        "A12 (#160, #135): a pushed child leaves when its screen is popped by Back, the edge swipe, .pop or .popToRoot",
        arguments: ["back", "edge swipe", "pop", "popToRoot"])
    func poppedChildReleased(path: String) {
        let home = launch()
        home.trigger(.push)
        loop.runUntilIdle()
        #expect(home.children.count == 1)
        let navigation = home.rootViewController
        switch path {
        case "back": #expect(navigation.simulateBackButtonTap())
        case "edge swipe": navigation.beginInteractivePop()?.finish()
        case "pop": home.trigger(.pop)
        default: home.trigger(.popToRoot)
        }
        loop.runUntilIdle()
        #expect(navigation.viewControllers.map(\.title) == ["Home"])
        #expect(home.children.isEmpty)
        #expect(home.madeChildren.count == 0, "the detail coordinator was released")
    }

    @Test(
        "A12, E13 (#169): setRoot on a window whose root has a sheet up ends the old tree, also during the presentation",
        arguments: [false, true])
    func setRootEndsOldTree(duringPresentation: Bool) {
        let home = launch()
        home.trigger(.child)
        if !duringPresentation { loop.runUntilIdle() }
        let next = ViewCoordinatorForTests(title: "Login")
        expectNoWarningsOrDiagnostics {
            next.setRoot(for: window)
            loop.runUntilIdle()
        }
        #expect(window.rootViewController?.title == "Login")
        #expect(window.rootViewController?.presentedViewController == nil)
        #expect(home.children.isEmpty, "the old tree's sheet coordinator left with its screen")
        #expect(home.madeChildren.count == 0, "and was released")
        withExtendedLifetime(next) {}
    }

    @Test("A12 (#139, #141, #207): a second coordinator pushing on its parent's stack leaves once its screen is popped")
    func twoCoordinatorsOnOneStack() {
        let home = launch()
        home.trigger(.about)
        loop.runUntilIdle()
        let navigation = home.rootViewController
        #expect(navigation.viewControllers.map(\.title) == ["Home", "About"])
        #expect(home.children.count == 1)
        #expect(navigation.simulateBackButtonTap())
        loop.runUntilIdle()
        #expect(home.children.isEmpty)
        #expect(home.madeChildren.count == 0, "the about coordinator was released")
    }

    @Test("A12 (#157, #173): a trigger's completion runs once the push has ended, with the screen on the stack")
    func completionAfterTransition() {
        let home = launch()
        var stackAtCompletion: [String?] = []
        var animating = true
        home.trigger(.push) {
            stackAtCompletion = home.rootViewController.viewControllers.map(\.title)
            animating = home.rootViewController.transitionCoordinator != nil
        }
        #expect(stackAtCompletion.isEmpty)
        loop.runUntilIdle()
        #expect(stackAtCompletion == ["Home", "Detail"])
        #expect(!animating)
    }

    @Test("A12 (#27): an Animation made in prepareTransition still animates the later dismissal")
    func animationHeldForDismissal() {
        let home = launch()
        var dismissals = 0
        do {
            let fade = StaticTransitionAnimation(duration: 0.2) { context in context.completeTransition(true) }
            let fadeOut = StaticTransitionAnimation(duration: 0.2) { context in
                dismissals += 1
                context.completeTransition(true)
            }
            home.performTransition(
                .present(titled("Sheet"), animation: Animation(presentation: fade, dismissal: fadeOut)),
                with: TransitionOptions(animated: true))
        }
        loop.runUntilIdle()
        home.trigger(.dismiss)
        loop.runUntilIdle()
        #expect(home.rootViewController.presentedViewController == nil)
        #expect(dismissals == 1, "the dismissal ran the animation made with the presentation")
    }
}

/// A plain coordinator with a titled root, for the window-root tests.
@MainActor
final class ViewCoordinatorForTests: ViewCoordinator<TestRoute> {
    init(title: String) {
        super.init(rootViewController: titled(title))
    }

    override func prepareTransition(for route: TestRoute) -> ViewTransition { .none() }
}
