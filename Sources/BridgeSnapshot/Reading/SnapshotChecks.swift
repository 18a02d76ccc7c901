import CoordinatorBridge

/// Checks what the schema cannot: unique ids, references that resolve, and no cycles (X4, X6).
struct SnapshotChecks {
    let tree: BridgedTree
    let positions: SnapshotParser.Positions

    /// Every problem, in document order, and, if `resolving` and there is none, the tree's references as the
    /// checks resolved them, for a rebuild.
    func check(resolving: Bool) -> (issues: [SnapshotIssue], resolved: ResolvedReferences?) {
        var run = Run(tree: tree, positions: positions, resolves: resolving)
        run.checkUniqueIDs()
        run.checkWindows()
        run.checkContainment()
        run.checkContainerShapes()
        run.checkContainmentCycles()
        run.checkHosts()
        run.checkEveryControllerIsPlaced()
        run.checkQueuedRemovals()
        run.checkCoordinators()
        guard run.issues.isEmpty else {
            return (run.issues.sorted { ($0.line, $0.column) < ($1.line, $1.column) }, nil)
        }
        guard resolving else { return ([], nil) }
        return (
            [],
            ResolvedReferences(
                positions: run.controllerIndex, children: run.childPositions, frames: run.framePositions)
        )
    }
}

/// One pass of the checks, phase by phase. Controllers are interned once: references resolve to indices,
/// and the structural checks work on arrays, so checking costs a few hash lookups per controller however
/// big the tree.
private struct Run {
    let tree: BridgedTree
    let positions: SnapshotParser.Positions
    var issues: [SnapshotIssue] = []
    var windowIDs = Set<String>()
    var coordinatorIDs = Set<String>()
    var controllerIndex: [String: Int] = [:]
    /// For each controller, the index its id resolves to (the first controller with that id).
    var canonicalIndex: [Int]
    /// Whether something shows or refers to each controller: one nothing does could not be found again
    /// after import (X3).
    var referenced: [Bool]
    /// Each controller's container, by index, or -1.
    var parent: [Int]
    /// Whether the run records the references it resolves, for a rebuild (see ``ResolvedReferences``).
    let resolves: Bool
    /// Each controller's children, by index, when the run records them.
    var childPositions: [[Int32]] = []
    /// Each host's frames' controllers, by index (-1 for none), when the run records them.
    var framePositions: [[Int32]] = []
    /// Where a window shows each controller, by index: `2 × window + 0` as its root, `2 × window + 1`
    /// presented, or -1. A controller has one place in the hierarchy: a window's root, presented, or a child.
    var windowPlace: [Int]

    init(tree: BridgedTree, positions: SnapshotParser.Positions, resolves: Bool) {
        self.resolves = resolves
        self.tree = tree
        self.positions = positions
        canonicalIndex = Array(tree.controllers.indices)
        referenced = [Bool](repeating: false, count: tree.controllers.count)
        parent = [Int](repeating: -1, count: tree.controllers.count)
        if resolves { childPositions = [[Int32]](repeating: [], count: tree.controllers.count) }
        windowPlace = [Int](repeating: -1, count: tree.controllers.count)
    }

    /// Describes `windowPlace[index]`.
    func describeWindowPlace(_ place: Int) -> String {
        "\(place % 2 == 0 ? "the root of" : "presented in") window \"\(tree.windows[place / 2].id)\""
    }

    mutating func issue(_ kind: SnapshotIssue.Kind, _ message: String, at place: SnapshotParser.Place) {
        let position = positions[place]
        issues.append(SnapshotIssue(kind, message, line: position.line, column: position.column))
    }

    /// Where the next reference probably points: the controller after the one found last. A container's
    /// children and a chain's frames mostly follow the controllers' order, and comparing one id is cheaper than
    /// looking it up in a large table, whose lookups miss the cache.
    var likelyNext = 0

    /// The index of the controller `id` refers to; a reference to a missing controller is an issue.
    @discardableResult
    mutating func requireController(_ id: String?, _ what: @autoclosure () -> String, at place: SnapshotParser.Place)
        -> Int?
    {
        guard let id else { return nil }
        // The guess stands only for the first controller with its id, as the table does.
        if likelyNext < tree.controllers.count, canonicalIndex[likelyNext] == likelyNext,
            tree.controllers[likelyNext].id == id
        {
            likelyNext += 1
            return likelyNext - 1
        }
        if let index = controllerIndex[id] {
            likelyNext = index + 1
            return index
        }
        issue(
            .danglingReference, "\(what()) refers to controller \"\(id)\", which the snapshot does not contain",
            at: place)
        return nil
    }

    mutating func checkUniqueIDs() {
        for (index, window) in tree.windows.enumerated() where !windowIDs.insert(window.id).inserted {
            issue(.duplicateID, "window id \"\(window.id)\" is used twice", at: .window(index))
        }
        controllerIndex.reserveCapacity(tree.controllers.count)
        for (index, controller) in tree.controllers.enumerated() {
            // One lookup for the usual case, a new id; a repeated one gets its first index back.
            if let first = controllerIndex.updateValue(index, forKey: controller.id) {
                controllerIndex[controller.id] = first
                canonicalIndex[index] = first
                issue(.duplicateID, "controller id \"\(controller.id)\" is used twice", at: .controller(index))
            }
        }
        var hostIDs = Set<String>()
        for (index, host) in tree.hosts.enumerated() where !hostIDs.insert(host.id).inserted {
            issue(.duplicateID, "host id \"\(host.id)\" is used twice", at: .host(index))
        }
        for (index, coordinator) in tree.coordinators.enumerated()
        where !coordinatorIDs.insert(coordinator.id).inserted {
            issue(.duplicateID, "coordinator id \"\(coordinator.id)\" is used twice", at: .coordinator(index))
        }
    }

    mutating func checkWindows() {
        for (index, window) in tree.windows.enumerated() {
            if let root = requireController(window.rootID, "window \"\(window.id)\"'s root", at: .window(index)) {
                referenced[root] = true
                place(root, 2 * index, at: .window(index))
            }
            for (link, presented) in window.presented.enumerated() {
                if let found = requireController(
                    presented.controllerID, "a presentation in window \"\(window.id)\"", at: .presented(index, link))
                {
                    referenced[found] = true
                    place(found, 2 * index + 1, at: .presented(index, link))
                }
            }
        }
    }

    /// Records that a window shows `controller` at `windowPlace`; a second place is an issue.
    private mutating func place(_ controller: Int, _ place: Int, at key: SnapshotParser.Place) {
        if windowPlace[controller] >= 0 {
            issue(
                .cycle,
                "controller \"\(tree.controllers[controller].id)\" is both \(describeWindowPlace(windowPlace[controller])) and \(describeWindowPlace(place))",
                at: key)
        }
        windowPlace[controller] = place
    }

    /// Children resolve, no controller has two containers, and no child is a window's root or presented.
    mutating func checkContainment() {
        // By index, reading only the children: a copy of every controller would retain and release all its fields.
        for index in tree.controllers.indices {
            let children = tree.controllers[index].children
            guard !children.isEmpty else { continue }
            let id = tree.controllers[index].id
            for (position, child) in children.enumerated() {
                let key = SnapshotParser.Place.controllerChild(index, position)
                guard let childIndex = requireController(child, "controller \"\(id)\"'s child", at: key) else {
                    continue
                }
                if resolves {
                    if position == 0 { childPositions[index].reserveCapacity(children.count) }
                    childPositions[index].append(Int32(childIndex))
                }
                referenced[childIndex] = true
                if parent[childIndex] >= 0 {
                    let other = tree.controllers[parent[childIndex]].id
                    issue(.cycle, "controller \"\(child)\" is a child of both \"\(other)\" and \"\(id)\"", at: key)
                } else if windowPlace[childIndex] >= 0 {
                    issue(
                        .cycle,
                        "controller \"\(child)\" is both \(describeWindowPlace(windowPlace[childIndex])) and a child of \"\(id)\"",
                        at: key)
                }
                parent[childIndex] = index
            }
        }
    }

    /// A tab bar selects one of its tabs, and a page view that lists its pages one of them; a split view and a
    /// page view without a list show at most two children.
    mutating func checkContainerShapes() {
        for (index, controller) in tree.controllers.enumerated() {
            switch controller.container {
            case .tabBar(let selected?) where selected >= controller.children.count:
                issue(
                    .schemaViolation,
                    "tab bar controller \"\(controller.id)\" selects tab \(selected) but has \(controller.children.count) tabs",
                    at: .controller(index))
            case .splitView where controller.children.count > 2:
                issue(
                    .schemaViolation,
                    "split view controller \"\(controller.id)\" has \(controller.children.count) children; it shows at most two",
                    at: .controller(index))
            case .page(_, _, let list?) where list.selectedIndex >= controller.children.count:
                issue(
                    .schemaViolation,
                    "page view controller \"\(controller.id)\" shows page \(list.selectedIndex) but lists \(controller.children.count) pages",
                    at: .controller(index))
            case .page(_, _, nil) where controller.children.count > 2:
                issue(
                    .schemaViolation,
                    "page view controller \"\(controller.id)\" has \(controller.children.count) children; it shows one page, or two side by side",
                    at: .controller(index))
            case .navigation, .tabBar, .splitView, .page, .described, nil:
                break
            }
        }
    }

    /// No controller contains itself: each walk up the parents is memoized along its path.
    mutating func checkContainmentCycles() {
        enum Walk { case unknown, onPath, acyclic, cyclic }
        var walk = [Walk](repeating: .unknown, count: tree.controllers.count)
        // One path array for every walk: most are a step or two long, and an array each would be an allocation each.
        var path: [Int] = []
        for start in walk.indices where walk[start] == .unknown {
            path.removeAll(keepingCapacity: true)
            var current = start
            var outcome = Walk.acyclic
            while current >= 0 {
                switch walk[current] {
                case .unknown:
                    walk[current] = .onPath
                    path.append(current)
                    current = parent[current]
                    continue
                case .onPath, .cyclic:
                    outcome = .cyclic
                case .acyclic:
                    outcome = .acyclic
                }
                break
            }
            for node in path { walk[node] = outcome }
        }
        for index in walk.indices where walk[index] == .cyclic {
            issue(.cycle, "controller \"\(tree.controllers[index].id)\" contains itself", at: .controller(index))
        }
    }

    /// Hosts' bases and frames resolve, and no two frames show one controller. The navigation controller a waiting frame will present holds the
    /// frame's controller: it is referenced through its child. (Coordinators only own what is on screen or
    /// waiting to be: owning a controller is not a place in the tree.)
    mutating func checkHosts() {
        var waitingFramesShow = [Bool](repeating: false, count: tree.controllers.count)
        var framed = [Bool](repeating: false, count: tree.controllers.count)
        for (index, host) in tree.hosts.enumerated() {
            switch host.base {
            case .modal(let id), .navigation(let id):
                requireController(id, "host \"\(host.id)\"", at: .host(index))
            case .window(let id):
                if let id, !windowIDs.contains(id) {
                    issue(
                        .danglingReference,
                        "host \"\(host.id)\" refers to window \"\(id)\", which the snapshot does not contain",
                        at: .host(index))
                }
            }
            var resolved: [Int32] = []
            if resolves { resolved.reserveCapacity(host.frames.count) }
            defer { if resolves { framePositions.append(resolved) } }
            for (position, frame) in host.frames.enumerated() {
                let found = requireController(
                    frame.controllerID, "a frame of host \"\(host.id)\"", at: .frame(index, position))
                if resolves { resolved.append(found.map(Int32.init) ?? -1) }
                if let found {
                    if framed[found] {
                        issue(
                            .danglingReference,
                            "a frame of host \"\(host.id)\" shows \"\(frame.controllerID ?? "")\", which another frame shows already",
                            at: .frame(index, position))
                    }
                    framed[found] = true
                    referenced[found] = true
                    if frame.state == .waiting { waitingFramesShow[found] = true }
                }
            }
        }
        for index in tree.controllers.indices where waitingFramesShow[index] {
            let navigation = parent[index]
            if navigation >= 0, tree.controllers[navigation].container == .navigation {
                referenced[navigation] = true
            }
        }
    }

    mutating func checkEveryControllerIsPlaced() {
        for (index, controller) in tree.controllers.enumerated() where !referenced[canonicalIndex[index]] {
            issue(
                .danglingReference,
                "controller \"\(controller.id)\" is not a window's root, presented, a child or a frame's controller",
                at: .controller(index)
            )
        }
    }

    mutating func checkQueuedRemovals() {
        for (index, removal) in tree.queued.enumerated() {
            switch removal {
            case .dismissal(let id, _):
                requireController(id, "a queued dismissal", at: .queued(index))
            case .pop(let navigationID, let id, _):
                let navigation = requireController(navigationID, "a queued pop", at: .queued(index))
                guard let child = requireController(id, "a queued pop", at: .queued(index)), let navigation else {
                    continue
                }
                if tree.controllers[navigation].container != .navigation || parent[child] != navigation {
                    issue(
                        .danglingReference,
                        "a queued pop goes down to \"\(id)\", which is not on navigation controller \"\(navigationID)\"'s stack",
                        at: .queued(index))
                }
            }
        }
    }
}

extension Run {
    /// Coordinators' parents, children and controllers resolve, and parents list their children; each has a
    /// place in the tree; parent links form no cycle.
    mutating func checkCoordinators() {
        let parents = Dictionary(
            tree.coordinators.compactMap { c in c.parentID.map { (c.id, $0) } }, uniquingKeysWith: { first, _ in first }
        )
        let listedChildren = Dictionary(
            tree.coordinators.map { ($0.id, Set($0.childIDs)) }, uniquingKeysWith: { first, _ in first })
        for (index, coordinator) in tree.coordinators.enumerated() {
            let key = SnapshotParser.Place.coordinator(index)
            if let parent = coordinator.parentID, !coordinatorIDs.contains(parent) {
                issue(
                    .danglingReference,
                    "coordinator \"\(coordinator.id)\"'s parent \"\(parent)\" is not in the snapshot", at: key)
            }
            checkChildren(of: coordinator, at: index, parents: parents)
            if let parent = coordinator.parentID, coordinatorIDs.contains(parent),
                listedChildren[parent]?.contains(coordinator.id) != true
            {
                issue(
                    .danglingReference,
                    "coordinator \"\(coordinator.id)\" names \"\(parent)\" as its parent, which does not list it as a child",
                    at: key)
            }
            for (position, owned) in coordinator.controllerIDs.enumerated() {
                requireController(owned, "coordinator \"\(coordinator.id)\"", at: .owns(index, position))
            }
            requireController(coordinator.rootID, "coordinator \"\(coordinator.id)\"'s root", at: key)
            // A coordinator is in a snapshot for its screens or for its children's: one with neither could not
            // be found again after an import.
            if coordinator.rootID == nil, coordinator.controllerIDs.isEmpty, coordinator.childIDs.isEmpty {
                issue(
                    .danglingReference,
                    "coordinator \"\(coordinator.id)\" has no root, no controllers and no children: nothing places it in the tree",
                    at: key)
            }
            var seen: Set<String> = [coordinator.id]
            var current = parents[coordinator.id]
            while let ancestor = current {
                if !seen.insert(ancestor).inserted {
                    issue(.cycle, "coordinator \"\(coordinator.id)\"'s parent links form a cycle", at: key)
                    break
                }
                current = parents[ancestor]
            }
        }
    }

    /// Each listed child is listed once, exists, is not the coordinator itself, and names it as its parent.
    private mutating func checkChildren(of coordinator: BridgedCoordinator, at index: Int, parents: [String: String]) {
        var listed: Set<String> = []
        for (position, child) in coordinator.childIDs.enumerated() {
            let at = SnapshotParser.Place.coordinatorChild(index, position)
            if !listed.insert(child).inserted {
                issue(.schemaViolation, "coordinator \"\(coordinator.id)\" lists \"\(child)\" as a child twice", at: at)
            } else if child == coordinator.id {
                issue(.cycle, "coordinator \"\(coordinator.id)\" lists itself as a child", at: at)
            } else if !coordinatorIDs.contains(child) {
                issue(
                    .danglingReference,
                    "coordinator \"\(coordinator.id)\"'s child \"\(child)\" is not in the snapshot", at: at)
            } else if parents[child] != coordinator.id {
                issue(
                    .danglingReference,
                    "coordinator \"\(coordinator.id)\" lists \"\(child)\" as a child, but its parent is \(parents[child].map { "\"\($0)\"" } ?? "none")",
                    at: at
                )
            }
        }
    }
}
