import RouteCoordinator
import SimulationTesting
import Testing

enum TestRoute: Route {
    case home
}

/// Animations that record that UIKit ran them, static or interactive, for presentations and dismissals.
@MainActor
final class RecordingAnimation: Animation {
    private(set) var runs = 0

    static func `static`() -> RecordingAnimation {
        recording { StaticTransitionAnimation(duration: 0.1, performAnimation: $0) }
    }

    static func interactive() -> RecordingAnimation {
        recording { InteractiveTransitionAnimation(duration: 0.1, transition: $0) }
    }

    /// An animation whose presentation and dismissal are the one `make` builds around a closure that counts
    /// its runs and completes the transition.
    private static func recording(
        _ make: (@escaping @MainActor (UIViewControllerContextTransitioning) -> Void) -> TransitionAnimation
    ) -> RecordingAnimation {
        let animation = RecordingAnimation(presentation: nil, dismissal: nil)
        animation.presentationAnimation = make { [weak animation] context in
            animation?.runs += 1
            context.completeTransition(true)
        }
        animation.dismissalAnimation = animation.presentationAnimation
        return animation
    }
}

/// A12: the library's own transition and animation tests, in this package's terms: every transition of
/// every coordinator completes, after its animation, with no warning, diagnostic or exception.
@MainActor
@Suite("A12: every transition of every coordinator completes after its animation", .cleanSimulatedWorld)
struct TransitionTests {
    let loop = SimRunLoop.main
    let window = UIWindow()

    /// Performs `transition` animated and expects its completion once the run loop is idle, not before
    /// its transitions have ended.
    private func expectCompletes<C: Coordinator>(
        _ coordinator: C, _ transition: C.TransitionType, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var completed = false
        var ranDuringTransition = false
        expectNoWarningsOrDiagnostics(
            {
                coordinator.performTransition(transition, with: TransitionOptions(animated: true)) {
                    completed = true
                    ranDuringTransition = coordinator.rootViewController.transitionCoordinator != nil
                }
                loop.runUntilIdle()
            }, sourceLocation: sourceLocation)
        #expect(completed, "the completion ran", sourceLocation: sourceLocation)
        #expect(!ranDuringTransition, "the completion ran after the transition", sourceLocation: sourceLocation)
    }

    private func expectAnimates<C: Coordinator>(
        _ coordinator: C, interactive: Bool = false, _ transition: (Animation) -> C.TransitionType,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let animation = interactive ? RecordingAnimation.interactive() : RecordingAnimation.static()
        expectCompletes(coordinator, transition(animation), sourceLocation: sourceLocation)
        #expect(animation.runs >= 1, "the animation ran", sourceLocation: sourceLocation)
    }

    private func expectStandardTransitions<C: Coordinator, Root>(on coordinator: C)
    where C.TransitionType == Transition<Root> {
        expectCompletes(coordinator, .none())
        expectCompletes(coordinator, .present(UIViewController()))
        expectCompletes(coordinator, .dismiss())
        expectCompletes(coordinator, .embed(UIViewController(), in: UIViewController()))
        expectCompletes(coordinator, .multiple(.none()))
        expectCompletes(coordinator, .multiple())
        expectAnimates(coordinator) { .present(UIViewController(), animation: $0) }
        expectAnimates(coordinator) { .dismiss(animation: $0) }
        expectAnimates(coordinator) { .multiple(.present(UIViewController(), animation: nil), .dismiss(animation: $0)) }
        expectAnimates(coordinator) {
            .multiple(.present(UIViewController(), animation: $0), .dismiss(animation: .default))
        }
        expectAnimates(coordinator, interactive: true) { .present(UIViewController(), animation: $0) }
        expectAnimates(coordinator, interactive: true) { .dismiss(animation: $0) }
    }

    @Test("A12: a page coordinator sets one page, and two on a double-sided page curl")
    func pageCoordinator() {
        let pages = [UIViewController(), UIViewController(), UIViewController()]
        let coordinator = PageCoordinator<TestRoute>(
            rootViewController: UIPageViewController(transitionStyle: .pageCurl, navigationOrientation: .horizontal),
            pages: pages)
        coordinator.setRoot(for: window)
        loop.runUntilIdle()
        #expect(coordinator.rootViewController.viewControllers?.first === pages[0])
        expectStandardTransitions(on: coordinator)
        expectCompletes(coordinator, .set(pages[1], direction: .forward))
        #expect(coordinator.rootViewController.viewControllers?.first === pages[1])
        coordinator.rootViewController.isDoubleSided = true
        expectCompletes(coordinator, .set(pages[1], pages[2], direction: .forward))
        #expect(coordinator.rootViewController.viewControllers?.count == 2)
    }

    @Test("A12: a split coordinator shows a primary and a detail")
    func splitCoordinator() {
        let coordinator = SplitCoordinator<TestRoute>(master: UIViewController(), detail: UIViewController())
        coordinator.setRoot(for: window)
        loop.runUntilIdle()
        #expect(coordinator.rootViewController.viewControllers.count == 2)
        expectStandardTransitions(on: coordinator)
        let detail = UIViewController()
        expectCompletes(coordinator, .multiple(.show(UIViewController()), .showDetail(detail)))
        #expect(coordinator.rootViewController.viewControllers.last === detail)
    }

    @Test("A12: a tab bar coordinator sets and selects tabs, by controller and by index, animated or not")
    func tabBarCoordinator() {
        let tabs = [UIViewController(), UIViewController(), UIViewController()]
        let coordinator = TabBarCoordinator<TestRoute>(tabs: tabs)
        coordinator.setRoot(for: window)
        loop.runUntilIdle()
        #expect(coordinator.rootViewController.viewControllers?.count == 3)
        expectStandardTransitions(on: coordinator)
        expectAnimates(coordinator) { .select(tabs[1], animation: $0) }
        #expect(coordinator.rootViewController.selectedIndex == 1)
        expectAnimates(coordinator, interactive: true) { .select(index: 2, animation: $0) }
        #expect(coordinator.rootViewController.selectedIndex == 2)
        let others = [UIViewController(), UIViewController()]
        expectCompletes(coordinator, .multiple(.set(others), .select(others[1])))
        #expect(coordinator.rootViewController.selectedViewController === others[1])
        expectCompletes(coordinator, .multiple(.set(tabs), .select(index: 1)))
        #expect(coordinator.rootViewController.selectedViewController === tabs[1])
        // XCoordinator's AnimationTests.testTabBarCoordinator: `.set` with an animation, static and
        // interactive. UIKit switches a replaced selection as a selection (S23), so the animation runs.
        expectAnimates(coordinator) { .set([UIViewController(), UIViewController()], animation: $0) }
        expectAnimates(coordinator, interactive: true) { .set([UIViewController(), UIViewController()], animation: $0) }
    }

    @Test("A12: a view coordinator presents, dismisses and embeds")
    func viewCoordinator() {
        let coordinator = ViewCoordinator<TestRoute>(rootViewController: .init())
        coordinator.setRoot(for: window)
        expectStandardTransitions(on: coordinator)
    }

    @Test("A12: a navigation coordinator pushes, pops, pops to the root or a controller, and sets its stack")
    func navigationCoordinator() {
        let coordinator = NavigationCoordinator<TestRoute>(root: UIViewController())
        coordinator.setRoot(for: window)
        loop.runUntilIdle()
        let navigation = coordinator.rootViewController
        #expect(navigation.viewControllers.count == 1)
        expectStandardTransitions(on: coordinator)
        expectCompletes(coordinator, .push(UIViewController()))
        #expect(navigation.viewControllers.count == 2)
        expectCompletes(coordinator, .pop())
        #expect(navigation.viewControllers.count == 1)
        expectAnimates(coordinator) { .push(UIViewController(), animation: $0) }
        expectAnimates(coordinator) { .pop(animation: $0) }
        expectAnimates(coordinator, interactive: true) { .push(UIViewController(), animation: $0) }
        expectAnimates(coordinator) { .push(UIViewController(), animation: $0) }
        expectAnimates(coordinator) { .popToRoot(animation: $0) }
        #expect(navigation.viewControllers.count == 1)
        let stack = [UIViewController(), UIViewController()]
        expectAnimates(coordinator) { .set(stack, animation: $0) }
        #expect(navigation.viewControllers.map(ObjectIdentifier.init) == stack.map(ObjectIdentifier.init))
        expectAnimates(coordinator) { .pop(to: stack[0], animation: $0) }
        #expect(navigation.viewControllers.map(ObjectIdentifier.init) == [ObjectIdentifier(stack[0])])
    }
}
