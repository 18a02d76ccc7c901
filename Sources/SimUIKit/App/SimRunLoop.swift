import Foundation
import HeapModule

/// The virtual clock every animation in the simulation runs on.
///
/// Nothing in SimUIKit sleeps: an animated transition schedules its end on this loop,
/// and tests or tools move time forward with ``advance(by:)`` or ``runUntilIdle(maxSteps:)``.
@MainActor
public final class SimRunLoop {
    /// The loop that every SimUIKit object uses.
    public static let main = SimRunLoop()

    /// Virtual seconds elapsed since the loop was created.
    public private(set) var now: TimeInterval = 0

    private var queue = Heap<ScheduledAction>()
    private var nextSequence = 0

    /// Due times within this tolerance count as reached, so that `0.1 + 0.25` reaches `0.35`.
    private static let tolerance: TimeInterval = 1e-9

    private init() {}

    /// Whether no action is waiting for virtual time to pass.
    public var isIdle: Bool { queue.isEmpty }

    /// The number of scheduled actions that have not run yet.
    public var pendingActionCount: Int { queue.count }

    /// Schedules `action` to run once `delay` virtual seconds have passed.
    /// Actions due at the same time run in the order they were scheduled.
    public func perform(after delay: TimeInterval = 0, _ action: @escaping @MainActor () -> Void) {
        let entry = ScheduledAction(time: now + max(0, delay), sequence: nextSequence, action: action)
        nextSequence += 1
        queue.insert(entry)
    }

    /// Drops every scheduled action and sets the clock back to zero (for a fresh simulated world
    /// between tests; see the `SimulationTesting` product's `.cleanSimulatedWorld` trait).
    public func reset() {
        queue = Heap()
        now = 0
    }

    /// Moves the clock forward by `interval`, running every action that falls due on the way, in time order.
    public func advance(by interval: TimeInterval) {
        guard interval >= 0 else {
            SimWarnings.emit("SimRunLoop cannot move back in time (advance(by: \(interval)) ignored).")
            return
        }
        let target = now + interval
        while let first = queue.min, first.time <= target + Self.tolerance {
            queue.removeMin()
            now = max(now, first.time)
            first.action()
        }
        now = max(now, target)
    }

    /// Runs scheduled actions, moving the clock to each in turn, until none is left.
    ///
    /// Returns `false` (and warns) if `maxSteps` actions ran and work was still pending,
    /// which means something keeps rescheduling itself.
    @discardableResult
    public func runUntilIdle(maxSteps: Int = 1_000_000) -> Bool {
        var steps = 0
        while let first = queue.popMin() {
            now = max(now, first.time)
            first.action()
            steps += 1
            if steps >= maxSteps, !queue.isEmpty {
                SimWarnings.emit(
                    "SimRunLoop.runUntilIdle stopped after \(steps) actions: work keeps being rescheduled.")
                return false
            }
        }
        return true
    }
}

private struct ScheduledAction: Comparable {
    let time: TimeInterval
    let sequence: Int
    let action: @MainActor () -> Void

    static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.time, lhs.sequence) < (rhs.time, rhs.sequence)
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.sequence == rhs.sequence
    }
}
