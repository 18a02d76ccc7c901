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
        var index: [String: Int] = [:]
        for (position, controller) in controllers.enumerated() where index[controller.id] == nil {
            index[controller.id] = position
        }
        let parent = containers()
        var ordered: [BridgedController] = []
        ordered.reserveCapacity(controllers.count)
        var rank: [String: Int] = [:]
        func visit(_ id: String) {
            var pending = [id]
            while let next = pending.popLast() {
                guard let position = index[next], rank[next] == nil else { continue }
                rank[next] = ordered.count
                ordered.append(controllers[position])
                pending.append(contentsOf: controllers[position].children.reversed())
            }
        }
        for window in windows {
            if let root = window.rootID { visit(root) }
            for presented in window.presented { visit(presented.controllerID) }
        }
        let sortedHosts = hostsInCanonicalOrder(controllerRank: rank)
        for host in sortedHosts {
            for frame in host.frames {
                guard let id = frame.controllerID, rank[id] == nil else { continue }
                if let holder = parent[id], rank[holder] == nil,
                    index[holder].map({ controllers[$0].container == .navigation }) == true
                {
                    visit(holder)
                }
                visit(id)
            }
        }
        for controller in controllers where rank[controller.id] == nil { visit(controller.id) }
        guard ordered.count == controllers.count else { return self }
        var tree = self
        tree.controllers = ordered
        tree.hosts = sortedHosts
        return tree
    }

    /// The hosts, windows' first in window order, then by the rank of the controller they were started on
    /// (controllers without a rank last), keeping the document's order among equals.
    private func hostsInCanonicalOrder(controllerRank: [String: Int]) -> [BridgedHost] {
        var windowRank: [String: Int] = [:]
        for (position, window) in windows.enumerated() where windowRank[window.id] == nil {
            windowRank[window.id] = position
        }
        func key(_ host: BridgedHost) -> Int {
            switch host.base {
            case .window(let id): id.flatMap { windowRank[$0] } ?? Int.max
            case .modal(let id), .navigation(let id):
                id.flatMap { controllerRank[$0] }.map { windows.count + $0 } ?? Int.max
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
