@_spi(Adapters) import Insecurity
@_spi(Adapters) import SimUIKit

/// One rebuild of a tree into new objects, phase by phase: controllers, their relationships (containment,
/// windows, presentations, hosts and frames), then the plugins' coordinators. Each phase that fails
/// throws before the next begins; nothing is attached to the app until all have succeeded.
@MainActor
final class TreeRebuild {
    typealias Failure = BridgeRebuilder.Failure

    /// The tree being rebuilt; once its controllers are related, only its navigation controllers are kept
    /// (see ``keepOnlyNavigationControllers()``).
    private var tree: BridgedTree
    private let rebuilder: BridgeRebuilder
    private var failures: [Failure.Problem] = []
    /// The app's Insecurity coordinators, by the id of the controller they make, as when they start.
    private var adoptable: [String: AdoptableFrame] = [:]
    private let controllers: RebuiltControllers
    private var windows: [UIWindow] = []
    private var windowsByID: [String: UIWindow] = [:]
    /// The navigation controllers made for the described ones the tree keeps, in its order.
    private var navigationControllers: [UINavigationController?] = []
    private var hosts: [InsecurityHost] = []
    /// The described frames, resolved; the described ones are let go of before the frames are adopted.
    private var framePlan = FramePlan()
    /// For each described frame that shows a recorded controller, in document order: its stand-in coordinator,
    /// or nil when the app's own coordinator was adopted.
    private var standIns: [RestoredCoordinator?] = []
    /// The registered plugins' container kinds.
    private lazy var containerKinds = rebuilder.registry.containerKinds
    /// The framework of the coordinator the tree says shows each controller, by controller id.
    private lazy var frameworkShowing: [String: String] = {
        var frameworks: [String: String] = [:]
        for coordinator in tree.coordinators {
            for id in coordinator.controllerIDs { frameworks[id] = frameworks[id] ?? coordinator.framework }
        }
        return frameworks
    }()
    /// The frames' coordinators the rebuilt tree keeps alive: the app's own, and the stand-ins in
    /// ``standIns``.
    private var keptCoordinators: [AnyObject] = []

    /// Whether the tree names the navigation hosts adapters run (snapshot format 3 and later).
    private let namesAdapterHosts: Bool
    /// The controllers' children and the frames' controllers by position, when a reader resolved them; let go of
    /// once read.
    private var resolvedChildren: [[Int32]]?
    private var resolvedFrames: [[Int32]]?

    init(tree: BridgedTree, rebuilder: BridgeRebuilder, namesAdapterHosts: Bool, resolved: ResolvedReferences?) {
        self.tree = tree
        controllers = RebuiltControllers(tree.controllers, positions: resolved?.positions)
        resolvedChildren = resolved?.children
        resolvedFrames = resolved?.frames
        self.rebuilder = rebuilder
        self.namesAdapterHosts = namesAdapterHosts
    }

    /// Builds the new objects, and returns with them what attaches them to the app (the key window, the
    /// resumed queue), to run once nothing failed.
    func run() throws(Failure) -> (live: BridgeRebuilder.Live, attach: () -> Void) {
        makeControllers()
        try checkPhase()
        let warnings = SimWarnings.capture {
            relateControllers()
            keepOnlyNavigationControllers()
            makeWindows()
            makeHosts()
        }
        failures += warnings.map { .relationshipRefused($0.message) }
        try checkPhase()
        let context = rebuildCoordinators()
        try checkPhase()
        // Appended in place: a new array of every frame's coordinator would be made while all else is alive.
        keptCoordinators.append(contentsOf: context.retained)
        let live = BridgeRebuilder.Live(windows: windows, hosts: hosts, retained: keptCoordinators)
        return (
            live,
            { [tree, windows, controllers, hosts] in
                // Only once everything is built: making a window key is the one change visible outside the
                // new objects.
                for (window, described) in zip(windows, tree.windows) where described.isKey {
                    window.makeKey()
                }
                BridgeRebuilder.resumeQueue(tree.queued, controllers: controllers, hosts: hosts)
            }
        )
    }

    private func checkPhase() throws(Failure) {
        guard failures.isEmpty else { throw Failure(problems: failures) }
    }

    // MARK: Phases

    /// Makes every controller: by the app's Insecurity coordinator that shows it, by the rebuilder's factory,
    /// or as a stand-in; and checks that what a factory made is what the tree describes.
    private func makeControllers() {
        for host in tree.hosts {
            for frame in host.frames {
                guard let id = frame.controllerID,
                    let made = rebuilder.coordinatorFactories.makeFrame(typeName: frame.coordinatorType)
                else { continue }
                adoptable[id] = made
            }
        }
        for (position, described) in tree.controllers.enumerated() {
            if let made = adoptable[described.id], bridgedTypeName(of: made.controller) != described.type {
                failures.append(
                    .controllerMismatch(
                        controllerID: described.id,
                        reason:
                            "\(type(of: made.coordinator)) made a \(type(of: made.controller)), not a \(described.type)"
                    ))
            }
            guard
                let controller = adoptable[described.id]?.controller ?? rebuilder.controllerFactories[described.type]?()
                    ?? BridgeRebuilder.standIn(for: described, kinds: containerKinds)
            else {
                failures.append(
                    .controllerMismatch(
                        controllerID: described.id,
                        reason: "no registered plugin knows the container kind \(described.container?.name ?? "")"))
                continue
            }
            checkMade(controller, as: described)
            controller.title = described.title
            controller.restorationIdentifier = described.id
            controllers[position] = controller
        }
    }

    /// An alert gets its recorded actions; a container is the kind the tree describes.
    private func checkMade(_ controller: UIViewController, as described: BridgedController) {
        if let alert = described.alert {
            if let made = controller as? UIAlertController {
                if let mismatch = alert.restore(into: made, id: described.id, handlers: rebuilder.alertActionHandlers) {
                    failures.append(.controllerMismatch(controllerID: described.id, reason: mismatch))
                }
            } else {
                failures.append(
                    .controllerMismatch(
                        controllerID: described.id,
                        reason: "the factory for \(described.type) made a \(type(of: controller)), not an alert"))
            }
        }
        let made = BridgedContainer.of(controller, kinds: containerKinds)?.name
        if made != described.container?.name {
            failures.append(
                .controllerMismatch(
                    controllerID: described.id,
                    reason:
                        "the factory for \(described.type) made \(made.map { "a \($0) container" } ?? "no container"), not \(described.container.map { "a \($0.name) container" } ?? "a plain controller")"
                ))
        }
    }

    /// Puts each container's children in it, as its kind holds them.
    private func relateControllers() {
        let resolved = resolvedChildren.take()
        for (position, described) in tree.controllers.enumerated() {
            guard let container = controllers[position] else { continue }
            var children: [UIViewController] = []
            children.reserveCapacity(described.children.count)
            if let resolved {
                // No `Optional.map`: from main-actor code each closure call checks the executor.
                for child in resolved[position] {
                    if let controller = controllers[Int(child)] { children.append(controller) }
                }
            } else {
                for id in described.children {
                    if let child = controllers.controller(withID: id) { children.append(child) }
                }
            }
            switch (container, described.container) {
            case (let navigation as UINavigationController, _):
                navigation.setViewControllers(children, animated: false)
            case (let tabs as UITabBarController, .tabBar(let selected)):
                tabs.setViewControllers(children, animated: false)
                if let selected { tabs.selectedIndex = selected }
            case (let split as UISplitViewController, .splitView(let collapsed)):
                split.viewControllers = children
                split.simulateCollapse(collapsed)
            case (let pages as UIPageViewController, .page(_, _, let list?)):
                RestoredPageList.install(on: pages, children: children, list: list)
            case (let pages as UIPageViewController, .page):
                if !children.isEmpty {
                    pages.setViewControllers(children, direction: .forward, animated: false)
                }
            case (_, .described(let name, let state)):
                if let problem = containerKinds.first(where: { $0.name == name })?.restore(
                    container, children: children, state: state)
                {
                    failures.append(.controllerMismatch(controllerID: described.id, reason: problem))
                }
            default:
                for child in children {
                    container.addChild(child)
                    child.didMove(toParent: container)
                }
            }
        }
    }

    /// From here on the rebuild reads only navigation controllers' stacks (queued pops, adapters' shared
    /// stacks): the other described controllers, most of a large tree, are let go before the hosts are built.
    /// The caller hands the tree over, so this frees them.
    private func keepOnlyNavigationControllers() {
        var navigations: [BridgedController] = []
        // A loop, not a filter: each closure call from main-actor code checks the executor.
        for (position, described) in tree.controllers.enumerated() where described.container == .navigation {
            navigations.append(described)
            navigationControllers.append(controllers[position] as? UINavigationController)
        }
        tree.controllers = navigations
    }

    /// Makes the windows, with their roots and presented chains. UIKit has one key window at a time, and
    /// presents some controllers (alerts) in a style of their own: a tree that says otherwise describes a
    /// state UIKit cannot be in, and would not come back as described.
    private func makeWindows() {
        let keys = tree.windows.filter(\.isKey).map { "\"\($0.id)\"" }
        if keys.count > 1 {
            failures.append(
                .relationshipRefused(
                    "windows \(keys.joined(separator: ", ")) each say they are key; one window at a time is key"))
        }
        for described in tree.windows {
            let window = UIWindow()
            window.restorationIdentifier = described.id
            window.rootViewController = described.rootID.flatMap(controllers.controller(withID:))
            var presenter = window.rootViewController
            for link in described.presented {
                guard let presented = controllers.controller(withID: link.controllerID) else { continue }
                let style = UIModalPresentationStyle(name: link.style) ?? .automatic
                presented.modalPresentationStyle = style
                if presented.modalPresentationStyle != style {
                    failures.append(
                        .controllerMismatch(
                            controllerID: link.controllerID,
                            reason:
                                "UIKit presents it with style \(presented.modalPresentationStyle.name), not \(link.style)"
                        ))
                }
                presenter?.restorePresentation(of: presented)
                presenter = presented
            }
            window.isHidden = !described.isVisible
            windowsByID[described.id] = window
            windows.append(window)
        }
    }

    /// Makes the hosts on their bases, with their frames. What the hosts and frames show is looked up by id
    /// first; then the index by id and the described frames are let go of, before the frames are adopted.
    private func makeHosts() {
        var bases: [UIViewController?] = []
        bases.reserveCapacity(tree.hosts.count)
        for described in tree.hosts {
            switch described.base {
            case .modal(let id), .navigation(let id): bases.append(id.flatMap(controllers.controller(withID:)))
            case .window: bases.append(nil)
            }
        }
        framePlan = FramePlan(hosts: tree.hosts, controllers: controllers, resolved: resolvedFrames.take())
        controllers.releaseIndex()
        for index in tree.hosts.indices { tree.hosts[index].frames = [] }
        standIns.reserveCapacity(framePlan.frames.count)
        keptCoordinators.reserveCapacity(framePlan.frames.count)
        for ((described, base), range) in zip(zip(tree.hosts, bases), framePlan.hostRanges) {
            let host: InsecurityHost?
            switch described.base {
            case .modal: host = base.map { InsecurityHost(modal: $0, framework: described.framework) }
            case .navigation:
                host = (base as? UINavigationController).map {
                    InsecurityHost(restoringOn: $0, framework: described.framework)
                }
            case .window(let id):
                host = id.flatMap { windowsByID[$0] }.map {
                    InsecurityHost(restoringOn: $0, framework: described.framework)
                }
            }
            guard let host else {
                failures.append(.hostMismatch(hostID: described.id, reason: "its base is missing or of the wrong kind"))
                continue
            }
            hosts.append(host)
            adoptFrames(framePlan.frames[range], of: described, on: host)
        }
    }

    /// Gives `host` the described frames, bottom to top: the app's own coordinators where a factory makes
    /// them (each hears of the one above it finishing), stand-ins elsewhere.
    private func adoptFrames(_ frames: ArraySlice<FramePlan.Frame>, of described: BridgedHost, on host: InsecurityHost)
    {
        host.reserveCapacity(forAdopting: frames.count)
        // Held strongly: the frame below is alive anyway, and a weak reference would give every restored
        // coordinator a side table for the length of its life.
        var below: AnyObject?
        // The stand-ins of a chain of one type share what they stand for.
        var origin: RestoredCoordinator.Origin?
        for frame in frames {
            // Looked up without closures: from main-actor code each closure call checks the executor, and
            // this runs for every frame of a snapshot.
            let id = framePlan.controllerID(of: frame, in: controllers)
            let coordinatorType = framePlan.typeName(of: frame)
            var made: AdoptableFrame?
            if let id, !adoptable.isEmpty { made = adoptable[id] }
            var recorded: UIViewController?
            if case .recorded(let position) = frame.shows { recorded = controllers[Int(position)] }
            let controller = recorded ?? UnrecordedController()
            let isShown = frame.isShown
            let presentation = frame.kind
            let adopted: Bool
            var standIn: RestoredCoordinator?
            if let made {
                let receiver = below as? RestoredChildResultReceiver
                let chainFinished = receiver == nil && below == nil ? rebuilder.coordinatorFactories.chainFinished : nil
                adopted = made.adopt(host, presentation, isShown) {
                    [weak receiver, weak child = made.coordinator] result in
                    guard let child else { return }
                    receiver?.restoredChild(child, didFinishWith: result)
                    chainFinished?(child, result)
                }
                below = made.coordinator
                keptCoordinators.append(made.coordinator)
            } else {
                var framework = described.framework
                if framework == nil, let id, !frameworkShowing.isEmpty { framework = frameworkShowing[id] }
                let shared: RestoredCoordinator.Origin
                if let origin, origin.describes(typeName: coordinatorType, framework: framework) {
                    shared = origin
                } else {
                    shared = RestoredCoordinator.Origin(typeName: coordinatorType, framework: framework)
                    origin = shared
                }
                let coordinator = RestoredCoordinator(origin: shared)
                adopted = host.adopt(coordinator, showing: controller, as: presentation, isShown: isShown)
                if id != nil {
                    standIn = coordinator
                    keptCoordinators.append(coordinator)
                }
                below = coordinator
            }
            guard adopted else {
                failures.append(
                    .hostMismatch(
                        hostID: described.id,
                        reason:
                            "a \(frame.kind.rawValue) frame of \(coordinatorType) does not match the controllers' relationships"
                    ))
                continue
            }
            if id != nil { standIns.append(standIn) }
        }
    }

    /// Lets each plugin rebuild its coordinators; a coordinator no plugin claims is a failure.
    private func rebuildCoordinators() -> BridgeRebuildContext {
        var leavingWithQueuedPops = Set<String>()
        for case .pop(let navigationID, let id, _) in tree.queued {
            let stack = tree.controllers.first { $0.id == navigationID }?.children ?? []
            leavingWithQueuedPops.formUnion(stack.drop { $0 != id }.dropFirst())
        }
        let context = BridgeRebuildContext(
            controllers: controllers, framePlan: framePlan, standIns: standIns,
            // Every described host was rebuilt (a failure has thrown by now), in order.
            hosts: hosts, factories: rebuilder.coordinatorFactories
        )
        let stacks = adoptAdapterStacks(leavingWithQueuedPops: leavingWithQueuedPops)
        stacks.forEach(context.retain)
        for plugin in rebuilder.registry.plugins {
            let described = tree.coordinators.filter { $0.framework == plugin.framework }
            do {
                try plugin.rebuildCoordinators(described, in: context)
            } catch {
                failures.append(
                    .pluginFailed(framework: plugin.framework, coordinatorID: error.coordinatorID, reason: "\(error)"))
            }
        }
        let known = Set(rebuilder.registry.plugins.map(\.framework))
        for coordinator in tree.coordinators where !known.contains(coordinator.framework) {
            failures.append(.noPlugin(coordinatorID: coordinator.id, framework: coordinator.framework))
        }
        resumeAdapterHosts()
        return context
    }

    // MARK: Adapters' hosts

    /// Before the plugins run, the shared stack of each navigation controller an adapter pushed onto adopts
    /// the host the snapshot records for it, frames and all, and expects the pops that were waiting in the
    /// queue to take the adapters' controllers off; plugins find these stacks already adopted. The host is
    /// the one an adapter is said to run; in snapshots before version 3, which do not say, it is the host
    /// whose frames all show controllers of the coordinator rooted at the navigation controller, and it stays
    /// unnamed. From version 3 on, an unnamed host is the engine's own (an `InsecurityChild` rooted at the
    /// navigation controller shows its controllers through one) and no adapter's. Returns the stacks, for the
    /// rebuilt tree to keep.
    private func adoptAdapterStacks(leavingWithQueuedPops: Set<String>) -> [SharedNavigationStack] {
        // Grouped once, so that the cost stays linear in the size of the tree.
        let hostsByNavigation = Dictionary(
            grouping: zip(hosts, zip(tree.hosts, framePlan.hostRanges)).lazy
                .map { (host: $0.0, described: $0.1.0, frames: $0.1.1) }
                .filter { $0.described.base.kind == .navigation },
            by: { $0.described.base.targetID })
        let coordinatorsByRoot = Dictionary(grouping: tree.coordinators, by: \.rootID)
        let (plan, controllers) = (framePlan, controllers)
        var stacks: [SharedNavigationStack] = []
        for (described, navigation) in zip(tree.controllers, navigationControllers) {
            guard let navigation else { continue }
            let onStack = hostsByNavigation[described.id] ?? []
            let owners = coordinatorsByRoot[described.id] ?? []
            let named = onStack.first { $0.described.framework != nil }
            let unnamed =
                namesAdapterHosts
                ? nil
                : owners.lazy.compactMap { owner in
                    onStack.first { entry in
                        !entry.frames.isEmpty
                            && plan.frames[entry.frames].allSatisfy { frame in
                                plan.controllerID(of: frame, in: controllers).map(owner.controllerIDs.contains) ?? false
                            }
                    }
                }.first
            // Most snapshots have no queued pop: their stacks, thousands of controllers long, are not filtered.
            let leaving =
                leavingWithQueuedPops.isEmpty
                ? []
                : described.children.filter { id in
                    leavingWithQueuedPops.contains(id) && owners.contains { $0.controllerIDs.contains(id) }
                }
            guard let framework = named?.described.framework ?? owners.first?.framework,
                named != nil || unnamed != nil || !leaving.isEmpty
            else { continue }
            let stack = SharedNavigationStack.stack(for: navigation, framework: framework)
            if let host = (named ?? unnamed)?.host { stack.adopt(host) }
            for id in leaving { controllers.controller(withID: id).map(stack.expectQueuedPop) }
            stacks.append(stack)
        }
        return stacks
    }

    /// After the plugins have run: each modal host an adapter ran presents for it again, so that what the
    /// restored coordinators present joins the restored chain (A11); each frame of an adapter's modal or
    /// window host keeps its host alive, as the frames adapters start do; and a navigation host an adapter is
    /// said to run is the host of its navigation controller's shared stack, which a coordinator of that
    /// adapter uses (rooted at the navigation controller, or owning a controller on it).
    private func resumeAdapterHosts() {
        var stacks: [String: [String]]?
        for (host, described) in zip(hosts, tree.hosts) {
            guard let framework = described.framework else { continue }
            switch host.hostBase {
            case .navigation(let navigation):
                guard let navigation, let navigationID = described.base.targetID else { continue }
                // The recorded stacks, by navigation controller, made on the first named navigation host.
                if stacks == nil {
                    stacks = Dictionary(
                        tree.controllers.lazy.filter { $0.container == .navigation }.map { ($0.id, $0.children) },
                        uniquingKeysWith: { first, _ in first })
                }
                let stack = stacks?[navigationID] ?? []
                let used = tree.coordinators.contains { coordinator in
                    coordinator.framework == framework
                        && (coordinator.rootID == navigationID
                            || coordinator.controllerIDs.contains(where: stack.contains))
                }
                guard !used || SharedNavigationStack.existing(of: navigation)?.uses(host) != true else { continue }
                failures.append(
                    .hostMismatch(
                        hostID: described.id,
                        reason: used
                            ? "it is said to be run by \(framework), but its navigation controller's stack runs on another host"
                            : "it is said to be run by \(framework), but no coordinator of \(framework) uses its navigation controller"
                    ))
            case .modal, .window:
                host.becomePresentingHost()
                for frame in host.frameDescriptions {
                    (frame.coordinator as? InsecurityCoordinator<Void>)?.keepAlive(host)
                }
            }
        }
    }
}
