/// What a host remembers about the frames a restore adopts, as a value: where it last found a controller in the
/// navigation stack it adopts from, and which adopted frames were waiting to be shown when the snapshot was taken.
///
/// A restore adopts pushed frames bottom to top, so each controller is looked for from just above the last one
/// found: adopting n pushed frames scans the stack once, O(n) rather than O(n²), and keeps no table. A start ends
/// the adoption, since the stack may change from then on. Events that lead to UIKit work return it as actions,
/// so the bookkeeping can be tested without UIKit. Controllers are compared by identity.
struct AdoptionState<Controller: AnyObject, Frame> {
    /// An effect the host applies after an event.
    enum Action {
        /// Show this adopted frame through the queue, as its start would have once its transition ended.
        case show(Frame)
    }

    /// Where the next search of the stack identified by `stack` begins: just above the last controller found.
    private var cursor: (stack: ObjectIdentifier, next: Int)?
    /// Adopted frames that were waiting when the snapshot was taken, in adoption order.
    private(set) var waitingFrames: [Frame] = []

    /// `frame` was adopted as waiting: it is shown with the next start, or when the restore resumes the queue.
    mutating func adoptedWaiting(_ frame: Frame) {
        waitingFrames.append(frame)
    }

    /// The position of `controller` in `stack`, the controllers of the navigation controller identified by
    /// `stackID`, or nil when the stack does not hold it.
    mutating func position(of controller: Controller, in stack: [Controller], stackID: ObjectIdentifier) -> Int? {
        if stack.last === controller { return stack.count - 1 }
        // From just above the last controller found to the top, then from the bottom (a restore that adopts out
        // of order, or a stack that changed since, is still searched whole).
        let start = cursor?.stack == stackID ? min(cursor?.next ?? 0, stack.count) : 0
        for position in start..<stack.count where stack[position] === controller {
            cursor = (stackID, position + 1)
            return position
        }
        for position in 0..<start where stack[position] === controller {
            cursor = (stackID, position + 1)
            return position
        }
        return nil
    }

    /// A coordinator starts on the host: the adoption is over (the stack may change from now on).
    mutating func startBegan() {
        cursor = nil
    }

    /// The waiting frames are to be shown now (a start, or the restore resuming the queue); each is shown once.
    mutating func showWaitingFrames() -> [Action] {
        defer { waitingFrames.removeAll() }
        return waitingFrames.map(Action.show)
    }

    /// Every frame of the chain ended without a UIKit operation: none is left to show.
    mutating func chainAbandoned() {
        cursor = nil
        waitingFrames.removeAll()
    }
}
