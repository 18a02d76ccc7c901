import Foundation
@_spi(Testing) import Insecurity
import PropertyBased
@_spi(Testing) import ResponderCoordinator
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// One step of a random session of a UIResponder-style coordinator, its user and the clock.
enum AdapterStep: CustomStringConvertible, Sendable {
    case show(animated: Bool)
    case pop(animated: Bool)
    case top(animated: Bool)
    case popTo(index: Int, animated: Bool)
    case root
    case present(animated: Bool)
    case dismiss(animated: Bool)
    case backButton
    case interactivePop(progress: Int, finish: Bool)
    case swipeDown
    case advance(tenths: Int)
    /// A child coordinator starts on the same navigation controller and shows a screen.
    case startChild
    /// The child shows another screen.
    case childShow
    /// The parent finishes the child (`coordinatorDidFinish`), which stops it and takes its screens away.
    case finishChild

    init(_ code: Int, _ value: Int) {
        let animated = value % 3 != 0
        switch code {
        case 0...2: self = .show(animated: animated)
        case 3: self = .pop(animated: animated)
        case 4: self = .top(animated: animated)
        case 5: self = .popTo(index: value, animated: animated)
        case 6: self = .root
        case 7: self = .present(animated: animated)
        case 8: self = .dismiss(animated: animated)
        case 9: self = .backButton
        case 10: self = .interactivePop(progress: value % 10, finish: value % 2 == 0)
        case 11: self = .swipeDown
        case 12: self = .startChild
        case 13: self = .childShow
        case 14: self = .finishChild
        default: self = .advance(tenths: value % 8)
        }
    }

    var description: String {
        switch self {
        case .show(let animated): "show\(animated ? "" : " (not animated)")"
        case .pop(let animated): "pop\(animated ? "" : " (not animated)")"
        case .top(let animated): "top\(animated ? "" : " (not animated)")"
        case .popTo(let index, let animated):
            "pop(to: viewControllers[\(index) % count])\(animated ? "" : " (not animated)")"
        case .root: "root"
        case .present(let animated): "present\(animated ? "" : " (not animated)")"
        case .dismiss(let animated): "dismiss\(animated ? "" : " (not animated)")"
        case .backButton: "user taps back"
        case .interactivePop(let progress, let finish):
            "user drags back \(progress * 10)% and \(finish ? "lets go" : "cancels")"
        case .swipeDown: "user swipes the top sheet down"
        case .advance(let tenths): "advance \(Double(tenths) / 10) s"
        case .startChild: "a child coordinator starts and shows a screen"
        case .childShow: "the child shows a screen"
        case .finishChild: "the parent finishes the child"
        }
    }

    static let generator = zip(Gen.int(in: 0...16), Gen.int(in: 0...11)).map { AdapterStep($0.0, $0.1) }.array(
        of: 1...30)
}

@MainActor
@Suite("Random sequences of adapter operations", .cleanSimulatedWorld)
struct RandomAdapterSequenceTests {
    let sequences = ProcessInfo.processInfo.environment["RANDOM_SEQUENCES"].flatMap(Int.init) ?? 2_000

    @Test(
        "E19, E20, A3, A8, S18: random show/pop/top/root/present/dismiss, child coordinators, gestures and time: no refusal, the coordinators' controllers are the stack, under either timing model",
        arguments: SimAnimation.NonAnimatedTiming.allCases)
    func adapterSequences(timing: SimAnimation.NonAnimatedTiming) async {
        await checkRandomSequences(count: sequences, of: AdapterStep.generator, timing: timing) { run($0) }
    }

    private func run(_ steps: [AdapterStep]) -> [String] {
        var failures: [String] = []
        var live = LiveObjects()
        let invariants = InsecurityInvariants()
        do {
            let app = AdapterApp()
            for (number, step) in steps.enumerated() {
                var diagnostics: [InsecurityDiagnostic] = []
                let warnings = SimWarnings.capture {
                    diagnostics = InsecurityDiagnostics.capture { app.perform(step, watching: &live) }
                }
                failures += warnings.map { "step \(number + 1): UIKit warned: \($0)" }
                failures += diagnostics.map { "step \(number + 1): diagnostic \($0)" }
                failures += invariants.violations(windows: [app.window], settled: SimRunLoop.main.isIdle)
                    .map { "step \(number + 1): \($0)" }
                if SimRunLoop.main.isIdle {
                    failures += ResponderCoordinatorInvariants().violations(windows: [app.window], settled: true).map {
                        "step \(number + 1): \($0)"
                    }
                    failures += settled(app, at: "step \(number + 1)")
                }
            }
            SimRunLoop.main.runUntilIdle()
            failures += settled(app, at: "the end")
            app.coordinator.stop()
            app.window.rootViewController = nil
            live.watch(app.coordinator, app.navigation, app.window)
        }
        SimRunLoop.main.runUntilIdle()
        if live.count != 0 { failures.append("\(live.count) controllers or coordinators outlived the session") }
        return failures
    }

    /// Once idle: the stack is exactly the started coordinators' `viewControllers` (apart from controllers a
    /// `root` handed over), each list in stack order, and everything presented was presented by the coordinator.
    private func settled(_ app: AdapterApp, at moment: String) -> [String] {
        let (navigation, coordinators, presented, handedOver) = (
            app.navigation, app.startedCoordinators(), app.presented, app.handedOver
        )
        var failures: [String] = []
        let stack = navigation.viewControllers
        let stackIDs = Set(stack.map(ObjectIdentifier.init))
        let owned = coordinators.flatMap(\.viewControllers).filter {
            stackIDs.contains(ObjectIdentifier($0)) || !handedOver.contains(ObjectIdentifier($0))
        }
        let position = Dictionary(uniqueKeysWithValues: stack.enumerated().map { (ObjectIdentifier($1), $0) })
        let inOrder = coordinators.allSatisfy { coordinator in
            let positions = coordinator.viewControllers.compactMap { position[ObjectIdentifier($0)] }
            return positions == positions.sorted()
        }
        if owned.count != stack.count || Set(owned.map(ObjectIdentifier.init)) != Set(position.keys) || !inOrder {
            failures.append(
                "\(moment): the stack \(stack.map { $0.title ?? "?" }) is not the coordinators' viewControllers \(coordinators.map { "\($0.name): \($0.viewControllers.map { $0.title ?? "?" })" })"
            )
        }
        var current = navigation.presentedViewController
        while let controller = current {
            if !presented.contains(ObjectIdentifier(controller)) {
                failures.append("\(moment): \(controller.title ?? "?") is presented but nobody presented it")
            }
            current = controller.presentedViewController
        }
        return failures
    }
}

/// The app of one adapter sequence: a coordinator on a navigation stack with at most one child, and what the
/// checks need to know (what was presented, what a `root` handed over).
@MainActor
private final class AdapterApp {
    let window: UIWindow
    let navigation: UINavigationController
    let coordinator: LoggingCoordinator
    private var child: LoggingCoordinator?
    private var count = 0
    private(set) var presented: Set<ObjectIdentifier> = []
    /// The child's controllers that the parent's `root` replaced: they stay in the child's list (seed 003).
    private(set) var handedOver: Set<ObjectIdentifier> = []

    init() {
        (window, navigation) = makeStack()
        coordinator = LoggingCoordinator("App", navigationController: navigation, log: Log())
        coordinator.start()
        coordinator.root(makeScreen("Home"))
    }

    /// The coordinator and its child while it is started.
    func startedCoordinators() -> [LoggingCoordinator] {
        if child?.isStarted == false { child = nil }
        return [coordinator] + (child.map { [$0] } ?? [])
    }

    /// Runs `step` with a new screen at hand, watched in `live`.
    func perform(_ step: AdapterStep, watching live: inout LiveObjects) {
        count += 1
        let next = makeScreen("S\(count)")
        live.watch(next)
        switch step {
        case .show: coordinator.show(next)
        case .pop(let animated): coordinator.pop(animated: animated)
        case .top(let animated): coordinator.top(next, animated: animated)
        case .popTo(let index, let animated):
            let stack = coordinator.viewControllers
            if !stack.isEmpty { coordinator.pop(to: stack[index % stack.count], animated: animated) }
        case .root:
            handedOver.formUnion((child?.viewControllers ?? []).map(ObjectIdentifier.init))
            coordinator.root(next)
        case .present(let animated):
            presented.insert(ObjectIdentifier(next))
            coordinator.present(next, animated: animated)
        case .dismiss(let animated): coordinator.dismiss(animated: animated)
        case .backButton: navigation.simulateBackButtonTap()
        case .interactivePop(let progress, let finish):
            if let pop = navigation.beginInteractivePop() {
                pop.update(CGFloat(progress) / 10)
                finish ? pop.finish() : pop.cancel()
            }
        case .swipeDown:
            var top = navigation.presentedViewController
            while let above = top?.presentedViewController { top = above }
            top?.simulateInteractiveDismissal()
        case .advance(let tenths): SimRunLoop.main.advance(by: Double(tenths) / 10)
        case .startChild:
            guard child == nil else { break }
            let started = LoggingCoordinator("Child", navigationController: navigation, log: Log())
            live.watch(started)
            coordinator.startChild(coordinator: started)
            started.show(next)
            child = started
        case .childShow: child?.show(next)
        case .finishChild:
            if let finished = child { coordinator.coordinatorDidFinish(finished) }
        }
        if child?.isStarted == false { child = nil }
    }
}
