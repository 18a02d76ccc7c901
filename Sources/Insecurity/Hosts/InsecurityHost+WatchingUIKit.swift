@_spi(Adapters) import SimUIKit

// What UIKit removed without the engine: the user, app code, deallocation (E10, E11).
extension InsecurityHost {
    /// Observes what UIKit does to a new frame's placement and to `controller`, the frame's controller.
    func observeUIKit(for frame: Frame, showing controller: UIViewController) {
        switch frame.placement {
        case .presented:
            let uikitController = frame.uikitController
            // Told of its own controller's presentation changes, whoever presents it (it may go on top of what
            // its presenter already presents, A11).
            uikitController?.onPresentationChanges(notify: frame)
            observeOwnNavigation(of: frame, showing: uikitController)
        case .windowRoot:
            observeOwnNavigation(of: frame, showing: frame.uikitController)
        case .pushed:
            guard case .navigation(let navigation?) = hostBase else { break }
            // The navigation controller is inside a presented controller: it leaves when that one is dismissed.
            let presented = navigation.presentationAnchor
            if let presenter = presented.presentingViewController {
                frame.observations.append(
                    presenter.observePresentations { [weak self, weak presented] change in
                        guard let presented, change.controllers.contains(where: { $0 === presented }) else { return }
                        self?.baseDismissed(change)
                    })
            }
        }
        controller.onDeallocation(notify: frame)
    }

    /// A presented or root frame whose controller UIKit shows is a navigation controller (its own, or the one
    /// its coordinator's controller is) follows its stack.
    private func observeOwnNavigation(of frame: Frame, showing uikitController: UIViewController?) {
        guard let navigation = uikitController as? UINavigationController else { return }
        frame.observations.append(navigation.observeStack { [weak self] in self?.stackChanged($0) })
    }

    /// Follows the root of the window that shows the host's base, so that app code replacing it (a log-out)
    /// ends the frames it took away (E10's rule for removals made outside the engine).
    ///
    /// Once the base's window is watched while frames are live, the next starts do not look for it again until the
    /// chain empties or the watched window's root changes (see ``watchIsCurrent``).
    func watchWindow() {
        guard !watchIsCurrent, let window = baseWindow else { return }
        if watchedWindow?.window.value !== window {
            watchedWindow = (
                WeakReference(window), window.observeRootViewController { [weak self] _ in self?.windowRootChanged() }
            )
        }
        watchIsCurrent = !frames.isEmpty
    }

    /// When the app lets go of the controller the chain is shown from (a test dropping its window with
    /// everything still up), what it showed goes with it: the chain ends as removed by UIKit (E10, E11), which
    /// also lets go of the coordinators an adapter keeps alive with their frames.
    func endChainWhenReleased(_ base: UIViewController) {
        base.onDeallocation { [weak self] in
            guard let self, let lowest = frames.first, lowest.isLive else { return }
            frameRemovedByUIKit(lowest, cause: .hierarchyRemoved, removal: .goneWithHierarchy)
        }
    }

    func windowRootChanged() {
        // The base may have gone to another window with it: the next start looks.
        watchIsCurrent = false
        guard let lowest = frames.first, lowest.isLive else { return }
        switch hostBase {
        case .modal, .navigation:
            guard baseWindow == nil else { return }
        case .window(let window):
            guard window?.rootViewController !== lowest.uikitController else { return }
            if succession.isBeingReplaced {
                abandon()
                return
            }
            guard lowest.wasShown else { return }
        }
        frameRemovedByUIKit(lowest, cause: .hierarchyRemoved)
    }

    /// A dismissal the engine did not issue ends the frames it removes as soon as it is decided: when it
    /// begins, or, for one the finger drives (a swipe, or a custom dismissal an interaction controller drives),
    /// when the finger lets go without cancelling. A start requested right after (in the same turn) then goes
    /// where the screen will be, not on top of a frame on its way out. A frame passes on a presentation only
    /// when it is cancelled.
    func presentationChanged(_ change: PresentationChange) {
        guard change.kind != .present else {
            // A presentation its custom transition cancelled (S23): the controller never made it on screen.
            removedByUIKit(Array(change.controllers), cause: .refusedByUIKit, pushed: false)
            return
        }
        let cause: NavigationEvent.EndCause = change.kind == .interactiveDismissal ? .swipe : .dismissedByApp
        let removed = Array(change.controllers)
        switch change.phase {
        case .began where change.presenter.transitionCoordinator?.isInteractive == true:
            whenInteractionFinishes(change.presenter.transitionCoordinator) { [weak self] in
                self?.removedByUIKit(removed, cause: cause, pushed: false)
            }
        case .began, .completed:
            removedByUIKit(removed, cause: cause, pushed: false)
        case .cancelled:
            break
        }
    }

    /// The presented controller holding this host's navigation controller is dismissed by the user or app
    /// code: the pushed frames leave with it, decided as a dismissal of them would be (E10).
    func baseDismissed(_ change: PresentationChange) {
        guard change.kind != .present, change.phase != .cancelled else { return }
        let cause: NavigationEvent.EndCause = change.kind == .interactiveDismissal ? .swipe : .dismissedByApp
        let pushed = frames.compactMap(\.uikitController)
        if change.phase == .began, change.presenter.transitionCoordinator?.isInteractive == true {
            whenInteractionFinishes(change.presenter.transitionCoordinator) { [weak self] in
                self?.removedByUIKit(pushed, cause: cause, pushed: true)
            }
        } else {
            removedByUIKit(pushed, cause: cause, pushed: true)
        }
    }

    /// Pops the engine did not issue end the frames they remove as soon as they are decided, as dismissals do.
    func stackChanged(_ change: NavigationStackChange) {
        // A push or stack replacement its custom transition cancelled (S23): what it brought leaves again. A
        // cancelled pop brings back what it took, and removes nothing.
        if change.phase == .cancelled {
            removedByUIKit(change.removed, cause: .refusedByUIKit, pushed: true)
            return
        }
        // A push removes nothing; skipping it keeps deep stacks cheap.
        guard change.cause != .push else { return }
        let cause: NavigationEvent.EndCause =
            switch change.cause {
            case .backButton: .backButton
            case .interactivePop: .interactivePop
            default: .poppedByApp
            }
        let removed = change.removed
        // The user's edge swipe, or a custom transition an interaction controller drives (S23): what leaves is
        // decided when the finger lets go.
        if change.phase == .began, change.transitionCoordinator?.isInteractive == true {
            whenInteractionFinishes(change.transitionCoordinator) { [weak self] in
                self?.removedByUIKit(removed, cause: cause, pushed: true)
            }
        } else {
            removedByUIKit(removed, cause: cause, pushed: true)
        }
    }

    /// Runs `body` when the user lets go of `transition` without cancelling it.
    func whenInteractionFinishes(
        _ transition: (any UIViewControllerTransitionCoordinator)?, _ body: @escaping () -> Void
    ) {
        transition?.notifyWhenInteractionChanges { context in
            if !context.isCancelled { body() }
        }
    }

    /// Ends the lowest shown frame among `controllers`; the frames above it end with it (E8). A frame still
    /// waiting to show a controller that leaves (the same controller shown again) is not what left.
    func removedByUIKit(_ controllers: [UIViewController], cause: NavigationEvent.EndCause, pushed: Bool) {
        for controller in controllers {
            if let frame = framesByUIKitController[IdentityKey(controller)], case .shown = frame.status,
                frame.uikitController === controller, frame.placement.isPush == pushed
            {
                frameRemovedByUIKit(frame, cause: cause)
                return
            }
        }
    }

    /// UIKit removed the frame's controller (or refused it), or it went with its hierarchy (`removal`): the frame
    /// ends with `.dismissed`.
    func frameRemovedByUIKit(_ frame: Frame, cause: NavigationEvent.EndCause, removal: Removal = .doneByUIKit) {
        end(frame, cause: cause, removal: removal) {
            frame.owner?.frameEnded(deliveringDismissal: true)
        } again: {
            { [self] in frameRemovedByUIKit(frame, cause: cause, removal: removal) }
        }
    }
}
