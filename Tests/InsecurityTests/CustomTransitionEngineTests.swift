import Insecurity
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// Animates pushes and pops with a 0.2 s view animation; `cancels` completes them with false; `interaction`,
/// when set, drives the next one.
@MainActor
private final class CustomAnimations: UINavigationControllerDelegate, UIViewControllerTransitioningDelegate,
    UIViewControllerAnimatedTransitioning
{
    var cancels = false
    var interaction: UIPercentDrivenInteractiveTransition?

    func navigationController(
        _ navigationController: UINavigationController,
        animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? { self }

    func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)? {
        defer { interaction = nil }
        return interaction
    }

    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? { self }

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        0.2
    }

    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        let arriving = transitionContext.viewController(forKey: .to)?.view
        UIView.animate(withDuration: 0.2, animations: { arriving?.alpha = 1 }) { [cancels] _ in
            transitionContext.completeTransition(!cancels && !transitionContext.transitionWasCancelled)
        }
    }
}

@MainActor
@Suite("The engine with custom and interactive transitions", .cleanSimulatedWorld)
struct CustomTransitionEngineTests {
    let loop = SimRunLoop.main

    @Test(
        "E19, S23: a start asked for while app code drives a custom interactive pop waits for the finger, and is not lost",
        arguments: [true, false])
    func startWaitsForInteractivePop(finish: Bool) {
        let (scene, navigation) = Scene.navigation()
        let animations = CustomAnimations()
        navigation.delegate = animations
        let host = InsecurityHost(navigation: navigation)
        let outcomes = Outcomes()
        let appScreen = UIViewController()
        navigation.pushViewController(appScreen, animated: false)
        loop.runUntilIdle()
        let interaction = UIPercentDrivenInteractiveTransition()
        animations.interaction = interaction
        navigation.popViewController(animated: true)
        interaction.update(0.4)
        let detail = PushScreen("Detail")
        host.start(detail, animated: true, outcomes.completion("Detail"))
        #expect(navigation.viewControllers.count == 1, "the push waits while the finger holds the pop")
        loop.advance(by: 5)
        #expect(navigation.viewControllers.count == 1)
        if finish { interaction.finish() } else { interaction.cancel() }
        loop.runUntilIdle()
        #expect(navigation.topViewController === detail.controller)
        #expect(navigation.viewControllers.count == (finish ? 2 : 3))
        #expect(detail.isLive && outcomes.log.isEmpty)
        _ = (scene, host)
    }

    @Test("E10, S23: a custom interactive pop let go early keeps the frame live")
    func cancelledInteractivePopKeepsFrame() {
        let (scene, navigation) = Scene.navigation()
        let animations = CustomAnimations()
        navigation.delegate = animations
        let host = InsecurityHost(navigation: navigation)
        let outcomes = Outcomes()
        let detail = PushScreen("Detail")
        host.start(detail, animated: false, outcomes.completion("Detail"))
        loop.runUntilIdle()
        let interaction = UIPercentDrivenInteractiveTransition()
        animations.interaction = interaction
        navigation.popViewController(animated: true)
        interaction.update(0.2)
        interaction.cancel()
        loop.runUntilIdle()
        #expect(detail.isLive && outcomes.log.isEmpty)
        #expect(navigation.topViewController === detail.controller)
        _ = (scene, host)
    }

    @Test(
        "E10, S23: a push or presentation of the engine's that its custom animator cancels ends the coordinator, refused by UIKit"
    )
    func cancelledByAnimator() {
        let (scene, navigation) = Scene.navigation()
        let animations = CustomAnimations()
        animations.cancels = true
        navigation.delegate = animations
        let host = InsecurityHost(navigation: navigation)
        let events = EventLog()
        let outcomes = Outcomes()
        let detail = PushScreen("Detail")
        host.start(detail, animated: true, outcomes.completion("Detail"))
        loop.runUntilIdle()
        #expect(outcomes.log == ["Detail: dismissed"])
        #expect(navigation.viewControllers.count == 1)
        let modalHost = InsecurityHost(modal: navigation)
        let sheet = ModalScreen("Sheet")
        let sheetController = UIViewController()
        sheetController.transitioningDelegate = animations
        let custom = ModalScreen("Custom", showing: sheetController)
        modalHost.start(custom, animated: true, outcomes.completion("Custom"))
        loop.runUntilIdle()
        #expect(outcomes.log == ["Detail: dismissed", "Custom: dismissed"])
        #expect(navigation.presentedViewController == nil)
        #expect(events.summary.filter { $0.contains("ended") }.allSatisfy { $0.hasSuffix("ended(refusedByUIKit)") })
        modalHost.start(sheet, animated: false, outcomes.completion("Sheet"))
        loop.runUntilIdle()
        #expect(sheet.isLive, "the host goes on")
        _ = (scene, host, modalHost)
    }
}
