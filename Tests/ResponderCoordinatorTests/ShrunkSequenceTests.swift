import SimUIKit
import SimulationTesting
import Testing

/// Sequences the wide suites found, shrunk, kept as regressions: (action, value) pairs of `RandomStep`.
@MainActor
@Suite("Shrunk sequences of the wide suites", .cleanSimulatedWorld)
struct ShrunkSequenceTests {
    @Test(
        "E8: a coordinator finishes while a child is above it and its completion replaces the window root; the child gets no completion",
        arguments: SimAnimation.NonAnimatedTiming.allCases)
    func frameAboveReplacedRoot(timing: SimAnimation.NonAnimatedTiming) async {
        await WideHarness.expectKeepsInvariants(
            [(20, 239), (0, 0), (0, 140), (0, 186), (1, 276)], in: .windowRoots, timing: timing)
    }

    /// Found at 100,000 sequences per world: a window host's root (its window transition running) starts a
    /// push that waits for it, a modal start from the waiting child waits behind that push, and the waiting
    /// child finishes. While its completion ran, the queue presented the modal child that its end tears down:
    /// the screen stayed up with its coordinator ended.
    @Test(
        "E8, E17: a frame waiting above one that ends is never shown while the ended frame's completion runs",
        arguments: SimAnimation.NonAnimatedTiming.allCases)
    func waitingFrameAboveEndingOne(timing: SimAnimation.NonAnimatedTiming) async {
        await WideHarness.expectKeepsInvariants(
            [(20, 5), (0, 0), (0, 272), (3, 58), (1, 590), (0, 0), (1, 504), (22, 0)], in: .windowRoots,
            timing: timing)
    }

    @Test(
        "E13, E14: a presented child's completion replaces the window root; the old chain ends, and its coordinators' calls find their host",
        arguments: SimAnimation.NonAnimatedTiming.allCases)
    func replacedChainEnds(timing: SimAnimation.NonAnimatedTiming) async {
        await WideHarness.expectKeepsInvariants(
            [(20, 543), (0, 728), (1, 218), (0, 0)], in: .windowRoots, timing: timing)
    }

    @Test(
        "E13: app code dismisses a sheet whose completion replaces the window root; the replaced root's coordinator has ended before the app's next call",
        arguments: SimAnimation.NonAnimatedTiming.allCases)
    func replacedRootEndsAtOnce(timing: SimAnimation.NonAnimatedTiming) async {
        await WideHarness.expectKeepsInvariants(
            [(0, 0), (0, 0), (0, 0), (0, 0), (20, 3), (20, 983), (22, 103), (16, 0), (0, 0)], in: .windowRoots,
            timing: timing)
    }

    @Test(
        "A3: a parent takes over twice while a child's root replacement waits between its two replacements; its list stays on the stack",
        arguments: SimAnimation.NonAnimatedTiming.allCases)
    func takeoverAroundChildRoot(timing: SimAnimation.NonAnimatedTiming) async {
        await WideHarness.expectKeepsInvariants(
            [(17, 293), (7, 581), (17, 755), (9, 940), (4, 951), (17, 542), (9, 852), (22, 415), (0, 739), (8, 936)],
            in: .sharedStack, timing: timing)
    }

    @Test(
        "S6, S12: an edge swipe held while the split view's tab switches away and back; the pop's end leaves what is shown appeared",
        arguments: SimAnimation.NonAnimatedTiming.allCases)
    func heldPopAcrossTabSwitches(timing: SimAnimation.NonAnimatedTiming) async {
        await WideHarness.expectKeepsInvariants(
            [(7, 0), (0, 48), (22, 36), (19, 0), (11, 31), (19, 0)], in: .splitView, timing: timing)
    }
}
