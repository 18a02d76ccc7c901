import TestSupport
import Testing

@testable import Insecurity

/// A controller as the engine's state values (the shared stack's, the adoption's) see it: an identity.
final class Card {
    let name: String
    init(_ name: String) { self.name = name }
}

private typealias State = SharedStackState<Card, String>

/// The actions' names, compared in tests.
private func names(_ action: State.PushAction) -> [String] {
    if case .watchDeallocation(let card) = action { return ["watch \(card.name)"] }
    return []
}

private func names(_ action: State.ReportAction) -> [String] {
    action == .scheduleReconcile ? ["reconcile"] : []
}

private func names(_ action: State.ExpectedPopAction) -> [String] {
    action == .observeStack ? ["observe"] : []
}

private func names(_ action: State.StackCompletedAction) -> [String] {
    (action.stopObservingStack ? ["stop"] : []) + names(action.report)
}

/// The shared stack's bookkeeping as a value, driven by events alone: no UIKit, no run loop, no coordinators.
@Suite("Shared navigation stack state")
private struct SharedStackStateTests {
    let home = Card("Home")
    let detail = Card("Detail")
    let more = Card("More")

    /// A stack with `home` as the root and `detail`, `more` pushed as frames.
    private func pushed() -> State {
        var state = State()
        _ = state.framePushed("detail frame", for: detail)
        _ = state.framePushed("more frame", for: more)
        return state
    }

    @Test("A pushed frame is watched for deallocation once, however often it is pushed again")
    func watchOnce() {
        var state = State()
        #expect(names(state.framePushed("first", for: detail)) == ["watch Detail"])
        _ = state.frameEnded(ObjectIdentifier(detail))
        #expect(names(state.framePushed("second", for: detail)).isEmpty)
        state.controllerDeallocated(ObjectIdentifier(detail))
        #expect(names(state.framePushed("third", for: detail)) == ["watch Detail"], "a new identity is watched")
    }

    @Test("A3: a frame popped by others is reported gone and asks for handlePopBack; one reconcile per turn")
    func poppedByOthers() {
        var state = pushed()
        #expect(names(state.frameEnded(ObjectIdentifier(more))) == ["reconcile"])
        #expect(names(state.frameEnded(ObjectIdentifier(detail))).isEmpty, "the reconcile is scheduled already")
        let report = state.reconcile(stack: [home])
        #expect(report.gone == [ObjectIdentifier(more), ObjectIdentifier(detail)])
        #expect(report.poppedByOthers == report.gone && report.notifiesPopBack)
        #expect(state.frames.isEmpty)
        #expect(names(state.reconcileRequested()) == ["reconcile"], "the next event schedules the next reconcile")
        let empty = state.reconcile(stack: [home])
        #expect(empty.gone.isEmpty && !empty.notifiesPopBack)
    }

    @Test("A3: frames the coordinators pop themselves are gone without handlePopBack")
    func poppedByCoordinators() {
        var state = pushed()
        state.coordinatorsWillPop([more])
        _ = state.frameEnded(ObjectIdentifier(more))
        let report = state.reconcile(stack: [home, detail])
        #expect(report.gone == [ObjectIdentifier(more)])
        #expect(report.poppedByOthers.isEmpty && !report.notifiesPopBack)
        _ = state.frameEnded(ObjectIdentifier(detail))
        #expect(state.reconcile(stack: [home]).notifiesPopBack, "the coordinators' earlier pop does not cover it")
    }

    @Test("A3: a controller popped and pushed again before the reconcile is not gone")
    func pushedAgain() {
        var state = pushed()
        _ = state.frameEnded(ObjectIdentifier(more))
        _ = state.framePushed("more again", for: more)
        #expect(state.reconcile(stack: [home, detail, more]).gone.isEmpty)
    }

    @Test("A stack replacement hands over what it removes: no reconcile, and the removed stay handed over")
    func replacement() {
        var state = pushed()
        state.beginStackReplacement(of: [home, detail, more], by: [more])
        #expect(names(state.frameEnded(ObjectIdentifier(detail))).isEmpty)
        #expect(names(state.frameEnded(ObjectIdentifier(more))).isEmpty)
        state.endStackReplacement()
        state.rootPlanned(more)
        #expect(state.handedOver == [ObjectIdentifier(home), ObjectIdentifier(detail)])
        #expect(state.plannedBase(of: [home, detail, more]).map(\.name) == ["More"], "the queued root is planned")
        state.beginSettingRoot()
        #expect(state.replacement == .applying(depth: 1) && state.pendingRoot == nil)
        state.endStackReplacement()
        #expect(state.plannedBase(of: [more]).map(\.name) == ["More"])
        _ = state.framePushed("detail again", for: detail)
        #expect(state.handedOver == [ObjectIdentifier(home)], "a controller pushed again is no longer handed over")
    }

    @Test("A3: replacements queued to More, then Detail, then More again keep More planned until the last runs")
    func replacementsQueuedBackAndForth() {
        var state = pushed()
        state.rootPlanned(more)
        state.rootPlanned(detail)
        state.rootPlanned(more)
        state.beginSettingRoot()
        state.endStackReplacement()
        #expect(state.plannedBase(of: [more]).map(\.name) == ["More"], "the last replacement's root is still planned")
        state.beginSettingRoot()
        state.endStackReplacement()
        #expect(state.plannedBase(of: [detail]).map(\.name) == ["More"])
        state.beginSettingRoot()
        state.endStackReplacement()
        #expect(state.pendingRoot == nil)
    }

    @Test("A3: a popped controller that a queued replacement makes the root is not gone")
    func poppedThenMadeRoot() {
        var state = pushed()
        _ = state.frameEnded(ObjectIdentifier(detail))
        state.rootPlanned(detail)
        let report = state.reconcile(stack: [home, detail, more])
        #expect(!report.gone.contains(ObjectIdentifier(detail)))
    }

    @Test("The planned base is the stack below the first controller pushed as a frame")
    func plannedBase() {
        let state = pushed()
        let below = Card("Below")
        #expect(state.plannedBase(of: [home, below, detail, more]).map(\.name) == ["Home", "Below"])
    }

    @Test("X9, A3: restored controllers awaiting a queued pop are reported gone when the stack loses them")
    func queuedPops() {
        var state = State()
        #expect(names(state.expectQueuedPop(of: detail)) == ["observe"])
        #expect(names(state.expectQueuedPop(of: more)).isEmpty, "the stack is observed already")
        #expect(names(state.stackCompleted([home, detail, more])).isEmpty, "nothing left yet")
        #expect(names(state.stackCompleted([home, detail])) == ["reconcile"])
        #expect(names(state.stackCompleted([home])) == ["stop"], "the reconcile is scheduled already")
        let report = state.reconcile(stack: [home])
        #expect(report.gone == [ObjectIdentifier(more), ObjectIdentifier(detail)])
        #expect(report.notifiesPopBack == false, "the coordinators asked for these pops before the snapshot")
        #expect(names(state.stackCompleted([])).isEmpty, "no pop is awaited any more")
    }

    @Test("A stack replacement ended while none is being applied stops the program with the reason")
    func unbalancedReplacementTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var state = SharedStackState<Card, String>()
            state.endStackReplacement()
        }
        let resultConsole = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        // The reason is printed in debug builds; an optimized build stops without it.
        #expect(
            !isDebugBuild
                || resultConsole.contains("SharedStackState: a stack replacement ended while none was being applied"))
    }
}
