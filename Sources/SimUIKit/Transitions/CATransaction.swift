import Foundation

/// Core Animation's transactions, reduced to what coordinator code relies on (S22): the completion block of a
/// transaction runs once every animated transition and view animation started between ``begin()`` and
/// ``commit()`` has ended, or at ``commit()`` when none started or all have already ended. Transactions nest:
/// an outer transaction also waits for what its inner ones started. Outside ``begin()``, the work of the
/// current run loop turn belongs to an implicit transaction, committed at the end of the turn.
@MainActor
public final class CATransaction {
    /// One open or committed transaction and the work it still waits for.
    @MainActor
    final class Transaction {
        var completion: (() -> Void)?
        var animationDuration: TimeInterval = 0.25
        var disableActions = false
        /// Open until ``commit()``; the completion runs once it is committed and nothing it waits for runs.
        private enum Phase {
            case open
            case committed
        }

        private var phase = Phase.open
        /// How many transitions and view animations started in the transaction still run.
        private var pending = 0

        func enlist() { pending += 1 }

        func release() {
            pending -= 1
            finishIfDone()
        }

        func commit() {
            phase = .committed
            finishIfDone()
        }

        private func finishIfDone() {
            guard case .committed = phase, pending == 0, let completion else { return }
            self.completion = nil
            completion()
        }
    }

    /// The transactions begun and not yet committed, outermost first.
    private static var open: [Transaction] = []
    /// The implicit transaction of the current run loop turn, made when code sets a completion block outside
    /// ``begin()``; committed on the next turn.
    private static var implicit: Transaction?

    /// The innermost open transaction, else the turn's implicit one (made now).
    private static var current: Transaction {
        if let transaction = open.last ?? implicit { return transaction }
        let made = Transaction()
        implicit = made
        SimRunLoop.main.perform {
            if implicit === made { implicit = nil }
            made.commit()
        }
        return made
    }

    private init() {}

    /// Opens a transaction (nested in the current one, if any).
    public static func begin() {
        open.append(Transaction())
    }

    /// Closes the innermost transaction: its completion block runs now if nothing it started still runs, else
    /// when the last of those ends. A commit without a matching ``begin()`` changes nothing and is reported.
    public static func commit() {
        guard let transaction = open.popLast() else {
            SimWarnings.emit("CATransaction.commit() was called without a matching CATransaction.begin(); ignored.")
            return
        }
        transaction.commit()
    }

    /// The block the innermost transaction runs when it and everything started in it have ended.
    /// Takes UIKit's declared type, a plain closure: code that passes on a completion parameter of its own
    /// compiles unchanged in Swift 6 mode.
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        current.completion = block
    }

    /// The innermost transaction's completion block.
    public static func completionBlock() -> (() -> Void)? {
        (open.last ?? implicit)?.completion
    }

    /// Recorded only: the simulation keeps UIKit's and the animations' own durations.
    public static func setAnimationDuration(_ duration: TimeInterval) {
        open.last?.animationDuration = duration
    }

    public static func animationDuration() -> TimeInterval {
        open.last?.animationDuration ?? 0.25
    }

    /// Recorded only: nothing is drawn, so there are no implicit animations to disable.
    public static func setDisableActions(_ flag: Bool) {
        open.last?.disableActions = flag
    }

    public static func disableActions() -> Bool {
        open.last?.disableActions ?? false
    }

    /// Draws nothing: the simulation has no render tree to flush.
    public static func flush() {}

    /// Forgets the transactions a finished test left open (begun, never committed).
    package static func closeAllForNewWorld() {
        open.removeAll()
        implicit = nil
    }

    /// Registers work that starts now with every open transaction and the turn's implicit one; the returned
    /// membership ends it.
    static func enlistStartingWork() -> TransactionMembership? {
        let enlisted = implicit.map { [$0] + open } ?? open
        guard !enlisted.isEmpty else { return nil }
        for transaction in enlisted { transaction.enlist() }
        return TransactionMembership(enlisted)
    }
}

/// A transition's or animation's place in the transactions open when it started; ``end()`` releases it once.
@MainActor
final class TransactionMembership {
    private var transactions: [CATransaction.Transaction]

    init(_ transactions: [CATransaction.Transaction]) {
        self.transactions = transactions
    }

    func end() {
        let ending = transactions
        transactions = []
        for transaction in ending.reversed() { transaction.release() }
    }
}

#if !canImport(ObjectiveC)
    /// Runs `body`: there is no autorelease pool without the Objective-C runtime, and UIKit code that wraps
    /// work in one (around a push inside a `CATransaction`, say) compiles unchanged.
    public func autoreleasepool<Result>(invoking body: () throws -> Result) rethrows -> Result {
        try body()
    }
#endif
