import PropertyBased
import SimUIKit
import Testing

/// Plays `count` random step sequences with non-animated transitions timed by `timing` (S18). `run` plays
/// one sequence in a fresh session and returns what went wrong; a sequence with failures fails the test with
/// `context`, its first failures and its numbered steps, and is shrunk to a minimal one.
@MainActor
package func checkRandomSequences<Step, Input>(
    count: Int, of generator: Generator<[Step], some Sequence<Input>>, timing: SimAnimation.NonAnimatedTiming,
    context: String = "", sourceLocation: SourceLocation = #_sourceLocation,
    _ run: @MainActor ([Step]) async -> [String]
) async {
    await propertyCheck(count: count, input: generator) { steps in
        SimAnimation.nonAnimatedTiming = timing
        let failures = await run(steps)
        let numbered = steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n")
        #expect(
            failures.isEmpty,
            "\(context)\(failures.prefix(8).joined(separator: "\n"))\nsteps:\n\(numbered)",
            sourceLocation: sourceLocation)
    }
}
