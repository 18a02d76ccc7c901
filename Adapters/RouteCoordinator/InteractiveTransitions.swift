import SimUIKit

extension BaseCoordinator {
    /// Lets `recognizer` drive the transition of `route`: at every state change `handler` gets the
    /// recognizer and a function that, called once the gesture begins, starts the route's transition and
    /// returns its animation, whose interaction controller the handler then updates, finishes or cancels.
    public func registerInteractiveTransition<GestureRecognizer: UIGestureRecognizer>(
        for route: RouteType, triggeredBy recognizer: GestureRecognizer,
        handler: @escaping (_ handlerRecognizer: GestureRecognizer, _ transition: () -> TransitionAnimation?) -> Void,
        completion: PresentationHandler? = nil
    ) {
        let startTransition = { [weak self] () -> TransitionAnimation? in
            guard let self else { return nil }
            let transition = prepareTransition(for: route)
            transition.animation?.start()
            performTransition(transition, with: TransitionOptions(animated: true), completion: completion)
            return transition.animation
        }
        let target = recognizer.addTarget { recognizer in
            guard let recognizer = recognizer as? GestureRecognizer else { return }
            handler(recognizer, startTransition)
        }
        keep(GestureTarget(recognizer: recognizer, target: target))
    }

    /// Lets `recognizer` drive the transition of `route` by its `progress`; when the finger lets go,
    /// `shouldFinish` says whether the transition completes or goes back.
    public func registerInteractiveTransition<GestureRecognizer: UIGestureRecognizer>(
        for route: RouteType, triggeredBy recognizer: GestureRecognizer,
        progress: @escaping (GestureRecognizer) -> CGFloat, shouldFinish: @escaping (GestureRecognizer) -> Bool,
        completion: PresentationHandler? = nil
    ) {
        var animation: TransitionAnimation?
        registerInteractiveTransition(
            for: route, triggeredBy: recognizer,
            handler: { recognizer, transition in
                switch recognizer.state {
                case .began:
                    animation = transition()
                case .changed:
                    animation?.interactionController?.update(progress(recognizer))
                case .cancelled:
                    animation?.interactionController?.cancel()
                    animation?.cleanup()
                case .ended:
                    if shouldFinish(recognizer) {
                        animation?.interactionController?.finish()
                    } else {
                        animation?.interactionController?.cancel()
                    }
                    animation?.cleanup()
                default:
                    break
                }
            }, completion: completion)
    }

    /// Stops `recognizer` (or every recognizer) registered with
    /// ``registerInteractiveTransition(for:triggeredBy:handler:completion:)`` from driving transitions.
    public func unregisterInteractiveTransition(triggeredBy recognizer: UIGestureRecognizer? = nil) {
        removeKept { kept in
            guard let kept = kept as? GestureTarget, recognizer == nil || kept.recognizer === recognizer else {
                return false
            }
            kept.recognizer?.removeTarget(kept.target)
            return true
        }
    }
}

/// A recognizer's action added by a coordinator, removed with it.
@MainActor
final class GestureTarget {
    weak var recognizer: UIGestureRecognizer?
    let target: UIGestureRecognizer.Target

    init(recognizer: UIGestureRecognizer, target: UIGestureRecognizer.Target) {
        self.recognizer = recognizer
        self.target = target
    }

    isolated deinit {
        recognizer?.removeTarget(target)
    }
}

extension Coordinator where Self: AnyObject {
    /// 3D Touch previews of `route` from `source`. The peek-and-pop interaction left iOS with iOS 13, and a
    /// headless simulation has no touch pressure: the transition registers nothing and completes at once,
    /// so apps that still register one in their `#available` fallback keep compiling and routing.
    @available(iOS, introduced: 9.0, deprecated: 13.0, message: "Use `UIContextMenuInteraction` instead.")
    public func registerPeek<RootViewController>(for source: Container, route: RouteType)
        -> Transition<RootViewController>
    where TransitionType == Transition<RootViewController> {
        .none()
    }
}
