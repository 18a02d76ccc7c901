@_spi(Adapters) import SimUIKit

// Ending frames: one UIKit operation per teardown, batched endings, starts inside completions (E7, E8, E9).
extension InsecurityHost {
    /// An end that came during a teardown: it is asked for again once the teardown is over, if its frame is
    /// still live then.
    struct WaitingEnd {
        let frame: Frame
        let endAgain: @MainActor () -> Void
    }

    /// Ends `frame`: runs `deliver` (its completion) now, batches frames that end inside it, then tears
    /// down every ended frame and those above them with one UIKit operation. During a teardown nothing
    /// happens now: what `again` makes asks for the end once more when the teardown is over. Neither closure
    /// escapes unless the end must wait, so an end allocates none.
    func end(
        _ frame: Frame, cause: NavigationEvent.EndCause, removal: Removal, deliver: () -> Void,
        again: () -> @MainActor () -> Void
    ) {
        let action = stage.frameEnds(
            frame, index: frame.index, removal: removal, again: WaitingEnd(frame: frame, endAgain: again()))
        switch action {
        case .waitForTeardown, .tornDownWithBatch:
            // Nothing now: the end runs again once the teardown under way is over, or the frame is above the
            // lowest ended one (UIKit removed its screen while a completion ran) and is torn down with the
            // batch, without its completion (E8).
            return
        case .deliverInBatch:
            markEnded(frame, cause: cause)
            deliver()
        case .deliverThenTearDown:
            // The completions run inside the hold as well: an adapter's queued operation that becomes ready
            // meanwhile runs once the batch is torn down, not as a start inside someone else's completion
            // (E9, E20).
            let (batch, popped) = whileTearingDown {
                markEnded(frame, cause: cause)
                deliver()
                let batch = stage.beginTeardown()
                let popped = tearDown(from: batch.lowest.index, removal: batch.removal)
                finishTeardown()
                return (batch, popped)
            }
            checkChain(after: "ending \(frame.typeName)")
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

    /// Runs a teardown (`body` tears down and makes the host ready again) while the adapters' operations
    /// wait: a completion among them that starts a route runs once the host is ready, not inside the
    /// teardown, where the start would be refused (E19, E20).
    func whileTearingDown<T>(_ body: () -> T) -> T {
        UIKitOperationQueue.shared.holdingAdapterCode(body)
    }

    /// Makes the host ready again after a teardown, and runs the ends UIKit caused during it.
    func finishTeardown() {
        // Each end tears down on its own and runs what its teardown caused.
        for waiting in stage.teardownFinished() where waiting.frame.isLive {
            waiting.endAgain()
        }
    }

    func markEnded(_ frame: Frame, cause: NavigationEvent.EndCause) {
        frame.markEnded()
        InsecurityEvents.publish(frame, .ended(cause))
    }

    /// Removes frames from `index` up, issues the one UIKit operation that takes their screens away,
    /// and releases them; frames that had not ended are torn down without their completions (E8).
    /// Returns whether the operation was a pop.
    @discardableResult
    func tearDown(from index: Int, removal: Removal) -> Bool {
        // The usual teardown, of the top frame alone, makes no array.
        if index == frames.count - 1 {
            return tearDown(CollectionOfOne(frames.removeLast()), removal: removal)
        }
        let ended = Array(frames[index...])
        frames.removeSubrange(index...)
        return tearDown(ended, removal: removal)
    }

    /// ``tearDown(from:removal:)`` for `ended`, the frames it took off the chain, bottom to top.
    private func tearDown(_ ended: some RandomAccessCollection<Frame>, removal: Removal) -> Bool {
        // An empty chain looks for its base's window again at its next start.
        if frames.isEmpty { watchIsCurrent = false }
        // A key is an address: it may name a later frame's controller by now (a controller that died and
        // one made at the same address), whose entry stays.
        for frame in ended {
            // One lookup: the key is hashed once.
            if let entry = framesByUIKitController.index(forKey: frame.uikitControllerID),
                framesByUIKitController[entry].value === frame
            {
                framesByUIKitController.remove(at: entry)
            }
        }
        // Every frame is ended before any UIKit operation is issued: operations requested during the
        // teardown may run while the queue takes them, and a torn-down frame's start must be dropped by then.
        // Loops rather than closures here: from main-actor code each closure call checks the executor.
        var tornDown: [Frame] = []
        for frame in ended where frame.isLive { tornDown.append(frame) }
        for frame in tornDown { markEnded(frame, cause: .teardownOfFramesAbove) }
        let popped = removeFromScreen(ended, removal: removal)
        if let root = ended.first, case .windowRoot = root.placement, !root.wasShown { withdrawRoot() }
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
    func removeFromScreen(_ ended: some RandomAccessCollection<Frame>, removal: Removal) -> Bool {
        guard let lowest = ended.first else { return false }
        let animated = removal.animated
        let above = ended.dropFirst()
        let modalAbove = above.first { $0.wasShown && $0.isModal }
        guard lowest.wasShown, case .byEngine = removal else {
            if let modalAbove, case .doneByUIKit = removal { enqueueDismissal(of: modalAbove, animated: animated) }
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
            UIKitOperations.pop(navigationController, to: below, animated: animatedPop, requestedBy: self, gate: nil)
            if let modalAbove { enqueueDismissal(of: modalAbove, animated: animated) }
            return true
        case .windowRoot:
            // The window keeps its root; what the chain put above the root leaves.
            return removeFromScreen(Array(above), removal: .byEngine(animated: animated))
        }
    }

    /// Dismisses `frame`'s presented controller, and everything above it, once its presentation chain is idle.
    func enqueueDismissal(of frame: Frame, animated: Bool) {
        guard case .presented = frame.placement, let controller = frame.uikitController else { return }
        UIKitOperations.dismiss(controller, animated: animated, requestedBy: self)
    }

    /// The chain's root ended before the window showed it: the replacement is called off, and the chain it
    /// was to replace goes on as the window's current chain (E13).
    private func withdrawRoot() {
        succession.rootWithdrawn()?.succession.replacementCalledOff()
    }

    /// Ends every frame without UIKit operations and without completions (the window replaced the root).
    /// During a teardown, the coordinators end at once, since the window no longer shows them, and the
    /// frames are let go once the teardown is over.
    func abandon() {
        guard stage.isReady else {
            endWithoutCompletions(frames)
            // Kept alive until then: the new chain lets go of the replaced one as soon as its root shows (E13).
            SimRunLoop.main.perform { self.abandon() }
            return
        }
        stage.beginTeardownWithoutBatch()
        whileTearingDown {
            let ended = frames
            frames.removeAll()
            watchIsCurrent = false
            framesByUIKitController.removeAll()
            adoption.chainAbandoned()
            endWithoutCompletions(ended)
            for frame in ended {
                frame.release()
            }
            finishTeardown()
        }
    }

    private func endWithoutCompletions(_ frames: [Frame]) {
        for frame in frames where frame.isLive {
            markEnded(frame, cause: .teardownOfFramesAbove)
            frame.owner?.frameEnded(deliveringDismissal: false)
        }
    }
}
