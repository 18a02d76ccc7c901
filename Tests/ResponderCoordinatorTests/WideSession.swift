import BridgeSnapshot
import CoordinatorBridge
import Foundation
@_spi(Testing) @_spi(Adapters) import Insecurity
import InsecurityClassic
import PropertyBased
@_spi(Testing) import ResponderCoordinator
@_spi(Testing) import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// One random session of an app, its user and the clock, with the invariants checked after every step.
@MainActor
final class WideSession {
    let world: RandomWorld
    /// Whether the session snapshots and restores its tree (the restore suite).
    let restores: Bool
    var window = UIWindow()
    /// The multi-window world's other window, visible beside `window`.
    var secondWindow: UIWindow?
    /// The session's windows.
    var windows: [UIWindow] { [window] + (secondWindow.map { [$0] } ?? []) }
    /// Trees restored from the session's snapshots, kept alive as the app keeps what it restores.
    var restored: [BridgeRebuilder.Live] = []
    var navigations: [UINavigationController] = []
    var coordinators: [LoggingCoordinator] = []
    var embedded: [ModalChainScreen] = []
    var windowHost: WindowHost?
    /// Insecurity coordinators started by engine steps, live or ended.
    var engineCoordinators: [AdaptiveCoordinator<String>] = []
    var navigationHost: InsecurityHost?
    weak var navigationHostNavigation: UINavigationController?
    var modalHosts: [InsecurityHost] = []
    /// Awaited starts issued and resumed (E15: every one resumes).
    var asyncStarted = 0
    var asyncIssued = 0
    var asyncResumed = 0
    /// Every awaited start, to name those that never resumed.
    var awaitedStarts: [AwaitedStart] = []
    var heldDrag: HeldDrag?
    /// The pages of the pages world, in order (its page view controller's data source).
    let pageList = PageList([])
    /// The custom animations every other navigation controller's delegate supplies (S23).
    let customAnimations = RandomNavigationAnimations()
    var heldSwipe: UIViewController.InteractiveDismissal?
    var count = 0
    var live = LiveObjects()
    var failures: [String] = []
    /// What the steps' own captures received, warnings the app provoked included.
    var handledWarnings: [SimWarning] = []
    var handledDiagnostics: [InsecurityDiagnostic] = []
    /// The coordinators an app call is ending right now (E8: the frames above them get no completion).
    var endingByCall: Set<ObjectIdentifier> = []
    /// Every coordinator's reads of `viewController` (E1).
    let reads = ControllerReads()
    let invariants = InsecurityInvariants()
    let registry = BridgeRegistry([ResponderCoordinatorPlugin.shared, InsecurityClassicPlugin()])

    private init(_ world: RandomWorld, restores: Bool) {
        self.world = world
        self.restores = restores
    }

    /// Plays `steps` in a new session of `world`, drops the session, and returns what broke an invariant.
    /// A warning, diagnostic or exception that no step's own capture receives (the session's set-up, what its
    /// objects do as they go) fails the sequence too, so that the property check shrinks it and prints its steps.
    static func run(_ steps: [RandomStep], in world: RandomWorld, restores: Bool = false) async -> [String] {
        var failures: [String] = []
        var handled: (warnings: [SimWarning], diagnostics: [InsecurityDiagnostic]) = ([], [])
        var diagnostics: [InsecurityDiagnostic] = []
        var exceptions: [SimException] = []
        let warnings = await SimWarnings.capture {
            diagnostics = await InsecurityDiagnostics.capture {
                exceptions = await SimExceptions.capture {
                    do {
                        let session = WideSession(world, restores: restores)
                        failures = await session.play(steps)
                        handled = (session.handledWarnings, session.handledDiagnostics)
                    }
                    SimRunLoop.main.runUntilIdle()
                }
            }
        }
        return failures + exceptions.map { "outside every step: UIKit raised \($0)" }
            // As in the steps, a call UIKit queued and decided again later was the app's or the user's (E19).
            + unhandled(warnings, handled.warnings).filter { !$0.concernsQueuedCall }
            .map { "outside every step: UIKit warned: \($0)" }
            + unhandled(diagnostics, handled.diagnostics).map { "outside every step: diagnostic \($0)" }
    }

    /// What `all` holds beyond `handled`, counting repeats: an outer capture also receives what the steps'
    /// own captures received.
    private static func unhandled<Report: Hashable>(_ all: [Report], _ handled: [Report]) -> [Report] {
        var left = Dictionary(handled.map { ($0, 1) }, uniquingKeysWith: +)
        return all.filter { report in
            guard let count = left[report], count > 0 else { return true }
            left[report] = count - 1
            return false
        }
    }

    private func play(_ steps: [RandomStep]) async -> [String] {
        // E18: each frame's events come in the order started, shown, ended, once each.
        var published: [Int: NavigationEvent.Action] = [:]
        let events = InsecurityEvents.observe { [unowned self] event in
            let previous = published[event.frameID]
            published[event.frameID] = event.action
            let inOrder: Bool
            switch (previous, event.action) {
            case (nil, .started), (.started?, .shown): inOrder = true
            case (.ended?, _), (_, .started), (_, .shown): inOrder = false
            case (_, .ended): inOrder = true
            }
            if !inOrder { failures.append("E18: \(event) after \(previous.map { "\($0)" } ?? "nothing")") }
        }
        defer { events.cancel() }
        do {
            window.makeKeyAndVisible()
            setUpApp()
            for (number, step) in steps.enumerated() {
                let moment = "step \(number + 1) (\(step))"
                // Mid-way, and at some pauses, whatever is animating or waiting.
                if restores,
                    number == steps.count / 2 || (step.action == RandomStep.actions.count - 1 && step.value % 2 == 0)
                {
                    restore(at: "restore before \(moment)")
                    if world.drivesEngine { await letAsyncStartsRun(at: moment) }
                }
                perform(step, at: moment)
                if world.drivesEngine { await letAsyncStartsRun(at: moment) }
            }
            // Some tests end by dropping their references with everything still up: held gestures,
            // presentations, queued operations. Nothing may outlive the world then either (E15, leaks).
            if !restores, steps.count % 4 == 3 {
                byApp("dropping the world") { dropWorld() }
                byCoordinators("after dropping the world") { SimRunLoop.main.runUntilIdle() }
                return await finish()
            }
            byUser("the end") {
                heldDrag?.drop()
                heldDrag = nil
                heldSwipe = nil
            }
            byCoordinators("the end") { SimRunLoop.main.runUntilIdle() }
            if InsecurityWorld.hasPendingOperations {
                failures.append("the end: UIKit operations still wait in the engine's queue with nothing animating")
            }
            check(at: "the end")
            if restores, ProcessInfo.processInfo.environment["RANDOM_MUTATIONS"] != nil {
                let xml = BridgeSnapshot.export(windows, registry: registry)
                checkMutations(of: xml, at: "the end's mutations", seed: steps.count * 1_000 + count)
            }
            if restores {
                restore(at: "the end's restore")
                byCoordinators("the end, restored") { SimRunLoop.main.runUntilIdle() }
                check(at: "the end, restored")
            }
            byCoordinators("the teardown") { tearDown() }
        }
        return await finish()
    }

    /// After the world was torn down or dropped: every awaited start resumed, nothing outlived it, no
    /// coordinator's controller read twice, nothing held back that UIKit would have applied.
    private func finish() async -> [String] {
        byCoordinators("after the teardown") { SimRunLoop.main.runUntilIdle() }
        if world.drivesEngine { await letAsyncStartsRun(at: "the teardown", untilResumed: true) }
        // What completions made while the world went away, the app drops too.
        forgetEverything()
        if asyncResumed != asyncStarted {
            let stuck = awaitedStarts.filter { !$0.resumed }.map(\.summary).joined(separator: "; ")
            failures.append(
                "\(asyncStarted - asyncResumed) awaited starts never resumed (E15): \(stuck) [loop idle \(SimRunLoop.main.isIdle), pending ops \(InsecurityWorld.hasPendingOperations)]"
            )
        }
        if live.count != 0 {
            let names = live.objects.map { object in
                (object as? ChainScreen)?.name ?? (object as? UIViewController)?.title ?? "\(type(of: object))"
            }
            failures.append(
                "\(live.count) controllers or coordinators outlived the session: \(names.joined(separator: ", "))")
        }
        failures += reads.repeated
        failures += InsecurityWorld.takeOverDeferrals().map { "the teardown: E21: \($0)" }
        return failures
    }

    /// Lets the tasks of async starts run, as coordinator steps: every start requested so far is issued,
    /// and every result delivered so far reaches its caller, before the next step.
    /// At the end (`untilResumed`), it also waits for every awaited start to return. A resumed task can take
    /// more than a thousand yields to run again (measured: about one sequence in 2,000 of the engine's restore
    /// census, reported as a continuation never resumed); the bound is far above that.
    func letAsyncStartsRun(at moment: String, untilResumed: Bool = false) async {
        var waiting: Bool { asyncIssued < asyncStarted || (untilResumed && asyncResumed < asyncStarted) }
        guard waiting else { return }
        var diagnostics: [InsecurityDiagnostic] = []
        let warnings = await SimWarnings.capture {
            diagnostics = await InsecurityDiagnostics.capture {
                var turns = 0
                while waiting, turns < 100_000 {
                    await Task.yield()
                    turns += 1
                }
            }
        }
        handledWarnings += warnings
        handledDiagnostics += diagnostics
        failures += warnings.filter { !$0.concernsQueuedCall }.map { "\(moment): UIKit warned: \($0)" }
        failures += diagnostics.map { "\(moment): diagnostic \($0)" }
    }

    // MARK: The app

    func next() -> UIViewController {
        count += 1
        let controller = makeScreen("S\(count)")
        live.watch(controller)
        return controller
    }

    func setUpApp() {
        switch world {
        case .sharedStack, .windowRoots:
            window.rootViewController = makeLegacyStack()
        case .tabBar:
            let tabs = UITabBarController()
            tabs.viewControllers = [makeLegacyStack(), makeLegacyStack()]
            window.rootViewController = tabs
            live.watch(tabs)
        case .pages:
            let pager = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
            pageList.pages = [makeLegacyStack(), makeLegacyStack(), makeLegacyStack()]
            pager.dataSource = pageList
            pager.setViewControllers([pageList.pages[0]], direction: .forward, animated: false)
            window.rootViewController = pager
            live.watch(pager)
        case .splitView:
            let split = UISplitViewController()
            split.viewControllers = [makeLegacyStack(), makeLegacyStack()]
            window.rootViewController = split
            live.watch(split)
        case .engine, .classic:
            window.rootViewController = makeEngineStack()
        case .multiWindow:
            window.rootViewController = makeEngineStack()
            let other = UIWindow()
            other.rootViewController = makeLegacyStack()
            other.isHidden = false
            secondWindow = other
        case .mixed:
            let tabs = UITabBarController()
            tabs.viewControllers = [makeLegacyStack(), makeEngineStack()]
            window.rootViewController = tabs
            live.watch(tabs)
        case .routes: preconditionFailure("a RouteSession plays the route world")
        }
    }

    /// A navigation controller holding one screen, with a navigation host and two modal hosts on it.
    func makeEngineStack() -> UINavigationController {
        let navigation = UINavigationController(rootViewController: next())
        animateEveryOther(navigation)
        navigations.append(navigation)
        navigationHost = InsecurityHost(navigation: navigation)
        navigationHostNavigation = navigation
        modalHosts = [InsecurityHost(modal: navigation), InsecurityHost(modal: navigation)]
        live.watch(navigation)
        return navigation
    }

    /// A navigation controller run by a new top-level legacy coordinator.
    func makeLegacyStack() -> UINavigationController {
        let navigation = UINavigationController()
        let app = LoggingCoordinator("App\(navigations.count)", navigationController: navigation, log: Log())
        app.start()
        app.root(next())
        animateEveryOther(navigation)
        navigations.append(navigation)
        coordinators.append(app)
        live.watch(navigation, app)
        return navigation
    }

    /// Gives every other navigation controller the app makes custom push and pop animations (S23).
    func animateEveryOther(_ navigation: UINavigationController) {
        if navigations.count % 2 == 0 { navigation.delegate = customAnimations }
    }

    func pick<T>(_ items: [T], _ value: Int) -> T? {
        items.isEmpty ? nil : items[value % items.count]
    }

    /// Started coordinators whose navigation controller is in the window (the app stops using the others
    /// once it replaced the window's root).
    var startedCoordinators: [LoggingCoordinator] {
        coordinators.filter { $0.isStarted && $0.rootViewController.viewIfLoaded?.window != nil }
    }

    var shownNavigations: [UINavigationController] {
        navigations.filter { $0.viewIfLoaded?.window != nil }
    }

    /// The topmost controller presented in the key window.
    var topPresented: UIViewController? {
        TestSupport.topPresented(above: (windows.first(where: \.isKeyWindow) ?? window).rootViewController)
    }

    // MARK: Steps

    func perform(_ step: RandomStep, at moment: String) {
        let value = step.value
        let animated = value % 3 != 0
        // In worlds with both, the engine's coordinators take half of the coordinators' steps.
        let byEngine =
            (step.action <= 9 || step.action == 13) && world.drivesEngine
            && (!world.drivesLegacy || value % 2 == 0)
        switch step.action {
        case _ where byEngine: byCoordinators(moment) { engineStep(step.action, value, animated: animated) }
        case 10...12, 19, 21: byUser(moment) { userStep(step.action, value) }
        case 14: byApp(moment) { _ = pick(shownNavigations, value)?.popViewController(animated: animated) }
        case 15:
            // App code presents screens, and alerts over navigation controllers: while an alert is being presented
            // UIKit drops every stack change, so the coordinators' own must wait (S6, E19).
            byApp(moment) {
                pick(shownNavigations, value)?.present(value % 4 == 1 ? appAlert() : next(), animated: animated)
            }
        case 16: byApp(moment) { topPresented?.presentingViewController?.dismiss(animated: animated) }
        case 20: replaceWindowRoot(value, animated: animated, at: moment)
        default: byCoordinators(moment) { legacyStep(step.action, value, animated: animated) }
        }
        check(at: moment)
    }

    /// What the legacy coordinators and the app's embedded chains do, and time passing.
    private func legacyStep(_ action: Int, _ value: Int, animated: Bool) {
        let coordinator = pick(startedCoordinators, value / 3)
        switch action {
        case 0: coordinator?.show(next())
        case 1: coordinator?.pop(animated: animated)
        case 2: coordinator?.top(next(), animated: animated)
        case 3:
            if let coordinator, let target = pick(coordinator.viewControllers, value / 7) {
                coordinator.pop(to: target, animated: animated)
            }
        case 4: coordinator?.root(next())
        case 5:
            coordinator?.present(next(), animated: animated)
            // A coordinator that presents again before it (or its parent) stops (A11).
            if value % 4 == 0 { coordinator?.present(next(), animated: !animated) }
        case 6: coordinator?.dismiss(animated: animated)
        case 7:
            guard let coordinator, coordinator.parent?.parent == nil else { return }
            let child = LoggingCoordinator(
                "Child\(count)", navigationController: coordinator.rootViewController, log: Log())
            live.watch(child)
            coordinators.append(child)
            coordinator.startChild(coordinator: child)
            child.show(next())
        case 8:
            if let child = pick(startedCoordinators.filter { $0.parent != nil }, value) {
                child.parent?.coordinatorDidFinish(child) {}
            }
        case 9:
            if value % 4 == 0 {
                // A parent takes its navigation controller back from a child (A3 after takeover).
                pick(startedCoordinators.filter { $0.parent == nil }, value / 4)?.takeover()
            } else {
                pick(startedCoordinators.filter { $0.parent != nil }, value)?.pop()
            }
        case 13:
            if value % 5 == 4, let tabs = window.rootViewController as? UITabBarController {
                presentAndSwitchTab(in: tabs, value)
            } else if let coordinator {
                presentAlert(on: coordinator, animated: animated)
            }
        case 17:
            guard let navigation = pick(shownNavigations, value) else { return }
            let chain = ModalChainScreen("E\(count)", reads: reads)
            live.watch(chain)
            embedded.append(chain)
            InsecurityEmbedding.start(chain, on: navigation, animated: animated) { _ in }
        case 18:
            embedded.removeAll { !$0.isLive && $0.hasStarted }
            pick(embedded.filter(\.isLive), value)?.finish("done")
        default: SimRunLoop.main.advance(by: Double(value % 8) / 10)
        }
    }

    /// A coordinator of the selected tab presents full screen without animation, and the app selects another
    /// tab in the same turn (S12: every appearance callback is balanced).
    private func presentAndSwitchTab(in tabs: UITabBarController, _ value: Int) {
        let selected = tabs.selectedViewController
        guard let coordinator = startedCoordinators.first(where: { $0.rootViewController === selected }) else { return }
        let screen = next()
        screen.modalPresentationStyle = .fullScreen
        coordinator.present(screen, animated: false)
        tabs.selectedIndex = (tabs.selectedIndex + 1 + value / 5) % (tabs.viewControllers?.count ?? 1)
    }

    /// An alert app code presents; its button only dismisses it.
    private func appAlert() -> UIAlertController {
        count += 1
        let alert = UIAlertController(title: "App alert \(count)", message: nil, preferredStyle: .alert)
        live.watch(alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        return alert
    }

    /// An alert the coordinator presents; its "Again" action presents another screen.
    private func presentAlert(on coordinator: LoggingCoordinator, animated: Bool) {
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

    /// The user's gestures: Back, drags, tabs, the split view and pages, alert buttons.
    private func userStep(_ action: Int, _ value: Int) {
        switch action {
        case 10: _ = pick(shownNavigations, value)?.simulateBackButtonTap()
        case 11: dragBack(value)
        case 12: dragSheet(value)
        case 19:
            if let tabs = window.rootViewController as? UITabBarController {
                _ = tabs.simulateTabTap(value % (tabs.viewControllers?.count ?? 1))
            } else if let split = window.rootViewController as? UISplitViewController {
                split.simulateCollapse(!split.isCollapsed)
            } else if let pager = window.rootViewController as? UIPageViewController {
                turnPage(of: pager, value)
            } else if let other = secondWindow {
                // The user brings the other window forward.
                (other.isKeyWindow ? window : other).makeKey()
            }
        default:
            if let alert = topPresented as? UIAlertController, let action = pick(alert.actions, value) {
                alert.simulateTap(on: action)
            }
        }
    }

    func dragSheet(_ value: Int) {
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

    func replaceWindowRoot(_ value: Int, animated: Bool, at moment: String) {
        guard world == .windowRoots || world == .mixed || world == .multiWindow else { return }
        if let other = secondWindow, value % 3 == 1 {
            // App code replaces the other window's root while this window's chains go on.
            byApp(moment) { other.rootViewController = makeLegacyStack() }
        } else if value % 2 == 0 {
            // App code logs out or in: a new legacy stack replaces whatever the window showed.
            byApp(moment) { window.rootViewController = makeLegacyStack() }
        } else if value % 8 == 7, let top = windowHost?.topContext {
            // App code starts on top of the window host's current chain (E13).
            byCoordinators(moment) {
                let child = makeEngineScreen()
                top.start(child, in: .modal, animated: animated, completion(of: child, parent: nil, value / 8))
            }
        } else {
            byCoordinators(moment) {
                let host = windowHost ?? WindowHost(window)
                windowHost = host
                let root = makeEngineScreen()
                let context: AdaptiveContext = value % 4 == 1 ? .navigation(new: UINavigationController()) : .any
                let done = completion(of: root, parent: nil, value / 4)
                if animated {
                    host.start(root, in: context, duration: 0.3, options: [], done)
                } else {
                    host.start(root, in: context, animated: false, done)
                }
            }
        }
    }
}

/// An awaited start of the session, and how far it got.
@MainActor
final class AwaitedStart {
    private weak var child: AdaptiveCoordinator<String>?
    private let childName: String
    private let through: String
    var issued = false
    var resumed = false

    init(_ child: AdaptiveCoordinator<String>, named name: String, through: String) {
        self.child = child
        childName = name
        self.through = through
    }

    /// The child, what started it, and how far the start got.
    var summary: String {
        let state =
            child.map { child in
                child.isLive
                    ? "child live" : (child as? ChainScreen)?.hasStarted == false ? "child never started" : "child over"
            } ?? "child released"
        return "\(childName) through \(through), \(issued ? "issued" : "not issued"), \(state)"
    }
}
