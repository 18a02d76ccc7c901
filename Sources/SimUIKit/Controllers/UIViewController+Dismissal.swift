import Foundation

extension UIViewController {
    /// Simulates the user swiping a presented sheet down in one go (S5): ``beginInteractiveDismissal()``
    /// then ``InteractiveTransition/finish()``. Returns false when the sheet refuses it.
    @discardableResult
    public func simulateInteractiveDismissal() -> Bool {
        guard let dismissal = beginInteractiveDismissal() else { return false }
        dismissal.finish()
        return true
    }

    /// Simulates the start of the swipe that pulls the presented sheet holding this controller down (S16):
    /// the sheet and everything above it start leaving. The returned handle follows the finger and ends it:
    /// ``InteractiveTransition/finish()`` dismisses (`presentationControllerDidDismiss` follows),
    /// ``InteractiveTransition/cancel()`` puts everything back and changes nothing.
    ///
    /// The sheet's presentation-controller delegate is asked `presentationControllerShouldDismiss` first.
    /// Returns nil, after telling the delegate `presentationControllerDidAttemptToDismiss`, when the
    /// delegate or `isModalInPresentation` refuses; returns nil without calls when the controller is not in
    /// a swipe-dismissible sheet or a transition runs.
    public func beginInteractiveDismissal() -> InteractiveDismissal? {
        let sheet = presentationAnchor
        guard let presenter = sheet.presentingStorage,
            sheet.modalPresentationStyle.isSwipeDismissible,
            presenter.presentationChainIsIdle
        else { return nil }
        let presentationController = sheet.presentationController!
        let delegate = presentationController.delegate
        if sheet.refusesInteractiveDismissal
            || delegate?.presentationControllerShouldDismiss(presentationController) == false
        {
            delegate?.presentationControllerDidAttemptToDismiss(presentationController)
            return nil
        }
        delegate?.presentationControllerWillDismiss(presentationController)
        let transition = presenter.dismissPresentedChain(animated: true, kind: .interactiveDismissal, interactive: true)
        {
            delegate?.presentationControllerDidDismiss(presentationController)
        }
        return transition.map { InteractiveDismissal(transition: $0) }
    }

    /// A running interactive sheet dismissal (see ``InteractiveTransition``). A cancelled one leaves the
    /// sheet presented.
    public final class InteractiveDismissal: InteractiveTransition {}

    /// `isModalInPresentation` on the sheet or on any controller it shows.
    private var refusesInteractiveDismissal: Bool {
        var pending = [self]
        while let controller = pending.popLast() {
            if controller.isModalInPresentation { return true }
            pending.append(contentsOf: controller.appearanceChildren)
        }
        return false
    }

    /// The controllers presented above this one, bottom to top.
    func presentedChain() -> [UIViewController] {
        var chain: [UIViewController] = []
        var current = presentedStorage
        while let controller = current {
            chain.append(controller)
            current = controller.presentedStorage
        }
        return chain
    }

    /// Whether no presentation or dismissal runs on this controller or anything it presents.
    var presentationChainIsIdle: Bool {
        guard presentationTransition == nil else { return false }
        // A loop, not `allSatisfy`: from main-actor code each closure call checks the executor.
        var presented = presentedStorage
        while let controller = presented {
            if controller.presentationTransition != nil { return false }
            presented = controller.presentedStorage
        }
        return true
    }

    /// Whether presenting `controller` on this controller now would be refused (warning or exception), as
    /// `present` decides it: for checks that the engine's queue holds back only what UIKit would (E21).
    package func wouldRefusePresenting(_ controller: UIViewController) -> Bool {
        let presenter = presenter(toPresent: controller)
        return presentationException(of: controller, on: presenter) != nil
            || presentationRefusal(of: controller, on: presenter) != nil
    }

    /// Whether dismissing what this controller presents would be refused now, or would cut a running
    /// transition short, judged from what the dismissal removes rather than from the engine's queue (E21
    /// checks): `dismissPresentedChain` refuses while a presentation or dismissal runs in the chain, and the
    /// dismissal takes away every controller presented above this one, cutting short a push or pop animating
    /// in any of them. What animates below this controller (its own stack) is not removed.
    package var wouldRefuseOrCutShortDismissal: Bool {
        guard presentationChainIsIdle else { return true }
        return presentedChain().contains { $0.stackTransitionWithin != nil }
    }

    /// UIKit's reason for raising when `controller` is already presented or already on its way to the screen
    /// another way (S17).
    func presentationException(of controller: UIViewController, on presenter: UIViewController) -> String? {
        if let presenting = controller.presentingStorage {
            return
                "Application tried to present modally a view controller \(controller.simDescription) that is already being presented by \(presenting.simDescription)."
        }
        if controller === presenter || controller === self || controller.presentedStorage != nil
            || controller.reasonNotFreeForContainment(ignoringParent: false) != nil
        {
            return "Application tried to present modally an active controller \(controller.simDescription)."
        }
        return nil
    }

    /// The console text of a presentation UIKit refuses without raising (S1). A restoration puts a chain back on
    /// a window that is not shown yet (`restoring`): the presenter then only has to be in it.
    func presentationRefusal(of controller: UIViewController, on presenter: UIViewController, restoring: Bool = false)
        -> String?
    {
        var attempt: String {
            "Attempt to present \(controller.simDescription) on \(presenter.simDescription) (from \(simDescription))"
        }
        if presenter.hostWindow == nil, !presenter.isDetachedInWindow {
            return "\(attempt) whose view is not in the window hierarchy."
        }
        if presenter.presentationTransition != nil {
            return "\(attempt) while a presentation is in progress."
        }
        if let current = presenter.presentedStorage {
            return "\(attempt) which is already presenting \(current.simDescription)."
        }
        // A window that is hidden, or a presenter whose view is not shown yet (its own viewDidLoad) or any more:
        // UIKit checks the view, not the controller's window.
        if !restoring,
            presenter.hostWindow?.isHidden == true
                || (!presenter.isDetachedInWindow && presenter.appearance == .disappeared)
        {
            return "\(attempt) whose view is not in the window hierarchy."
        }
        return nil
    }

    /// Whether the controller is outside every window's controller hierarchy while its view was added to a
    /// window by hand: UIKit presents from it, with a warning.
    var isDetachedInWindow: Bool {
        hostWindow == nil && viewIfLoaded?.window != nil
    }

    /// Dismisses every controller presented above this one in one transition. A non-animated dismissal
    /// updates the presentation links when it starts; an animated one keeps them, with `isBeingDismissed`
    /// true, until it ends (S3); an interactive one (a swipe) keeps them until the finger lets go: finished,
    /// the chain leaves and `completion` runs; cancelled, everything reappears and nothing changes. Returns
    /// the transition, or nil when nothing is dismissed.
    @discardableResult
    func dismissPresentedChain(
        animated flag: Bool,
        kind: PresentationChange.Kind,
        interactive: Bool = false,
        completion: (@MainActor () -> Void)?
    ) -> SimTransition? {
        guard presentationChainIsIdle else {
            warnTransitionInProgress()
            return nil
        }
        let chain = presentedChain()
        guard let first = chain.first else { return nil }
        // S3: an animated dismissal keeps the links until it ends (`isBeingDismissed` says it is leaving); a
        // non-animated one drops them at the call, so that the presenter can present again at once.
        if !interactive && !flag {
            presentedStorage = nil
            first.presentingStorage = nil
        }
        for controller in chain { controller.modalMotion = .beingDismissed }
        let disappearing = chain.reversed().filter(\.isOnScreen)
        // What the chain covered comes back: this controller and the levels in view with it.
        let reappearing = hostWindow?.isHidden == false ? levelsInViewWithIt(onScreen: false) : []
        let transitioningDelegate = chain.last?.transitioningDelegate
        let animator =
            flag && !interactive
            ? chain.last.flatMap { transitioningDelegate?.animationController(forDismissed: $0) } : nil
        let interaction = animator.flatMap { transitioningDelegate?.interactionControllerForDismissal(using: $0) }
        let transition = SimTransition(
            from: chain.last, to: self, animated: flag, interactive: interactive,
            modalStyle: first.modalPresentationStyle,
            duration: animator?.transitionDuration(using: nil) ?? SimAnimation.modalTransitionDuration
        ) { [self] transition in
            if transition.isCancelled {
                first.ownPresentationController?.dismissalTransitionDidEnd(false)
                cancelDismissal(
                    of: chain, disappearing: disappearing, reappearing: reappearing, kind: kind, animated: flag)
                return
            }
            // UIKit's `transitionDidFinish:` ends the presentation controller's dismissal and cleans up the
            // presentation (`_didFinishDismissTransition`: the links go) before the did-callbacks, so that
            // `presentingViewController` is nil in the dismissed controller's `viewDidDisappear` (S3).
            first.ownPresentationController?.dismissalTransitionDidEnd(true)
            presentedStorage = nil
            for controller in chain {
                controller.presentationTransition = nil
                controller.presentedStorage = nil
                controller.presentingStorage = nil
            }
            presentationTransition = nil
            // The presenter's did-appear comes before the dismissed controller's did-disappear, as logged on
            // devices for a full-screen dismissal (S19).
            for level in reappearing { level.endAppearance() }
            for controller in disappearing { controller.endAppearance() }
            for controller in chain { controller.modalMotion = nil }
            notifyDismissal(of: chain, kind: kind, phase: .completed, animated: flag)
            completion?()
        }
        transition.prepare(animatedBy: animator, interaction: interaction)
        presentationTransition = transition
        for controller in chain { controller.presentationTransition = transition }
        notifyDismissal(of: chain, kind: kind, phase: .began, animated: flag)
        for controller in disappearing { controller.beginAppearance(false, animated: flag) }
        for level in reappearing { level.beginAppearance(true, animated: flag) }
        first.ownPresentationController?.dismissalTransitionWillBegin()
        if !interactive { transition.run() }
        return transition
    }

    /// An interactive dismissal the user cancelled: the chain stays, and reappears where it is seen (the app
    /// may have taken the presenter off its window during the gesture).
    private func cancelDismissal(
        of chain: [UIViewController], disappearing: [UIViewController], reappearing: [UIViewController],
        kind: PresentationChange.Kind, animated flag: Bool
    ) {
        presentationTransition = nil
        for controller in chain {
            controller.presentationTransition = nil
            controller.modalMotion = nil
        }
        if hostWindow?.isHidden == false {
            for level in reappearing { level.beginAppearance(false, animated: flag) }
            for controller in disappearing.reversed() { controller.beginAppearance(true, animated: flag) }
        }
        for level in reappearing { level.endAppearance() }
        for controller in disappearing.reversed() { controller.endAppearance() }
        notifyDismissal(of: chain, kind: kind, phase: .cancelled, animated: flag)
    }

    /// Tells the observers of every presenting relationship the dismissal of `chain` ends: this controller's
    /// (the whole chain) and those of each controller in the chain that presents the rest of it (S5, S8).
    func notifyDismissal(
        of chain: [UIViewController], kind: PresentationChange.Kind, phase: PresentationChange.Phase, animated: Bool
    ) {
        guard !chain.isEmpty else { return }
        notifyPresentationObservers(
            PresentationChange(presenter: self, controllers: chain[...], kind: kind, phase: phase, animated: animated),
            of: chain[0])
        for index in chain.indices.dropFirst() {
            chain[index - 1].notifyPresentationObservers(
                PresentationChange(
                    presenter: chain[index - 1], controllers: chain[index...], kind: kind, phase: phase,
                    animated: animated),
                of: chain[index])
        }
    }

    func warnTransitionInProgress() {
        SimWarnings.emit(
            "Attempt to dismiss from view controller \(simDescription) while a presentation or dismiss is in progress.")
    }

    /// Releases everything presented above this controller at once, without transition
    /// (used when a window drops its root hierarchy).
    func releasePresentedChain() {
        let chain = presentedChain()
        presentedStorage = nil
        for controller in chain {
            controller.presentedStorage = nil
            controller.presentingStorage = nil
            controller.presentationTransition = nil
        }
        presentationTransition = nil
    }
}
