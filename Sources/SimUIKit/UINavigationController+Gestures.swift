import Foundation

// The user's back button and edge swipe.
extension UINavigationController {
    /// Simulates a tap on the back button: an animated pop of the top controller.
    /// Returns false when there is nothing to go back to or a transition is running (the tap does nothing).
    @discardableResult
    public func simulateBackButtonTap() -> Bool {
        guard stack.count > 1, navigationTransition == nil else { return false }
        return changeStack(.popTop, animated: true, cause: .backButton) != nil
    }

    /// Simulates the start of the edge swipe that pops the top controller. The returned handle follows the
    /// finger (``InteractiveTransition/update(_:)``) and ends it (``InteractiveTransition/finish()`` or ``InteractiveTransition/cancel()``).
    /// Returns nil when the gesture cannot start: one controller left, a transition running,
    /// something presented on top, or ``isInteractivePopEnabled`` false.
    public func beginInteractivePop() -> InteractivePop? {
        guard isInteractivePopEnabled, stack.count > 1, navigationTransition == nil, presentedStorage == nil else {
            return nil
        }
        let previous = stack
        let popped = stack[stack.count - 1]
        let revealed = stack[stack.count - 2]
        let onScreen = isOnScreen
        popped.willMove(toParent: nil)
        popped.containmentMotion = .movingFromParent
        stack.removeLast()
        let transition = SimTransition(
            from: popped, to: revealed, animated: true, interactive: true,
            duration: SimAnimation.navigationTransitionDuration
        ) { [self] transition in
            if navigationTransition === transition { navigationTransition = nil }
            popped.containmentMotion = nil
            if transition.isCancelled {
                // The stack may have left or reached the screen during the gesture (a tab switch, a split
                // view expanding, a new window root): the popped controller comes back only where it is seen.
                if isOnScreen {
                    revealed.beginAppearance(false, animated: true)
                    revealed.endAppearance()
                    popped.beginAppearance(true, animated: true)
                    popped.endAppearance()
                } else {
                    popped.endAppearance()
                    revealed.beginAppearance(false, animated: true)
                    revealed.endAppearance()
                }
                popped.didMove(toParent: self)
                // No delegate call: UIKit calls neither willShow nor didShow when the pop is cancelled.
                stackObservers.notify(
                    change(.replaced(previous: previous), previous, .interactivePop, .cancelled, true))
            } else {
                popped.endAppearance()
                revealed.endAppearance()
                popped.removeFromParent()
                delegate?.navigationController(self, didShow: revealed, animated: true)
                stackObservers.notify(change(.popped([popped]), stack, .interactivePop, .completed, true))
            }
            runDeferredPush()
        }
        navigationTransition = transition
        if onScreen {
            popped.beginAppearance(false, animated: true)
            revealed.beginAppearance(true, animated: true)
        }
        delegate?.navigationController(self, willShow: revealed, animated: true)
        stackObservers.notify(change(.popped([popped]), stack, .interactivePop, .began, true))
        return InteractivePop(transition: transition) { [weak self] in self?.stack = previous }
    }

    /// A running interactive pop, driven by the simulated finger (see ``InteractiveTransition``).
    /// A cancelled pop puts the popped controller back on the stack.
    public final class InteractivePop: InteractiveTransition {}
}
