@_spi(Adapters) import SimUIKit

/// What a frame's coordinator is told when the frame ends.
@MainActor
protocol FrameOwner: AnyObject {
    var typeName: String { get }
    /// The frame ended without `finish`/`dismiss`: deliver `.dismissed` to the completion (the user removed
    /// the screen), or, when torn down with an ancestor, skip the completion (E8).
    func frameEnded(deliveringDismissal: Bool)
    /// UIKit was asked to show the frame's controller.
    func frameShown()
}

/// One started coordinator on a host: the controller it shows and how UIKit shows it. It observes its controller's
/// deallocation (E11) and, when presented, the presentation changes of the controller UIKit presents (E10); the
/// controllers retain it until it is released.
@MainActor
final class Frame: ControllerObserver {
    /// The frame's life, one state at a time.
    enum Status {
        /// Started; waiting for its UIKit operation (E17).
        case waitingToShow
        case shown
        /// Ended; `wasShown` tells whether UIKit ever showed the controller.
        case ended(wasShown: Bool)
    }

    /// The frame's number: frames are numbered in the order they are made, from 1, once per process.
    let id: Int
    /// How many frames the process has made.
    // A frame's state is read on every operation of its host, without exclusivity checks (see the host's).
    @exclusivity(unchecked) private static var made = 0
    let typeName: String
    /// How UIKit holds the controller; a presentation's presenter is settled when it is shown (A11).
    @exclusivity(unchecked) var placement: Placement
    let animated: Bool
    /// Whether UIKit shows a navigation controller of the frame's own, held weakly, rather than ``controller``.
    private let showsOwnNavigation: Bool
    // The one-byte fields share a word: the many frames of a restored tree are no larger for them.
    @exclusivity(unchecked) private(set) var status: Status
    /// The identity of ``uikitController``, the frame's key in its host's lookup table: it stays valid after
    /// the controller is gone (a waiting frame that ends releases it).
    let uikitControllerID: IdentityKey
    /// The controller UIKit presents, pushes or makes root for this frame: the coordinator's controller, or the
    /// navigation controller of its own whose root it is. Fixed when the frame is made (a placement's own
    /// navigation controller never changes), and read far more often than a placement is worth copying.
    var uikitController: UIViewController? { showsOwnNavigation ? ownNavigationController : controller }
    @exclusivity(unchecked) private weak var ownNavigationController: UIViewController?
    /// Position in the host's chain.
    @exclusivity(unchecked) var index: Int
    /// The host's weak reference to itself, shared by its frames: a frame made adds no weak reference to the host.
    private let hostReference: WeakReference<InsecurityHost>
    var host: InsecurityHost? { hostReference.value }

    /// Whether `host` made the frame: ``host`` compared without loading it.
    func belongs(to host: InsecurityHost) -> Bool { hostReference === host.reference }

    /// The coordinator, retained while the frame is live.
    @exclusivity(unchecked) private(set) var owner: (any FrameOwner)?
    /// The coordinator's controller, until it is deallocated or the frame is released. Unowned rather than weak:
    /// a weakly referenced object has a side table, through which every retain and release of it goes, UIKit's
    /// own included (issue 46). The frame observes its deallocation (E11) and lets go of it then.
    @exclusivity(unchecked) private(set) unowned var controller: UIViewController?
    /// The controller that was on top of the navigation stack when this frame was pushed.
    @exclusivity(unchecked) weak var below: UIViewController?
    /// While the frame waits to be shown, what UIKit will hold once it is: the frame holds it meanwhile. Apart
    /// from ``status``, so that reading the status retains nothing.
    @exclusivity(unchecked) private(set) var waitingController: UIViewController?
    /// Observations of UIKit that this frame introduced (its navigation controller, the presentation of the stack
    /// it is pushed onto).
    @exclusivity(unchecked) var observations: [AnyObject] = []

    init(
        owner: any FrameOwner, controller: UIViewController, placement: Placement,
        uikitController: UIViewController, animated: Bool, index: Int, host: InsecurityHost
    ) {
        Frame.made += 1
        id = Frame.made
        typeName = owner.typeName
        self.owner = owner
        self.controller = controller
        self.placement = placement
        self.animated = animated
        self.index = index
        hostReference = host.reference
        uikitControllerID = IdentityKey(uikitController)
        showsOwnNavigation = uikitController !== controller
        if showsOwnNavigation { ownNavigationController = uikitController }
        status = .waitingToShow
        waitingController = uikitController
        super.init()
    }

    /// The frame's controller was deallocated (E11). Runs inside the controller's deinit: the frame acts on the
    /// next turn of the run loop, if it is still live then.
    override func observedControllerDeallocated() {
        controller = nil
        guard isLive else { return }
        SimRunLoop.main.perform { [weak self] in
            guard let self, isLive else { return }
            if let host {
                host.frameRemovedByUIKit(self, cause: .deallocation)
            } else if orphanedChain != nil {
                // The app dropped the host, then the screen went too (a test releasing its world): the frame and
                // those above end as a teardown, so awaited starts resume (E14, E15).
                endOrphanedWithFramesAbove()
            }
        }
    }

    /// The presented controller failed to arrive, or left: its host decides which frames that ends (E10). Its
    /// presentation beginning or completing ends nothing, and the host is not looked up for it.
    override func observedControllerPresentationChanged(_ change: PresentationChange) {
        if change.kind == .present, change.phase != .cancelled { return }
        host?.presentationChanged(change)
    }

    var isLive: Bool {
        if case .ended = status { return false }
        return true
    }

    /// Whether the frame waits for its UIKit operation.
    var isWaitingToShow: Bool {
        if case .waitingToShow = status { return true }
        return false
    }

    /// Whether UIKit showed the frame's controller (it may have ended since).
    var wasShown: Bool {
        switch status {
        case .waitingToShow: false
        case .shown: true
        case .ended(let wasShown): wasShown
        }
    }

    /// Marks the frame shown: UIKit holds its controller now.
    func markShown() {
        status = .shown
        waitingController = nil
    }

    /// Marks the frame ended, keeping whether it was shown. A waiting frame lets go of its controller once its
    /// status says it ended, so that the controller's deinit finds it ended.
    func markEnded() {
        status = .ended(wasShown: wasShown)
        waitingController = nil
    }

    /// How the frame's controller is put on screen, as reported in events and trees.
    var presentation: NavigationEvent.Presentation { placement.presentation }

    /// Where children of this frame are presented, and where its navigation children are pushed, if anywhere; nil
    /// when the frame's controller is gone (released with its hierarchy, the frame about to be removed).
    var childContext: (presenter: UIViewController?, navigation: UINavigationController?)? {
        guard let uikitController else { return nil }
        if case .pushed(let navigation) = placement {
            let navigationController = navigation.value
            return (navigationController, navigationController)
        }
        return (uikitController, uikitController as? UINavigationController)
    }

    var isWindowRoot: Bool {
        if case .windowRoot = placement { return true }
        return false
    }

    var isModal: Bool { placement.isPresented }

    /// Stops retaining the coordinator (its host is gone): the frame joins `chain`, the frames its host had,
    /// and knows its coordinator only while something else holds it.
    func orphan(in chain: OrphanedChain) {
        orphaned = Orphaned(formerOwner: owner, chain: chain)
        owner = nil
    }

    /// What a frame keeps once its host is gone, in storage made then, so that the many frames of a restored tree
    /// are no larger for it.
    private final class Orphaned {
        /// The frame's coordinator, while something else holds it.
        weak var formerOwner: (any FrameOwner)?
        let chain: OrphanedChain

        init(formerOwner: (any FrameOwner)?, chain: OrphanedChain) {
            self.formerOwner = formerOwner
            self.chain = chain
        }
    }

    private var orphaned: Orphaned?

    /// The frames of the released host this frame belonged to, bottom to top.
    var orphanedChain: OrphanedChain? { orphaned?.chain }

    /// Ends this frame of a released host as a teardown does (E8): its coordinator's awaited start resumes with
    /// `.dismissed` (E15) and nothing is held any more; the screen is left as it is.
    func endOrphaned() {
        guard isLive else { return }
        let owner = orphaned?.formerOwner
        release()
        owner?.frameEnded(deliveringDismissal: false)
    }

    /// Ends this frame of a released host and every live frame above it in its chain, top first, as a
    /// teardown (E8, E15).
    func endOrphanedWithFramesAbove() {
        orphanedChain?.endFrames(above: self)
        endOrphaned()
    }

    /// Drops everything the frame holds once it has ended, and stops its controller from retaining it.
    func release() {
        markEnded()
        owner = nil
        observations.removeAll()
        controller?.stopNotifying(self)
        // A frame whose controller UIKit shows itself registered with it alone.
        if showsOwnNavigation { ownNavigationController?.stopNotifying(self) }
        // No longer told of its deallocation.
        controller = nil
    }
}

/// The frames of a host released while they were live, bottom to top (E14). When one of them ends, those above
/// it end with it, as they would have with their host (E8), so that no awaited start waits forever (E15).
@MainActor
final class OrphanedChain {
    private let frames: [Weak<Frame>]

    init(_ frames: [Frame]) {
        self.frames = frames.map { Weak($0) }
    }

    /// Ends every live frame above `frame`, top first.
    func endFrames(above frame: Frame) {
        guard let index = frames.firstIndex(where: { $0.value === frame }) else { return }
        for above in frames[(index + 1)...].reversed() { above.value?.endOrphaned() }
    }
}
