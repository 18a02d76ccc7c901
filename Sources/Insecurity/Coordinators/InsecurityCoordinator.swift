import SimUIKit

/// For adapters: what happens to a coordinator's frame (`InsecurityCoordinator.FrameEvent`). Declared outside
/// the generic class, so that observing a frame needs no type made at run time for each result type.
@_spi(Adapters) public enum CoordinatorFrameEvent: Sendable, Equatable {
    /// UIKit has been asked to show the coordinator's controller.
    case shown
    /// The coordinator ended; `tornDown` is true when it ended with an ancestor, without its completion (E8).
    case ended(tornDown: Bool)
}

/// What adapters attach to a coordinator: observers of its frame, and objects kept alive while it runs. Outside the
/// generic class, so that it is one type for every result type.
@MainActor
final class CoordinatorAdapterState {
    var frameObservers = ObserverList<CoordinatorFrameEvent>()
    var keptAlive: [AnyObject] = []
}

/// What ``ModalCoordinator``, ``NavigationCoordinator`` and ``AdaptiveCoordinator`` share: a controller
/// read once at start, and `finish`/`dismiss` to end. Subclass one of those three, not this class.
@MainActor
open class InsecurityCoordinator<Result>: BridgeTypeNamed {
    /// One coordinator's life: started once, live while its frame is, ended once.
    enum State {
        case idle
        case live(Frame, completion: (CoordinatorResult<Result>) -> Void, onTeardown: (() -> Void)?)
        case ended
    }

    // Read on every start and end, without exclusivity checks (see the host's state).
    @exclusivity(unchecked) var state = State.idle
    /// Made by the first adapter that observes the frame or keeps something alive (most coordinators never
    /// get one).
    @exclusivity(unchecked) private var adapterState: CoordinatorAdapterState?

    private func ensureAdapterState() -> CoordinatorAdapterState {
        if let adapterState { return adapterState }
        let made = CoordinatorAdapterState()
        adapterState = made
        return made
    }

    /// For adapters: what happens to the coordinator's frame.
    @_spi(Adapters) public typealias FrameEvent = CoordinatorFrameEvent

    /// For adapters: calls `handler` with each event of the coordinator's frame for as long as the returned
    /// token is retained. Any number of observers may watch one coordinator.
    @_spi(Adapters) public func observeFrame(_ handler: @escaping @MainActor (FrameEvent) -> Void)
        -> SimObservation<FrameEvent>
    {
        ensureAdapterState().frameObservers.add(handler)
    }

    /// For adapters: keeps `object` alive until the coordinator ends (or is released unstarted), as an
    /// embedding keeps the host it made for the coordinator.
    @_spi(Adapters) public func keepAlive(_ object: AnyObject) {
        ensureAdapterState().keptAlive.append(object)
    }

    /// The coordinator ended: observers hear it, then what was kept alive for it is let go.
    private func notifyEnded(tornDown: Bool) {
        adapterState?.frameObservers.notify(.ended(tornDown: tornDown))
        adapterState?.keptAlive.removeAll()
    }

    public init() {}

    /// The controller this coordinator shows. Override it; the engine reads it exactly once, at start.
    open var viewController: UIViewController {
        InsecurityDiagnostics.report(
            .viewControllerNotOverridden,
            "\(type(of: self)) does not override `viewController`; an empty controller is shown."
        )
        return UIViewController()
    }

    /// The type name written into events, trees and snapshots: the coordinator's class (a restored coordinator
    /// reports the type it stands for).
    open var bridgedTypeName: String { TypeNames.name(of: type(of: self)) }

    /// Whether the coordinator has started and not ended.
    public var isLive: Bool {
        if case .live = state { return true }
        return false
    }

    /// Ends the coordinator with `result`: its completion runs now, and its screen (and everything above it) leaves.
    public func finish(_ result: Result) {
        guard let (host, frame, completion) = endingFrame() else { return }
        // The result is made when delivered: a generic value's type is looked up at run time each time it is made.
        host.end(frame, cause: .value, removal: .byEngine(animated: true)) {
            delivered(.normal(result), to: completion)
        } again: {
            { [self] in finish(result) }
        }
    }

    /// Ends the coordinator without a value: its completion receives `.dismissed`.
    public func dismiss() {
        dismiss(animated: true)
    }

    /// For adapters: `dismiss()`, choosing whether the UIKit operation is animated.
    @_spi(Adapters) public func dismiss(animated: Bool) {
        guard let (host, frame, completion) = endingFrame() else { return }
        host.end(frame, cause: .dismissCall, removal: .byEngine(animated: animated)) {
            delivered(.dismissed, to: completion)
        } again: {
            { [self] in dismiss(animated: animated) }
        }
    }

    /// The host and frame a `finish` or `dismiss` ends, with the completion to deliver to; nil, after a diagnostic,
    /// when the coordinator is not live, or when its host is gone (the frame then ends without its completion).
    private func endingFrame() -> (InsecurityHost, Frame, (CoordinatorResult<Result>) -> Void)? {
        switch state {
        case .idle:
            InsecurityDiagnostics.report(
                .endBeforeStart, "\(type(of: self)) ended before it was started; nothing changes.")
        case .ended:
            InsecurityDiagnostics.report(.endAfterEnd, "\(type(of: self)) ended a second time; nothing changes.")
        case .live(let frame, let completion, let onTeardown):
            if let host = frame.host { return (host, frame, completion) }
            state = .ended
            frame.orphanedChain?.endFrames(above: frame)
            frame.release()
            InsecurityDiagnostics.report(
                .hostReleased,
                "\(type(of: self)) ended after its host was released; its completion is not called and the screen is left as it is."
            )
            // An awaited start resumes with `.dismissed`: no continuation is leaked (E15).
            onTeardown?()
        }
        return nil
    }

    /// The frame ended by `finish` or `dismiss`: `completion` gets `result`, then observers hear of the end.
    private func delivered(
        _ result: CoordinatorResult<Result>, to completion: (CoordinatorResult<Result>) -> Void
    ) {
        state = .ended
        completion(result)
        notifyEnded(tornDown: false)
    }

    /// Binds the coordinator to its frame at start. Returns false (with a diagnostic) if it ran before.
    func attach(
        to frame: Frame,
        completion: @escaping (CoordinatorResult<Result>) -> Void,
        onTeardown: (() -> Void)?
    ) {
        state = .live(frame, completion: completion, onTeardown: onTeardown)
        didAttach()
    }

    /// Called once the coordinator has its frame: the engine holds its controller from now on.
    func didAttach() {}

    var canStart: Bool {
        if case .idle = state { return true }
        InsecurityDiagnostics.report(
            .startedTwice, "\(type(of: self)) was started again; a coordinator instance runs once.")
        return false
    }

    var liveFrame: Frame? {
        if case .live(let frame, _, _) = state { return frame }
        return nil
    }
}

extension InsecurityCoordinator: FrameOwner {
    var typeName: String { bridgedTypeName }

    func frameEnded(deliveringDismissal: Bool) {
        guard case .live(_, let completion, let onTeardown) = state else { return }
        state = .ended
        if deliveringDismissal {
            completion(.dismissed)
        } else {
            onTeardown?()
        }
        notifyEnded(tornDown: !deliveringDismissal)
    }

    func frameShown() {
        adapterState?.frameObservers.notify(.shown)
    }
}

/// A coordinator whose controller is presented modally. Its ``navigation`` starts modal children and
/// new navigation controllers.
@MainActor
open class ModalCoordinator<Result>: InsecurityCoordinator<Result> {
    public override init() { super.init() }

    /// Starts children from this coordinator; usable from start until the end (E3).
    public var navigation: any ModalNavigation & AdaptiveNavigation {
        FrameNavigation(owner: self, frame: liveFrame)
    }
}

/// A coordinator whose controller is pushed onto a navigation controller. Its ``navigation`` pushes
/// navigation children onto the same navigation controller.
@MainActor
open class NavigationCoordinator<Result>: InsecurityCoordinator<Result> {
    public override init() { super.init() }

    /// Starts children from this coordinator; usable from start until the end (E3).
    public var navigation: any NavigationControllerNavigation & AdaptiveNavigation {
        FrameNavigation(owner: self, frame: liveFrame)
    }
}

/// A coordinator that adapts to its parent's context: pushed when the parent is in a navigation
/// controller, presented otherwise, unless an ``AdaptiveContext`` says differently.
@MainActor
open class AdaptiveCoordinator<Result>: InsecurityCoordinator<Result> {
    public override init() { super.init() }

    /// Starts children from this coordinator; usable from start until the end (E3).
    public var navigation: any AdaptiveNavigation {
        FrameNavigation(owner: self, frame: liveFrame)
    }
}
