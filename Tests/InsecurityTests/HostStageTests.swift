import TestSupport
import Testing

@testable import Insecurity

private typealias Stage = HostStage<String, String>

/// A host's stage as a value, driven by events alone: no UIKit, no run loop, no coordinators. Frames are names
/// with their index in the chain.
@MainActor
@Suite("Host stage")
struct HostStageTests {
    @Test("E7: a frame ending on a ready host delivers, then its teardown runs; the host is ready after it")
    func singleEnd() {
        var stage = Stage()
        #expect(stage.startRequested() == .proceed)
        #expect(
            stage.frameEnds("Sheet", index: 2, removal: .byEngine(animated: true), again: "Sheet")
                == .deliverThenTearDown)
        let batch = stage.beginTeardown()
        #expect(batch.lowest == "Sheet" && batch.lowestIndex == 2 && batch.removal.animated == true)
        #expect(!stage.isReady)
        #expect(stage.teardownFinished().isEmpty)
        #expect(stage.isReady)
    }

    @Test(
        "E8: frames ending inside a completion join the batch; the lowest decides the removal, those above are torn down"
    )
    func batching() {
        var stage = Stage()
        #expect(
            stage.frameEnds("Middle", index: 1, removal: .byEngine(animated: false), again: "Middle")
                == .deliverThenTearDown)
        #expect(
            stage.frameEnds("Top", index: 2, removal: .byEngine(animated: true), again: "Top") == .tornDownWithBatch)
        #expect(stage.frameEnds("Middle", index: 1, removal: .doneByUIKit, again: "Middle") == .deliverInBatch)
        #expect(stage.frameEnds("Bottom", index: 0, removal: .doneByUIKit, again: "Bottom") == .deliverInBatch)
        let batch = stage.beginTeardown()
        #expect(batch.lowest == "Bottom" && batch.lowestIndex == 0)
        if case .doneByUIKit = batch.removal {
        } else {
            Issue.record("the lowest frame's removal: \(batch.removal)")
        }
    }

    @Test("E9: one start inside a completion waits for the teardown; a second one is refused, as are starts during it")
    func deferredStarts() {
        var stage = Stage()
        var ran: [String] = []
        _ = stage.frameEnds("Sheet", index: 0, removal: .byEngine(animated: true), again: "Sheet")
        #expect(stage.startRequested() == .deferUntilTeardown)
        stage.deferStart { ran.append("next") }
        #expect(stage.startRequested() == .refuseSecondInBatch)
        let batch = stage.beginTeardown()
        #expect(stage.startRequested() == .refuseDuringTeardown)
        batch.deferredStart?()
        #expect(ran == ["next"])
    }

    @Test("Ends UIKit causes during a teardown wait for it, then run in order, once each")
    func endsDuringTeardown() {
        var stage = Stage()
        stage.beginTeardownWithoutBatch()
        #expect(stage.frameEnds("A", index: 3, removal: .doneByUIKit, again: "A") == .waitForTeardown)
        #expect(stage.frameEnds("B", index: 1, removal: .doneByUIKit, again: "B") == .waitForTeardown)
        #expect(stage.teardownFinished() == ["A", "B"])
        #expect(stage.isReady)
    }

    @Test("An event the stage cannot take in its phase stops the program, naming the phase")
    func impossibleTransitionsTrap() async {
        let finished = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var stage = HostStage<String, String>()
            _ = stage.teardownFinished()
        }
        let finishedConsole = String(decoding: finished?.standardErrorContent ?? [], as: UTF8.self)
        // The phase is printed in debug builds; an optimized build stops without it.
        #expect(!isDebugBuild || finishedConsole.contains("HostStage: a teardown finished while the host was ready"))
        let begun = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var stage = HostStage<String, String>()
            _ = stage.frameEnds("Sheet", index: 0, removal: .doneByUIKit, again: "Sheet")
            stage.beginTeardownWithoutBatch()
        }
        let begunConsole = String(decoding: begun?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            !isDebugBuild
                || begunConsole.contains(
                    "HostStage: a teardown without a batch began while the host was running a batch's completions")
        )
    }
}
