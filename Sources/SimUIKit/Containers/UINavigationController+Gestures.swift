import Foundation

// The user's back button and edge swipe.
extension UINavigationController {
    /// Simulates a tap on the back button: an animated pop of the top controller.
    /// Returns false when there is nothing to go back to, a transition is running, or something presented
    /// covers the bar (the tap does nothing).
    @discardableResult
    public func simulateBackButtonTap() -> Bool {
        guard stack.count > 1, navigationTransition == nil, !isCoveredByPresentation else { return false }
        return changeStack(.popTop, animated: true, cause: .backButton) != nil
    }

    /// Simulates the start of the edge swipe that pops the top controller. The returned handle follows the
    /// finger (``InteractiveTransition/update(_:)``) and ends it (``InteractiveTransition/finish()`` or
    /// ``InteractiveTransition/cancel()``; a cancelled pop puts the popped controller back).
    /// Returns nil when the gesture cannot start: one controller left, a transition running, something
    /// presented on top, ``isInteractivePopEnabled`` false, or the delegate of
    /// ``interactivePopGestureRecognizer`` refusing it.
    public func beginInteractivePop() -> InteractivePop? {
        guard isInteractivePopEnabled, stack.count > 1, navigationTransition == nil, !isCoveredByPresentation,
            popRecognizer.map({ $0.delegate?.gestureRecognizerShouldBegin($0) ?? true }) ?? true
        else { return nil }
        changeStack(.popTop, animated: true, cause: .interactivePop, interactive: true)
        return navigationTransition.map { InteractivePop(transition: $0) }
    }

    /// Whether something presented over the stack (by it or by the container presenting for it) takes the
    /// touches: a presentation that is not leaving in an animated dismissal (S3 keeps the link until then).
    var isCoveredByPresentation: Bool {
        let holder = presentationHolder
        guard let presented = holder.presentedStorage else { return false }
        return !(presented.modalMotion == .beingDismissed && holder.presentationTransition?.isInteractive == false)
    }

    /// A running interactive pop, driven by the simulated finger (see ``InteractiveTransition``).
    public final class InteractivePop: InteractiveTransition {}
}

/// The recognizer of a navigation controller's edge swipe. Its built-in action pops interactively, following
/// the finger's translation across the screen; it is enabled while ``UINavigationController/isInteractivePopEnabled`` is.
@MainActor
final class InteractivePopGestureRecognizer: UIScreenEdgePanGestureRecognizer {
    private weak var navigationController: UINavigationController?
    private var pop: UINavigationController.InteractivePop?

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
        super.init()
        edges = .left
        addTarget { [weak self] _ in self?.follow() }
    }

    override var isEnabled: Bool {
        get { navigationController?.isInteractivePopEnabled ?? false }
        set { navigationController?.isInteractivePopEnabled = newValue }
    }

    /// Past half the screen, or flicked towards it, the pop finishes; otherwise it goes back.
    private func follow() {
        let width = UIScreen.main.bounds.width
        let progress = translation(in: view).x / width
        switch state {
        case .began:
            // The delegate was asked when the gesture began.
            let delegate = self.delegate
            self.delegate = nil
            pop = navigationController?.beginInteractivePop()
            self.delegate = delegate
        case .changed:
            pop?.update(progress)
        case .ended:
            if progress > 0.5 || velocity(in: view).x > width / 2 { pop?.finish() } else { pop?.cancel() }
            pop = nil
        case .cancelled, .failed:
            pop?.cancel()
            pop = nil
        case .possible:
            break
        }
    }
}
