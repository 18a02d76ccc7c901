import SimUIKit

/// Runs a chain of coordinators on an existing controller (modal presentations) or an existing
/// navigation controller (pushes), as Insecurity's hosts do in an existing app. You retain the host while its chain lives.
///
/// The host keeps its frames as an ordered chain. Ending a frame ends every frame above it with one
/// UIKit operation (E7); coordinators that end inside the completion are batched into that operation (E8);
/// a start requested inside a completion runs after the teardown's transition (E9); every UIKit operation
/// it issues goes through `UIKitOperationQueue` and waits for the transition running on its target (E17,
/// E19); and removals made by the user (swipe-down, back button, interactive pop) or by app code end the
/// matching frames (E10, E11).
///
/// `start` on a host starts on top of its chain. Starting a child from a coordinator that is not on top of
/// the chain replaces the frames above that coordinator (they end without their completions).
@MainActor
public final class InsecurityHost {
    enum Base {
        case modal(Weak<UIViewController>)
        case navigation(Weak<UINavigationController>)
        case window(Weak<UIWindow>, transition: (duration: Double, options: UIView.AnimationOptions)?)
    }

    /// The host's stage: ready, running completions of ending frames (batching), or tearing frames down.
    enum Stage {
        case ready
        case ending(Batch)
        case tearingDown
    }

    struct Batch {
        var lowest: Frame
        var lowestRemovedByUser: Bool
        /// Whether the teardown's UIKit operation is animated (set by the lowest ended frame).
        var animated: Bool
        var deferredStart: (@MainActor () -> Void)?
    }

    let base: Base
    var frames: [Frame] = []
    var framesByUIKitController: [ObjectIdentifier: Frame] = [:]
    var stage = Stage.ready
    /// Ends that UIKit caused while the host was tearing frames down (the queue ran a waiting operation
    /// that removed another of its frames): they run as soon as the teardown is over, in the same turn.
    private var endsAwaitingTeardown: [@MainActor () -> Void] = []
    /// Restored frames that were waiting when the snapshot was taken: they are shown with the next start.
    var restoredWaitingFrames: [Frame] = []
    private var baseObservation: AnyObject?
    /// The window showing the host's base, whose root changes the host follows.
    private var watchedWindow: (window: Weak<UIWindow>, observation: AnyObject)?
    /// Set by the window host when a new root chain replaces this one: the frames end without their
    /// completions once the new root is on screen (E13).
    var isBeingReplaced = false
    /// The window chain this one replaces, kept until this chain's root is on screen and the replaced
    /// chain has ended (E13).
    var replacedChain: InsecurityHost?

    /// A host that presents its chain modally on `controller`.
    public init(modal controller: UIViewController) {
        base = .modal(Weak(controller))
        InsecurityHost.register(self)
    }

    /// A host that pushes its chain onto `navigationController`, above the controllers it holds, which
    /// the host does not manage. Insecurity's own examples start on a stack of one controller; a deeper stack (an app
    /// embedding a flow mid-journey, a restored snapshot) is just as legitimate (E20). Only an empty
    /// stack is a misuse: there is nothing to return to.
    public convenience init(navigation navigationController: UINavigationController) {
        self.init(restoringOn: navigationController)
        if navigationController.viewControllers.isEmpty {
            InsecurityDiagnostics.report(
                .navigationHostNeedsOneController,
                "InsecurityHost(navigation:) got an empty navigation controller; give it a root controller first. The first child becomes its root and cannot be popped."
            )
        }
    }

    /// For adapters restoring a snapshot: a host on `navigationController` as it was recorded. An empty
    /// stack was reported when the app made the host; restoring it is legitimate and reports nothing (E20).
    @_spi(Adapters) public init(restoringOn navigationController: UINavigationController) {
        base = .navigation(Weak(navigationController))
        InsecurityHost.register(self)
        baseObservation = navigationController.observeStack { [weak self] in self?.stackChanged($0) }
    }

    /// For adapters restoring a snapshot: a host whose chain starts at `window`'s root.
    @_spi(Adapters) public convenience init(restoringOn window: UIWindow) {
        self.init(window: window, transition: nil)
    }

    init(window: UIWindow, transition: (duration: Double, options: UIView.AnimationOptions)?) {
        base = .window(Weak(window), transition: transition)
        InsecurityHost.register(self)
        watchWindow()
    }

    /// E14: live coordinators outlive a released host; they keep their frame (to report a diagnostic when
    /// they end) but the frame no longer retains them.
    isolated deinit {
        for frame in frames {
            frame.releaseOwner()
        }
    }

    /// The coordinators live on this host, bottom to top, by type name.
    public var liveCoordinatorTypes: [String] { frames.map(\.typeName) }

    // MARK: Starting

    @discardableResult
    func start<NewResult>(
        _ child: InsecurityCoordinator<NewResult>,
        _ request: StartRequest,
        after anchor: StartAnchor,
        animated: Bool,
        completion: @escaping (CoordinatorResult<NewResult>) -> Void,
        onTeardown: (() -> Void)?
    ) -> Bool {
        adoptionIndex = nil
        switch stage {
        case .tearingDown:
            InsecurityDiagnostics.report(
                .startDuringTeardown,
                "\(type(of: child)) was started while frames were being torn down; it does not start.")
            return false
        case .ending(var batch):
            guard batch.deferredStart == nil else {
                InsecurityDiagnostics.report(
                    .secondStartInCompletion,
                    "\(type(of: child)) was started inside a completion while another start was already waiting; it does not start."
                )
                return false
            }
            guard child.canStart else { return false }
            batch.deferredStart = { [weak self] in
                // A parent that ended before the start could run takes the start with it (E8), quietly.
                if case .frame(let parent) = anchor, !parent.isLive {
                    onTeardown?()
                    return
                }
                let started =
                    self?.start(
                        child, request, after: anchor, animated: animated, completion: completion,
                        onTeardown: onTeardown) ?? false
                if !started { onTeardown?() }
            }
            stage = .ending(batch)
            return true
        case .ready:
            break
        }
        guard child.canStart else { return false }

        let parent: Frame?
        switch anchor {
        case .top:
            parent = frames.last
        case .frame(let frame):
            guard frame.isLive, frame.host === self else {
                InsecurityDiagnostics.report(
                    .parentEndedBeforeStart, "\(type(of: child)) could not start: its parent has ended.")
                return false
            }
            parent = frame
        }
        let keptCount = parent.map { $0.index + 1 } ?? 0
        if keptCount < frames.count {
            stage = .tearingDown
            tearDown(from: keptCount, lowestRemovedByUser: false, animated: animated)
            finishTeardown()
            // UIKit removed the parent too while the frames above it left: the start goes with it (E8).
            if let parent, !parent.isLive {
                onTeardown?()
                return false
            }
        }
        guard let placement = resolve(request, after: parent, childType: type(of: child)) else { return false }
        if placement.makesNavigationRoot, let reason = UIKitExceptionGuard.reasonStackRaises(child.viewController) {
            InsecurityDiagnostics.report(
                .controllerRefusedByUIKit,
                "The controller of \(type(of: child)) cannot be the root of a navigation controller: \(reason); it does not start."
            )
            return false
        }

        let frame = makeFrame(
            for: child, showing: child.viewController, placement, animated: animated, completion: completion,
            onTeardown: onTeardown)
        showRestoredWaitingFrames()
        enqueueShow(frame)
        return true
    }

    /// Creates a live frame for `child` showing `controller`, waiting for its UIKit operation.
    private func makeFrame<NewResult>(
        for child: InsecurityCoordinator<NewResult>,
        showing controller: UIViewController,
        _ placement: ResolvedPlacement,
        animated: Bool,
        completion: @escaping (CoordinatorResult<NewResult>) -> Void,
        onTeardown: (() -> Void)?,
        makesNavigationRoot: Bool = true
    ) -> Frame {
        let uikitController: UIViewController
        let presentation: NavigationEvent.Presentation
        let framePlacement: Frame.Placement
        switch placement {
        case .present(let presenter):
            uikitController = controller
            presentation = .present
            framePlacement = .presented(presenter: Weak(presenter), presented: Weak(controller))
        case .presentNavigation(let presenter, let navigationController):
            if makesNavigationRoot, navigationController.viewControllers.first !== controller {
                navigationController.setViewControllers([controller], animated: false)
            }
            uikitController = navigationController
            presentation = .presentNavigation
            framePlacement = .presented(presenter: Weak(presenter), presented: Weak(navigationController))
        case .push(let navigationController):
            uikitController = controller
            presentation = .push
            framePlacement = .pushed(navigation: Weak(navigationController))
        case .windowRoot(let window, let navigationController):
            if makesNavigationRoot, let navigationController, navigationController.viewControllers.first !== controller {
                navigationController.setViewControllers([controller], animated: false)
            }
            uikitController = navigationController ?? controller
            presentation = .windowRoot
            framePlacement = .windowRoot(window: Weak(window), root: Weak(uikitController))
        }

        let frame = Frame(
            owner: child, controller: controller, placement: framePlacement, presentation: presentation,
            uikitController: uikitController, animated: animated, index: frames.count, host: self
        )
        child.attach(to: frame, completion: completion, onTeardown: onTeardown)
        frames.append(frame)
        framesByUIKitController[frame.uikitControllerID] = frame
        observeUIKit(for: frame)
        watchWindow()
        InsecurityEvents.publish(frame, .started(presentation))
        return frame
    }

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
        guard case .ready = stage, coordinator.canStart else { return false }
        let placement: ResolvedPlacement
        if isShown {
            guard let adopted = placementOnScreen(of: controller, as: presentation) else { return false }
            placement = adopted
        } else {
            // A waiting frame's own navigation controller, if it has one, already holds its controller.
            let navigation = controller.parent as? UINavigationController
            let request: StartRequest =
                switch presentation {
                case .present: .modal
                case .windowRoot: navigation.map { .navigationRoot($0) } ?? .modal
                case .push: .push
                case .presentNavigation: .navigationRoot(navigation ?? UINavigationController())
                }
            guard let resolved = resolve(request, after: frames.last, childType: type(of: coordinator)) else {
                return false
            }
            placement = resolved
        }
        // A shown frame is adopted where UIKit shows it: its navigation controller's stack stays as it is.
        let frame = makeFrame(
            for: coordinator, showing: controller, placement, animated: false, completion: completion, onTeardown: nil,
            makesNavigationRoot: !isShown)
        if isShown {
            if case .pushed(let navigation) = frame.placement, let navigation = navigation.value,
                let index = stackIndex(of: controller, in: navigation), index > 0
            {
                frame.below = navigation.viewControllers[index - 1]
            }
            frame.status = .shown
        } else {
            restoredWaitingFrames.append(frame)
        }
        return true
    }

    /// Shows the adopted frames that were waiting when the snapshot was taken, through the queue, as their
    /// starts would have once the transition they waited for ended (held by `gate` until then).
    func showRestoredWaitingFrames(gate: UIKitOperationQueue.RestoreGate? = nil) {
        let waiting = restoredWaitingFrames
        restoredWaitingFrames.removeAll()
        for frame in waiting { enqueueShow(frame, gate: gate) }
    }

    /// Positions in a navigation stack that a restore adopts frames from, built once per restore so that
    /// adopting n pushed frames costs O(n) rather than O(n²).
    private var adoptionIndex: (navigation: ObjectIdentifier, positions: [ObjectIdentifier: Int])?

    /// The position of `controller` in `navigation`'s stack, for adoption.
    private func stackIndex(of controller: UIViewController, in navigation: UINavigationController) -> Int? {
        let stack = navigation.viewControllers
        if stack.last === controller { return stack.count - 1 }
        if adoptionIndex?.navigation != ObjectIdentifier(navigation) {
            var positions: [ObjectIdentifier: Int] = [:]
            positions.reserveCapacity(stack.count)
            for (index, controller) in stack.enumerated() { positions[ObjectIdentifier(controller)] = index }
            adoptionIndex = (ObjectIdentifier(navigation), positions)
        }
        if let index = adoptionIndex?.positions[ObjectIdentifier(controller)], stack.indices.contains(index),
            stack[index] === controller
        {
            return index
        }
        return stack.lastIndex(of: controller)
    }

    /// Where UIKit shows `controller`, if that matches `presentation`.
    private func placementOnScreen(of controller: UIViewController, as presentation: NavigationEvent.Presentation)
        -> ResolvedPlacement?
    {
        switch presentation {
        case .present:
            return controller.presentingViewController.map { .present(on: $0) }
        case .presentNavigation:
            guard let navigation = controller.parent as? UINavigationController,
                let presenter = navigation.presentingViewController
            else { return nil }
            return .presentNavigation(on: presenter, navigation)
        case .push:
            return (controller.parent as? UINavigationController).map { .push($0) }
        case .windowRoot:
            guard case .window(let window, _) = base, let window = window.value else { return nil }
            let navigation = controller.parent as? UINavigationController
            guard window.rootViewController === (navigation ?? controller) else { return nil }
            return .windowRoot(window, navigation)
        }
    }

    private enum ResolvedPlacement {
        case present(on: UIViewController)
        case presentNavigation(on: UIViewController, UINavigationController)
        case push(UINavigationController)
        case windowRoot(UIWindow, UINavigationController?)

        /// Whether the coordinator's controller becomes the root of a navigation controller of its own.
        var makesNavigationRoot: Bool {
            switch self {
            case .presentNavigation, .windowRoot(_, _?): true
            case .present, .push, .windowRoot(_, nil): false
            }
        }
    }

    /// Applies E5 and the adaptive tables (E6) to the parent's context.
    private func resolve(_ request: StartRequest, after parent: Frame?, childType: Any.Type) -> ResolvedPlacement? {
        let presenter: UIViewController?
        let navigationController: UINavigationController?
        var window: UIWindow?
        if let parent {
            presenter = parent.presentationContext
            navigationController = parent.navigationContext
        } else {
            switch base {
            case .modal(let root):
                presenter = root.value
                navigationController = nil
            case .navigation(let navigation):
                presenter = navigation.value
                navigationController = navigation.value
            case .window(let target, _):
                presenter = nil
                navigationController = nil
                window = target.value
                if window == nil {
                    InsecurityDiagnostics.report(
                        .hostTargetReleased, "\(childType) could not start: the window is gone.")
                    return nil
                }
            }
        }
        func modal() -> ResolvedPlacement? {
            if let window { return .windowRoot(window, nil) }
            guard let presenter else {
                InsecurityDiagnostics.report(
                    .hostTargetReleased, "\(childType) could not start: the controller to present on is gone.")
                return nil
            }
            return .present(on: presenter)
        }
        func newNavigation(_ navigation: UINavigationController) -> ResolvedPlacement? {
            if let window { return .windowRoot(window, navigation) }
            guard let presenter else {
                InsecurityDiagnostics.report(
                    .hostTargetReleased, "\(childType) could not start: the controller to present on is gone.")
                return nil
            }
            return .presentNavigation(on: presenter, navigation)
        }
        switch request {
        case .modal:
            return modal()
        case .navigationRoot(let navigation):
            return newNavigation(navigation)
        case .push:
            guard let navigationController else {
                InsecurityDiagnostics.report(
                    .navigationChildInModalContext,
                    "\(childType) is a navigation child, but the context is modal (no navigation controller); it does not start. Use start(_:_:animated:_:) with a navigation controller."
                )
                return nil
            }
            return .push(navigationController)
        case .adaptive(let context):
            switch context.kind {
            case .current:
                if let navigationController { return .push(navigationController) }
                return modal()
            case .modal:
                return modal()
            case .newNavigation(let navigation):
                return newNavigation(navigation)
            case .fallbackNavigation(let makeNavigation):
                if let navigationController { return .push(navigationController) }
                return newNavigation(makeNavigation())
            }
        }
    }

    // MARK: Showing (E17, E19)

    /// Asks the queue to show `frame`: after every operation requested before it on the same target or
    /// host, once nothing animates on its target. A frame that ends first is never shown.
    private func enqueueShow(_ frame: Frame, gate: UIKitOperationQueue.RestoreGate? = nil) {
        let target: AnyObject?
        let blocker: () -> UIKitOperationQueue.Blocker?
        let acceptedNow: () -> String?
        switch frame.placement {
        case .presented(let presenter, _):
            target = presenter.value.map(\.presentationAnchor)
            blocker = { UIKitOperationQueue.blockerForPresentation(on: presenter.value) }
            acceptedNow = {
                guard let presenter = presenter.value, case .waitingToShow(let controller) = frame.status,
                    !UIKitOperationQueue.topPresenter(above: presenter).wouldRefusePresenting(controller)
                else { return nil }
                return "presenting \(controller.simDescription)"
            }
        case .pushed(let navigation):
            target = navigation.value
            blocker = { UIKitOperationQueue.blockerForStackChange(of: navigation.value) }
            acceptedNow = { UIKitOperationQueue.stackChangeAcceptedNow("a push", on: navigation.value) }
        case .windowRoot(let window, _):
            target = window.value
            blocker = { UIKitOperationQueue.blockerForRootChange(of: window.value) }
            // A root change during a window transition cuts its animation short: a choice, not a UIKit refusal.
            acceptedNow = { nil }
        }
        var keys = [ObjectIdentifier(self)]
        if let target { keys.append(ObjectIdentifier(target)) }
        UIKitOperationQueue.shared.enqueue(
            .init(
                keys: keys, blocker: gate?.holding(blocker) ?? blocker, isObsolete: { !frame.isWaitingToShow },
                run: { [weak self] in
                    guard let self, case .waitingToShow(let uikitController) = frame.status else { return }
                    show(frame, uikitController)
                },
                acceptedByUIKitNow: acceptedNow))
    }

    private func show(_ frame: Frame, _ uikitController: UIViewController) {
        if let reason = reasonUIKitWouldRaise(showing: uikitController, at: frame.placement) {
            InsecurityDiagnostics.report(
                .controllerRefusedByUIKit,
                "The controller of \(frame.typeName) cannot be shown: \(reason); the coordinator ends with .dismissed."
            )
            frameRemovedByUIKit(frame, cause: .refusedByUIKit)
            return
        }
        let shown: Bool
        switch frame.placement {
        case .presented(let presenter, let presented):
            // A presenter that left the window (the app replaced the root, or dismissed it) would make
            // UIKit refuse: the frame ends as the user's removals do, without handing UIKit anything.
            guard let requested = presenter.value, requested.hostWindow != nil else {
                frameRemovedByUIKit(frame, cause: .hierarchyRemoved)
                return
            }
            let actual = UIKitOperationQueue.topPresenter(above: requested)
            if actual !== requested {
                frame.placement = .presented(presenter: Weak(actual), presented: presented)
                frame.observations.append(actual.observePresentations { [weak self] in self?.presentationChanged($0) })
            }
            actual.present(uikitController, animated: frame.animated)
            shown = uikitController.presentingViewController != nil
        case .pushed(let navigation):
            // UIKit pushes onto a stack that left the window, but nobody would see it: a stack the app
            // took off the window the host showed it in ends the frame, as the root change would have.
            guard let navigationController = navigation.value,
                navigationController.hostWindow != nil || watchedWindow?.window.value == nil
            else {
                frameRemovedByUIKit(frame, cause: .hierarchyRemoved)
                return
            }
            frame.below = navigationController.topViewController
            navigationController.pushViewController(uikitController, animated: frame.animated)
            shown = uikitController.parent === navigationController
        case .windowRoot(let target, _):
            guard let window = target.value else {
                frameRemovedByUIKit(frame, cause: .hierarchyRemoved)
                return
            }
            if case .window(_, let transition?) = base, frame.animated {
                UIView.transition(
                    with: window, duration: transition.duration, options: transition.options,
                    animations: {
                        window.rootViewController = uikitController
                    })
            } else {
                window.rootViewController = uikitController
            }
            shown = window.rootViewController === uikitController
            if shown { replacedChain = nil }
        }
        guard shown else {
            InsecurityDiagnostics.report(
                .controllerRefusedByUIKit,
                "UIKit refused to show the controller of \(frame.typeName) (see SimUIKit's warnings); the coordinator ends with .dismissed."
            )
            frameRemovedByUIKit(frame, cause: .refusedByUIKit)
            return
        }
        frame.status = .shown
        watchWindow()
        InsecurityEvents.publish(frame, .shown)
        frame.owner?.frameShown()
    }

    private func reasonUIKitWouldRaise(showing controller: UIViewController, at placement: Frame.Placement) -> String? {
        switch placement {
        case .presented: UIKitExceptionGuard.reasonPresentRaises(controller)
        case .pushed(let navigation): navigation.value.flatMap { UIKitExceptionGuard.reasonPushRaises(controller, onto: $0) }
        case .windowRoot: nil
        }
    }

    // MARK: Watching UIKit (E10, E11)

    private func observeUIKit(for frame: Frame) {
        if case .presented(let presenter, _) = frame.placement, let presenter = presenter.value {
            frame.observations.append(presenter.observePresentations { [weak self] in self?.presentationChanged($0) })
        }
        if !(frame.placement.isPush), let navigation = frame.navigationContext {
            frame.observations.append(navigation.observeStack { [weak self] in self?.stackChanged($0) })
        }
        frame.controller?.onDeallocation { [weak self, weak frame] in
            // Runs inside the controller's deinit: act on the next turn of the run loop, if still needed.
            guard let frame, frame.isLive else { return }
            SimRunLoop.main.perform { [weak self, weak frame] in
                guard let self, let frame, frame.isLive else { return }
                self.frameRemovedByUIKit(frame, cause: .deallocation)
            }
        }
    }

    /// Follows the root of the window that shows the host's base, so that app code replacing it (a log-out)
    /// ends the frames it took away (E10's rule for removals made outside the engine).
    private func watchWindow() {
        let window: UIWindow?
        switch base {
        case .modal(let controller): window = controller.value?.hostWindow
        case .navigation(let navigation): window = navigation.value?.hostWindow
        case .window(let target, _): window = target.value
        }
        guard let window, watchedWindow?.window.value !== window else { return }
        watchedWindow = (Weak(window), window.observeRootViewController { [weak self] _ in self?.windowRootChanged() })
    }

    private func windowRootChanged() {
        guard let lowest = frames.first, lowest.isLive else { return }
        switch base {
        case .modal(let controller):
            guard controller.value?.hostWindow == nil else { return }
        case .navigation(let navigation):
            guard navigation.value?.hostWindow == nil else { return }
        case .window(let window, _):
            guard window.value?.rootViewController !== lowest.uikitController else { return }
            if isBeingReplaced {
                abandon()
                return
            }
            guard lowest.wasShown else { return }
        }
        frameRemovedByUIKit(lowest, cause: .hierarchyRemoved)
    }

    /// A dismissal the engine did not issue ends the frames it removes as soon as it is decided: when it
    /// begins, or, for a swipe, when the finger lets go without cancelling. A start requested right after
    /// (in the same turn) then goes where the screen will be, not on top of a frame on its way out.
    private func presentationChanged(_ change: PresentationChange) {
        guard change.kind != .present else { return }
        let cause: NavigationEvent.EndCause = change.kind == .interactiveDismissal ? .swipe : .dismissedByApp
        let removed = Array(change.controllers)
        switch change.phase {
        case .began where change.kind == .interactiveDismissal:
            whenInteractionFinishes(change.presenter.transitionCoordinator) { [weak self] in
                self?.removedByUIKit(removed, cause: cause, pushed: false)
            }
        case .began, .completed:
            removedByUIKit(removed, cause: cause, pushed: false)
        case .cancelled:
            break
        }
    }

    /// Pops the engine did not issue end the frames they remove as soon as they are decided, as dismissals do.
    private func stackChanged(_ change: NavigationStackChange) {
        // A push removes nothing; skipping it keeps deep stacks cheap.
        guard change.cause != .push, change.phase != .cancelled else { return }
        let cause: NavigationEvent.EndCause =
            switch change.cause {
            case .backButton: .backButton
            case .interactivePop: .interactivePop
            default: .poppedByApp
            }
        let removed = change.removed
        if change.phase == .began, change.cause == .interactivePop {
            whenInteractionFinishes(change.transitionCoordinator) { [weak self] in
                self?.removedByUIKit(removed, cause: cause, pushed: true)
            }
        } else {
            removedByUIKit(removed, cause: cause, pushed: true)
        }
    }

    /// Runs `body` when the user lets go of `transition` without cancelling it.
    private func whenInteractionFinishes(
        _ transition: (any UIViewControllerTransitionCoordinator)?, _ body: @escaping () -> Void
    ) {
        transition?.notifyWhenInteractionChanges { context in
            if !context.isCancelled { body() }
        }
    }

    /// Ends the lowest shown frame among `controllers`; the frames above it end with it (E8). A frame still
    /// waiting to show a controller that leaves (the same controller shown again) is not what left.
    private func removedByUIKit(_ controllers: [UIViewController], cause: NavigationEvent.EndCause, pushed: Bool) {
        for controller in controllers {
            if let frame = framesByUIKitController[ObjectIdentifier(controller)], case .shown = frame.status,
                frame.uikitController === controller, frame.placement.isPush == pushed
            {
                frameRemovedByUIKit(frame, cause: cause)
                return
            }
        }
    }

    /// UIKit removed the frame's controller (or refused it): the frame ends with `.dismissed`.
    private func frameRemovedByUIKit(_ frame: Frame, cause: NavigationEvent.EndCause) {
        end(frame, cause: cause, removedByUser: true) {
            frame.owner?.frameEnded(deliveringDismissal: true)
        }
    }

    // MARK: Ending (E7, E8, E9)

    /// Ends `frame`: runs `deliver` (its completion) now, batches frames that end inside it, then tears
    /// down every ended frame and those above them with one UIKit operation.
    func end(
        _ frame: Frame, cause: NavigationEvent.EndCause, removedByUser: Bool, animated: Bool = true,
        deliver: @escaping () -> Void
    ) {
        switch stage {
        case .tearingDown:
            endsAwaitingTeardown.append { [weak self] in
                guard frame.isLive else { return }
                self?.end(frame, cause: cause, removedByUser: removedByUser, animated: animated, deliver: deliver)
            }
        case .ending(var batch):
            if frame.index < batch.lowest.index {
                batch.lowest = frame
                batch.lowestRemovedByUser = removedByUser
                batch.animated = animated
            }
            stage = .ending(batch)
            markEnded(frame, cause: cause)
            deliver()
        case .ready:
            stage = .ending(
                Batch(lowest: frame, lowestRemovedByUser: removedByUser, animated: animated, deferredStart: nil))
            markEnded(frame, cause: cause)
            deliver()
            guard case .ending(let batch) = stage else { return }
            stage = .tearingDown
            let popped = tearDown(
                from: batch.lowest.index, lowestRemovedByUser: batch.lowestRemovedByUser, animated: batch.animated)
            finishTeardown()
            if let deferredStart = batch.deferredStart {
                if popped {
                    SimRunLoop.main.perform(
                        after: InsecurityConfiguration.navigationPopBatchedStartDelay, deferredStart)
                } else {
                    deferredStart()
                }
            }
        }
    }

    /// Makes the host ready again after a teardown, and runs the ends UIKit caused during it.
    private func finishTeardown() {
        stage = .ready
        while !endsAwaitingTeardown.isEmpty {
            let ends = endsAwaitingTeardown
            endsAwaitingTeardown.removeAll()
            for end in ends { end() }
        }
    }

    private func markEnded(_ frame: Frame, cause: NavigationEvent.EndCause) {
        frame.markEnded()
        InsecurityInvariants.recordEnded(frame)
        InsecurityEvents.publish(frame, .ended(cause))
    }

    /// Removes frames from `index` up, issues the one UIKit operation that takes their screens away,
    /// and releases them; frames that had not ended are torn down without their completions (E8).
    /// Returns whether the operation was a pop.
    @discardableResult
    private func tearDown(from index: Int, lowestRemovedByUser: Bool, animated: Bool) -> Bool {
        let ended = Array(frames[index...])
        frames.removeSubrange(index...)
        // A key is an address: it may name a later frame's controller by now (a controller that died and
        // one made at the same address), whose entry stays.
        for frame in ended where framesByUIKitController[frame.uikitControllerID] === frame {
            framesByUIKitController.removeValue(forKey: frame.uikitControllerID)
        }
        // Every frame is ended before any UIKit operation is issued: the queue may run waiting operations
        // while it takes the teardown's, and a torn-down frame's start must be dropped by then.
        let tornDown = ended.filter(\.isLive)
        for frame in tornDown { markEnded(frame, cause: .teardownOfFramesAbove) }
        let popped = removeFromScreen(ended, lowestAlreadyRemoved: lowestRemovedByUser, animated: animated)
        for frame in tornDown {
            frame.owner?.frameEnded(deliveringDismissal: false)
        }
        for frame in ended {
            frame.release()
        }
        return popped
    }

    /// E7: one dismiss from the presenter of the lowest ended modal frame, or one pop to the controller
    /// under the lowest ended navigation frame (without animation when a modal frame above is dismissed).
    /// Like the original framework, ends are animated whatever the start was (adapters may ask otherwise).
    /// The operations go through the queue (E19): each runs once its target is idle, and does nothing
    /// if UIKit no longer shows what it was to remove. Returns whether a pop was requested.
    private func removeFromScreen(_ ended: [Frame], lowestAlreadyRemoved: Bool, animated: Bool) -> Bool {
        guard let lowest = ended.first else { return false }
        let above = ended.dropFirst()
        let modalAbove = above.first { $0.wasShown && $0.isModal }
        guard lowest.wasShown, !lowestAlreadyRemoved else {
            if let modalAbove { enqueueDismissal(of: modalAbove, animated: animated) }
            return false
        }
        switch lowest.placement {
        case .presented:
            enqueueDismissal(of: lowest, animated: animated)
            return false
        case .pushed(let navigation):
            guard let navigationController = navigation.value, let below = lowest.below else {
                if let modalAbove { enqueueDismissal(of: modalAbove, animated: animated) }
                return false
            }
            // The pop first, without animation under a modal frame that leaves with it: the dismissal
            // then reveals the stack as it will stay.
            let animatedPop = animated && modalAbove == nil
            UIKitOperations.pop(navigationController, to: below, animated: animatedPop, keys: [ObjectIdentifier(self)])
            if let modalAbove { enqueueDismissal(of: modalAbove, animated: animated) }
            return true
        case .windowRoot:
            // The window keeps its root; what the chain put above the root leaves.
            return removeFromScreen(Array(above), lowestAlreadyRemoved: false, animated: animated)
        }
    }

    /// Dismisses `frame`'s presented controller, and everything above it, once its presentation chain is idle.
    private func enqueueDismissal(of frame: Frame, animated: Bool) {
        guard case .presented(_, let presented) = frame.placement, let controller = presented.value else { return }
        UIKitOperations.dismiss(controller, animated: animated, keys: [ObjectIdentifier(self)])
    }

    /// Ends every frame without UIKit operations and without completions (the window replaced the root).
    func abandon() {
        guard case .ready = stage else {
            SimRunLoop.main.perform { [weak self] in self?.abandon() }
            return
        }
        stage = .tearingDown
        let ended = frames
        frames.removeAll()
        framesByUIKitController.removeAll()
        restoredWaitingFrames.removeAll()
        for frame in ended where frame.isLive {
            markEnded(frame, cause: .teardownOfFramesAbove)
            frame.owner?.frameEnded(deliveringDismissal: false)
        }
        for frame in ended {
            frame.release()
        }
        finishTeardown()
    }
}

extension Frame.Placement {
    var isPush: Bool {
        if case .pushed = self { return true }
        return false
    }
}
