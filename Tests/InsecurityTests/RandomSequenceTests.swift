import Foundation
@_spi(Testing) @_spi(Adapters) import Insecurity
import PropertyBased
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// How many random sequences each model-based test runs: 2,000 by default, `RANDOM_SEQUENCES=N` for more.
let randomSequenceCount = ProcessInfo.processInfo.environment["RANDOM_SEQUENCES"].flatMap(Int.init) ?? 2_000

/// One step of a random session: an app, a user and the clock acting on one window.
enum RandomStep: CustomStringConvertible, Sendable {
    /// Start a child of `kind` from the host (`parent` 0) or from the `parent`-th coordinator started so far.
    case start(kind: Int, parent: Int, animated: Bool, startsInCompletion: Bool)
    /// Finish (with a value) or dismiss the `index`-th coordinator started so far, live or not.
    case end(index: Int, withValue: Bool)
    case backButton
    case swipeDown
    case interactivePop(progress: Int, finish: Bool)
    /// App code pops the root navigation controller to its root, or dismisses the top presentation.
    case appPopToRoot(animated: Bool)
    case appDismissTop(animated: Bool)
    case advance(tenths: Int)
    /// The user starts pulling the top sheet down and keeps the finger on it (S16).
    case holdSheetSwipe(progress: Int)
    /// The user lets go of the held sheet, finishing or cancelling the dismissal.
    case releaseSheetSwipe(finish: Bool)

    static let kinds = [
        "modal", "push", "newNavigation", "adaptive(.any)", "adaptive(.modal)", "adaptive(.navigation(new:))",
        "adaptive(.navigation(fallback:))",
    ]

    var description: String {
        switch self {
        case .start(let kind, let parent, let animated, let inCompletion):
            "start \(Self.kinds[kind]) from \(parent == 0 ? "host" : "C\(parent)")\(animated ? " animated" : "")\(inCompletion ? " (its completion starts a modal from the host)" : "")"
        case .end(let index, let withValue): "\(withValue ? "finish" : "dismiss") C\(index)"
        case .backButton: "user taps back"
        case .swipeDown: "user swipes the top sheet down"
        case .interactivePop(let progress, let finish):
            "user drags back \(progress * 10)% and \(finish ? "lets go" : "cancels")"
        case .appPopToRoot(let animated): "app pops to root\(animated ? " animated" : "")"
        case .appDismissTop(let animated): "app dismisses the top presentation\(animated ? " animated" : "")"
        case .advance(let tenths): "advance \(Double(tenths) / 10) s"
        case .holdSheetSwipe(let progress): "user pulls the top sheet down to \(progress * 10) % and holds it"
        case .releaseSheetSwipe(let finish):
            "user lets go of the sheet, \(finish ? "finishing" : "cancelling") the swipe"
        }
    }

    /// Builds a step from generated integers (so that sequences shrink as integer arrays do).
    init(_ code: Int, _ a: Int, _ b: Int) {
        switch code {
        case 0...5:
            self = .start(kind: a % Self.kinds.count, parent: b, animated: a % 2 == 0, startsInCompletion: b % 5 == 4)
        case 6...8: self = .end(index: b, withValue: a % 2 == 0)
        case 9: self = .backButton
        case 10: self = .swipeDown
        case 11: self = .interactivePop(progress: a % 10, finish: b % 2 == 0)
        case 12: self = .appPopToRoot(animated: a % 2 == 0)
        case 13: self = .appDismissTop(animated: a % 2 == 0)
        case 14: self = .holdSheetSwipe(progress: a % 10)
        case 15: self = .releaseSheetSwipe(finish: b % 2 == 0)
        default: self = .advance(tenths: a % 8)
        }
    }

    static let generator = zip(Gen.int(in: 0...18), Gen.int(in: 0...13), Gen.int(in: 0...12))
        .map { RandomStep($0.0, $0.1, $0.2) }
        .array(of: 1...30)
}

/// A coordinator of any kind in a random session, remembering its controller weakly.
@MainActor
protocol RandomCoordinator: AnyObject {
    var name: String { get }
    var controller: UIViewController? { get }
    var isLive: Bool { get }
    func end(withValue: Bool)
    func navigationStarter() -> any AdaptiveNavigation
}

extension RandomCoordinator where Self: InsecurityCoordinator<String> {
    func end(withValue: Bool) { withValue ? finish(name) : dismiss() }
}

@MainActor final class RandomModal: ModalCoordinator<String>, RandomCoordinator {
    let name: String
    private let reads: ControllerReads
    weak var controller: UIViewController?
    init(_ name: String, reads: ControllerReads) {
        self.name = name
        self.reads = reads
    }
    override var viewController: UIViewController {
        reads.record(self, name)
        let controller = makeScreen(name)
        self.controller = controller
        return controller
    }
    func navigationStarter() -> any AdaptiveNavigation { navigation }
}

@MainActor final class RandomPush: NavigationCoordinator<String>, RandomCoordinator {
    let name: String
    private let reads: ControllerReads
    weak var controller: UIViewController?
    init(_ name: String, reads: ControllerReads) {
        self.name = name
        self.reads = reads
    }
    override var viewController: UIViewController {
        reads.record(self, name)
        let controller = makeScreen(name)
        self.controller = controller
        return controller
    }
    func navigationStarter() -> any AdaptiveNavigation { navigation }
}

@MainActor final class RandomAdaptive: AdaptiveCoordinator<String>, RandomCoordinator {
    let name: String
    private let reads: ControllerReads
    weak var controller: UIViewController?
    init(_ name: String, reads: ControllerReads) {
        self.name = name
        self.reads = reads
    }
    override var viewController: UIViewController {
        reads.record(self, name)
        let controller = makeScreen(name)
        self.controller = controller
        return controller
    }
    func navigationStarter() -> any AdaptiveNavigation { navigation }
}

/// A window with a navigation controller and an `InsecurityHost(navigation:)`, driven by random steps,
/// with a reference model of what must hold after each (E7–E12, E17, E19, E20).
@MainActor
final class RandomSession {
    let window = UIWindow()
    let home = makeScreen("Home")
    let navigation: UINavigationController
    var host: InsecurityHost?
    var coordinators: [any RandomCoordinator] = []
    /// Completion calls per coordinator name, with the results received.
    var results: [String: [String]] = [:]
    var failures: [String] = []
    /// Every coordinator's reads of `viewController` (E1).
    let reads = ControllerReads()
    /// A sheet swipe the user is still holding (the finger makes no other gesture meanwhile).
    var heldSwipe: UIViewController.InteractiveDismissal?

    init() {
        navigation = UINavigationController(rootViewController: home)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        host = InsecurityHost(navigation: navigation)
    }

    private func completion(for name: String, startsModal: Bool) -> (CoordinatorResult<String>) -> Void {
        { [weak self] result in
            guard let self else { return }
            results[name, default: []].append(result.value ?? "dismissed")
            if startsModal, let host {
                let child = RandomModal("\(name)'s follow-up", reads: reads)
                coordinators.append(child)
                host.start(child, animated: true, completion(for: child.name, startsModal: false))
            }
        }
    }

    /// Runs `step`; returns the diagnostics it may legitimately cause (misuse by the caller).
    func apply(_ step: RandomStep) -> Set<InsecurityDiagnostic.Code> {
        switch step {
        case .start(let kind, let parentIndex, let animated, let startsModal):
            return start(kind: kind, parentIndex: parentIndex, animated: animated, startsModal: startsModal)
        case .end(let index, let withValue):
            return end(index: index, withValue: withValue)
        case .backButton:
            guard heldSwipe == nil else { break }
            topNavigation()?.simulateBackButtonTap()
        case .swipeDown:
            guard heldSwipe == nil else { break }
            topPresented()?.simulateInteractiveDismissal()
        case .holdSheetSwipe(let progress):
            guard heldSwipe == nil, let swipe = topPresented()?.beginInteractiveDismissal() else { break }
            swipe.update(CGFloat(progress) / 10)
            heldSwipe = swipe
        case .releaseSheetSwipe(let finish):
            finish ? heldSwipe?.finish() : heldSwipe?.cancel()
            heldSwipe = nil
        case .interactivePop(let progress, let finish):
            if heldSwipe == nil, let pop = topNavigation()?.beginInteractivePop() {
                pop.update(CGFloat(progress) / 10)
                finish ? pop.finish() : pop.cancel()
            }
        case .appPopToRoot(let animated):
            if isIdle(navigation) { navigation.popToRootViewController(animated: animated) }
        case .appDismissTop(let animated):
            if let top = topPresented(), let presenter = top.presentingViewController, isIdle(presenter) {
                presenter.dismiss(animated: animated)
            }
        case .advance(let tenths):
            SimRunLoop.main.advance(by: Double(tenths) / 10)
        }
        return []
    }

    /// Starts a coordinator of the `kind`-th sort on the host or on an earlier coordinator (`parentIndex`).
    private func start(kind: Int, parentIndex: Int, animated: Bool, startsModal: Bool) -> Set<InsecurityDiagnostic.Code>
    {
        let name = "C\(coordinators.count + 1)"
        let parent: (any RandomCoordinator)? =
            parentIndex == 0 || coordinators.isEmpty ? nil : coordinators[(parentIndex - 1) % coordinators.count]
        let done = completion(for: name, startsModal: startsModal)
        var allowed: Set<InsecurityDiagnostic.Code> = []
        if let parent, !parent.isLive { allowed.insert(.navigationOutsideLifetime) }
        let child: any RandomCoordinator
        switch kind {
        case 0:
            let modal = RandomModal(name, reads: reads)
            child = modal
            if let parent {
                parent.navigationStarter().start(modal, animated: animated) { done($0) }
            } else {
                host?.start(modal, animated: animated, done)
            }
        case 1:
            let push = RandomPush(name, reads: reads)
            child = push
            if let parent = parent as? RandomPush {
                parent.navigation.start(push, animated: animated, done)
            } else if let parent {
                parent.navigationStarter().start(UINavigationController(), push, animated: animated) { done($0) }
            } else {
                allowed.insert(.navigationChildInModalContext)  // the top of the host's chain may be modal
                host?.start(push, animated: animated, done)
            }
        case 2:
            let push = RandomPush(name, reads: reads)
            child = push
            if let parent {
                parent.navigationStarter().start(UINavigationController(), push, animated: animated) { done($0) }
            } else {
                host?.start(UINavigationController(), push, animated: animated, done)
            }
        default:
            let adaptive = RandomAdaptive(name, reads: reads)
            child = adaptive
            let context: AdaptiveContext =
                switch kind {
                case 3: .any
                case 4: .modal
                case 5: .navigation(new: UINavigationController())
                default: .navigation(fallback: UINavigationController())
                }
            if let parent {
                parent.navigationStarter().start(adaptive, in: context, animated: animated) { done($0) }
            } else {
                host?.start(adaptive, in: context, animated: animated, done)
            }
        }
        coordinators.append(child)
        return allowed
    }

    /// Ends the `index`-th coordinator, with its name as the value or dismissed; checks its completion ran once.
    private func end(index: Int, withValue: Bool) -> Set<InsecurityDiagnostic.Code> {
        guard !coordinators.isEmpty else { return [] }
        let coordinator = coordinators[index % coordinators.count]
        let wasLive = coordinator.isLive
        let before = results[coordinator.name]?.count ?? 0
        coordinator.end(withValue: withValue)
        if wasLive {
            let received = results[coordinator.name] ?? []
            if received.count != before + 1 || received.last != (withValue ? coordinator.name : "dismissed") {
                failures.append(
                    "\(coordinator.name)'s completion did not run once, at once, with its result (got \(received))")
            }
            return []
        }
        return [.endAfterEnd, .endBeforeStart]
    }

    private func isIdle(_ controller: UIViewController) -> Bool {
        var current: UIViewController? = controller
        while let next = current {
            if next.transitionCoordinator != nil { return false }
            current = next.presentedViewController
        }
        return true
    }

    private func topPresented() -> UIViewController? {
        TestSupport.topPresented(above: navigation)
    }

    private func topNavigation() -> UINavigationController? {
        (topPresented() as? UINavigationController) ?? (topPresented() == nil ? navigation : nil)
    }

    /// The controllers on screen above Home: the root stack, then each presented controller (a presented
    /// navigation controller by its stack).
    func controllersOnScreen() -> [UIViewController] {
        var shown = Array(navigation.viewControllers.dropFirst())
        var presented = navigation.presentedViewController
        while let controller = presented {
            if let stack = controller as? UINavigationController {
                shown += stack.viewControllers
            } else {
                shown.append(controller)
            }
            presented = controller.presentedViewController
        }
        return shown
    }

    /// Once nothing is pending: a coordinator is live exactly when its controller is on screen, every
    /// screen belongs to a live coordinator, and the host's frames list the live coordinators.
    func checkSettledScreen() {
        let onScreen = Set(controllersOnScreen().map(ObjectIdentifier.init))
        for coordinator in coordinators {
            let shown = coordinator.controller.map { onScreen.contains(ObjectIdentifier($0)) } ?? false
            if coordinator.isLive != shown {
                failures.append(
                    "\(coordinator.name) is \(coordinator.isLive ? "live" : "ended") but its controller is \(shown ? "on screen" : "not on screen")"
                )
            }
        }
        let owned = Set(coordinators.filter(\.isLive).compactMap(\.controller).map(ObjectIdentifier.init))
        for controller in controllersOnScreen() where !owned.contains(ObjectIdentifier(controller)) {
            failures.append("\(controller.title ?? "?") is on screen with no live coordinator behind it")
        }
        let framed = host?.frameDescriptions.compactMap { $0.controller.map(ObjectIdentifier.init) } ?? []
        if Set(framed) != owned || framed.count != owned.count {
            failures.append("the host's frames do not list the live coordinators")
        }
        for (name, calls) in results where calls.count > 1 {
            failures.append("\(name)'s completion ran \(calls.count) times")
        }
    }
}

@MainActor
@Suite("Random sequences of overlapping operations", .cleanSimulatedWorld)
struct RandomSequenceTests {
    @Test(
        "E19, E20, S18: random starts, ends, gestures and time never make UIKit refuse, never lose or orphan a screen, under either timing model",
        arguments: SimAnimation.NonAnimatedTiming.allCases)
    func engineSequences(timing: SimAnimation.NonAnimatedTiming) async {
        await checkRandomSequences(count: randomSequenceCount, of: RandomStep.generator, timing: timing) { run($0) }
    }

    /// Runs one sequence and returns what went wrong, if anything.
    private func run(_ steps: [RandomStep]) -> [String] {
        let invariants = InsecurityInvariants()
        var session: RandomSession? = RandomSession()
        var failures: [String] = []
        var live = LiveObjects()
        for (number, step) in steps.enumerated() {
            guard let current = session else { break }
            var allowed: Set<InsecurityDiagnostic.Code> = []
            var diagnostics: [InsecurityDiagnostic] = []
            var warnings: [SimWarning] = []
            let exceptions = SimExceptions.capture {
                warnings = SimWarnings.capture {
                    diagnostics = InsecurityDiagnostics.capture { allowed = current.apply(step) }
                }
            }
            for exception in exceptions { failures.append("step \(number + 1): UIKit raised \(exception)") }
            for warning in warnings { failures.append("step \(number + 1): UIKit warned: \(warning)") }
            for diagnostic in diagnostics where !allowed.contains(diagnostic.code) {
                failures.append("step \(number + 1): unexpected diagnostic \(diagnostic)")
            }
            let settled = SimRunLoop.main.isIdle && current.heldSwipe == nil
            if settled { current.checkSettledScreen() }
            failures += invariants.violations(windows: [current.window], settled: settled)
                .map { "step \(number + 1): \($0)" }
        }
        if let current = session {
            current.heldSwipe?.cancel()
            current.heldSwipe = nil
            let warnings = SimWarnings.capture {
                _ = InsecurityDiagnostics.capture { SimRunLoop.main.runUntilIdle() }
            }
            failures += warnings.map { "after the steps: UIKit warned: \($0)" }
            current.checkSettledScreen()
            failures += current.failures + current.reads.repeated
            for coordinator in current.coordinators { live.watch(coordinator, coordinator.controller) }
            live.watch(current.navigation, current.window, current.host)
        }
        session?.window.rootViewController = nil
        session = nil
        SimRunLoop.main.runUntilIdle()
        if live.count != 0 { failures.append("\(live.count) coordinators, controllers or hosts outlived the session") }
        return failures
    }
}
