import Foundation

// A presentation carried out: UIKit's checks, the transition, and a cancelled one put back.
extension UIViewController {
    /// Puts a presentation back while a snapshot's window is rebuilt, before the window is shown: a
    /// non-animated presentation that UIKit's rules allow except that the window need not be visible yet.
    package func restorePresentation(of viewControllerToPresent: UIViewController) {
        present(viewControllerToPresent, animated: false, restoring: true, completion: nil)
    }

    func present(
        _ viewControllerToPresent: UIViewController, animated flag: Bool, restoring: Bool,
        completion: (@MainActor () -> Void)?
    ) {
        let presenter = presenter(toPresent: viewControllerToPresent)
        if let reason = presentationException(of: viewControllerToPresent, on: presenter) {
            SimExceptions.raise(SimException.invalidArgument, reason)
            return
        }
        if let reason = viewControllerToPresent.popoverSourceException(presentedFrom: presenter) {
            SimExceptions.raise(SimException.generic, reason)
            return
        }
        if let refusal = presentationRefusal(of: viewControllerToPresent, on: presenter, restoring: restoring) {
            SimWarnings.emit(refusal)
            return
        }
        if presenter.isDetachedInWindow {
            SimWarnings.emit(
                "Presenting view controllers on detached view controllers is discouraged \(presenter.simDescription).")
        }
        let presented = viewControllerToPresent
        presented.presentationWindow = presenter.hostWindow ?? presenter.viewIfLoaded?.window
        presenter.presentedStorage = presented
        presented.presentingStorage = presenter
        presented.modalMotion = .beingPresented
        // A full-screen presentation hides its presenter, the only other controller UIKit's presentation
        // controller gives appearance callbacks to (`_shouldCallAppearanceCallbacksFor:`); a controller under a
        // sheet that presents it stays in view (S12).
        let hidden = presented.modalPresentationStyle.hidesPresenter && presenter.isOnScreen ? [presenter] : []
        let appears = presenter.isOnScreen || presenter.isDetachedInWindow
        let transitioningDelegate = presented.transitioningDelegate
        if presented.modalPresentationStyle == .custom,
            let custom = transitioningDelegate?.presentationController(
                forPresented: presented, presenting: presenter, source: self)
        {
            presented.ownPresentationController = custom
        }
        let animator =
            flag
            ? transitioningDelegate?.animationController(forPresented: presented, presenting: presenter, source: self)
            : nil
        let interaction = animator.flatMap { transitioningDelegate?.interactionControllerForPresentation(using: $0) }
        let transition = SimTransition(
            from: presenter, to: presented, animated: flag, modalStyle: presented.modalPresentationStyle,
            duration: animator?.transitionDuration(using: nil) ?? SimAnimation.modalTransitionDuration
        ) { transition in
            presenter.presentationTransition = nil
            presented.presentationTransition = nil
            if transition.isCancelled {
                presenter.cancelPresentation(of: presented, appeared: appears, hidden: hidden, animated: flag)
                return
            }
            presented.ownPresentationController?.presentationTransitionDidEnd(true)
            // A full-screen presentation: the presented controller's did-appear comes before the presenter's
            // did-disappear, as logged on devices (S19).
            if appears { presented.endAppearance() }
            for level in hidden { level.endAppearance() }
            // The did-appear may have begun dismissing it already.
            if presented.modalMotion == .beingPresented { presented.modalMotion = nil }
            presenter.notifyPresentationObservers(
                PresentationChange(
                    presenter: presenter, controllers: [presented][...], kind: .present, phase: .completed,
                    animated: flag),
                of: presented)
            completion?()
        }
        transition.prepare(animatedBy: animator, interaction: interaction)
        presenter.presentationTransition = transition
        presented.presentationTransition = transition
        presenter.notifyPresentationObservers(
            PresentationChange(
                presenter: presenter, controllers: [presented][...], kind: .present, phase: .began, animated: flag),
            of: presented)
        if appears { presented.loadViewIfNeeded() }
        presented.ownPresentationController?.presentationTransitionWillBegin()
        for level in hidden { level.beginAppearance(false, animated: flag) }
        if appears { presented.beginAppearance(true, animated: flag) }
        transition.run()
    }

    /// A presentation whose transition was cancelled (its custom animator completed with false, or the user
    /// let go of an interactive one early): the presented controller leaves again, what it hid comes back,
    /// observers are told, and the completion does not run (S23).
    private func cancelPresentation(
        of presented: UIViewController, appeared: Bool, hidden: [UIViewController], animated: Bool
    ) {
        presentedStorage = nil
        presented.presentingStorage = nil
        presented.modalMotion = nil
        if appeared {
            presented.beginAppearance(false, animated: animated)
            presented.endAppearance()
        }
        for level in hidden {
            level.beginAppearance(true, animated: animated)
            level.endAppearance()
        }
        presented.ownPresentationController?.presentationTransitionDidEnd(false)
        notifyPresentationObservers(
            PresentationChange(
                presenter: self, controllers: [presented][...], kind: .present, phase: .cancelled, animated: animated),
            of: presented)
    }
}
