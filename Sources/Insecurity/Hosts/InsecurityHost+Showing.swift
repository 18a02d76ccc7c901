@_spi(Adapters) import SimUIKit

// Showing a frame's controller through the queue (E17, E19).
extension InsecurityHost {
    /// Asks the queue to show `frame`: after every operation requested before it on the same target or
    /// host, once nothing animates on its target. A frame that ends first is never shown. With nothing to wait
    /// for (the usual start), it is shown before this returns, without an operation.
    func enqueueShow(_ frame: Frame, gate: UIKitOperationQueue.RestoreGate? = nil) {
        let queue = UIKitOperationQueue.shared
        if gate == nil, !showingIsObsolete(frame),
            queue.runAtOnceIfIdle(unless: { Self.blockerForShowing(frame) }, { showWaiting(frame) })
        {
            return
        }
        let target: AnyObject? =
            switch frame.placement {
            case .presented(let presenter, _): presenter.value.map(\.presentationAnchor)
            case .pushed(let navigation): navigation.value
            case .windowRoot(let window, _): window.value
            }
        queue.enqueue(ShowFrame(frame, keys: UIKitOperationQueue.Keys(target, requestedBy: self), gate: gate))
    }

    /// What keeps `frame`'s controller from being shown now where its placement says.
    private static func blockerForShowing(_ frame: Frame) -> UIKitOperationQueue.Blocker? {
        switch frame.placement {
        case .presented(let presenter, _): UIKitOperationQueue.blockerForPresentation(on: presenter.value)
        case .pushed(let navigation):
            UIKitOperationQueue.blockerForContentChange(of: navigation.value, animated: frame.animated)
        case .windowRoot(let window, _): UIKitOperationQueue.blockerForRootChange(of: window.value)
        }
    }

    /// Whether `frame` is no longer to be shown: it ended, or a frame above one whose completion runs is torn down
    /// with it once the completions are over (E8), so the queue must not show it meanwhile, when the frames it
    /// waited behind are gone.
    private func showingIsObsolete(_ frame: Frame) -> Bool {
        !frame.isWaitingToShow || stage.tearsDown(index: frame.index)
    }

    /// Shows `frame`'s controller, if the frame still waits to be shown.
    private func showWaiting(_ frame: Frame) {
        guard let uikitController = frame.waitingController else { return }
        show(frame, uikitController)
    }

    /// Shows a waiting frame's controller where its placement says, which stays as the start resolved it
    /// until the frame is shown.
    private final class ShowFrame: UIKitOperationQueue.Operation {
        private let frame: Frame

        init(_ frame: Frame, keys: UIKitOperationQueue.Keys, gate: UIKitOperationQueue.RestoreGate?) {
            self.frame = frame
            super.init(keys: keys, gate: gate)
        }

        override func blocker() -> UIKitOperationQueue.Blocker? { InsecurityHost.blockerForShowing(frame) }

        override var isObsolete: Bool {
            guard let host = frame.host else { return !frame.isWaitingToShow }
            return host.showingIsObsolete(frame)
        }

        override func run() { frame.host?.showWaiting(frame) }

        override var acceptedByUIKitNow: String? {
            switch frame.placement {
            case .presented(let presenter, _):
                guard let presenter = presenter.value, let controller = frame.waitingController,
                    !presenter.topOfPresentationChain.wouldRefusePresenting(controller)
                else { return nil }
                return "presenting \(controller.simDescription)"
            case .pushed(let navigation):
                return UIKitOperationQueue.contentChangeAcceptedNow(
                    "a push", on: navigation.value, animated: frame.animated)
            case .windowRoot:
                // A root change during a window transition cuts its animation short: a choice, not a UIKit
                // refusal.
                return nil
            }
        }

        override var arrival: UIViewController? {
            guard case .presented = frame.placement, let controller = frame.waitingController else {
                return nil
            }
            return controller
        }
    }

    func show(_ frame: Frame, _ uikitController: UIViewController) {
        if let reason = reasonUIKitWouldRaise(showing: uikitController, at: frame.placement) {
            InsecurityDiagnostics.report(
                .controllerRefusedByUIKit,
                "The controller of \(frame.typeName) cannot be shown: \(reason); the coordinator ends with .dismissed."
            )
            frameRemovedByUIKit(frame, cause: .refusedByUIKit)
            return
        }
        guard let shown = handToUIKit(frame, uikitController) else { return }
        guard shown else {
            InsecurityDiagnostics.report(
                .controllerRefusedByUIKit,
                "UIKit refused to show the controller of \(frame.typeName) (see SimUIKit's warnings); the coordinator ends with .dismissed."
            )
            frameRemovedByUIKit(frame, cause: .refusedByUIKit)
            return
        }
        frame.markShown()
        watchWindow()
        InsecurityEvents.publish(frame, .shown)
        frame.owner?.frameShown()
        checkChain(after: "showing \(frame.typeName)", around: frame)
    }

    /// Hands the frame's controller to UIKit where its placement says; returns whether UIKit took it, or nil
    /// when the place has gone and the frame has ended.
    private func handToUIKit(_ frame: Frame, _ uikitController: UIViewController) -> Bool? {
        switch frame.placement {
        case .presented(let presenter, let navigation):
            // A presenter that left the window (the app replaced the root, or dismissed it) would make
            // UIKit refuse: the frame ends as the user's removals do, without handing UIKit anything.
            guard let requested = presenter.value, requested.hostWindow != nil else {
                frameRemovedByUIKit(frame, cause: .hierarchyRemoved)
                return nil
            }
            // Everything presenting from one controller shares its chain: a second presentation goes on top (A11).
            let actual = requested.topOfPresentationChain
            if actual !== requested {
                frame.placement = .presented(presenter: WeakReference(actual), navigation: navigation)
            }
            actual.present(uikitController, animated: frame.animated)
            return actual.presents(uikitController)
        case .pushed(let navigation):
            // UIKit pushes onto a stack that left the window, but nobody would see it: a stack the app
            // took off the window the host showed it in ends the frame, as the root change would have.
            guard let navigationController = navigation.value,
                navigationController.hostWindow != nil || watchedWindow?.window.value == nil
            else {
                frameRemovedByUIKit(frame, cause: .hierarchyRemoved)
                return nil
            }
            frame.below = navigationController.topViewController
            navigationController.pushViewController(uikitController, animated: frame.animated)
            return uikitController.parent === navigationController
        case .windowRoot(let target, _):
            guard let window = target.value else {
                frameRemovedByUIKit(frame, cause: .hierarchyRemoved)
                return nil
            }
            if let transition = windowTransition, frame.animated {
                UIView.transition(
                    with: window, duration: transition.duration, options: transition.options,
                    animations: {
                        window.rootViewController = uikitController
                    })
            } else {
                window.rootViewController = uikitController
            }
            let shown = window.rootViewController === uikitController
            if shown { succession.rootShown() }
            return shown
        }
    }

    func reasonUIKitWouldRaise(showing controller: UIViewController, at placement: Placement) -> String? {
        switch placement {
        case .presented: UIKitExceptionGuard.reasonPresentRaises(controller)
        case .pushed(let navigation):
            navigation.value.flatMap { UIKitExceptionGuard.reasonPushRaises(controller, onto: $0) }
        case .windowRoot: nil
        }
    }
}
