@_spi(Adapters) import SimUIKit

extension InsecurityHost {
    /// For adapters restoring a snapshot: makes `coordinator` a live frame on top of the chain for
    /// `controller`. A shown frame adopts the controller where UIKit already shows it (no UIKit operation);
    /// a waiting one is placed as a start would place it and waits for the next start to show it.
    /// Returns false when UIKit's state does not match `presentation`. `completion` receives the
    /// coordinator's result, as a start's completion would.
    @_spi(Adapters) public func adopt<NewResult>(
        _ coordinator: InsecurityCoordinator<NewResult>,
        showing controller: UIViewController,
        as presentation: NavigationEvent.Presentation,
        isShown: Bool,
        completion: @escaping (CoordinatorResult<NewResult>) -> Void = { _ in }
    ) -> Bool {
        guard stage.isReady, coordinator.canStart else { return false }
        let placement: Placement
        // A waiting frame's navigation controller of its own, which the placement holds weakly until the
        // frame holds it.
        var ownNavigation: UINavigationController?
        if isShown {
            guard let adopted = placementOnScreen(of: controller, as: presentation) else { return false }
            placement = adopted
        } else {
            // A waiting frame's own navigation controller, if it has one, already holds its controller.
            ownNavigation = controller.parent as? UINavigationController
            let request: StartRequest
            switch presentation {
            case .present: request = .modal
            case .push: request = .push
            case .windowRoot: request = ownNavigation.map { .navigationRoot($0) } ?? .modal
            case .presentNavigation:
                let navigation = ownNavigation ?? UINavigationController()
                ownNavigation = navigation
                request = .navigationRoot(navigation)
            }
            guard let (resolved, _) = resolve(request, after: frames.last, childType: type(of: coordinator)) else {
                return false
            }
            placement = resolved
        }
        // One frame per UIKit controller: two frames saying one navigation controller is theirs, or one
        // presenting it and another saying it is its own, describe no state UIKit can be in.
        if framesByUIKitController[IdentityKey(ownNavigation ?? placement.ownNavigation?.value ?? controller)]
            != nil
        {
            return false
        }
        // A shown frame is adopted where UIKit shows it: its navigation controller's stack stays as it is. The
        // frames of a snapshot are adopted together, in a window that stays the same meanwhile: the host
        // watches it once.
        let frame = makeFrame(
            for: coordinator, showing: controller, placement, animated: false, completion: completion,
            onTeardown: nil, makesNavigationRoot: !isShown, watchesWindow: watchedWindow == nil)
        // A waiting frame's own navigation controller lives until the frame holds it.
        extendLifetime(ownNavigation)
        if isShown {
            if case .pushed(let navigation) = frame.placement, let navigation = navigation.value {
                let stack = navigation.viewControllers
                if let index = adoption.position(of: controller, in: stack, stackID: ObjectIdentifier(navigation)),
                    index > 0
                {
                    frame.below = stack[index - 1]
                }
            }
            frame.markShown()
        } else {
            adoption.adoptedWaiting(frame)
        }
        checkChain(after: "adopting \(frame.typeName)", around: frame)
        return true
    }

    /// Makes room for `count` more frames, so that adopting a large snapshot's frames grows no table step by step.
    package func reserveCapacity(forAdopting count: Int) {
        frames.reserveCapacity(frames.count + count)
        framesByUIKitController.reserveCapacity(framesByUIKitController.count + count)
    }

    /// Shows the adopted frames that were waiting when the snapshot was taken, through the queue, as their
    /// starts would have once the transition they waited for ended (held by `gate` until then).
    func showRestoredWaitingFrames(gate: UIKitOperationQueue.RestoreGate? = nil) {
        for action in adoption.showWaitingFrames() {
            switch action {
            case .show(let frame): enqueueShow(frame, gate: gate)
            }
        }
    }

    /// Where UIKit shows `controller`, if that matches `presentation`: the presented controller itself, or on
    /// the stack of a navigation controller that is (app code may have put controllers below it).
    func placementOnScreen(of controller: UIViewController, as presentation: NavigationEvent.Presentation)
        -> Placement?
    {
        switch presentation {
        case .present:
            guard let presenter = controller.presentingViewController, presenter.presentedViewController === controller
            else { return nil }
            return .presented(presenter: WeakReference(presenter), navigation: nil)
        case .presentNavigation:
            guard let navigation = controller.parent as? UINavigationController,
                let presenter = navigation.presentingViewController, presenter.presentedViewController === navigation
            else { return nil }
            return .presented(presenter: WeakReference(presenter), navigation: WeakReference(navigation))
        case .push:
            guard let navigation = controller.parent as? UINavigationController else { return nil }
            return pushed(onto: navigation)
        case .windowRoot:
            guard case .window(let window?) = hostBase else { return nil }
            let navigation = controller.parent as? UINavigationController
            guard window.rootViewController === (navigation ?? controller) else { return nil }
            return .windowRoot(window: WeakReference(window), navigation: navigation.map(WeakReference.init))
        }
    }
}
