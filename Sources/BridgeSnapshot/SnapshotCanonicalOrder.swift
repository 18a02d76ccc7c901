import CoordinatorBridge

extension BridgedTree {
    /// The tree with its controllers in the order a live export lists them, whatever order a document gave
    /// them in (X2, X3): each window's root and then its presented controllers, each followed by the
    /// controllers it shows, depth first; then the controllers of frames still waiting to be shown, in host
    /// and frame order, each after the navigation controller holding it; then any other controller, in the
    /// document's order. The `<controllers>` section is a set that other elements refer into, so its order
    /// carries nothing a reader could rely on, and two documents that differ only in it are the same tree.
    func inCanonicalOrder() -> BridgedTree {
        var index: [String: Int] = [:]
        var parent: [String: String] = [:]
        for (position, controller) in controllers.enumerated() where index[controller.id] == nil {
            index[controller.id] = position
            for child in controller.children where parent[child] == nil { parent[child] = controller.id }
        }
        var ordered: [BridgedController] = []
        ordered.reserveCapacity(controllers.count)
        var visited = Set<String>()
        func visit(_ id: String) {
            var pending = [id]
            while let next = pending.popLast() {
                guard let position = index[next], visited.insert(next).inserted else { continue }
                ordered.append(controllers[position])
                pending.append(contentsOf: controllers[position].children.reversed())
            }
        }
        for window in windows {
            if let root = window.rootID { visit(root) }
            for presented in window.presented { visit(presented.controllerID) }
        }
        for host in hosts {
            for frame in host.frames {
                guard let id = frame.controllerID, !visited.contains(id) else { continue }
                if let holder = parent[id], !visited.contains(holder),
                    index[holder].map({ controllers[$0].container == .navigation }) == true
                {
                    visit(holder)
                }
                visit(id)
            }
        }
        for controller in controllers where !visited.contains(controller.id) { visit(controller.id) }
        guard ordered.count == controllers.count else { return self }
        var tree = self
        tree.controllers = ordered
        return tree
    }
}
