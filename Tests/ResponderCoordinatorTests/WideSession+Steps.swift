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

extension WideSession {
    // MARK: Insecurity coordinators

    func makeEngineScreen() -> ChainScreen {
        count += 1
        let make = { [weak self] (name: String) -> UIViewController in
            let controller = makeScreen(name)
            self?.live.watch(controller)
            return controller
        }
        let coordinator = ChainScreen("I\(count)", reads: reads, make: make)
        live.watch(coordinator)
        engineCoordinators.append(coordinator)
        return coordinator
    }

    /// A completion that, by `value`, does what apps do in completions: nothing, finish the parent (E8), start
    /// another child from the parent (E9), or start a new root: on the window host, or in a new navigation
    /// controller (E9, E13). It checks E8 first: a child whose parent ended before it must not get a completion.
    func completion(of child: ChainScreen, parent: AdaptiveCoordinator<String>?, _ value: Int)
        -> (CoordinatorResult<String>) -> Void
    {
        let childName = child.name
        let parentName = (parent as? ChainScreen)?.name ?? "its parent"
        return { [weak self, weak parent] result in
            guard let self else { return }
            if let parent, !parent.isLive || self.endingByCall.contains(ObjectIdentifier(parent)) {
                failures.append(
                    "E8: \(childName) got a completion (\(result.value ?? "dismissed")) after \(parentName), the frame below it, ended"
                )
                return
            }
            switch value % 6 {
            case 0: parent?.finish("after \(result.value ?? "dismissed")")
            case 1: parent?.navigation.start(self.makeEngineScreen(), in: .modal, animated: true) { _ in }
            case 2:
                // A new window root from inside a completion (the window host's own chains included).
                let root = self.makeEngineScreen()
                let context: AdaptiveContext = value % 12 == 2 ? .navigation(new: UINavigationController()) : .modal
                self.windowHost?.start(
                    root, in: context, animated: value % 4 == 2, self.completion(of: root, parent: nil, value / 6))
            case 3:
                let child = self.makeEngineScreen()
                parent?.navigation.start(
                    child, in: .navigation(new: UINavigationController()), animated: value % 4 == 3,
                    self.completion(of: child, parent: parent, value / 6))
            default: break
            }
        }
    }

    /// Ends `coordinator` by a call of the app's, noting that it is ending so that completions above it can be
    /// checked (E8).
    func end(_ coordinator: AdaptiveCoordinator<String>, withValue: Bool) {
        let id = ObjectIdentifier(coordinator)
        endingByCall.insert(id)
        withValue ? coordinator.finish("done") : coordinator.dismiss()
        endingByCall.remove(id)
    }

    /// Whether the app's engine stack is in the window: the app stops using the hosts of a hierarchy it took
    /// off the window.
    var engineStackOnScreen: Bool {
        navigations.first { $0 === navigationHostNavigation }?.viewIfLoaded?.window != nil
    }

    func engineStep(_ action: Int, _ value: Int, animated: Bool) {
        let liveCoordinators = engineCoordinators.filter(\.isLive)
        let parent = pick(liveCoordinators, value / 5)
        let navigationHost = engineStackOnScreen ? navigationHost : nil
        let modalHosts = engineStackOnScreen ? modalHosts : []
        func start(_ context: AdaptiveContext, from host: InsecurityHost? = nil) {
            let child = makeEngineScreen()
            let done = completion(of: child, parent: host == nil ? parent : nil, value / 7)
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
        case 1: if let parent { end(parent, withValue: true) }
        case 2: if let parent { end(parent, withValue: false) }
        case 3: start(.modal)
        case 4: start(.navigation(new: UINavigationController()))
        case 5: start(.any, from: modalHosts.last)
        case 6: start(.navigation(fallback: UINavigationController()))
        case 7:
            // A child and its parent end in the same turn.
            if let parent, let child = liveCoordinators.last, child !== parent {
                end(child, withValue: true)
                if parent.isLive { end(parent, withValue: true) }
            }
        case 8: startAwaited(from: parent, or: navigationHost, value, animated: animated)
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

    /// An awaited start through `parent`'s navigation, or else the navigation host, issued from a task as
    /// async app code does.
    private func startAwaited(
        from parent: AdaptiveCoordinator<String>?, or navigationHost: InsecurityHost?, _ value: Int, animated: Bool
    ) {
        guard let navigation: any AdaptiveNavigation = parent?.navigation ?? navigationHost else { return }
        let child = makeEngineScreen()
        asyncStarted += 1
        let awaited = AwaitedStart(
            child, named: "I\(count)",
            through: parent.map { "the navigation of \($0.bridgedTypeName)" } ?? "the navigation host")
        awaitedStarts.append(awaited)
        Task {
            awaited.issued = true
            self.asyncIssued += 1
            _ = await navigation.start(child, in: value % 2 == 0 ? .any : .modal, animated: animated)
            awaited.resumed = true
            self.asyncResumed += 1
        }
    }

    /// An alert shown by a coordinator; its "Again" action starts another screen from the host, unless the app
    /// took the host's controller off the window meanwhile (the action runs once the alert has left).
    func alertScreen(animated: Bool) -> AlertScreen {
        let alert = AlertScreen("A\(count)", reads: reads) { [weak self] in
            guard let self, self.engineStackOnScreen, let host = self.modalHosts.first else { return }
            host.start(self.makeEngineScreen(), in: .modal, animated: animated) { _ in }
        }
        live.watch(alert)
        return alert
    }

    // MARK: Who acts

    /// Steps of coordinators, the engine or the clock: they must cause no warning and no diagnostic.
    func byCoordinators(_ moment: String, _ body: () -> Void) {
        let captured = captureStep(body)
        failures += captured.exceptions.map { "\(moment): UIKit raised \($0)" }
        // A call UIKit queued and decided again now was the app's or the user's: the engine and the adapters hand
        // UIKit no change it would queue (E19).
        failures += captured.warnings.filter { !$0.concernsQueuedCall }.map { "\(moment): UIKit warned: \($0)" }
        failures += captured.diagnostics.map { "\(moment): diagnostic \($0)" }
    }

    /// The user's gestures and app code's own UIKit calls: UIKit's warnings inside them are the app's.
    func byUser(_ moment: String, _ body: () -> Void) {
        let captured = captureStep(body)
        failures += captured.exceptions.map { "\(moment): UIKit raised \($0) (the harness made the app crash)" }
        failures += captured.diagnostics.map { "\(moment): diagnostic \($0)" }
    }

    /// Runs a step's `body` inside captures of UIKit's exceptions and warnings and the engine's diagnostics, and
    /// counts the warnings and diagnostics as handled by a step (see ``run(_:in:restores:)``).
    private func captureStep(
        _ body: () -> Void
    ) -> (exceptions: [SimException], warnings: [SimWarning], diagnostics: [InsecurityDiagnostic]) {
        var warnings: [SimWarning] = []
        var diagnostics: [InsecurityDiagnostic] = []
        let exceptions = SimExceptions.capture {
            warnings = SimWarnings.capture { diagnostics = InsecurityDiagnostics.capture(body) }
        }
        handledWarnings += warnings
        handledDiagnostics += diagnostics
        return (exceptions, warnings, diagnostics)
    }

    func byApp(_ moment: String, _ body: () -> Void) { byUser(moment, body) }

    // MARK: Invariants

    /// The kind of a failure, for the census.
    static func kind(of failure: String) -> String {
        let kinds = [
            ("E1:", "viewController read twice"), ("X2:", "export not canonical"),
            ("X3: export(importLive", "mutation round trip"),
            ("X3: canonical(canonical", "canonical not a fixed point"),
            ("E8:", "completion above an ended frame"),
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

    var isSettled: Bool {
        SimRunLoop.main.isIdle && heldDrag == nil && heldSwipe == nil && !InsecurityWorld.hasPendingOperations
    }

    func check(at moment: String) {
        let settled = isSettled
        invariants.parked = { [pageList] in pageList.pages }
        let checkers: [any InvariantChecker] = [
            invariants, ResponderCoordinatorInvariants(),
            SimAppearanceInvariants(watching: live.objects.compactMap { $0 as? UIViewController }),
        ]
        var problems = checkers.flatMap { $0.violations(windows: windows, settled: settled) }
        problems += InsecurityWorld.takeOverDeferrals().map { "E21: \($0)" }
        failures += problems.map { "\(moment): \($0)" }
    }

    func tearDown() {
        for coordinator in coordinators.reversed() where coordinator.isStarted && coordinator.parent == nil {
            coordinator.stop()
        }
        // A window root change that waited for a window transition may still put a root on the window.
        for window in windows {
            for _ in 0..<10 where window.rootViewController != nil {
                window.rootViewController = nil
                SimRunLoop.main.runUntilIdle()
            }
        }
        forgetEverything()
    }

    /// Drops the session's references as a test that ends without stopping anything does: coordinators,
    /// hosts, windows and held gestures are released with whatever is presented, animating or queued.
    func dropWorld() {
        // The views go with the window: UIKit cancels the touches of their gesture recognizers.
        heldDrag?.drop()
        heldDrag = nil
        heldSwipe = nil
        forgetEverything()
        window = UIWindow()
        secondWindow = nil
    }

    /// Releases every reference the session holds to the app's objects.
    func forgetEverything() {
        coordinators.removeAll()
        navigations.removeAll()
        pageList.pages.removeAll()
        embedded.removeAll()
        engineCoordinators.removeAll()
        navigationHost = nil
        navigationHostNavigation = nil
        modalHosts.removeAll()
        windowHost = nil
        restored.removeAll()
    }

    // MARK: Restoring

    /// Snapshots the window, imports the snapshot with the app's factories, expects the import to export
    /// the same snapshot, and goes on with the restored tree in place of the old one.
    func restore(at moment: String) {
        let xml = BridgeSnapshot.export(windows, registry: registry)
        checkCanonical(xml, at: moment)
        var rebuilder = BridgeRebuilder(registry: registry)
        rebuilder.coordinatorFactories.register(LoggingCoordinator.self) { root in
            LoggingCoordinator(
                "Restored", navigationController: root as? UINavigationController ?? UINavigationController(),
                log: Log())
        }
        rebuilder.coordinatorFactories.register(ChainScreen.self) { [unowned self] in makeEngineScreen() }
        rebuilder.coordinatorFactories.register(ModalChainScreen.self) { [unowned self] in
            ModalChainScreen("E", reads: reads)
        }
        rebuilder.coordinatorFactories.register(AlertScreen.self) { [unowned self] in alertScreen(animated: true) }
        var imported: BridgeRebuilder.Live?
        var diagnostics: [InsecurityDiagnostic] = []
        let warnings = SimWarnings.capture {
            diagnostics = InsecurityDiagnostics.capture {
                do {
                    imported = try BridgeSnapshot.importLive(xml, rebuilder: rebuilder)
                } catch {
                    failures.append("\(moment): the import failed: \(error)\n\(xml)")
                }
            }
        }
        handledWarnings += warnings
        handledDiagnostics += diagnostics
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
        byUser("\(moment): the old tree's held gesture") {
            heldDrag?.drop()
            heldDrag = nil
            heldSwipe = nil
        }
        byCoordinators("\(moment): the old tree's teardown") { tearDown() }
        adopt(imported)
    }

    /// X2: the export is canonical, `export(parse(export(w))) == export(w)`.
    func checkCanonical(_ xml: String, at moment: String) {
        do {
            let canonical = try BridgeSnapshot.canonical(xml)
            if canonical != xml {
                failures.append("\(moment): X2: the export is not canonical: \(lineDiff(xml, canonical))")
            }
        } catch {
            failures.append("\(moment): the export does not validate: \(error)\n\(xml)")
        }
    }

    /// X3 on documents derived from the export: each variant that validates and imports (with stand-ins)
    /// exports to its canonical form, and that form is a fixed point. Importing a valid variant, refusing an
    /// invalid one and tearing an imported one down again make UIKit warn of nothing and report no
    /// diagnostic (E19, E20); each failure names the variant.
    func checkMutations(of xml: String, at moment: String, seed: Int) {
        for (number, variant) in SnapshotMutations.variants(of: xml, count: 4, seed: seed).enumerated() {
            let moment = "\(moment), variant \(number + 1) of seed \(seed)"
            guard let canonical = try? BridgeSnapshot.canonical(variant) else { continue }
            if let again = try? BridgeSnapshot.canonical(canonical), again != canonical {
                failures.append("\(moment): X3: canonical(canonical(m)) != canonical(m): \(lineDiff(canonical, again))")
            }
            var imported: BridgeRebuilder.Live?
            let windowsBefore = UIApplication.shared.windows.map(ObjectIdentifier.init)
            let keyBefore = UIApplication.shared.keyWindow
            let liveBefore = BridgeSnapshot.export(windows, registry: registry)
            let failuresBefore = failures.count
            byCoordinators("\(moment): the import") {
                imported = try? BridgeSnapshot.importLive(variant, rebuilder: BridgeRebuilder(registry: registry))
            }
            if failures.count > failuresBefore { failures.append("\(moment): the variant imported:\n\(variant)") }
            guard let imported else {
                // X5: a refused import changes nothing, now or once the run loop has run.
                byCoordinators("\(moment): after a refused import") { SimRunLoop.main.runUntilIdle() }
                if UIApplication.shared.windows.map(ObjectIdentifier.init) != windowsBefore
                    || UIApplication.shared.keyWindow !== keyBefore
                    || BridgeSnapshot.export(windows, registry: registry) != liveBefore
                {
                    failures.append("\(moment): X5: a refused import changed the live world\nm:\n\(variant)")
                }
                continue
            }
            let exported = BridgeSnapshot.export(imported.windows, registry: registry)
            if exported != canonical {
                failures.append(
                    "\(moment): X3: export(importLive(m)) != canonical(m): \(lineDiff(canonical, exported))\nm:\n\(variant)"
                )
            }
            byCoordinators("\(moment): the imported variant's teardown") {
                for window in imported.windows { window.rootViewController = nil }
                SimRunLoop.main.runUntilIdle()
            }
        }
    }

    /// The lines of `a` missing from `b` and those of `b` missing from `a`.
    private func lineDiff(_ a: String, _ b: String) -> String {
        let left = a.split(separator: "\n")
        let right = b.split(separator: "\n")
        return
            "- \(left.filter { !right.contains($0) }.joined(separator: " ")) + \(right.filter { !left.contains($0) }.joined(separator: " "))"
    }

    /// Makes `imported` the session's tree: its window on screen, its coordinators, hosts and stacks the
    /// ones the steps use, and every restored object watched for leaks.
    func adopt(_ imported: BridgeRebuilder.Live) {
        restored = [imported]
        window = imported.windows[0]
        secondWindow = imported.windows.count > 1 ? imported.windows[1] : nil
        secondWindow?.isHidden = false
        window.makeKeyAndVisible()
        var levels: [UIViewController] = []
        for window in windows {
            var level = window.rootViewController
            while let current = level {
                levels.append(current)
                level = current.presentedViewController
            }
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
            case .navigation(let navigation?)
            where navigationHost == nil && !legacyStacks.contains(ObjectIdentifier(navigation)):
                navigationHost = host
                navigationHostNavigation = navigation
            case .modal(let base?)
            where !legacyStacks.contains(ObjectIdentifier(base)) && host.framework == nil:
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
    private let reads: ControllerReads
    private(set) var hasStarted = false

    init(_ name: String, reads: ControllerReads) {
        self.name = name
        self.reads = reads
        super.init()
    }

    override var viewController: UIViewController {
        reads.record(self, name)
        hasStarted = true
        return makeScreen(name)
    }
}

/// An Insecurity coordinator that adapts to its parent's context, of seed 002's kind so that the classic
/// world can start it with `startModal` and `start(navigationController, child)`; it makes its controller
/// with `make`.
@MainActor
final class ChainScreen: InsecurityChild<String> {
    let name: String
    private let reads: ControllerReads
    private let make: (String) -> UIViewController

    init(_ name: String, reads: ControllerReads, make: @escaping (String) -> UIViewController) {
        self.name = name
        self.reads = reads
        self.make = make
        super.init()
    }

    /// Whether the engine read the controller, that is, started the coordinator.
    private(set) var hasStarted = false

    override var viewController: UIViewController {
        reads.record(self, name)
        hasStarted = true
        return make(name)
    }
}

/// A coordinator showing an alert; its "Again" action runs `again` once the alert has left.
@MainActor
final class AlertScreen: ModalCoordinator<String> {
    private let name: String
    private let reads: ControllerReads
    private let again: () -> Void

    init(_ name: String, reads: ControllerReads, again: @escaping () -> Void) {
        self.name = name
        self.reads = reads
        self.again = again
        super.init()
    }

    override var viewController: UIViewController {
        reads.record(self, name)
        let alert = UIAlertController(title: name, message: nil, preferredStyle: .alert)
        let again = self.again
        alert.addAction(UIAlertAction(title: "Again", style: .default) { _ in again() })
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        return alert
    }
}
