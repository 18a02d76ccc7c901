import BridgeSnapshot
import CoordinatorBridge
import Foundation
@_spi(Testing) @_spi(Adapters) import Insecurity
import InsecurityClassic
import PropertyBased
@_spi(Testing) import ResponderCoordinator
import RouteCoordinator
@_spi(Testing) import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// The worlds the wide random suite plays in: each is an app shape that real apps have.
enum RandomWorld: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Insecurity hosts on one window: a navigation host and two modal hosts on the same controller,
    /// coordinators starting in every adaptive context, finishing parents and starting in completions.
    case engine
    /// Legacy coordinators sharing one navigation controller and its presentations, with embedded chains.
    case sharedStack
    /// A tab bar controller with a legacy coordinator per tab, and taps at any moment.
    case tabBar
    /// A split view controller with a legacy coordinator per column, collapsing and expanding.
    case splitView
    /// Window hosts replacing the root with transitions, and app code replacing it with a legacy stack.
    case windowRoots
    /// Seed 002's `InsecurityChild` coordinators: `start`, `start(navigationController, child)`, `startModal`.
    case classic
    /// Everything at once: a tab with legacy coordinators, a tab with Insecurity hosts, window roots.
    case mixed
    /// A page view controller with a legacy coordinator per page: swipes (held, finished, cancelled) and
    /// pages set by code, as a page coordinator does (S24).
    case pages
    /// Two windows with chains at once: an Insecurity stack in one, a legacy stack (and its presentations)
    /// in the other, the key window switching, roots replaced, and snapshots of both windows.
    case multiWindow
    /// XCoordinator's kind of app (A12): route coordinators in a tab bar, with a legacy coordinator and
    /// `InsecurityChild` coordinators on their stack and an Insecurity chain over them. Its steps are routes
    /// (`RouteStep`), played by a `RouteSession`.
    case routes

    var description: String { rawValue }

    /// The worlds whose trees snapshots record: every one (format 4 records page view controllers).
    static let restorable = allCases

    /// Whether coordinator steps drive legacy coordinators, Insecurity coordinators, or both.
    var drivesLegacy: Bool { self != .engine && self != .classic && self != .routes }
    var drivesEngine: Bool {
        self == .engine || self == .classic || self == .windowRoots || self == .mixed || self == .multiWindow
    }
}

/// One random step: what is done (`action`) and a number that picks its target and options.
struct RandomStep: CustomStringConvertible, Sendable {
    let action: Int
    let value: Int

    static let actions = [
        "show", "pop", "top", "pop(to:)", "root", "present", "dismiss", "start a child", "finish a child",
        "child pops itself", "user taps back", "user drags back", "user drags a sheet down", "present an alert",
        "app pops", "app presents", "app dismisses", "embed an Insecurity chain", "finish an embedded chain",
        "user taps a tab", "window root changes", "user taps the alert", "advance time",
    ]

    var description: String {
        "\(RandomStep.actions[action % RandomStep.actions.count]) [\(value)]\(value % 3 == 0 ? " (not animated)" : "")"
    }

    static let generator = zip(Gen.int(in: 0...(actions.count + 2)), Gen.int(in: 0...999))
        .map { RandomStep(action: $0.0 % actions.count, value: $0.1) }
        .array(of: 1...40)
}

/// What the wide and restore suites share: which worlds run, the census, and the property check.
@MainActor
enum WideHarness {
    /// `RANDOM_WORLDS=engine,mixed` runs only those worlds (long local runs split across processes).
    static func runs(_ world: RandomWorld) -> Bool {
        guard let only = ProcessInfo.processInfo.environment["RANDOM_WORLDS"] else { return true }
        return only.split(separator: ",").contains(Substring(world.rawValue))
    }

    /// Runs `count` sequences of `world` without stopping at the first failure and prints how many failed,
    /// by kind: the measure of a harness on code that is known to be wrong.
    /// `RANDOM_TIMING=immediate` runs a census under the other timing model (S18); `RANDOM_PRINT=text` prints
    /// every failure that contains `text`.
    static func census(_ label: String, world: RandomWorld, restores: Bool, count: Int, seed: UInt64) async {
        guard runs(world) else { return }
        let timing = ProcessInfo.processInfo.environment["RANDOM_TIMING"].flatMap(SimAnimation.NonAnimatedTiming.init)
        SimAnimation.nonAnimatedTiming = timing ?? .standard
        var rng = Xoshiro(seed: (seed, 2, 3, UInt64(world.rawValue.count)))
        var failing = 0
        var kinds: [String: Int] = [:]
        for _ in 0..<count {
            let steps: [any CustomStringConvertible]
            let failures: [String]
            if world == .routes {
                let routeSteps = RouteStep.generator.run(using: &rng)
                (steps, failures) = (routeSteps, RouteSession.run(routeSteps, restores: restores))
            } else {
                let randomSteps = RandomStep.generator.run(using: &rng)
                (steps, failures) = (randomSteps, await WideSession.run(randomSteps, in: world, restores: restores))
            }
            guard !failures.isEmpty else { continue }
            if let shown = ProcessInfo.processInfo.environment["RANDOM_PRINT"] {
                for failure in failures where failure.contains(shown) { print("\(label): \(failure)") }
            }
            if failing == 0 {
                print(
                    "\(label): world \(world), first failure:\n\(failures.prefix(5).joined(separator: "\n"))\nsteps: \(steps.map(\.description).joined(separator: "; "))"
                )
            }
            failing += 1
            for kind in Set(failures.map(WideSession.kind)) { kinds[kind, default: 0] += 1 }
        }
        print(
            "\(label): world \(world): \(failing) of \(count) sequences failed; by kind: \(kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))"
        )
    }

    /// Runs one shrunk sequence, given as (action, value) pairs of `RandomStep`, with non-animated transitions
    /// timed by `timing`, and expects it to keep every invariant.
    static func expectKeepsInvariants(
        _ pairs: [(Int, Int)], in world: RandomWorld, restores: Bool = false, timing: SimAnimation.NonAnimatedTiming,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        SimAnimation.nonAnimatedTiming = timing
        let steps = pairs.map { RandomStep(action: $0.0, value: $0.1) }
        let failures = await WideSession.run(steps, in: world, restores: restores)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))", sourceLocation: sourceLocation)
    }

    /// Checks `count` random sessions of `world` with non-animated transitions timed by `timing` (S18),
    /// shrinking the first that fails to a minimal sequence.
    static func check(
        _ label: String, world: RandomWorld, timing: SimAnimation.NonAnimatedTiming, restores: Bool, count: Int
    ) async {
        guard runs(world) else { return }
        let started = Date()
        defer {
            print(
                "\(label): world \(world), timing \(timing), \(count) sequences in \(Int(Date().timeIntervalSince(started))) s"
            )
        }
        if world == .routes {
            await checkRandomSequences(
                count: count, of: RouteStep.generator, timing: timing, context: "world \(world), timing \(timing): "
            ) { RouteSession.run($0, restores: restores) }
            return
        }
        var reported = false
        await checkRandomSequences(
            count: count, of: RandomStep.generator, timing: timing, context: "world \(world), timing \(timing): "
        ) { steps in
            let failures = await WideSession.run(steps, in: world, restores: restores)
            // The property check reports only the shrunk input: the first failures are printed as found.
            if !failures.isEmpty, !reported {
                reported = true
                print(
                    "\(label): world \(world), timing \(timing), first failure:\n\(failures.prefix(8).joined(separator: "\n"))"
                )
            }
            return failures
        }
    }
}

@MainActor
@Suite("Wide random sequences: every world, invariants after every step", .cleanSimulatedWorld)
struct WideRandomSequenceTests {
    /// `RANDOM_CENSUS=N swift test --filter WideRandom` runs N sequences per world without stopping at the
    /// first failure and prints how many broke an invariant, by kind.
    @Test(
        "Census of violations per world (runs only with RANDOM_CENSUS)",
        .enabled(if: ProcessInfo.processInfo.environment["RANDOM_CENSUS"] != nil),
        arguments: RandomWorld.allCases)
    func census(world: RandomWorld) async {
        let count = ProcessInfo.processInfo.environment["RANDOM_CENSUS"].flatMap(Int.init) ?? 1_000
        await WideHarness.census("census", world: world, restores: false, count: count, seed: 1)
    }

    @Test(
        "E8, E9, E10, E17, E19, E20, A3, A6, A11, A12, S12: random app, user and coordinator steps keep every invariant",
        arguments: RandomWorld.allCases, SimAnimation.NonAnimatedTiming.allCases)
    func wideSequences(world: RandomWorld, timing: SimAnimation.NonAnimatedTiming) async {
        let count = ProcessInfo.processInfo.environment["RANDOM_SEQUENCES"].flatMap(Int.init) ?? 1_000
        await WideHarness.check("wide random suite", world: world, timing: timing, restores: false, count: count)
    }

    /// A sequence found once sessions could end by dropping the world (three steps: the session drops it):
    /// a window host's root starts two awaited children through its navigation, the second animated and
    /// still waiting when the test lets go of the host and the window. The waiting frame could never be
    /// shown, and its awaited start never resumed.
    @Test(
        "E14, E15, E17: a start waiting when its host and window are dropped resumes, and nothing outlives the world",
        arguments: [SimAnimation.NonAnimatedTiming.standard, .immediate])
    func waitingStartOfDroppedWorld(timing: SimAnimation.NonAnimatedTiming) async {
        await WideHarness.expectKeepsInvariants([(20, 303), (8, 720), (8, 572)], in: .windowRoots, timing: timing)
    }

    /// Another: a pushed screen shows an alert, eight more starts wait behind it, and an awaited modal
    /// start is issued; then the world is dropped (eleven steps).
    @Test(
        "E14, E15: starts waiting behind an alert when the world is dropped: every awaited start resumes, nothing outlives it",
        arguments: [SimAnimation.NonAnimatedTiming.standard, .immediate])
    func startsBehindAnAlertOfDroppedWorld(timing: SimAnimation.NonAnimatedTiming) async {
        await WideHarness.expectKeepsInvariants(
            [(0, 0), (13, 0)] + Array(repeating: (0, 0), count: 8) + [(8, 5)], in: .engine, timing: timing)
    }
}

/// The restore suite (X3, X9, X11, X12): each random session is snapshotted mid-way, whatever is animating
/// or waiting, and imported with the app's own factories; the session goes on with the restored tree, and
/// ends with another round trip of the settled tree.
@MainActor
@Suite("Restore sequences: snapshots imported with the app's factories keep working", .cleanSimulatedWorld)
struct RestoreSequenceTests {
    @Test(
        "Census of restore failures per world (runs only with RESTORE_CENSUS)",
        .enabled(if: ProcessInfo.processInfo.environment["RESTORE_CENSUS"] != nil),
        arguments: RandomWorld.restorable)
    func census(world: RandomWorld) async {
        let count = ProcessInfo.processInfo.environment["RESTORE_CENSUS"].flatMap(Int.init) ?? 1_000
        await WideHarness.census("restore census", world: world, restores: true, count: count, seed: 3)
    }

    @Test(
        "X2, X3, X9, X11, X12, E19, A3, A12: random trees, settled or mid-transition, round-trip and keep every invariant when restored with the app's factories and used",
        arguments: RandomWorld.restorable, SimAnimation.NonAnimatedTiming.allCases)
    func restoreSequences(world: RandomWorld, timing: SimAnimation.NonAnimatedTiming) async {
        let count = ProcessInfo.processInfo.environment["RESTORE_SEQUENCES"].flatMap(Int.init) ?? 300
        await WideHarness.check("restore suite", world: world, timing: timing, restores: true, count: count)
    }

    /// A sequence found once `.cleanSimulatedWorld` failed tests on diagnostics outside any capture: a
    /// legacy coordinator whose stack moved into another page presented again from the new anchor, and the
    /// host of its earlier, still live, presentation was released with the old reference; stopping it then
    /// reported `hostReleased`. Each presented frame now keeps its host.
    @Test(
        "E14, E20, A11: a coordinator presenting from a new anchor keeps its earlier presentation's host; stopping it reports nothing",
        arguments: [SimAnimation.NonAnimatedTiming.deferred, .immediate])
    func presentationsFromTwoAnchors(timing: SimAnimation.NonAnimatedTiming) async {
        await WideHarness.expectKeepsInvariants(
            [(19, 755), (19, 813), (13, 480), (21, 816), (13, 162)], in: .pages, timing: timing)
    }

    /// A sequence the restore suite found, shrunk, kept as a regression: (action, value) pairs of `RandomStep`.
    /// A restored alert is tapped; its action runs once the alert has left, after the app replaced the window's
    /// root, and must not start anything on the hosts of the tree the app dropped.
    @Test(
        "X9, E20: a restored alert tapped, then pushes and a new window root: the session keeps every invariant",
        arguments: [SimAnimation.NonAnimatedTiming.deferred, .immediate])
    func alertThenWindowRoot(timing: SimAnimation.NonAnimatedTiming) async {
        await WideHarness.expectKeepsInvariants(
            [(19, 31), (3, 0), (13, 63), (6, 7), (13, 0), (21, 0), (0, 0), (0, 0), (0, 0), (20, 0)], in: .mixed,
            restores: true, timing: timing)
    }
}
