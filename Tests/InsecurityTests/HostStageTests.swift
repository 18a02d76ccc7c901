import Testing

@testable import Insecurity

private typealias Stage = HostStage<String>

/// A host's stage as a value, driven by events alone: no UIKit, no run loop, no coordinators. Frames are names
/// with their index in the chain.
@MainActor
@Suite("Host stage")
struct HostStageTests {
    @Test("E7: a frame ending on a ready host delivers, then its teardown runs; the host is ready after it")
    func singleEnd() {
        var stage = Stage()
        #expect(stage.startRequested() == .proceed)
        #expect(stage.frameEnds("Sheet", index: 2, removal: .byEngine(animated: true)) {} == .deliverThenTearDown)
        let batch = stage.beginTeardown()
        #expect(batch?.lowest == "Sheet" && batch?.lowestIndex == 2 && batch?.removal.animated == true)
        #expect(!stage.isReady)
        #expect(stage.teardownFinished().isEmpty)
        #expect(stage.isReady && stage.beginTeardown() == nil, "no batch once the teardown is over")
    }

    @Test(
        "E8: frames ending inside a completion join the batch; the lowest decides the removal, those above are torn down"
    )
    func batching() {
        var stage = Stage()
        #expect(stage.frameEnds("Middle", index: 1, removal: .byEngine(animated: false)) {} == .deliverThenTearDown)
        #expect(stage.frameEnds("Top", index: 2, removal: .byEngine(animated: true)) {} == .tornDownWithBatch)
        #expect(stage.frameEnds("Middle", index: 1, removal: .doneByUIKit) {} == .deliverInBatch)
        #expect(stage.frameEnds("Bottom", index: 0, removal: .doneByUIKit) {} == .deliverInBatch)
        let batch = stage.beginTeardown()
        #expect(batch?.lowest == "Bottom" && batch?.lowestIndex == 0)
        if case .doneByUIKit = batch?.removal {
        } else {
            Issue.record("the lowest frame's removal: \(String(describing: batch?.removal))")
        }
    }

    @Test("E9: one start inside a completion waits for the teardown; a second one is refused, as are starts during it")
    func deferredStarts() {
        var stage = Stage()
        var ran: [String] = []
        _ = stage.frameEnds("Sheet", index: 0, removal: .byEngine(animated: true)) {}
        #expect(stage.startRequested() == .deferUntilTeardown)
        stage.deferStart { ran.append("next") }
        #expect(stage.startRequested() == .refuseSecondInBatch)
        stage.deferStart { ran.append("second") }
        let batch = stage.beginTeardown()
        #expect(stage.startRequested() == .refuseDuringTeardown)
        batch?.deferredStart?()
        #expect(ran == ["next"], "only the first start was kept")
    }

    @Test("Ends UIKit causes during a teardown wait for it, then run in order, once each")
    func endsDuringTeardown() {
        var stage = Stage()
        var ran: [String] = []
        stage.beginTeardownWithoutBatch()
        #expect(stage.frameEnds("A", index: 3, removal: .doneByUIKit) { ran.append("A") } == .waitForTeardown)
        #expect(stage.frameEnds("B", index: 1, removal: .doneByUIKit) { ran.append("B") } == .waitForTeardown)
        #expect(ran.isEmpty)
        for end in stage.teardownFinished() { end() }
        #expect(ran == ["A", "B"])
        #expect(stage.isReady && stage.teardownFinished().isEmpty)
    }
}
