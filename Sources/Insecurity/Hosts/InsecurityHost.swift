@_spi(Adapters) import SimUIKit

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
    /// What kind of object the host was started on.
    private enum BaseKind { case modal, navigation, window }
    private let baseKind: BaseKind
    /// What the host was started on, held weakly: the host keeps none of it alive. Read through ``hostBase``.
    private weak var baseObject: AnyObject?
    /// For a window host: the transition that animates the root changes it makes, if any.
    let windowTransition: (duration: Double, options: UIView.AnimationOptions)?
    // The chain's state, read and written on every start and end, goes without exclusivity checks (each costs
    // about 75 instructions): it is only read or replaced whole, or changed by mutations that run no other code.
    @exclusivity(unchecked) var frames: [Frame] = []
    @exclusivity(unchecked) var framesByUIKitController: [IdentityKey: Frame] = [:]
    /// The host held weakly, for its frames to share.
    private(set) lazy var reference = WeakReference(self)
    /// The last navigation controller a frame was pushed onto and the last controller one was presented on, held
    /// weakly, for the next frame started there to share.
    @exclusivity(unchecked) private var lastPushTarget: WeakReference<UINavigationController>?
    @exclusivity(unchecked) private var lastPresenter: WeakReference<UIViewController>?
    /// Ready, running the completions of ending frames, or tearing frames down.
    @exclusivity(unchecked) var stage = HostStage<Frame, WaitingEnd>()
    /// The frames a restore adopted: the stack positions it adopts from, and those waiting to be shown.
    @exclusivity(unchecked) var adoption = AdoptionState<UIViewController, Frame>()
    var baseObservation: AnyObject?
    /// The window showing the host's base, whose root changes the host follows.
    @exclusivity(unchecked) var watchedWindow: (window: WeakReference<UIWindow>, observation: AnyObject)?
    /// Whether the watched window is known to show the base without looking (which costs a start about a
    /// thousand instructions, issue 46): while frames are live, the base leaves its window only with them (a
    /// dismissal or pop that ends them) or when the window's root changes, which the host hears of.
    @exclusivity(unchecked) var watchIsCurrent = false
    /// For a window chain: the chain it replaces and whether a later one replaces it (E13).
    var succession = Succession<InsecurityHost>()

    /// For adapters: the coordinator framework whose adapter made the host to run its coordinators' screens,
    /// or nil for a host the app made. Snapshots record it (X3), and a rebuilt host gets it back.
    @_spi(Adapters) public let framework: String?

    /// A host that presents its chain modally on `controller`.
    public convenience init(modal controller: UIViewController) {
        self.init(modal: controller, framework: nil)
    }

    /// For adapters: a host presenting on `controller` that `framework`'s adapter runs.
    @_spi(Adapters) public init(modal controller: UIViewController, framework: String?) {
        baseKind = .modal
        baseObject = controller
        windowTransition = nil
        self.framework = framework
        attach(to: controller)
        InsecurityEvents.hostMade(self)
        endChainWhenReleased(controller)
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

    /// For the rebuild and the shared stack: a host on `navigationController` as it was recorded in a snapshot, or as an adapter's
    /// shared stack makes it, run by `framework`'s adapter (nil for the app's own). An empty stack was
    /// reported when the app made the host; restoring it is legitimate and reports nothing (E20).
    package init(restoringOn navigationController: UINavigationController, framework: String? = nil) {
        baseKind = .navigation
        baseObject = navigationController
        windowTransition = nil
        self.framework = framework
        attach(to: navigationController)
        InsecurityEvents.hostMade(self)
        baseObservation = navigationController.observeStack { [weak self] in self?.stackChanged($0) }
        endChainWhenReleased(navigationController)
    }

    /// For the rebuild of a snapshot: a host whose chain starts at `window`'s root.
    package convenience init(restoringOn window: UIWindow, framework: String? = nil) {
        self.init(window: window, transition: nil, framework: framework)
    }

    init(
        window: UIWindow, transition: (duration: Double, options: UIView.AnimationOptions)?, framework: String? = nil
    ) {
        baseKind = .window
        baseObject = window
        windowTransition = transition
        self.framework = framework
        attach(to: window)
        InsecurityEvents.hostMade(self)
        watchWindow()
    }

    /// E14: live coordinators outlive a released host; they keep their frame (to report a diagnostic when
    /// they end) but the frame no longer retains them. Frames still waiting to be shown never will be (the
    /// operations that would show them needed the host): from the next turn of the run loop they end with
    /// those above them, as a teardown, so their awaited starts resume (E15, E17).
    isolated deinit {
        let chain = OrphanedChain(frames)
        for frame in frames {
            frame.orphan(in: chain)
        }
        let waiting = frames.filter(\.isWaitingToShow).map(Weak.init)
        guard !waiting.isEmpty else { return }
        SimRunLoop.main.perform {
            // The lowest that still waits (one may have ended meanwhile), and every frame above it.
            waiting.lazy.compactMap(\.value).first(where: \.isWaitingToShow)?.endOrphanedWithFramesAbove()
        }
    }

    /// Pushed onto `navigation`: frames pushed one after another onto the same navigation controller (a restored
    /// stack's thousands) share one weak reference to it.
    func pushed(onto navigation: UINavigationController) -> Placement {
        .pushed(navigation: Self.reference(to: navigation, reusing: &lastPushTarget))
    }

    /// A weak reference to `object`: the one in `cache` when it names `object` already, else a new one, kept there.
    private static func reference<Object: AnyObject>(
        to object: Object, reusing cache: inout WeakReference<Object>?
    ) -> WeakReference<Object> {
        if let cached = cache, cached.value === object { return cached }
        let made = WeakReference(object)
        cache = made
        return made
    }

    /// What the host was started on.
    public var hostBase: HostBase {
        let base = baseObject
        switch baseKind {
        case .modal: return .modal(base as? UIViewController)
        case .navigation: return .navigation(base as? UINavigationController)
        case .window: return .window(base as? UIWindow)
        }
    }

    /// The window showing the host's base: a window host's own window, else the window of its controller.
    var baseWindow: UIWindow? {
        switch baseKind {
        case .modal, .navigation: (baseObject as? UIViewController)?.hostWindow
        case .window: baseObject as? UIWindow
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
        adoption.startBegan()
        switch stage.startRequested() {
        case .refuseDuringTeardown:
            InsecurityDiagnostics.report(
                .startDuringTeardown,
                "\(type(of: child)) was started while frames were being torn down; it does not start.")
            return false
        case .refuseSecondInBatch:
            InsecurityDiagnostics.report(
                .secondStartInCompletion,
                "\(type(of: child)) was started inside a completion while another start was already waiting; it does not start."
            )
            return false
        case .deferUntilTeardown:
            return deferStart(
                child, request, after: anchor, animated: animated, completion: completion, onTeardown: onTeardown)
        case .proceed:
            break
        }
        guard child.canStart else { return false }
        let (proceeds, parent) = clearAbove(
            anchor, childType: type(of: child), animated: animated, onTeardown: onTeardown)
        guard proceeds else { return false }
        guard let (placement, madeNavigation) = resolve(request, after: parent, childType: type(of: child)) else {
            return false
        }
        // E1: one read serves the exception guard (S17) and the frame.
        let controller = child.viewController
        if placement.ownNavigation != nil, let reason = UIKitExceptionGuard.reasonStackRaises(controller) {
            InsecurityDiagnostics.report(
                .controllerRefusedByUIKit,
                "The controller of \(type(of: child)) cannot be the root of a navigation controller: \(reason); it does not start."
            )
            return false
        }

        // A push needs the window watched before it is shown: it goes ahead only on a stack still in that window.
        // A presentation checks its presenter's window itself, and is watched for once shown or left waiting.
        let isPresented = placement.isPresented
        let frame = makeFrame(
            for: child, showing: controller, placement, animated: animated, completion: completion,
            onTeardown: onTeardown, watchesWindow: !isPresented)
        // The navigation controller the request made lives until the frame holds it.
        extendLifetime(madeNavigation)
        showRestoredWaitingFrames()
        enqueueShow(frame)
        if isPresented, frame.isWaitingToShow { watchWindow() }
        checkChain(after: "starting \(frame.typeName)", around: frame)
        return true
    }

    /// A start requested inside a completion runs once the teardown's transition is over (E9): one per batch.
    private func deferStart<NewResult>(
        _ child: InsecurityCoordinator<NewResult>, _ request: StartRequest, after anchor: StartAnchor,
        animated: Bool, completion: @escaping (CoordinatorResult<NewResult>) -> Void, onTeardown: (() -> Void)?
    ) -> Bool {
        guard child.canStart else { return false }
        stage.deferStart { [weak self] in
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
        return true
    }

    /// The frame a child starts above, once the frames above it have been torn down; `proceeds` is false
    /// when the parent has ended, or UIKit took it away with the frames above it (E8).
    private func clearAbove(
        _ anchor: StartAnchor, childType: Any.Type, animated: Bool, onTeardown: (() -> Void)?
    ) -> (proceeds: Bool, parent: Frame?) {
        let parent: Frame?
        switch anchor {
        case .top:
            parent = frames.last
        case .frame(let frame):
            guard frame.isLive, frame.belongs(to: self) else {
                InsecurityDiagnostics.report(
                    .parentEndedBeforeStart, "\(childType) could not start: its parent has ended.")
                return (false, nil)
            }
            parent = frame
        }
        let keptCount = if let parent { parent.index + 1 } else { 0 }
        if keptCount < frames.count {
            stage.beginTeardownWithoutBatch()
            whileTearingDown {
                tearDown(from: keptCount, removal: .byEngine(animated: animated))
                finishTeardown()
            }
            if let parent, !parent.isLive {
                onTeardown?()
                return (false, nil)
            }
        }
        return (true, parent)
    }

    /// Creates a live frame for `child` showing `controller` at `placement`, waiting for its UIKit operation. A
    /// navigation controller of its own gets `controller` as its root, unless `makesNavigationRoot` is false
    /// (a restore adopts it as it is).
    func makeFrame<NewResult>(
        for child: InsecurityCoordinator<NewResult>,
        showing controller: UIViewController,
        _ placement: Placement,
        animated: Bool,
        completion: @escaping (CoordinatorResult<NewResult>) -> Void,
        onTeardown: (() -> Void)?,
        makesNavigationRoot: Bool = true,
        watchesWindow: Bool = true
    ) -> Frame {
        var uikitController = controller
        if let navigation = placement.ownNavigation?.value {
            if makesNavigationRoot, navigation.viewControllers.first !== controller {
                navigation.setViewControllers([controller], animated: false)
            }
            uikitController = navigation
        }
        let frame = Frame(
            owner: child, controller: controller, placement: placement, uikitController: uikitController,
            animated: animated, index: frames.count, host: self
        )
        child.attach(to: frame, completion: completion, onTeardown: onTeardown)
        frames.append(frame)
        framesByUIKitController[frame.uikitControllerID] = frame
        observeUIKit(for: frame, showing: controller)
        if watchesWindow { watchWindow() }
        InsecurityEvents.publish(frame, .started(placement.presentation))
        return frame
    }

    /// Where a child starting above `parent` (or on the host's base) can be presented, pushed, or made a
    /// window's root; nil, with a diagnostic, when the host's window is gone. A parent whose controller is
    /// already gone (released with its hierarchy, its frame about to be removed) takes the start with it,
    /// quietly, as a parent that ended does (E8).
    private func context(after parent: Frame?, childType: Any.Type) -> (
        presenter: UIViewController?, navigation: UINavigationController?, window: UIWindow?
    )? {
        if let parent {
            guard let (presenter, navigation) = parent.childContext else { return nil }
            return (presenter, navigation, nil)
        }
        switch hostBase {
        case .modal(let root):
            return (root, nil, nil)
        case .navigation(let navigation):
            return (navigation, navigation, nil)
        case .window(let window):
            guard let window else {
                InsecurityDiagnostics.report(.hostTargetReleased, "\(childType) could not start: the window is gone.")
                return nil
            }
            return (nil, nil, window)
        }
    }

    /// Applies E5 and the adaptive tables (E6) to the parent's context. The placement holds its objects weakly:
    /// a navigation controller the request makes (E6's fallback) is returned too, for the caller to keep until
    /// the frame holds it.
    func resolve(_ request: StartRequest, after parent: Frame?, childType: Any.Type) -> (
        placement: Placement, madeNavigation: UINavigationController?
    )? {
        guard let (presenter, navigationController, window) = context(after: parent, childType: childType) else {
            return nil
        }
        // No `Optional.map` here: from main-actor code each closure call checks the executor.
        func presented(in navigation: UINavigationController?, made: UINavigationController? = nil) -> (
            placement: Placement, madeNavigation: UINavigationController?
        )? {
            let ownNavigation: WeakReference<UINavigationController>? =
                if let navigation { WeakReference(navigation) } else { nil }
            if let window { return (.windowRoot(window: WeakReference(window), navigation: ownNavigation), made) }
            guard let presenter else {
                InsecurityDiagnostics.report(
                    .hostTargetReleased, "\(childType) could not start: the controller to present on is gone.")
                return nil
            }
            // Frames presented one after another on the same controller share one weak reference to it.
            let presenterReference = Self.reference(to: presenter, reusing: &lastPresenter)
            return (.presented(presenter: presenterReference, navigation: ownNavigation), made)
        }
        switch request.kind {
        case .modal:
            return presented(in: nil)
        case .navigationRoot(let navigation):
            return presented(in: navigation)
        case .push:
            guard let navigationController else {
                InsecurityDiagnostics.report(
                    .navigationChildInModalContext,
                    "\(childType) is a navigation child, but the context is modal (no navigation controller); it does not start. Use start(_:_:animated:_:) with a navigation controller."
                )
                return nil
            }
            return (pushed(onto: navigationController), nil)
        case .adaptive(let context):
            switch context.kind {
            case .current:
                if let navigationController { return (pushed(onto: navigationController), nil) }
                return presented(in: nil)
            case .modal:
                return presented(in: nil)
            case .newNavigation(let navigation):
                return presented(in: navigation)
            case .fallbackNavigation(let makeNavigation):
                if let navigationController { return (pushed(onto: navigationController), nil) }
                let navigation = makeNavigation()
                return presented(in: navigation, made: navigation)
            }
        }
    }
}
