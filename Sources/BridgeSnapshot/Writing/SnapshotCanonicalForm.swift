import CoordinatorBridge

/// What the canonical form settles that a document may leave open (X2, X3): the writer and the parser apply
/// the same rules, so that `export(parse(export(w))) == export(w)` whatever the plugins describe.
extension BridgedTree {
    /// The tree with a root for every coordinator that owns controllers but records none (every coordinator
    /// before format version 3, and an adapter's coordinator that has no root of its own): the root the
    /// importer of those versions took, the navigation controller holding the first controller it owns,
    /// else that controller.
    func withDerivedRoots() -> BridgedTree {
        guard coordinators.contains(where: { $0.rootID == nil && !$0.controllerIDs.isEmpty }) else { return self }
        var tree = self
        let parent = containers()
        let isNavigation = Set(controllers.filter { $0.container == .navigation }.map(\.id))
        for index in tree.coordinators.indices where tree.coordinators[index].rootID == nil {
            guard let first = tree.coordinators[index].controllerIDs.first else { continue }
            var ancestor = parent[first]
            var steps = 0
            while let current = ancestor, !isNavigation.contains(current), steps < controllers.count {
                ancestor = parent[current]
                steps += 1
            }
            tree.coordinators[index].rootID = ancestor.flatMap { isNavigation.contains($0) ? $0 : nil } ?? first
        }
        return tree
    }

    /// The tree with its controllers, and the hosts started on them, in one order whatever order a document
    /// gave them in. Controllers: each window's root and then its presented controllers, each followed by
    /// the controllers it shows, depth first; then the controllers of frames still waiting to be shown, in
    /// host and frame order, each after the navigation controller holding it; then any other controller, in
    /// the document's order. Hosts: the windows' hosts first, in window order, then the hosts of each
    /// controller in that order; hosts on one object keep their order, the order they were made in (an
    /// import makes them in document order). Neither section's order carries anything a reader relies on, so
    /// two documents that differ only in it are the same tree.
    func inCanonicalOrder() -> BridgedTree {
        // Positions stand for ids: each id is hashed once, when it is first looked up.
        var index: [String: Int] = [:]
        index.reserveCapacity(controllers.count)
        // By position, one lookup each: a loop over the controllers would copy each one.
        for position in controllers.indices { index[controllers[position].id] = position }
        // Two controllers with one id have no order of their own (the checks refuse such a document).
        guard index.count == controllers.count else { return self }
        if controllersFollowWindows() {
            // Every controller is where the walk below would put it: its rank is its position.
            var tree = self
            tree.hosts = hostsInCanonicalOrder { index[$0] }
            tree.coordinators = coordinatorsInCanonicalOrder { index[$0] }
            return tree
        }
        let children = controllers.map { $0.children.compactMap { index[$0] } }
        var parent = [Int](repeating: -1, count: controllers.count)
        for (position, listed) in children.enumerated() {
            for child in listed where parent[child] == -1 { parent[child] = position }
        }
        var order: [Int] = []
        order.reserveCapacity(controllers.count)
        var rank = [Int](repeating: -1, count: controllers.count)
        var pending: [Int] = []
        func visit(_ position: Int) {
            pending.append(position)
            while let next = pending.popLast() {
                guard rank[next] == -1 else { continue }
                rank[next] = order.count
                order.append(next)
                pending.append(contentsOf: children[next].reversed())
            }
        }
        for window in windows {
            if let root = window.rootID.flatMap({ index[$0] }) { visit(root) }
            for presented in window.presented { index[presented.controllerID].map(visit) }
        }
        let sortedHosts = hostsInCanonicalOrder { id in index[id].flatMap { rank[$0] == -1 ? nil : rank[$0] } }
        for host in sortedHosts {
            for frame in host.frames {
                guard let position = frame.controllerID.flatMap({ index[$0] }), rank[position] == -1 else { continue }
                let holder = parent[position]
                if holder != -1, rank[holder] == -1, controllers[holder].container == .navigation { visit(holder) }
                visit(position)
            }
        }
        for position in controllers.indices where rank[position] == -1 { visit(position) }
        var tree = self
        tree.controllers = order.map { controllers[$0] }
        tree.hosts = sortedHosts
        tree.coordinators = coordinatorsInCanonicalOrder { id in index[id].map { rank[$0] } }
        return tree
    }

    /// Whether the controllers are already in canonical order and all shown in the windows: the walk of
    /// `inCanonicalOrder()` from the windows' roots and presented controllers meets them in the order
    /// they are listed and meets all of them (what a live tree read from its windows gives). It compares ids
    /// instead of looking them up, and answers false at the first difference.
    private func controllersFollowWindows() -> Bool {
        var next = 0
        var pending: [String] = []
        for window in windows {
            for start in [window.rootID].compactMap(\.self) + window.presented.map(\.controllerID) {
                pending.append(start)
                while let id = pending.popLast() {
                    guard next < controllers.count, controllers[next].id == id else { return false }
                    pending.append(contentsOf: controllers[next].children.reversed())
                    next += 1
                }
            }
        }
        return next == controllers.count
    }

    /// The coordinators by the first controller, in canonical order, each is rooted at or owns (those rooted
    /// there before its owner, then by the first controller each owns, those owning none last, then the
    /// document's order), each preceded by its ancestors, and every list of children in that order: the
    /// order the adapters list them in, applied to every document, so that an import lists them, and the
    /// writer numbers their ids, as the document did.
    private func coordinatorsInCanonicalOrder(controllerRank: (String) -> Int?) -> [BridgedCoordinator] {
        func key(_ coordinator: BridgedCoordinator) -> (rank: Int, owned: Int, firstOwned: Int) {
            let root = coordinator.rootID.flatMap(controllerRank)
            let owned = coordinator.controllerIDs.compactMap(controllerRank).min()
            switch (root, owned) {
            case (let root?, let owned?): return root <= owned ? (root, 0, owned) : (owned, 1, owned)
            case (let root?, nil): return (root, 0, Int.max)
            case (nil, let owned?): return (owned, 1, owned)
            case (nil, nil): return (Int.max, 0, Int.max)
            }
        }
        var positionByID: [String: Int] = [:]
        for (position, coordinator) in coordinators.enumerated() where positionByID[coordinator.id] == nil {
            positionByID[coordinator.id] = position
        }
        let sorted = coordinators.indices.sorted { left, right in
            let (a, b) = (key(coordinators[left]), key(coordinators[right]))
            return (a.rank, a.owned, a.firstOwned, left) < (b.rank, b.owned, b.firstOwned, right)
        }
        var placed = Set<Int>()
        var ordered: [BridgedCoordinator] = []
        ordered.reserveCapacity(coordinators.count)
        for position in sorted {
            // Its ancestors not placed yet come first, outermost first (a cycle, which the checks refuse, stops).
            var chain: [Int] = []
            var inChain = Set<Int>()
            var current: Int? = position
            while let next = current, !placed.contains(next), inChain.insert(next).inserted {
                chain.append(next)
                current = coordinators[next].parentID.flatMap { positionByID[$0] }
            }
            for next in chain.reversed() {
                placed.insert(next)
                ordered.append(coordinators[next])
            }
        }
        // Each coordinator's children in that order too.
        var rank: [String: Int] = [:]
        for (position, coordinator) in ordered.enumerated() where rank[coordinator.id] == nil {
            rank[coordinator.id] = position
        }
        for index in ordered.indices where ordered[index].childIDs.count > 1 {
            ordered[index].childIDs = ordered[index].childIDs.enumerated().sorted {
                (rank[$0.element] ?? Int.max, $0.offset) < (rank[$1.element] ?? Int.max, $1.offset)
            }.map(\.element)
        }
        return ordered
    }

    /// The hosts, windows' first in window order, then by the rank of the controller they were started on
    /// (controllers without a rank last), keeping the document's order among equals.
    private func hostsInCanonicalOrder(controllerRank: (String) -> Int?) -> [BridgedHost] {
        var windowRank: [String: Int] = [:]
        for (position, window) in windows.enumerated() where windowRank[window.id] == nil {
            windowRank[window.id] = position
        }
        func key(_ host: BridgedHost) -> Int {
            switch host.base {
            case .window(let id): id.flatMap { windowRank[$0] } ?? Int.max
            case .modal(let id), .navigation(let id):
                id.flatMap(controllerRank).map { windows.count + $0 } ?? Int.max
            }
        }
        return hosts.enumerated().sorted { (key($0.element), $0.offset) < (key($1.element), $1.offset) }.map(\.element)
    }

    /// The controller that lists each controller as a child (the first that does), by the child's id.
    private func containers() -> [String: String] {
        var parent: [String: String] = [:]
        for controller in controllers {
            for child in controller.children where parent[child] == nil { parent[child] = controller.id }
        }
        return parent
    }
}
