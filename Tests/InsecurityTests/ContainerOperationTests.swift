@_spi(Adapters) import Insecurity
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// Animates tab switches for 0.3 s.
@MainActor
private final class SlowTabSwitch: UITabBarControllerDelegate, UIViewControllerAnimatedTransitioning {
    func tabBarController(
        _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
        to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? { self }

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        0.3
    }

    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        let arriving = transitionContext.viewController(forKey: .to)?.view
        UIView.animate(withDuration: 0.3, animations: { arriving?.alpha = 1 }) { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }
}

/// Adapters change every container through the engine's queue: a change waits for the transition UIKit
/// would cut short, and runs at once on an idle container.
@MainActor
@Suite("Queued changes of containers' contents", .cleanSimulatedWorld)
struct ContainerOperationTests {
    let loop = SimRunLoop.main

    private func window(showing root: UIViewController) -> UIWindow {
        let window = UIWindow()
        window.rootViewController = root
        window.makeKeyAndVisible()
        return window
    }

    @Test("E19, S24: a page change asked for during a page turn waits for it to finish, then runs")
    func pageChangeWaitsForTurn() {
        let pages = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
        let (first, second, third) = (makeScreen("1"), makeScreen("2"), makeScreen("3"))
        pages.setViewControllers([first], direction: .forward, animated: false)
        let window = window(showing: pages)
        var turned: Bool?
        pages.setViewControllers([second], direction: .forward, animated: true) { turned = $0 }
        UIKitOperations.perform(on: pages, "a page change", animated: true) {
            $0.setViewControllers([third], direction: .forward, animated: false)
        }
        #expect(pages.viewControllers?.map(\.title) == ["2"], "the turn to 2 is still running")
        loop.runUntilIdle()
        #expect(turned == true, "the running turn was not cut short")
        #expect(pages.viewControllers?.map(\.title) == ["3"])
        #expect(InsecurityWorld.takeOverDeferrals() == [])
        withExtendedLifetime(window) {}
    }

    @Test(
        "E19, S23: a tab selection asked for during a custom switch waits for it; on an idle tab bar it runs at once (E21)"
    )
    func tabSelectionWaitsForCustomSwitch() {
        let tabs = UITabBarController()
        let animator = SlowTabSwitch()
        tabs.delegate = animator
        tabs.setViewControllers([makeScreen("a"), makeScreen("b"), makeScreen("c")], animated: false)
        let window = window(showing: tabs)
        UIKitOperations.perform(on: tabs, "a tab selection", animated: true) { $0.selectedIndex = 1 }
        #expect(tabs.selectedIndex == 1, "an idle tab bar selects before the request returns")
        UIKitOperations.perform(on: tabs, "a tab selection", animated: true) { $0.selectedIndex = 2 }
        #expect(tabs.selectedIndex == 1, "the switch to b still animates")
        loop.runUntilIdle()
        #expect(tabs.selectedIndex == 2)
        #expect(InsecurityWorld.takeOverDeferrals() == [])
        withExtendedLifetime((window, animator)) {}
    }

    @Test("E19, S15: a collapsed split view's new detail waits for the push running on its primary stack")
    func collapsedDetailWaitsForPush() {
        let primary = UINavigationController(rootViewController: makeScreen("list"))
        let split = UISplitViewController()
        split.viewControllers = [primary]
        split.simulateCollapse(true)
        let window = window(showing: split)
        primary.pushViewController(makeScreen("filters"), animated: true)
        UIKitOperations.perform(on: split, "a detail", animated: true) {
            $0.showDetailViewController(makeScreen("item"), sender: nil)
        }
        #expect(primary.viewControllers.map(\.title) == ["list", "filters"])
        loop.runUntilIdle()
        #expect(primary.viewControllers.map(\.title) == ["list", "filters", "item"])
        withExtendedLifetime(window) {}
    }

    @Test(
        "S6, S15: app code showing details on a collapsed split view while the host presents, then the clock advancing, pushes each detail once the presentation ends, without an endless loop"
    )
    func collapsedDetailsDuringPresentations() {
        let primary = UINavigationController(rootViewController: makeScreen("list"))
        let split = UISplitViewController()
        split.viewControllers = [primary]
        split.simulateCollapse(true)
        let window = window(showing: split)
        let host = InsecurityHost(modal: split)
        split.showDetailViewController(makeScreen("d1"), sender: nil)
        host.start(ModalScreen("M4"), animated: true) { _ in }
        split.showDetailViewController(makeScreen("d2"), sender: nil)
        host.start(UINavigationController(), PushScreen("N5"), animated: false) { _ in }
        split.showDetailViewController(makeScreen("d3"), sender: nil)
        loop.advance(by: 0.1)
        split.showDetailViewController(makeScreen("d4"), sender: nil)
        loop.runUntilIdle()
        #expect(primary.viewControllers.map(\.title) == ["list", "d1", "d2", "d3", "d4"])
        #expect(split.presentedViewController?.title == "M4")
        withExtendedLifetime((window, host)) {}
    }

    @Test("E19: a completion asked for after a push runs once the push's animation has ended, not before")
    func completionAfterTransition() {
        let (scene, navigation) = Scene.navigation()
        let stack = SharedNavigationStack.stack(for: navigation, framework: "Test")
        var completedDuringTransition: Bool?
        stack.push(makeScreen("detail"), typeName: "Test", animated: true) {
            completedDuringTransition = navigation.transitionCoordinator != nil
        }
        #expect(completedDuringTransition == nil, "the push is still animating")
        loop.runUntilIdle()
        #expect(completedDuringTransition == false)
        #expect(navigation.viewControllers.map(\.title) == ["Home", "detail"])
        withExtendedLifetime(scene) {}
    }

    @Test(
        "E19, E20: a completion asked for while a stack replacement tears down the frames it replaces runs once the replacement's root and pushes are queued; the screen it pushes goes on top"
    )
    func completionDuringReplacementRunsAfterIt() {
        let (scene, navigation) = Scene.navigation()
        let stack = SharedNavigationStack.stack(for: navigation, framework: "Test")
        stack.push(makeScreen("replaced"), typeName: "Test", animated: false)
        loop.runUntilIdle()
        let later = makeScreen("later")
        var asked = false
        // An adapter's completion for the replaced frame, asked for as it ends (a route's next step).
        let subscription = InsecurityEvents.observe { event in
            guard case .ended = event.action, !asked else { return }
            asked = true
            UIKitOperations.outsideTeardowns { stack.push(later, typeName: "Test", animated: false) }
        }
        stack.replaceStack(with: [makeScreen("root"), makeScreen("top")], typeNames: ["Test", "Test"])
        #expect(navigation.viewControllers.map(\.title) == ["root", "top", "later"])
        loop.runUntilIdle()
        #expect(navigation.viewControllers.map(\.title) == ["root", "top", "later"])
        withExtendedLifetime((scene, subscription)) {}
    }

    @Test("A2, A3: the shared stack reports removals by the user to every participant, with the new top")
    func sharedStackReportsUserPops() {
        let (scene, navigation) = Scene.navigation()
        let stack = SharedNavigationStack.stack(for: navigation, framework: "Test")
        let first = Participant()
        let second = Participant()
        stack.join(first) { first.reports.append($0) }
        stack.join(second) { second.reports.append($0) }
        let detail = makeScreen("detail")
        stack.push(detail, typeName: "Test", animated: false)
        loop.runUntilIdle()
        navigation.simulateBackButtonTap()
        loop.runUntilIdle()
        for participant in [first, second] {
            #expect(participant.reports.count == 1)
            #expect(participant.reports.first?.gone == [ObjectIdentifier(detail)])
            #expect(participant.reports.first?.poppedBackTo?.title == "Home")
        }
        stack.push(makeScreen("again"), typeName: "Test", animated: false)
        let again = stack.plannedTop(2)
        stack.pop(to: again[1], animated: false)
        loop.runUntilIdle()
        #expect(first.reports.last?.poppedBackTo == nil, "a pop the adapters asked for is no pop-back")
        withExtendedLifetime(scene) {}
    }
}

/// Records what a shared stack reports.
@MainActor
private final class Participant {
    var reports: [SharedNavigationStack.Reconciliation] = []
}
