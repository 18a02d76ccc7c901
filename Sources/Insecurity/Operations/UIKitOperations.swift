@_spi(Adapters) import SimUIKit

/// For adapters: UIKit operations of their own, ordered with the engine's on the same target (E19).
@_spi(Adapters)
@MainActor
public enum UIKitOperations {
    /// The dismissals and pops waiting for a transition to end, in request order.
    package static var queuedRemovals: [QueuedRemoval] { UIKitOperationQueue.shared.queuedRemovals }

    /// For importers: queues what was waiting when a snapshot was taken, `removals` in their order, then
    /// the frames of `hosts` that were waiting to be shown. Nothing runs before the run loop's next turn,
    /// so the restored tree is exactly the snapshot's until then; operations requested meanwhile run after.
    package static func resumeRestored(_ removals: [QueuedRemoval], hosts: [InsecurityHost]) {
        let gate = UIKitOperationQueue.RestoreGate()
        for removal in removals {
            switch removal {
            case .dismissal(let controller, let animated):
                dismiss(controller, animated: animated, requestedBy: nil, gate: gate)
            case .pop(let navigation, let controller, let animated):
                pop(navigation, to: controller, animated: animated, gate: gate)
            }
        }
        for host in hosts { host.showRestoredWaitingFrames(gate: gate) }
    }

    /// Dismisses `controller` and everything above it once its presentation chain is idle; nothing
    /// happens when it is no longer presented by then. Frames among them end, as when app code dismisses.
    public static func dismiss(_ controller: UIViewController, animated: Bool) {
        dismiss(controller, animated: animated, requestedBy: nil, gate: nil)
    }

    /// The dismissal keyed by its presenter and by `host`, the host that requested it, if any.
    static func dismiss(
        _ controller: UIViewController, animated: Bool, requestedBy host: InsecurityHost?,
        gate: UIKitOperationQueue.RestoreGate? = nil
    ) {
        guard let presenter = controller.presentingViewController else { return }
        let dismissal = Dismissal(
            controller, animated: animated, keys: UIKitOperationQueue.Keys(presenter, requestedBy: host), gate: gate)
        // Decided now, if at all, on the presenter just read.
        UIKitOperationQueue.shared.enqueue(dismissal, readinessNow: dismissal.readiness(dismissingFrom: presenter))
    }

    /// Dismisses a controller and what it presents, when it is still presented by then.
    private final class Dismissal: UIKitOperationQueue.Operation {
        private weak var controller: UIViewController?
        private let animated: Bool
        /// The presenter ``readiness()`` found ready to dismiss, for ``run()``, which the queue calls next.
        private var readyPresenter: UIViewController?

        init(
            _ controller: UIViewController, animated: Bool, keys: UIKitOperationQueue.Keys,
            gate: UIKitOperationQueue.RestoreGate?
        ) {
            self.controller = controller
            self.animated = animated
            super.init(keys: keys, gate: gate)
        }

        override func blocker() -> UIKitOperationQueue.Blocker? {
            UIKitOperationQueue.blockerForDismissal(from: controller?.presentingViewController)
        }

        override var isObsolete: Bool { controller?.presentingViewController == nil }

        override func readiness() -> UIKitOperationQueue.Readiness {
            guard let presenter = controller?.presentingViewController else { return .obsolete }
            return readiness(dismissingFrom: presenter)
        }

        /// ``readiness()`` with the controller's presenter already read.
        func readiness(dismissingFrom presenter: UIViewController) -> UIKitOperationQueue.Readiness {
            if let closedGate { return .blocked(closedGate) }
            // No `Optional.map`: from main-actor code each closure call checks the executor.
            if let blocker = UIKitOperationQueue.blockerForDismissal(from: presenter) { return .blocked(blocker) }
            readyPresenter = presenter
            return .ready
        }

        override func run() {
            // Told ready just before: nothing has run since.
            guard let presenter = readyPresenter else { return }
            readyPresenter = nil
            presenter.dismiss(animated: animated)
        }

        override var removal: QueuedRemoval? { controller.map { .dismissal(of: $0, animated: animated) } }

        override var acceptedByUIKitNow: String? {
            guard let controller, let presenter = controller.presentingViewController,
                !presenter.wouldRefuseOrCutShortDismissal
            else { return nil }
            return "dismissing \(controller.simDescription)"
        }
    }

    /// Pops `navigation`'s stack down to `controller` once no transition runs on it; nothing happens when
    /// `controller` has left the stack or is already on top.
    public static func pop(_ navigation: UINavigationController, to controller: UIViewController, animated: Bool) {
        pop(navigation, to: controller, animated: animated, gate: nil)
    }

    static func pop(
        _ navigation: UINavigationController, to controller: UIViewController, animated: Bool,
        requestedBy host: InsecurityHost? = nil, gate: UIKitOperationQueue.RestoreGate?
    ) {
        UIKitOperationQueue.shared.enqueue(
            Pop(
                navigation, to: controller, animated: animated,
                keys: UIKitOperationQueue.Keys(navigation, requestedBy: host), gate: gate))
    }

    /// Pops a stack down to a controller. Whether the pop still has something to do is decided when it runs:
    /// operations before it may put the controller on the stack or push above it.
    private final class Pop: UIKitOperationQueue.Operation {
        private weak var navigation: UINavigationController?
        private weak var controller: UIViewController?
        private let animated: Bool

        init(
            _ navigation: UINavigationController, to controller: UIViewController, animated: Bool,
            keys: UIKitOperationQueue.Keys, gate: UIKitOperationQueue.RestoreGate?
        ) {
            self.navigation = navigation
            self.controller = controller
            self.animated = animated
            super.init(keys: keys, gate: gate)
        }

        override func blocker() -> UIKitOperationQueue.Blocker? {
            UIKitOperationQueue.blockerForContentChange(of: navigation, animated: animated)
        }

        override var isObsolete: Bool { navigation == nil || controller == nil }

        override func run() {
            // A controller that left the stack may keep its parent until its transition ends; popping to it
            // would raise (S17).
            guard let navigation, let controller, navigation.holds(controller),
                navigation.topViewController !== controller
            else { return }
            navigation.popToViewController(controller, animated: animated)
        }

        override var removal: QueuedRemoval? {
            guard let navigation, let controller, navigation.holds(controller) else { return nil }
            return .pop(navigation, to: controller, animated: animated)
        }

        override var acceptedByUIKitNow: String? {
            UIKitOperationQueue.contentChangeAcceptedNow("a pop", on: navigation, animated: animated)
        }
    }

    /// Runs `body` on `container` after every operation requested before it on that container, once no
    /// transition runs in it that UIKit would cut short or refuse the change for (E19): a navigation
    /// controller's push or pop, a tab bar controller's custom switch, a page view controller's page turn, a
    /// collapsed split view controller's primary stack. An idle container runs it before this returns, and so
    /// does a container to which UIKit would apply the change at once, which for a navigation controller
    /// depends on whether `body`'s change is `animated` (S6, E21). `what` names the change in E21's reports.
    public static func perform<Container: UIViewController>(
        on container: Container, _ what: String = "a change of contents", animated: Bool,
        _ body: @escaping @MainActor (Container) -> Void
    ) {
        UIKitOperationQueue.shared.enqueue(
            UIKitOperationQueue.Custom(
                keys: UIKitOperationQueue.Keys(container),
                blocker: { [weak container] in
                    UIKitOperationQueue.blockerForContentChange(of: container, animated: animated)
                },
                isObsolete: { [weak container] in container == nil },
                run: { [weak container] in container.map(body) },
                acceptedByUIKitNow: { [weak container] in
                    UIKitOperationQueue.contentChangeAcceptedNow(what, on: container, animated: animated)
                }
            )
        )
    }

    /// Runs `body` when the transition `controller` takes part in ends, or now when none runs: the completion
    /// of a coordinator library's operation, which UIKit apps get from `CATransaction` (a frame shown, for
    /// instance). Either way outside an engine teardown (see ``outsideTeardowns(_:)``).
    public static func afterTransition(of controller: UIViewController?, _ body: @escaping @MainActor () -> Void) {
        if let transition = controller?.transitionCoordinator {
            transition.animate(alongsideTransition: nil) { _ in outsideTeardowns(body) }
        } else {
            outsideTeardowns(body)
        }
    }

    /// Runs `body` now, or, when an engine teardown is under way (an observer of a frame's end is told
    /// inside it), as soon as it is over: a completion that starts a route must not run inside it (E20).
    public static func outsideTeardowns(_ body: @escaping @MainActor () -> Void) {
        UIKitOperationQueue.shared.enqueue(UIKitOperationQueue.Custom(keys: .none, run: body, runsAdapterCode: true))
    }

    /// Runs `body` once every operation requested before it on `controller`'s presentation chain has run
    /// and its transitions have ended (a dismissal's completion, for instance).
    public static func afterPresentations(on controller: UIViewController, _ body: @escaping @MainActor () -> Void) {
        let anchor = controller.presentationAnchor
        UIKitOperationQueue.shared.enqueue(
            UIKitOperationQueue.Custom(
                keys: UIKitOperationQueue.Keys(anchor),
                blocker: { [weak anchor] in UIKitOperationQueue.blockerForDismissal(from: anchor) },
                run: body,
                runsAdapterCode: true
            )
        )
    }

    /// Runs `body` once every operation requested before it on `controller`'s presentation chain has run, without
    /// waiting for their transitions: now, when none waits. A presentation decided there goes where the earlier
    /// operations leave the chain, not above a screen an earlier dismissal removes (A11, E19). `presenting`
    /// names the controller `body` presents, which the planned chain counts until then.
    public static func inRequestOrder(
        on controller: UIViewController, presenting: UIViewController? = nil,
        _ body: @escaping @MainActor () -> Void
    ) {
        UIKitOperationQueue.shared.enqueue(
            UIKitOperationQueue.Custom(
                keys: UIKitOperationQueue.Keys(controller.presentationAnchor), run: body, runsAdapterCode: true,
                arrival: { [weak presenting] in presenting }))
    }

    /// The presentation chain above `controller`'s presentation anchor as the operations waiting in the
    /// queue will leave it, bottom to top: what is presented now and not on its way out, less what queued
    /// dismissals remove, plus what queued presentations add. A router that finds its screens in the
    /// hierarchy plans against it, as against a shared stack's planned stack.
    public static func plannedPresentationChain(above controller: UIViewController) -> [UIViewController] {
        UIKitOperationQueue.shared.plannedPresentationChain(above: controller.presentationAnchor)
    }

    /// Runs `body` once the transitions that the operations requested before it on `container` start have
    /// ended: the completion of a push, a stack replacement, a tab switch or a page turn, called after the
    /// animation as UIKit's own completions are (a `CATransaction` completion), also after a non-animated
    /// transition, which ends on the run loop's next turn (S18), and at once when nothing is waiting or
    /// running.
    public static func afterContentChanges(of container: UIViewController, _ body: @escaping @MainActor () -> Void) {
        UIKitOperationQueue.shared.enqueue(
            UIKitOperationQueue.Custom(
                keys: UIKitOperationQueue.Keys(container),
                blocker: { [weak container] in
                    guard let container else { return nil }
                    let running =
                        (container as? UINavigationController)?.stackTransitionCoordinator
                        ?? container.transitionHoldingContentChange(animated: true)
                    return running.map(UIKitOperationQueue.Blocker.transition)
                },
                run: { [weak container] in
                    // What is left is a transition that does not hold changes back: one not animated. Its
                    // completion runs once the engine has settled what the transition ended (a completion
                    // may start the next route).
                    guard let running = container?.transitionCoordinator else { return body() }
                    running.animate(alongsideTransition: nil) { _ in SimRunLoop.main.perform(body) }
                },
                runsAdapterCode: true
            )
        )
    }
}
