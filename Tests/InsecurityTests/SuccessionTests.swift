import Testing

@testable import Insecurity

/// A window's root chain as the succession sees it: an identity.
private final class Chain {
    var succession: Succession<Chain>
    init(replacing current: Chain? = nil) { succession = Succession(replacing: current) }
}

/// The chain a chain took over from, when it is replacing one.
private func replaced(by chain: Chain) -> Chain? {
    if case .replacing(let earlier) = chain.succession.predecessor { return earlier }
    return nil
}

/// Window chains' succession (E13) as values, driven by events alone: no UIKit, no windows.
@Suite("Window chain succession")
struct SuccessionTests {
    @Test("E13: a later chain replaces the current one until its root is on screen")
    func replacement() {
        let first = Chain()
        let second = Chain(replacing: first)
        first.succession.laterChainStarted()
        #expect(replaced(by: second) === first && first.succession.isBeingReplaced)
        second.succession.rootShown()
        if case .none = second.succession.predecessor {} else { Issue.record("the replacement is complete") }
        #expect(!second.succession.isBeingReplaced)
    }

    @Test("E13: a root withdrawn before it shows leaves the chain it was to replace current, and says so once")
    func withdrawal() {
        let first = Chain()
        let second = Chain(replacing: first)
        first.succession.laterChainStarted()
        let stays = second.succession.rootWithdrawn()
        #expect(stays === first)
        stays?.succession.replacementCalledOff()
        #expect(!first.succession.isBeingReplaced)
        guard case .withdrawn(let current) = second.succession.predecessor else {
            Issue.record("the withdrawn chain remembers which one stays current")
            return
        }
        #expect(current === first)
        #expect(second.succession.rootWithdrawn() === first, "withdrawing again names the same chain")
    }

    @Test("E13: the window's first chain replaces nothing; withdrawn, it leaves no chain current")
    func firstChain() {
        let only = Chain(replacing: nil)
        #expect(replaced(by: only) == nil)
        #expect(only.succession.rootWithdrawn() == nil)
    }
}
