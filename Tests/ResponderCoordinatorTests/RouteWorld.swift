import BridgeSnapshot
import CoordinatorBridge
import Foundation
@_spi(Testing) import Insecurity
import InsecurityClassic
import PropertyBased
@_spi(Testing) import ResponderCoordinator
import RouteCoordinator
@_spi(Testing) import SimUIKit
import SimulationTesting
import TestSupport
import Testing

// The route world of the wide random suites (`RandomWorld.routes`): a tab bar app of route coordinators (a
// stack tab with pushed screens, pushed and presented child coordinators and a second coordinator on the
// same stack; a page tab), with a legacy coordinator and `InsecurityChild` coordinators on the stack tab's
// navigation controller and an Insecurity chain presenting over the tab bar, driven by random routes, user
// gestures and time. Invariants are checked whenever the run loop is idle, under both timing models, and,
// in the restore suite, through a snapshot taken mid-way.

enum StackRoute: Route {
    case push, pushChild, pop, popToRoot, set, present, presentChild, dismiss, about, twice
}

enum SheetStackRoute: Route {
    case start, push, pop, close
}

enum PageRoute: Route {
    case page(Int)
}

enum RandomTabsRoute: Route {
    case tab(Int)
}

/// The Insecurity coordinators a route session made and their screens, weakly.
@MainActor
final class EngineWatch {
    private var watched = LiveObjects()

    func watch(_ object: AnyObject?) {
        watched.watch(object)
    }

    /// What is still alive, by type.
    var alive: [String] { watched.objects.map { "\(type(of: $0))" } }
}

/// Every coordinator the session makes, weakly: a coordinator still alive must be in the app's tree.
@MainActor
final class MadeCoordinators {
    private var made: [(name: String, object: () -> AnyObject?)] = []
    private var screens: [() -> UIViewController?] = []
    private var counter = 0

    func record(_ object: AnyObject, _ name: String) {
        made.append((name, { [weak object] in object }))
    }

    var live: [(name: String, object: AnyObject)] {
        made.compactMap { entry in entry.object().map { (entry.name, $0) } }
    }

    func screen(_ prefix: String) -> UIViewController {
        counter += 1
        let screen = titled("\(prefix) \(counter)")
        screens.append { [weak screen] in screen }
        return screen
    }

    /// The screens made so far and still alive.
    var liveScreens: [UIViewController] { screens.compactMap { $0() } }
}

@MainActor
final class RandomStackCoordinator: RouteCoordinator.NavigationCoordinator<StackRoute> {
    let made: MadeCoordinators

    init(made: MadeCoordinators, rootViewController: UINavigationController = .init()) {
        self.made = made
        super.init(rootViewController: rootViewController, root: made.screen("Stack"))
    }

    override func prepareTransition(for route: StackRoute) -> NavigationTransition {
        switch route {
        case .push: return .push(made.screen("Pushed"))
        case .pushChild:
            let child = RandomLeafCoordinator(made: made)
            return .push(child)
        case .pop: return .pop()
        case .popToRoot: return .popToRoot()
        case .set: return .set([made.screen("Set"), made.screen("Set")])
        case .present: return .present(made.screen("Sheet"))
        case .presentChild: return .present(RandomSheetCoordinator(made: made))
        case .dismiss: return .dismiss()
        case .about:
            addChild(RandomAboutCoordinator(made: made, rootViewController: rootViewController))
            return .none()
        case .twice: return .multiple(.push(made.screen("First")), .push(made.screen("Second")))
        }
    }
}

/// A coordinator whose own controller is pushed.
@MainActor
final class RandomLeafCoordinator: ViewCoordinator<StackRoute> {
    init(made: MadeCoordinators) {
        super.init(rootViewController: made.screen("Leaf"))
        made.record(self, "leaf")
    }

    override func prepareTransition(for route: StackRoute) -> ViewTransition { .none() }
}

/// A second coordinator on its parent's stack.
@MainActor
final class RandomAboutCoordinator: RouteCoordinator.NavigationCoordinator<SheetStackRoute> {
    let made: MadeCoordinators

    init(made: MadeCoordinators, rootViewController: UINavigationController) {
        self.made = made
        super.init(rootViewController: rootViewController, initialRoute: .start)
        made.record(self, "about")
    }

    override func prepareTransition(for route: SheetStackRoute) -> NavigationTransition {
        .push(made.screen("About"))
    }
}

/// A sheet with its own stack.
@MainActor
final class RandomSheetCoordinator: RouteCoordinator.NavigationCoordinator<SheetStackRoute> {
    let made: MadeCoordinators

    init(made: MadeCoordinators, rootViewController: UINavigationController = .init()) {
        self.made = made
        super.init(rootViewController: rootViewController, initialRoute: .start)
        made.record(self, "sheet")
    }

    override func prepareTransition(for route: SheetStackRoute) -> NavigationTransition {
        switch route {
        case .start, .push: .push(made.screen("Sheet page"))
        case .pop: .pop()
        case .close: .dismiss()
        }
    }
}

@MainActor
final class RandomPagesCoordinator: PageCoordinator<PageRoute> {
    let pageControllers: [UIViewController]

    init(made: MadeCoordinators, rootViewController: UIPageViewController = UIPageViewController()) {
        pageControllers = [made.screen("Page"), made.screen("Page"), made.screen("Page")]
        super.init(
            rootViewController: UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal),
            pages: pageControllers)
    }

    override func prepareTransition(for route: PageRoute) -> PageTransition {
        switch route {
        case .page(let index): .set(pageControllers[index % pageControllers.count], direction: .forward)
        }
    }
}

@MainActor
final class RandomTabsCoordinator: TabBarCoordinator<RandomTabsRoute> {
    var stack: RandomStackCoordinator? { children.lazy.compactMap { $0 as? RandomStackCoordinator }.first }
    var pages: RandomPagesCoordinator? { children.lazy.compactMap { $0 as? RandomPagesCoordinator }.first }

    init(made: MadeCoordinators) {
        super.init(tabs: [RandomStackCoordinator(made: made), RandomPagesCoordinator(made: made)])
    }

    /// The restore path: the tabs come back through their own factories.
    init(restoringOn root: UITabBarController) {
        super.init(rootViewController: root, initialRoute: nil)
    }

    override func prepareTransition(for route: RandomTabsRoute) -> TabBarTransition {
        switch route {
        case .tab(let index): .select(index: index % 2)
        }
    }
}

/// Seed 002's kind of coordinator, on the route coordinators' stack.
@MainActor
final class RouteWorldChild: InsecurityChild<String>, ShowsScreen {
    private(set) var screen: ScreenSource

    init(_ name: String) {
        screen = ScreenSource(name)
        super.init()
    }

    override var viewController: UIViewController { screen.read() }
}

/// A coordinator whose children the checks walk.
@MainActor
protocol WalkedCoordinator: AnyObject {
    var children: [Presentable] { get }
}

extension RandomStackCoordinator: WalkedCoordinator {}
extension RandomLeafCoordinator: WalkedCoordinator {}
extension RandomAboutCoordinator: WalkedCoordinator {}
extension RandomSheetCoordinator: WalkedCoordinator {}
extension RestoredRouteCoordinator: WalkedCoordinator {}

/// One random step of the route world.
struct RouteStep: CustomStringConvertible, Sendable {
    let action: Int
    let value: Int

    static let actions = [
        "stack route", "sheet route", "page route", "tab route", "user taps back", "user swipes back",
        "user drags back and lets go early", "user swipes the top sheet down", "user drags a sheet and lets go",
        "user taps a tab", "user swipes a page", "stack route whose completion triggers another",
        "legacy coordinator on the stack shows or pops", "app replaces the root inside a window transition",
        "an Insecurity chain on the tab bar starts a sheet", "the top Insecurity sheet finishes",
        "an InsecurityChild on the stack starts a child", "the top InsecurityChild finishes",
        "advance time", "run until idle",
    ]

    var description: String { "\(RouteStep.actions[action]) [\(value)]" }

    static let generator = zip(Gen.int(in: 0...(actions.count - 1)), Gen.int(in: 0...999))
        .map { RouteStep(action: $0.0, value: $0.1) }
        .array(of: 1...40)
}

/// A session of the route world: the app, its window, and the failures found so far.
@MainActor
final class RouteSession {
    let window = UIWindow()
    let made = MadeCoordinators()
    var app: RandomTabsCoordinator
    let invariants = InsecurityInvariants()
    let restores: Bool
    var failures: [String] = []
    /// A ResponderCoordinator coordinator sharing the stack tab's navigation controller, made on first use.
    private var legacy: ResponderCoordinator.NavigationCoordinator?
    /// The Insecurity chain on the tab bar: its host, made on first use, and its coordinators, newest last.
    private var engineHost: InsecurityHost?
    private var engineSheets: [AdaptiveScreen] = []
    /// `InsecurityChild` coordinators pushed onto the stack tab's navigation controller by their own host,
    /// made on first use for the stack shown, and their children, newest last.
    private var classicHost: (host: InsecurityHost, navigation: UINavigationController)?
    private var classicChildren: [RouteWorldChild] = []
    /// Every Insecurity coordinator the session made, and their screens, weakly (leaks).
    private let engineWatch = EngineWatch()
    /// How many times each completion asked for so far has run, by the route it completes.
    private var completions: [(route: String, runs: Int)] = []

    init(restores: Bool) {
        self.restores = restores
        app = RandomTabsCoordinator(made: made)
        app.setRoot(for: window)
    }

    private static let stackRoutes: [StackRoute] = [
        .push, .pushChild, .pop, .popToRoot, .set, .present, .presentChild, .dismiss, .about, .twice,
    ]
    private static let sheetRoutes: [SheetStackRoute] = [.push, .pop, .close]

    /// The sheet coordinators alive in the app's tree, newest last.
    private var sheets: [RandomSheetCoordinator] {
        app.stack?.children.compactMap { $0 as? RandomSheetCoordinator } ?? []
    }

    private var stackNavigation: UINavigationController? { app.stack?.rootViewController }

    /// The topmost controller presented over the tab bar, if any.
    private var topPresented: UIViewController? {
        TestSupport.topPresented(above: app.rootViewController)
    }

    /// Runs `steps` in a new session, hands the session to `inspect` once its run loop is idle, then drops it as
    /// a test that ends without stopping anything does: nothing it made may outlive it (leaks).
    static func run(
        _ steps: [RouteStep], restores: Bool, inspect: (RouteSession) -> Void = { _ in }
    ) -> [String] {
        var failures: [String] = []
        var made: MadeCoordinators?
        var engine: EngineWatch?
        do {
            let session = RouteSession(restores: restores)
            made = session.made
            engine = session.engineWatch
            failures = session.run(steps)
            inspect(session)
        }
        // What the dropped session's objects do as they go is the session's too.
        var diagnostics: [InsecurityDiagnostic] = []
        let exceptions = SimExceptions.capture {
            let warnings = SimWarnings.capture {
                diagnostics = InsecurityDiagnostics.capture { SimRunLoop.main.runUntilIdle() }
            }
            failures += warnings.map { "once dropped, warning: \($0)" }
        }
        failures +=
            diagnostics.map { "once dropped, diagnostic: \($0)" } + exceptions.map { "once dropped, exception: \($0)" }
        let left =
            (made?.live.map(\.name) ?? []) + (made?.liveScreens.map { $0.title ?? "?" } ?? [])
            + (engine?.alive ?? [])
        if !left.isEmpty { failures.append("leaks: alive once the session was dropped: \(left)") }
        return failures
    }

    func run(_ steps: [RouteStep]) -> [String] {
        let captured = SimExceptions.capture {
            let warnings = SimWarnings.capture {
                let diagnostics = InsecurityDiagnostics.capture {
                    SimRunLoop.main.runUntilIdle()
                    check("launch")
                    for (index, step) in steps.enumerated() {
                        perform(step)
                        if restores, index == steps.count / 2 { restore(after: "step \(index + 1)") }
                        if step.action == RouteStep.actions.count - 1 { check("step \(index + 1): \(step)") }
                    }
                    SimRunLoop.main.runUntilIdle()
                    check("end")
                }
                failures += diagnostics.map { "diagnostic: \($0)" }
            }
            failures += warnings.map { "warning: \($0)" }
        }
        failures += captured.map { "exception: \($0)" }
        failures += InsecurityWorld.takeOverDeferrals().map { "E21: \($0)" }
        return failures
    }

    private func perform(_ step: RouteStep) {
        let animated = TransitionOptions(animated: step.value % 3 != 0)
        switch step.action {
        case 0:
            app.stack?.trigger(Self.stackRoutes[step.value % Self.stackRoutes.count], with: animated)
        case 1:
            if let sheet = sheets.last {
                sheet.trigger(Self.sheetRoutes[step.value % Self.sheetRoutes.count], with: animated)
            }
        case 2: app.pages?.trigger(.page(step.value), with: animated)
        case 3: app.trigger(.tab(step.value), with: animated)
        case 4: _ = (topPresented as? UINavigationController ?? stackNavigation)?.simulateBackButtonTap()
        case 5: (topPresented as? UINavigationController ?? stackNavigation)?.beginInteractivePop()?.finish()
        case 6:
            let pop = (topPresented as? UINavigationController ?? stackNavigation)?.beginInteractivePop()
            pop?.update(0.3)
            SimRunLoop.main.advance(by: 0.1)
            pop?.cancel()
        case 7: _ = topPresented?.simulateInteractiveDismissal()
        case 8:
            let drag = topPresented?.beginInteractiveDismissal()
            drag?.update(0.2)
            drag?.cancel()
        case 9:
            // A tap on the shown tab pops its stack to the root; UIKit refuses that, with a warning, while the
            // stack animates, so the simulated finger taps once the animation is over.
            let tabs = app.rootViewController
            let index = step.value % 2
            if tabs.selectedIndex != index || stackNavigation?.transitionCoordinator == nil {
                _ = tabs.simulateTabTap(index)
            }
        case 10:
            let pages = app.rootViewController.viewControllers?.last as? UIPageViewController
            _ = pages?.simulateSwipe(step.value % 2 == 0 ? .forward : .reverse)
        case 11:
            let first = Self.stackRoutes[step.value % Self.stackRoutes.count]
            let second = Self.stackRoutes[(step.value / 10) % Self.stackRoutes.count]
            let stack = app.stack
            stack?.trigger(
                first, with: animated,
                completion: completion(for: "\(first)") { [weak stack] in
                    stack?.trigger(
                        second, with: animated, completion: self.completion(for: "\(second), in \(first)'s completion"))
                })
        case 12:
            guard let navigation = stackNavigation else { return }
            if legacy?.rootViewController !== navigation {
                legacy?.stop()
                legacy = ResponderCoordinator.NavigationCoordinator(rootViewController: navigation)
                legacy?.start()
            }
            if step.value % 2 == 0 {
                legacy?.show(made.screen("Legacy"))
            } else {
                legacy?.pop(animated: animated.animated)
            }
        case 13:
            // The app replaces its whole tree: its legacy coordinator goes with the old one.
            legacy?.stop()
            legacy = nil
            let next = RandomTabsCoordinator(made: made)
            let target = windows.last!
            UIView.transition(with: target, duration: 0.3, options: .transitionCrossDissolve) {
                next.setRoot(for: target)
            }
            app = next
        case 14:
            // An Insecurity chain the app runs beside its route coordinators, presenting on the same chain.
            let sheet = AdaptiveScreen("Engine \(step.value)")
            engineWatch.watch(sheet)
            if let parent = engineSheets.last(where: \.isLive) {
                parent.navigation.start(sheet, in: .modal, animated: animated.animated) { _ in }
            } else {
                engineHost = InsecurityHost(modal: app.rootViewController)
                engineHost?.start(sheet, in: .modal, animated: animated.animated) { _ in }
            }
            engineSheets.append(sheet)
            // The engine reads its screen when it starts it (E1).
            engineWatch.watch(sheet.controller)
        case 15: engineSheets.last(where: \.isLive)?.finish("done")
        case 16: startClassicChild(step.value, animated: animated.animated)
        case 17: classicChildren.last(where: \.isLive)?.finish("done")
        case 18: SimRunLoop.main.advance(by: Double(step.value % 40) / 100)
        default: SimRunLoop.main.runUntilIdle()
        }
    }

    /// Seed 002's API on the route coordinators' stack (A6): a child pushed by its parent's `start`, presented
    /// by `startModal`, or presented in a new navigation controller; the first pushed by a host on the stack.
    private func startClassicChild(_ value: Int, animated: Bool) {
        guard let navigation = stackNavigation else { return }
        let child = RouteWorldChild("Classic \(value)")
        engineWatch.watch(child)
        if classicHost?.navigation !== navigation {
            classicHost = (InsecurityHost(navigation: navigation), navigation)
            classicChildren = []
        }
        if let parent = classicChildren.last(where: \.isLive) {
            switch value % 3 {
            case 0: parent.navigation.startModal(child, animated: animated) { _ in }
            case 1: parent.navigation.start(UINavigationController(), child, animated: animated) { _ in }
            default: parent.navigation.start(child, animated: animated) { _ in }
            }
        } else {
            classicHost?.host.start(child, animated: animated) { _ in }
        }
        classicChildren.append(child)
        engineWatch.watch(child.controller)
    }

    /// A route's completion that counts its runs (each must run once, A12), then does `then`.
    private func completion(for route: String, then: @escaping PresentationHandler = {}) -> PresentationHandler {
        let index = completions.count
        completions.append((route, 0))
        return { [weak self] in
            self?.completions[index].runs += 1
            then()
        }
    }

    /// Exports the session's tree, whatever animates or waits, and continues on the imported one.
    private func restore(after moment: String) {
        let registry = BridgeRegistry([
            RouteCoordinatorPlugin(), ResponderCoordinatorPlugin.shared, InsecurityClassicPlugin(),
        ])
        let xml = BridgeSnapshot.export(windows, registry: registry)
        // X2: what the export writes is already in canonical form.
        if (try? BridgeSnapshot.canonical(xml)) != xml {
            failures.append("X2: the export after \(moment) is not canonical (or does not validate)")
        }
        var rebuilder = BridgeRebuilder(registry: registry)
        var restoredApp: RandomTabsCoordinator?
        let made = self.made
        rebuilder.coordinatorFactories.register(RandomTabsCoordinator.self) { root in
            let tabs = RandomTabsCoordinator(restoringOn: root as! UITabBarController)
            restoredApp = tabs
            return tabs
        }
        rebuilder.coordinatorFactories.register(RandomStackCoordinator.self) { root in
            RandomStackCoordinator(made: made, rootViewController: root as! UINavigationController)
        }
        rebuilder.coordinatorFactories.register(AdaptiveScreen.self) { [engineWatch] in
            let sheet = AdaptiveScreen("Engine restored")
            engineWatch.watch(sheet)
            return sheet
        }
        rebuilder.coordinatorFactories.register(RouteWorldChild.self) { [engineWatch] in
            let child = RouteWorldChild("Classic restored")
            engineWatch.watch(child)
            return child
        }
        rebuilder.coordinatorFactories.register(RandomSheetCoordinator.self) { root in
            RandomSheetCoordinator(made: made, rootViewController: root as! UINavigationController)
        }
        do {
            let live = try BridgeSnapshot.importLive(xml, rebuilder: rebuilder)
            let again = BridgeSnapshot.export(live.windows, registry: registry)
            if again != xml {
                let differences =
                    (try? BridgeSnapshot.diff(BridgeSnapshot.parse(xml), BridgeSnapshot.parse(again))) ?? []
                failures.append(
                    "X3: the import after \(moment) does not export the snapshot again: \(differences.map(\.description).joined(separator: "; "))"
                )
            }
            guard let restoredApp, let restoredWindow = live.windows.first else {
                failures.append("X9: the app coordinator was not restored after \(moment)")
                return
            }
            windows.last?.rootViewController = nil
            legacy?.stop()
            legacy = nil
            // The restored chain goes on in the new window; the session starts a new one there when asked.
            engineHost = nil
            engineSheets = []
            classicHost = nil
            classicChildren = []
            app = restoredApp
            restoredWindow.makeKeyAndVisible()
            restoredWindows.append(restoredWindow)
        } catch {
            failures.append("import after \(moment) failed: \(error)")
        }
    }

    private var restoredWindows: [UIWindow] = []
    private var windows: [UIWindow] { restoredWindows.isEmpty ? [window] : [restoredWindows.last!] }

    /// Once the run loop is idle: the engine's invariants hold, and a coordinator is alive exactly when
    /// it is in the app's tree and shows something.
    private func check(_ moment: String) {
        let checkers: [any InvariantChecker] = [
            invariants, ResponderCoordinatorInvariants(), SimAppearanceInvariants(watching: made.liveScreens),
        ]
        failures += checkers.flatMap { $0.violations(windows: windows, settled: true) }.map { "\(moment): \($0)" }
        var inTree = Set<ObjectIdentifier>()
        func walk(_ coordinator: WalkedCoordinator) {
            inTree.insert(ObjectIdentifier(coordinator))
            for child in coordinator.children {
                if let walked = child as? WalkedCoordinator { walk(walked) }
                if let controller = child.viewController, !onScreen(controller, sharing: child) {
                    failures.append("\(moment): a child of \(type(of: coordinator)) shows nothing: \(type(of: child))")
                }
            }
        }
        if let stack = app.stack { walk(stack) }
        for (name, object) in made.live where !inTree.contains(ObjectIdentifier(object)) {
            failures.append("\(moment): the \(name) coordinator is alive but no longer in the app's tree")
        }
        // Once the run loop is idle every transition has ended: each completion has run, once (A12).
        for (route, runs) in completions where runs != 1 {
            failures.append("\(moment): the completion of \(route) ran \(runs) times")
        }
    }

    /// Whether a child's controller is in the app's hierarchy, or, for a coordinator on its parent's stack,
    /// one of the screens it pushed.
    private func onScreen(_ controller: UIViewController, sharing child: Presentable) -> Bool {
        if let about = child as? RandomAboutCoordinator {
            return about.rootViewController.viewControllers.contains { $0.title?.hasPrefix("About") == true }
        }
        // In a container (a tab not shown keeps its stack), presented, or a window's root.
        return controller.parent != nil || controller.presentingViewController != nil
            || controller.viewIfLoaded?.window != nil
    }
}

/// A sequence the route suite found and shrank, with the rule it broke before its fix.
struct ShrunkRouteSequence: Sendable, CustomTestStringConvertible {
    let rule: String
    let steps: [RouteStep]
    let restores: Bool

    var testDescription: String { rule }

    init(_ rule: String, restores: Bool, _ steps: [(action: Int, value: Int)]) {
        self.rule = rule
        self.restores = restores
        self.steps = steps.map { RouteStep(action: $0.action, value: $0.value) }
    }

    static let all = [
        ShrunkRouteSequence(
            "A12, S7: a screen that leaves a stack while its tab is not shown takes its child coordinator with it, though UIKit tells the delegate nothing off screen",
            restores: true, [(0, 611), (0, 102), (9, 3)]),
        ShrunkRouteSequence(
            "A12, X9: a sheet coordinator presented while a restored presentation is being dismissed stays its parent's child until it shows",
            restores: true, [215, 0, 0, 377, 6].map { (0, $0) }),
        ShrunkRouteSequence(
            "E19, E13: setRoot inside UIView.transition(with: window) is what the transition animates; a legacy screen on the replaced stack ends with it",
            restores: true, [(13, 0), (12, 0), (13, 0)]),
        ShrunkRouteSequence(
            "A12, E20: a route's completion waiting in the queue when a pop tears frames down runs after the teardown, so the push it triggers starts",
            restores: false, [(0, 0), (0, 0), (0, 0), (0, 599), (11, 436)]),
        ShrunkRouteSequence(
            "A12, E20: a stack replaced in a presentation's completion, then pushes: the replacement is applied before any completion runs",
            restores: false, [(11, 845), (0, 609)]),
        ShrunkRouteSequence(
            "A12, E20: a presentation that ends before it shows completes after the teardown that ended it, and the child it presents starts",
            restores: true, [(0, 215), (11, 265)]),
        ShrunkRouteSequence(
            "A12, E20: a stack replacement in a completion while a restored pop tears frames down starts its pushes once it is over",
            restores: true, [(0, 0), (0, 0), (0, 0), (11, 625), (11, 546)]),
        ShrunkRouteSequence(
            "A12, E9, E20: a route started in a completion while another waits in the same host starts after it, and its completion runs",
            restores: true, [(0, 675), (6, 0), (7, 0), (11, 65), (0, 535), (0, 0), (0, 0), (0, 0)]),
        ShrunkRouteSequence(
            "E14, leaks: a sheet a route presented goes with the window the app drops, with its coordinators",
            restores: false, [(0, 25)]),
        ShrunkRouteSequence(
            "A3, A12, E19: on a restored stack holding an InsecurityChild's screen, a legacy coordinator's show issued while a route's pushes and stack replacement wait is applied after them",
            restores: true, [(16, 0), (1, 0), (1, 0), (1, 0), (0, 229), (0, 304), (12, 0)]),
        ShrunkRouteSequence(
            "X9, E19: on a stack restored with pushes waiting behind an animated replacement, a route's chained push, a stack replacement and a legacy coordinator's show keep every screen",
            restores: true, restoredChainedPushAndReplacement),
    ]

    /// Restored after the fourth step: an animated stack replacement, three pushes waiting behind it; then a route
    /// whose second push waits for its first one's completion, a stack replacement without animation, and a
    /// legacy coordinator's show on the same stack.
    static let restoredChainedPushAndReplacement: [(action: Int, value: Int)] = [
        (0, 4), (0, 0), (0, 0), (0, 0), (0, 59), (0, 204), (12, 0),
    ]
}

@MainActor
@Suite("Shrunk route sequences", .cleanSimulatedWorld)
struct ShrunkRouteSequenceTests {
    @Test(
        "A12, E13, E19, E20, S7, X9: each sequence the route suite shrank keeps every invariant",
        arguments: ShrunkRouteSequence.all, SimAnimation.NonAnimatedTiming.allCases)
    func shrunk(_ sequence: ShrunkRouteSequence, timing: SimAnimation.NonAnimatedTiming) {
        SimAnimation.nonAnimatedTiming = timing
        let failures = RouteSession.run(sequence.steps, restores: sequence.restores)
        #expect(failures.isEmpty, "\(failures)")
    }

    /// Found by the restore suite. The restored pushes wait for the run loop's next turn; the replacement tore them
    /// down with the route's first push, whose completion then ran inside the replacement, before it had queued
    /// its new root: the route's second screen was pushed below the replacement's own push, the new root took it
    /// off, and its end took the replacement's screen and the legacy screen with it.
    @Test(
        "X9, E19: after a restore mid-transition, a chained push, a stack replacement and a legacy show leave the stack the session without a restore leaves",
        arguments: [false, true], SimAnimation.NonAnimatedTiming.allCases)
    func restoredChainedPushAndReplacement(restores: Bool, timing: SimAnimation.NonAnimatedTiming) {
        SimAnimation.nonAnimatedTiming = timing
        let steps = ShrunkRouteSequence.restoredChainedPushAndReplacement.map {
            RouteStep(action: $0.action, value: $0.value)
        }
        var stack: [String] = []
        let failures = RouteSession.run(steps, restores: restores) { session in
            // Titles without the screens' serial numbers, which the restore's own screens shift.
            stack =
                session.app.stack?.rootViewController.viewControllers.map {
                    String($0.title?.split(separator: " ").first ?? "?")
                } ?? []
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(stack == ["Set", "Set", "Legacy", "Second"])
    }
}
