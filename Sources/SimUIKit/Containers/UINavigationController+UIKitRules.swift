import Foundation

// What UIKit does with a stack change requested while a transition runs (S6), and what it raises on or
// refuses to stack (S17).
extension UINavigationController {
    /// What UIKit does with a stack change requested now (S6).
    enum StackChangeDisposition {
        /// Applied at once.
        case apply
        /// Queued behind `transition`, and decided again when it ends.
        case queue(behind: SimTransition)
        /// Dropped, with UIKit's console message, for `transition`.
        case drop(for: SimTransition)
    }

    /// What UIKit does with a stack change requested now, as `setViewControllers:animated:` and
    /// `_applyViewControllers:transition:animated:operation:rescheduleBlock:` decide from the transition
    /// coordinator they find (S6): a push or pop of this stack animating or held by the finger queues every
    /// change; a presentation or dismissal whose style conflicts with navigation transitions drops it;
    /// another presentation or dismissal queues an animated change and lets a non-animated one through. UIKit
    /// lets a running push or pop be preempted only when its custom animator asks for it
    /// (`_isCurrentTransitionPreemptable`), which no animator here can: the change is queued.
    func disposition(ofChangeAnimated animated: Bool) -> StackChangeDisposition {
        if let running = navigationTransition, running.isAnimated { return .queue(behind: running) }
        guard let modal = modalTransitionInView else { return .apply }
        if modal.conflictsWithStackChanges(of: self) { return .drop(for: modal) }
        return animated ? .queue(behind: modal) : .apply
    }

    /// The presentation or dismissal UIKit's `_transitionCoordinator` finds for this navigation controller: one
    /// it or one of its parents takes part in, or one running in the chain presented above it.
    var modalTransitionInView: SimTransition? {
        var level: UIViewController? = self
        while let current = level {
            if let transition = current.presentationTransition, !transition.isFinished { return transition }
            level = current.parent
        }
        return presentationHolder.presentedChain().lazy.compactMap(\.presentationTransition).first {
            !$0.isFinished
        }
    }

    /// Pushes `controller` the way a collapsed split view shows its detail: a navigation controller is allowed
    /// there, nested in this one's stack.
    func pushNestingNavigation(_ controller: UIViewController) {
        nestsNavigation = true
        defer { nestsNavigation = false }
        pushViewController(controller, animated: true)
    }

    func validate(pushing controller: UIViewController, alreadyInStack: Bool) -> Bool {
        if controller is UINavigationController, !nestsNavigation {
            SimExceptions.raise(SimException.invalidArgument, "Pushing a navigation controller is not supported")
            return false
        }
        if controller is UIAlertController {
            SimWarnings.emit("Pushing an alert controller is not supported (\(controller.simDescription)); present it.")
            return false
        }
        if alreadyInStack {
            SimExceptions.raise(
                SimException.invalidArgument,
                "\(simDescription) is pushing the same view controller instance (\(controller.simDescription)) more than once which is not supported and is most likely an error in the application"
            )
            return false
        }
        if let reason = controller.reasonNotFreeForContainment(ignoringParent: true) {
            SimWarnings.emit("Cannot push \(controller.simDescription) onto \(simDescription): \(reason).")
            return false
        }
        return true
    }

    /// UIKit's `_setViewControllers:transition:animated:operation:` checks a replacement's controllers for
    /// repeats and for navigation controllers (S17), then each as a push.
    func validate(_ newStack: [UIViewController]) -> Bool {
        // Loops rather than closures: from main-actor code each closure call checks the executor, and a
        // restored stack can hold thousands of controllers.
        if !nestsNavigation {
            for controller in newStack where controller is UINavigationController {
                SimExceptions.raise(
                    SimException.internalInconsistency,
                    "UINavigationControllers are not allowed in a navigation controller!")
                return false
            }
        }
        var seen = Set<ObjectIdentifier>()
        seen.reserveCapacity(newStack.count)
        for controller in newStack where !seen.insert(ObjectIdentifier(controller)).inserted {
            SimExceptions.raise(
                SimException.internalInconsistency, "All view controllers in a navigation controller must be distinct")
            return false
        }
        for controller in newStack where !validate(pushing: controller, alreadyInStack: false) { return false }
        return true
    }
}
