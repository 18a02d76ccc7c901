/// How the screen of the lowest frame a teardown ends leaves.
enum Removal {
    /// UIKit took it away already (the user, app code, a deallocation): only what the chain shows above it is
    /// left to remove, animated.
    case doneByUIKit
    /// The app let go of the controller the chain was shown from, and of everything shown there with it:
    /// nothing is left to remove.
    case goneWithHierarchy
    /// The engine's one UIKit operation takes it away (E7).
    case byEngine(animated: Bool)

    /// Whether the teardown's UIKit operation is animated.
    var animated: Bool {
        switch self {
        case .doneByUIKit: true
        case .goneWithHierarchy: false
        case .byEngine(let animated): animated
        }
    }
}

/// A host's stage as a state machine, in swift-nio's style: ready; running the completions of ending frames,
/// which batches the frames that end meanwhile (E8) and holds a start asked for inside them (E9); or tearing
/// frames down with one UIKit operation (E7), while the ends UIKit causes wait. Each phase carries only its own
/// data, each event returns what the host does, and an event the phase cannot take is a programming error that
/// stops the program with the phase named. Frames are told apart by their index in the chain; `WaitingEnd` is
/// what the host needs to end a frame again once a teardown is over.
struct HostStage<Frame, WaitingEnd> {
    /// The frames ending together: the lowest decides the teardown's UIKit operation.
    struct Batch {
        var lowest: Frame
        var lowestIndex: Int
        /// How the lowest frame's screen leaves.
        var removal: Removal
        /// The start asked for inside a completion, run once the teardown is over (E9).
        var deferredStart: (@MainActor () -> Void)?

        /// Whether the frame at `index` is above the lowest: it is torn down with the batch, without its
        /// completion (E8).
        func tearsDown(index: Int) -> Bool { index > lowestIndex }
    }

    enum Phase {
        case ready
        case ending(Batch)
        /// Tearing frames down; `awaiting` are the ends UIKit caused meanwhile (the queue ran a waiting operation
        /// that removed another of the host's frames): they run as soon as the teardown is over, in order.
        case tearingDown(awaiting: [WaitingEnd])
    }

    /// What the host does with a frame that ends.
    enum EndAction: Equatable {
        /// Mark it ended and deliver its completion, then tear the batch down (``beginTeardown()``).
        case deliverThenTearDown
        /// Mark it ended and deliver its completion: it joins the batch running its completions.
        case deliverInBatch
        /// Nothing: it is above the batch's lowest frame and is torn down with it, without its completion (E8).
        case tornDownWithBatch
        /// Nothing yet: a teardown is under way, and the end runs again once it is over.
        case waitForTeardown
    }

    /// What the host does with a start.
    enum StartAction: Equatable {
        case proceed
        /// Refused (a misuse): frames are being torn down.
        case refuseDuringTeardown
        /// Refused (a misuse): a start asked for inside this batch's completions waits already.
        case refuseSecondInBatch
        /// Held until the teardown is over: give it to ``deferStart(_:)``.
        case deferUntilTeardown
    }

    private(set) var phase = Phase.ready

    var isReady: Bool {
        if case .ready = phase { return true }
        return false
    }

    /// Whether the frame at `index` is above the lowest frame of the batch whose completions run: it is torn
    /// down with the batch (E8), so nothing may show it meanwhile.
    func tearsDown(index: Int) -> Bool {
        if case .ending(let batch) = phase { return batch.tearsDown(index: index) }
        return false
    }

    // MARK: Events

    /// The frame at `index` ends, its screen leaving as `removal` says; `again` makes what ends it again once a
    /// teardown under way is over (``EndAction/waitForTeardown``), and is asked only then.
    mutating func frameEnds(
        _ frame: Frame, index: Int, removal: Removal, again: @autoclosure () -> WaitingEnd
    ) -> EndAction {
        switch phase {
        case .ready:
            phase = .ending(Batch(lowest: frame, lowestIndex: index, removal: removal, deferredStart: nil))
            return .deliverThenTearDown
        case .ending(var batch):
            guard !batch.tearsDown(index: index) else { return .tornDownWithBatch }
            if index < batch.lowestIndex {
                batch.lowest = frame
                batch.lowestIndex = index
                batch.removal = removal
            }
            phase = .ending(batch)
            return .deliverInBatch
        case .tearingDown(var awaiting):
            awaiting.append(again())
            phase = .tearingDown(awaiting: awaiting)
            return .waitForTeardown
        }
    }

    /// What a start asked for now meets.
    func startRequested() -> StartAction {
        switch phase {
        case .ready: .proceed
        case .tearingDown: .refuseDuringTeardown
        case .ending(let batch): batch.deferredStart == nil ? .deferUntilTeardown : .refuseSecondInBatch
        }
    }

    /// Holds `start` until the batch's teardown is over; only after ``StartAction/deferUntilTeardown``.
    mutating func deferStart(_ start: @escaping @MainActor () -> Void) {
        guard case .ending(var batch) = phase, batch.deferredStart == nil else {
            preconditionFailure("HostStage: a start was deferred while the host was \(phaseName), not waiting for one")
        }
        batch.deferredStart = start
        phase = .ending(batch)
    }

    /// The batch's completions have run: its frames are torn down now. Returns the batch.
    mutating func beginTeardown() -> Batch {
        guard case .ending(let batch) = phase else {
            preconditionFailure("HostStage: a batch's teardown began while the host was \(phaseName)")
        }
        phase = .tearingDown(awaiting: [])
        return batch
    }

    /// Frames are torn down outside a batch (a start replacing the frames above its parent, a chain abandoned);
    /// only on a ready host.
    mutating func beginTeardownWithoutBatch() {
        guard case .ready = phase else {
            preconditionFailure("HostStage: a teardown without a batch began while the host was \(phaseName)")
        }
        phase = .tearingDown(awaiting: [])
    }

    /// The teardown is over: the host is ready. Returns the ends that waited for it, to run in order.
    mutating func teardownFinished() -> [WaitingEnd] {
        guard case .tearingDown(let awaiting) = phase else {
            preconditionFailure("HostStage: a teardown finished while the host was \(phaseName)")
        }
        phase = .ready
        return awaiting
    }

    /// The phase, named for a trap's message.
    private var phaseName: String {
        switch phase {
        case .ready: "ready"
        case .ending: "running a batch's completions"
        case .tearingDown: "tearing frames down"
        }
    }
}
