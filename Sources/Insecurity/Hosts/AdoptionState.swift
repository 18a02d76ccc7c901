/// What a host remembers about the frames a restore adopts, as a value: where controllers stand in the navigation
/// stack it adopts from, and which adopted frames were waiting to be shown when the snapshot was taken.
///
/// The stack's positions are indexed once per restore, so that adopting n pushed frames costs O(n) rather than
/// O(n²); a start ends the adoption, since the stack may change from then on. Events that lead to UIKit work
/// return it as actions, so the bookkeeping can be tested without UIKit. Controllers are compared by identity.
struct AdoptionState<Controller: AnyObject, Frame> {
    /// An effect the host applies after an event.
    enum Action {
        /// Show this adopted frame through the queue, as its start would have once its transition ended.
        case show(Frame)
    }

    /// Where each controller stands in the stack identified by `stack`, while frames are adopted from it.
    private var positions: (stack: ObjectIdentifier, index: [ObjectIdentifier: Int])?
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
        if positions?.stack != stackID {
            var index: [ObjectIdentifier: Int] = [:]
            index.reserveCapacity(stack.count)
            for (position, controller) in stack.enumerated() { index[ObjectIdentifier(controller)] = position }
            positions = (stackID, index)
        }
        // The index is as old as the restore: a controller found elsewhere now is looked up again.
        if let position = positions?.index[ObjectIdentifier(controller)], stack.indices.contains(position),
            stack[position] === controller
        {
            return position
        }
        return stack.lastIndex { $0 === controller }
    }

    /// A coordinator starts on the host: the adoption is over (the stack may change from now on).
    mutating func startBegan() {
        positions = nil
    }

    /// The waiting frames are to be shown now (a start, or the restore resuming the queue); each is shown once.
    mutating func showWaitingFrames() -> [Action] {
        defer { waitingFrames.removeAll() }
        return waitingFrames.map(Action.show)
    }

    /// Every frame of the chain ended without a UIKit operation: none is left to show.
    mutating func chainAbandoned() {
        positions = nil
        waitingFrames.removeAll()
    }
}
