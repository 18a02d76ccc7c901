import Testing

@testable import Insecurity

private typealias State = AdoptionState<Card, String>

/// The frames the actions show, in order.
private func shown(_ actions: [State.Action]) -> [String] {
    actions.map { action in
        switch action {
        case .show(let frame): frame
        }
    }
}

/// A host's adoption bookkeeping as a value, driven by events alone: no UIKit, no run loop, no coordinators.
@Suite("Adoption state")
private struct AdoptionStateTests {
    let stackID = ObjectIdentifier(Card("stack"))
    let cards = (0..<5).map { Card("card \($0)") }

    @Test("Positions are found in the stack by identity, bottom to top as a restore adopts, or out of order")
    func positions() {
        var state = State()
        for index in [1, 2, 4, 3, 0, 1] {
            #expect(state.position(of: cards[index], in: cards, stackID: stackID) == index)
        }
        #expect(state.position(of: Card("card 1"), in: cards, stackID: stackID) == nil, "a namesake is not the card")
    }

    @Test("The search follows a stack that changed since the last controller was found in it")
    func changedStack() {
        var state = State()
        #expect(state.position(of: cards[2], in: cards, stackID: stackID) == 2)
        // The same navigation controller, its stack reordered: what was found above the last position is
        // looked for below it too.
        let reordered = [cards[2], cards[0], cards[1], cards[3], cards[4]]
        #expect(state.position(of: cards[2], in: reordered, stackID: stackID) == 0)
        #expect(state.position(of: cards[1], in: reordered, stackID: stackID) == 2)
        // Another navigation controller is searched from its bottom.
        let other = ObjectIdentifier(Card("other stack"))
        #expect(state.position(of: cards[3], in: [cards[3], cards[0]], stackID: other) == 0)
    }

    @Test("Waiting frames are shown once, in adoption order, when they are asked for")
    func waitingFrames() {
        var state = State()
        state.adoptedWaiting("sheet")
        state.adoptedWaiting("pushed above it")
        #expect(state.waitingFrames == ["sheet", "pushed above it"])
        #expect(shown(state.showWaitingFrames()) == ["sheet", "pushed above it"])
        #expect(shown(state.showWaitingFrames()).isEmpty, "a frame is shown once")
        #expect(state.waitingFrames.isEmpty)
    }

    @Test("A start ends the adoption's search but keeps the waiting frames for it to show")
    func startKeepsWaitingFrames() {
        var state = State()
        _ = state.position(of: cards[1], in: cards, stackID: stackID)
        state.adoptedWaiting("sheet")
        state.startBegan()
        #expect(state.waitingFrames == ["sheet"])
        #expect(state.position(of: cards[0], in: [cards[0], cards[1]], stackID: stackID) == 0)
        #expect(shown(state.showWaitingFrames()) == ["sheet"])
    }

    @Test("An abandoned chain shows none of its waiting frames")
    func abandoned() {
        var state = State()
        state.adoptedWaiting("sheet")
        state.chainAbandoned()
        #expect(shown(state.showWaitingFrames()).isEmpty)
    }
}
