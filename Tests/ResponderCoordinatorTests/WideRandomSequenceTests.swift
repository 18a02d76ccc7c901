import BridgeSnapshot
import CoordinatorBridge
import Foundation
import InsecurityClassic
@_spi(Testing) @_spi(Adapters) import Insecurity
import PropertyBased
@_spi(Testing) import ResponderCoordinator
@_spi(Testing) import SimUIKit
import SimulationTesting
import Testing
import TestSupport

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

    var description: String { rawValue }

    /// Whether coordinator steps drive legacy coordinators, Insecurity coordinators, or both.
    var drivesLegacy: Bool { self != .engine && self != .classic }
    var drivesEngine: Bool { self == .engine || self == .classic || self == .windowRoots || self == .mixed }
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
    /// `RANDOM_TIMING=immediate` runs a census under the other timing model (S18).
    static func census(_ label: String, world: RandomWorld, restores: Bool, count: Int, seed: UInt64) async {
        guard runs(world) else { return }
        let timing = ProcessInfo.processInfo.environment["RANDOM_TIMING"].flatMap(SimAnimation.NonAnimatedTiming.init)
        SimAnimation.nonAnimatedTiming = timing ?? .standard
        var rng = Xoshiro(seed: (seed, 2, 3, UInt64(world.rawValue.count)))
        var failing = 0
        var kinds: [String: Int] = [:]
        for _ in 0..<count {
            let steps = RandomStep.generator.run(using: &rng)
            let failures = await WideSession(world, restores: restores).run(steps)
            guard !failures.isEmpty else { continue }
            if failing == 0 {
                print(
                    "\(label): world \(world), first failure:\n\(failures.prefix(5).joined(separator: "\n"))\nsteps: \(steps.map { "\($0.action),\($0.value)" }.joined(separator: " "))"
                )
            }
            failing += 1
            for kind in Set(failures.map(WideSession.kind)) { kinds[kind, default: 0] += 1 }
        }
        print(
            "\(label): world \(world): \(failing) of \(count) sequences failed; by kind: \(kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))"
        )
    }

    /// Checks `count` random sessions of `world` with non-animated transitions timed by `timing` (S18),
    /// shrinking the first that fails to a minimal sequence.
    static func check(
        _ label: String, world: RandomWorld, timing: SimAnimation.NonAnimatedTiming, restores: Bool, count: Int
    ) async {
        guard runs(world) else { return }
        let started = Date()
        var reported = false
        await propertyCheck(count: count, input: RandomStep.generator) { steps in
            SimAnimation.nonAnimatedTiming = timing
            let failures = await WideSession(world, restores: restores).run(steps)
            // The property check reports only the shrunk input: the first failures are printed as found.
            if !failures.isEmpty, !reported {
                reported = true
                print("\(label): world \(world), timing \(timing), first failure:\n\(failures.prefix(8).joined(separator: "\n"))")
            }
            #expect(
                failures.isEmpty,
                "world \(world), timing \(timing): \(failures.prefix(8).joined(separator: "\n"))\nsteps:\n\(steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n"))"
            )
        }
        print("\(label): world \(world), timing \(timing), \(count) sequences in \(Int(Date().timeIntervalSince(started))) s")
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
        "E8, E9, E10, E17, E19, E20, A3, A6, A11, S12: random app, user and coordinator steps keep every invariant",
        arguments: RandomWorld.allCases, SimAnimation.NonAnimatedTiming.allCases)
    func wideSequences(world: RandomWorld, timing: SimAnimation.NonAnimatedTiming) async {
        let count = ProcessInfo.processInfo.environment["RANDOM_SEQUENCES"].flatMap(Int.init) ?? 1_000
        await WideHarness.check("wide random suite", world: world, timing: timing, restores: false, count: count)
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
        arguments: RandomWorld.allCases)
    func census(world: RandomWorld) async {
        let count = ProcessInfo.processInfo.environment["RESTORE_CENSUS"].flatMap(Int.init) ?? 1_000
        await WideHarness.census("restore census", world: world, restores: true, count: count, seed: 3)
    }

    @Test(
        "X3, X9, X11, X12, E19, A3: random trees, settled or mid-transition, round-trip and keep every invariant when restored with the app's factories and used",
        arguments: RandomWorld.allCases, SimAnimation.NonAnimatedTiming.allCases)
    func restoreSequences(world: RandomWorld, timing: SimAnimation.NonAnimatedTiming) async {
        let count = ProcessInfo.processInfo.environment["RESTORE_SEQUENCES"].flatMap(Int.init) ?? 300
        await WideHarness.check("restore suite", world: world, timing: timing, restores: true, count: count)
    }
}

/// One random session of an app, its user and the clock, with the invariants checked after every step.
@MainActor
final class WideSession {
    let world: RandomWorld
    /// Whether the session snapshots and restores its tree (the restore suite).
    let restores: Bool
    private var window = UIWindow()
    /// Trees restored from the session's snapshots, kept alive as the app keeps what it restores.
    private var restored: [BridgeBuilder.Live] = []
    private var navigations: [UINavigationController] = []
    private var coordinators: [LoggingCoordinator] = []
    private var embedded: [ModalChainScreen] = []
    private var windowHost: WindowHost?
    /// Insecurity coordinators started by engine steps, live or ended.
    private var engineCoordinators: [AdaptiveCoordinator<String>] = []
    private var navigationHost: InsecurityHost?
    private weak var navigationHostNavigation: UINavigationController?
    private var modalHosts: [InsecurityHost] = []
    /// Awaited starts issued and resumed (E15: every one resumes).
    private var asyncStarted = 0
    private var asyncIssued = 0
    private var asyncResumed = 0
    private var heldPop: UINavigationController.InteractivePop?
    private var heldSwipe: UIViewController.InteractiveDismissal?
    private var count = 0
    private var live = LiveObjects()
    private var failures: [String] = []
    private let invariants = InsecurityInvariants()

    init(_ world: RandomWorld, restores: Bool = false) {
        self.world = world
        self.restores = restores
    }

    func run(_ steps: [RandomStep]) async -> [String] {
        do {
            window.makeKeyAndVisible()
            setUpApp()
            for (number, step) in steps.enumerated() {
                let moment = "step \(number + 1) (\(step))"
                // Mid-way, and at some pauses, whatever is animating or waiting.
                if restores, number == steps.count / 2 || (step.action == RandomStep.actions.count - 1 && step.value % 2 == 0) {
                    restore(at: "restore before \(moment)")
                    if world.drivesEngine { await letAsyncStartsRun(at: moment) }
                }
                perform(step, at: moment)
                if world.drivesEngine { await letAsyncStartsRun(at: moment) }
            }
            byUser("the end") {
                heldPop = nil
                heldSwipe = nil
            }
            byCoordinators("the end") { SimRunLoop.main.runUntilIdle() }
            if InsecurityWorld.hasPendingOperations {
                failures.append("the end: UIKit operations still wait in the engine's queue with nothing animating")
            }
            check(at: "the end")
            if restores {
                restore(at: "the end's restore")
                SimRunLoop.main.runUntilIdle()
                check(at: "the end, restored")
            }
            tearDown()
        }
        SimRunLoop.main.runUntilIdle()
        if world.drivesEngine { await letAsyncStartsRun(at: "the teardown", untilResumed: true) }
        if asyncResumed != asyncStarted {
            failures.append("\(asyncStarted - asyncResumed) awaited starts never resumed (E15)")
        }
        if live.count != 0 { failures.append("\(live.count) controllers or coordinators outlived the session") }
        failures += InsecurityWorld.takeOverDeferrals().map { "the teardown: E21: \($0)" }
        return failures
    }

    /// Lets the tasks of async starts run, as coordinator steps: every start requested so far is issued,
    /// and every result delivered so far reaches its caller, before the next step.
    /// At the end (`untilResumed`), it also waits for every awaited start to return.
    private func letAsyncStartsRun(at moment: String, untilResumed: Bool = false) async {
        var waiting: Bool { asyncIssued < asyncStarted || (untilResumed && asyncResumed < asyncStarted) }
        guard waiting else { return }
        var diagnostics: [InsecurityDiagnostic] = []
        let warnings = await SimWarnings.capture {
            diagnostics = await InsecurityDiagnostics.capture {
                var turns = 0
                while waiting, turns < 1_000 {
                    await Task.yield()
                    turns += 1
                }
            }
        }
        failures += warnings.map { "\(moment): UIKit warned: \($0)" }
        failures += diagnostics.map { "\(moment): diagnostic \($0)" }
    }

    // MARK: The app

    private func next() -> UIViewController {
        count += 1
        let controller = makeScreen("S\(count)")
        live.watch(controller)
        return controller
    }

    private func setUpApp() {
        switch world {
        case .sharedStack, .windowRoots:
            window.rootViewController = makeLegacyStack()
        case .tabBar:
            let tabs = UITabBarController()
            tabs.viewControllers = [makeLegacyStack(), makeLegacyStack()]
            window.rootViewController = tabs
            live.watch(tabs)
        case .splitView:
            let split = UISplitViewController()
            split.viewControllers = [makeLegacyStack(), makeLegacyStack()]
            window.rootViewController = split
            live.watch(split)
        case .engine, .classic:
            window.rootViewController = makeEngineStack()
        case .mixed:
            let tabs = UITabBarController()
            tabs.viewControllers = [makeLegacyStack(), makeEngineStack()]
            window.rootViewController = tabs
            live.watch(tabs)
        }
    }

    /// A navigation controller holding one screen, with a navigation host and two modal hosts on it.
    private func makeEngineStack() -> UINavigationController {
        let navigation = UINavigationController(rootViewController: next())
        navigations.append(navigation)
        navigationHost = InsecurityHost(navigation: navigation)
        navigationHostNavigation = navigation
        modalHosts = [InsecurityHost(modal: navigation), InsecurityHost(modal: navigation)]
        live.watch(navigation)
        return navigation
    }

    /// A navigation controller run by a new top-level legacy coordinator.
    private func makeLegacyStack() -> UINavigationController {
        let navigation = UINavigationController()
        let app = LoggingCoordinator("App\(navigations.count)", navigationController: navigation, log: Log())
        app.start()
        app.root(next())
        navigations.append(navigation)
        coordinators.append(app)
        live.watch(navigation, app)
        return navigation
    }

    private func pick<T>(_ items: [T], _ value: Int) -> T? {
        items.isEmpty ? nil : items[value % items.count]
    }

    /// Started coordinators whose navigation controller is in the window (the app stops using the others
    /// once it replaced the window's root).
    private var startedCoordinators: [LoggingCoordinator] {
        coordinators.filter { $0.isStarted && $0.rootViewController.viewIfLoaded?.window != nil }
    }

    private var shownNavigations: [UINavigationController] {
        navigations.filter { $0.viewIfLoaded?.window != nil }
    }

    /// The topmost controller presented in the window.
    private var topPresented: UIViewController? {
        var top = window.rootViewController?.presentedViewController
        while let above = top?.presentedViewController { top = above }
        return top
    }

    // MARK: Steps

    private func perform(_ step: RandomStep, at moment: String) {
        let value = step.value
        let animated = value % 3 != 0
        if step.action <= 9 || step.action == 13,
            world.drivesEngine, !world.drivesLegacy || value % 2 == 0
        {
            byCoordinators(moment) { engineStep(step.action, value, animated: animated) }
            check(at: moment)
            return
        }
        let coordinator = pick(startedCoordinators, value / 3)
        switch step.action {
        case 0: byCoordinators(moment) { coordinator?.show(next()) }
        case 1: byCoordinators(moment) { coordinator?.pop(animated: animated) }
        case 2: byCoordinators(moment) { coordinator?.top(next(), animated: animated) }
        case 3:
            byCoordinators(moment) {
                if let coordinator, let target = pick(coordinator.viewControllers, value / 7) {
                    coordinator.pop(to: target, animated: animated)
                }
            }
        case 4: byCoordinators(moment) { coordinator?.root(next()) }
        case 5: byCoordinators(moment) { coordinator?.present(next(), animated: animated) }
        case 6: byCoordinators(moment) { coordinator?.dismiss(animated: animated) }
        case 7:
            byCoordinators(moment) {
                guard let coordinator, coordinator.parent?.parent == nil else { return }
                let child = LoggingCoordinator(
                    "Child\(count)", navigationController: coordinator.rootViewController, log: Log())
                live.watch(child)
                coordinators.append(child)
                coordinator.startChild(coordinator: child)
                child.show(next())
            }
        case 8:
            byCoordinators(moment) {
                if let child = pick(startedCoordinators.filter { $0.parent != nil }, value) {
                    child.parent?.coordinatorDidFinish(child) {}
                }
            }
        case 9:
            byCoordinators(moment) { pick(startedCoordinators.filter { $0.parent != nil }, value)?.pop() }
        case 10: byUser(moment) { _ = pick(shownNavigations, value)?.simulateBackButtonTap() }
        case 11: byUser(moment) { dragBack(value) }
        case 12: byUser(moment) { dragSheet(value) }
        case 13:
            byCoordinators(moment) {
                guard let coordinator else { return }
                let alert = UIAlertController(title: "A\(count)", message: nil, preferredStyle: .alert)
                live.watch(alert)
                alert.addAction(
                    UIAlertAction(title: "Again", style: .default) { [weak self, weak coordinator] _ in
                        guard let self else { return }
                        coordinator?.present(self.next(), animated: animated)
                    })
                alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
                coordinator.present(alert, animated: animated)
            }
        case 14: byApp(moment) { _ = pick(shownNavigations, value)?.popViewController(animated: animated) }
        case 15: byApp(moment) { pick(shownNavigations, value)?.present(next(), animated: animated) }
        case 16: byApp(moment) { topPresented?.presentingViewController?.dismiss(animated: animated) }
        case 17:
            byCoordinators(moment) {
                guard let navigation = pick(shownNavigations, value) else { return }
                let chain = ModalChainScreen("E\(count)")
                live.watch(chain)
                embedded.append(chain)
                InsecurityEmbedding.start(chain, on: navigation, animated: animated) { _ in }
            }
        case 18:
            byCoordinators(moment) {
                embedded.removeAll { !$0.isLive && $0.hasStarted }
                pick(embedded.filter(\.isLive), value)?.finish("done")
            }
        case 19:
            byUser(moment) {
                if let tabs = window.rootViewController as? UITabBarController {
                    _ = tabs.simulateTabTap(value % (tabs.viewControllers?.count ?? 1))
                } else if let split = window.rootViewController as? UISplitViewController {
                    split.simulateCollapse(!split.isCollapsed)
                }
            }
        case 20: replaceWindowRoot(value, animated: animated, at: moment)
        case 21:
            byUser(moment) {
                if let alert = topPresented as? UIAlertController, let action = pick(alert.actions, value) {
                    alert.simulateTap(on: action)
                }
            }
        default:
            byCoordinators(moment) { SimRunLoop.main.advance(by: Double(value % 8) / 10) }
        }
        check(at: moment)
    }

    private func dragBack(_ value: Int) {
        if let pop = heldPop {
            heldPop = nil
            switch value % 3 {
            case 0: pop.finish()
            case 1: pop.cancel()
            default: break  // dropped: the touch is cancelled
            }
        } else if let navigation = pick(shownNavigations, value), let pop = navigation.beginInteractivePop() {
            pop.update(CGFloat(value % 10) / 10)
            heldPop = pop
        }
    }

    private func dragSheet(_ value: Int) {
        if let swipe = heldSwipe {
            heldSwipe = nil
            switch value % 3 {
            case 0: swipe.finish()
            case 1: swipe.cancel()
            default: break
            }
        } else if let swipe = topPresented?.beginInteractiveDismissal() {
            swipe.update(CGFloat(value % 10) / 10)
            heldSwipe = swipe
        }
    }

    private func replaceWindowRoot(_ value: Int, animated: Bool, at moment: String) {
        guard world == .windowRoots || world == .mixed else { return }
        if value % 2 == 0 {
            // App code logs out or in: a new legacy stack replaces whatever the window showed.
            byApp(moment) { window.rootViewController = makeLegacyStack() }
        } else {
            byCoordinators(moment) {
                let host = windowHost ?? WindowHost(window)
                windowHost = host
                let root = makeEngineScreen()
                let context: AdaptiveContext = value % 4 == 1 ? .navigation(new: UINavigationController()) : .any
                if animated {
                    host.start(root, in: context, duration: 0.3, options: []) { _ in }
                } else {
                    host.start(root, in: context, animated: false) { _ in }
                }
            }
        }
    }

    // MARK: Insecurity coordinators

    private func makeEngineScreen() -> ChainScreen {
        count += 1
        let make = { [weak self] (name: String) -> UIViewController in
            let controller = makeScreen(name)
            self?.live.watch(controller)
            return controller
        }
        let coordinator = ChainScreen("I\(count)", make: make)
        live.watch(coordinator)
        engineCoordinators.append(coordinator)
        return coordinator
    }

    /// A completion that, by `value`, does what apps do in completions: nothing, finish the parent (E8), or
    /// start another child from the parent (E9).
    private func completion(parent: AdaptiveCoordinator<String>?, _ value: Int) -> (CoordinatorResult<String>) -> Void {
        { [weak self, weak parent] result in
            guard let self, let parent, parent.isLive else { return }
            switch value % 6 {
            case 0: parent.finish("after \(result.value ?? "dismissed")")
            case 1: parent.navigation.start(self.makeEngineScreen(), in: .modal, animated: true) { _ in }
            default: break
            }
        }
    }

    private func engineStep(_ action: Int, _ value: Int, animated: Bool) {
        let liveCoordinators = engineCoordinators.filter(\.isLive)
        let parent = pick(liveCoordinators, value / 5)
        // The app stops using the hosts of a hierarchy it took off the window.
        let onScreen = navigations.first { $0 === navigationHostNavigation }?.viewIfLoaded?.window != nil
        let navigationHost = onScreen ? navigationHost : nil
        let modalHosts = onScreen ? modalHosts : []
        func start(_ context: AdaptiveContext, from host: InsecurityHost? = nil) {
            let child = makeEngineScreen()
            let done = completion(parent: host == nil ? parent : nil, value / 7)
            if let host {
                host.start(child, in: context, animated: animated, done)
            } else if let parent {
                if world == .classic {
                    switch action {
                    case 3: parent.navigation.startModal(child, animated: animated, done)
                    case 4: parent.navigation.start(UINavigationController(), child, animated: animated, done)
                    default: parent.navigation.start(child, animated: animated, done)
                    }
                } else {
                    parent.navigation.start(child, in: context, animated: animated, done)
                }
            } else if let host = value % 2 == 0 ? navigationHost : modalHosts.first {
                host.start(child, in: context, animated: animated, done)
            }
        }
        switch action {
        case 0: start(.any)
        case 1: parent?.finish("done")
        case 2: parent?.dismiss()
        case 3: start(.modal)
        case 4: start(.navigation(new: UINavigationController()))
        case 5: start(.any, from: modalHosts.last)
        case 6: start(.navigation(fallback: UINavigationController()))
        case 7:
            // A child and its parent end in the same turn.
            if let parent, let child = liveCoordinators.last, child !== parent {
                child.finish("first")
                if parent.isLive { parent.finish("second") }
            }
        case 8:
            // An awaited start, issued from a task as async app code does.
            guard let navigation: any AdaptiveNavigation = parent?.navigation ?? navigationHost else { return }
            let child = makeEngineScreen()
            asyncStarted += 1
            Task {
                self.asyncIssued += 1
                _ = await navigation.start(child, in: value % 2 == 0 ? .any : .modal, animated: animated)
                self.asyncResumed += 1
            }
        case 9: start(.modal, from: modalHosts.first)
        default:
            let alert = alertScreen(animated: animated)
            if let parent {
                parent.navigation.start(alert, animated: animated) { _ in }
            } else {
                modalHosts.first?.start(alert, animated: animated) { _ in }
            }
        }
    }

    /// An alert shown by a coordinator; its "Again" action starts another screen from the host.
    private func alertScreen(animated: Bool) -> AlertScreen {
        let alert = AlertScreen("A\(count)") { [weak self] in
            guard let self, let host = self.modalHosts.first else { return }
            host.start(self.makeEngineScreen(), in: .modal, animated: animated) { _ in }
        }
        live.watch(alert)
        return alert
    }

    // MARK: Who acts

    /// Steps of coordinators, the engine or the clock: they must cause no warning and no diagnostic.
    private func byCoordinators(_ moment: String, _ body: () -> Void) {
        var diagnostics: [InsecurityDiagnostic] = []
        var warnings: [SimWarning] = []
        let exceptions = SimExceptions.capture {
            warnings = SimWarnings.capture { diagnostics = InsecurityDiagnostics.capture(body) }
        }
        failures += exceptions.map { "\(moment): UIKit raised \($0)" }
        failures += warnings.map { "\(moment): UIKit warned: \($0)" }
        failures += diagnostics.map { "\(moment): diagnostic \($0)" }
    }

    /// The user's gestures and app code's own UIKit calls: UIKit's warnings inside them are the app's.
    private func byUser(_ moment: String, _ body: () -> Void) {
        var diagnostics: [InsecurityDiagnostic] = []
        let exceptions = SimExceptions.capture {
            _ = SimWarnings.capture { diagnostics = InsecurityDiagnostics.capture(body) }
        }
        failures += exceptions.map { "\(moment): UIKit raised \($0) (the harness made the app crash)" }
        failures += diagnostics.map { "\(moment): diagnostic \($0)" }
    }

    private func byApp(_ moment: String, _ body: () -> Void) { byUser(moment, body) }

    // MARK: Invariants

    /// The kind of a failure, for the census.
    static func kind(of failure: String) -> String {
        let kinds = [
            ("export(import(x)) != x", "round trip changed"), ("the import failed", "import refused"),
            ("during the import", "import reported"),
            ("controllerRefusedByUIKit", "refusal diagnostic"), ("diagnostic", "other diagnostic"),
            ("already presenting", "presentation refused"), ("presentation is in progress", "presentation refused"),
            ("not in the window hierarchy", "presentation refused"), ("Attempt to dismiss", "dismissal refused"),
            ("nested", "nested navigation change"), ("UIKit raised", "exception"), ("UIKit warned", "other warning"),
            ("is live but", "live frame off screen"), ("still waiting", "frame never shown"),
            ("has ended", "ended frame on screen"), ("lists", "legacy list vs stack"),
            ("coordinators' lists", "legacy list vs stack"), ("stack order", "legacy list vs stack"),
            ("appeared", "appearance"), ("appearing", "appearance"), ("disappearing", "appearance"),
            ("lookup table", "engine structure"), ("index", "engine structure"), ("not ready", "engine structure"),
            ("outlived", "leak"), ("never resumed", "leak"), ("E21", "over-deferral"),
        ]
        return kinds.first { failure.contains($0.0) }?.1 ?? "other"
    }

    private var isSettled: Bool {
        SimRunLoop.main.isIdle && heldPop == nil && heldSwipe == nil && !InsecurityWorld.hasPendingOperations
    }

    private func check(at moment: String) {
        let settled = isSettled
        var problems = invariants.violations(windows: [window], settled: settled)
        if settled {
            problems += ResponderCoordinatorInvariants.violations(windows: [window])
            problems += SimAppearanceInvariants.violations(
                windows: [window], controllers: live.objects.compactMap { $0 as? UIViewController })
        }
        problems += InsecurityWorld.takeOverDeferrals().map { "E21: \($0)" }
        failures += problems.map { "\(moment): \($0)" }
    }

    private func tearDown() {
        for coordinator in coordinators.reversed() where coordinator.isStarted && coordinator.parent == nil {
            coordinator.stop()
        }
        // A window root change that waited for a window transition may still put a root on the window.
        for _ in 0..<10 where window.rootViewController != nil {
            window.rootViewController = nil
            SimRunLoop.main.runUntilIdle()
        }
        coordinators.removeAll()
        navigations.removeAll()
        embedded.removeAll()
        engineCoordinators.removeAll()
        navigationHost = nil
        navigationHostNavigation = nil
        modalHosts.removeAll()
        windowHost = nil
        restored.removeAll()
    }

    // MARK: Restoring

    private let registry = BridgeRegistry([ResponderCoordinatorPlugin.shared, InsecurityClassicPlugin()])

    /// Snapshots the window, imports the snapshot with the app's factories, expects the import to export
    /// the same snapshot, and goes on with the restored tree in place of the old one.
    private func restore(at moment: String) {
        let xml = BridgeSnapshot.export([window], registry: registry)
        var builder = BridgeBuilder(registry: registry)
        builder.coordinatorFactories.register(LoggingCoordinator.self) { root in
            LoggingCoordinator(
                "Restored", navigationController: root as? UINavigationController ?? UINavigationController(), log: Log())
        }
        builder.coordinatorFactories.register(ChainScreen.self) { [unowned self] in makeEngineScreen() }
        builder.coordinatorFactories.register(ModalChainScreen.self) { ModalChainScreen("E") }
        builder.coordinatorFactories.register(AlertScreen.self) { [unowned self] in alertScreen(animated: true) }
        var imported: BridgeBuilder.Live?
        var diagnostics: [InsecurityDiagnostic] = []
        let warnings = SimWarnings.capture {
            diagnostics = InsecurityDiagnostics.capture {
                do {
                    imported = try BridgeSnapshot.importLive(xml, builder: builder)
                } catch {
                    failures.append("\(moment): the import failed: \(error)\n\(xml)")
                }
            }
        }
        failures += warnings.map { "\(moment): UIKit warned during the import: \($0)" }
        failures += diagnostics.map { "\(moment): diagnostic during the import \($0)" }
        guard let imported else { return }
        let again = BridgeSnapshot.export(imported.windows, registry: registry)
        if again != xml, let before = try? BridgeSnapshot.parse(xml), let after = try? BridgeSnapshot.parse(again) {
            failures.append(
                "\(moment): export(import(x)) != x: \(BridgeSnapshot.diff(before, after).map(\.description).joined(separator: "; "))"
            )
        }
        // The user's finger is not part of a snapshot: a held gesture ends with the old tree.
        heldPop = nil
        heldSwipe = nil
        tearDown()
        adopt(imported)
    }

    /// Makes `imported` the session's tree: its window on screen, its coordinators, hosts and stacks the
    /// ones the steps use, and every restored object watched for leaks.
    private func adopt(_ imported: BridgeBuilder.Live) {
        restored = [imported]
        window = imported.windows[0]
        window.makeKeyAndVisible()
        var levels: [UIViewController] = []
        var level = window.rootViewController
        while let current = level {
            levels.append(current)
            level = current.presentedViewController
        }
        var controllers: [UIViewController] = []
        while let controller = levels.popLast() {
            controllers.append(controller)
            levels += (controller as? UINavigationController)?.viewControllers ?? controller.children
        }
        for controller in controllers { live.watch(controller) }
        navigations = controllers.compactMap { $0 as? UINavigationController }
        coordinators = ResponderCoordinatorPlugin.shared.coordinators(in: imported.windows)
            .compactMap { $0 as? LoggingCoordinator }
            .filter { coordinator in controllers.contains { $0 === coordinator.rootViewController } }
        for coordinator in coordinators { live.watch(coordinator) }
        // The app's own hosts are those on its engine stack; the hosts on legacy coordinators' stacks, and
        // those presenting for legacy coordinators, are the adapter's.
        let legacyStacks = Set(coordinators.map { ObjectIdentifier($0.rootViewController) })
        for host in imported.hosts {
            live.watch(host)
            switch host.hostBase {
            case .navigation(let navigation?) where navigationHost == nil && !legacyStacks.contains(ObjectIdentifier(navigation)):
                navigationHost = host
                navigationHostNavigation = navigation
            case .modal(let base?)
            where !legacyStacks.contains(ObjectIdentifier(base)) && !ResponderCoordinatorPlugin.shared.runs(host):
                modalHosts.append(host)
            default:
                break
            }
            for frame in host.frameDescriptions {
                if let screen = frame.coordinator as? ChainScreen { engineCoordinators.append(screen) }
                if let chain = frame.coordinator as? ModalChainScreen { embedded.append(chain) }
            }
        }
    }
}

/// A modal coordinator of an embedded chain.
@MainActor
final class ModalChainScreen: ModalCoordinator<String> {
    let name: String
    private(set) var hasStarted = false

    init(_ name: String) {
        self.name = name
        super.init()
    }

    override var viewController: UIViewController {
        hasStarted = true
        return makeScreen(name)
    }
}

/// An Insecurity coordinator that adapts to its parent's context, of seed 002's kind so that the classic
/// world can start it with `startModal` and `start(navigationController, child)`; it makes its controller
/// with `make`.
@MainActor
final class ChainScreen: InsecurityChild<String> {
    private let name: String
    private let make: (String) -> UIViewController

    init(_ name: String, make: @escaping (String) -> UIViewController) {
        self.name = name
        self.make = make
        super.init()
    }

    override var viewController: UIViewController { make(name) }
}

/// A coordinator showing an alert; its "Again" action runs `again` once the alert has left.
@MainActor
final class AlertScreen: ModalCoordinator<String> {
    private let name: String
    private let again: () -> Void

    init(_ name: String, again: @escaping () -> Void) {
        self.name = name
        self.again = again
        super.init()
    }

    override var viewController: UIViewController {
        let alert = UIAlertController(title: name, message: nil, preferredStyle: .alert)
        let again = self.again
        alert.addAction(UIAlertAction(title: "Again", style: .default) { _ in again() })
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        return alert
    }
}
