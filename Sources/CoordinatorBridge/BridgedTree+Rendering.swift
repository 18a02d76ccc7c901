extension BridgedTree {
    /// An indented text tree: windows with their controllers and presentations, each controller annotated
    /// with the frame and the coordinators that manage it, then the hosts and the coordinator tree.
    public func rendered() -> String {
        let controllersByID = Dictionary(controllers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var annotations: [String: [String]] = [:]
        for host in hosts {
            for frame in host.frames {
                if let id = frame.controllerID { annotations[id, default: []].append("\(frame.coordinatorType) \(frame.kind)") }
            }
        }
        for coordinator in coordinators {
            for id in coordinator.controllerIDs { annotations[id, default: []].append(coordinator.type) }
        }
        var lines: [String] = []
        func line(_ controllerID: String, indent: Int, prefix: String = "") {
            guard let controller = controllersByID[controllerID] else { return }
            var text = String(repeating: "  ", count: indent) + prefix + controller.type + " #" + controller.id
            if let title = controller.title { text += " \"\(title)\"" }
            if let notes = annotations[controller.id] { text += "  <- " + notes.joined(separator: ", ") }
            lines.append(text)
            for child in controller.children { line(child, indent: indent + 1) }
        }
        for window in windows {
            lines.append("\(window.id) (\(window.isKey ? "key, " : "")\(window.isVisible ? "visible" : "hidden"))")
            if let root = window.rootID { line(root, indent: 1) }
            for presented in window.presented { line(presented.controllerID, indent: 1, prefix: "presented (\(presented.style)): ") }
        }
        for host in hosts {
            lines.append("\(host.id) on \(host.base.label): \(host.frames.count) frame\(host.frames.count == 1 ? "" : "s")")
        }
        let byID = Dictionary(coordinators.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var pending = coordinators.filter { $0.parentID == nil }.map { ($0, 0) }.reversed() as [(BridgedCoordinator, Int)]
        while let (coordinator, depth) = pending.popLast() {
            lines.append(String(repeating: "  ", count: depth) + "\(coordinator.framework) \(coordinator.type) (\(coordinator.controllerIDs.count) controller\(coordinator.controllerIDs.count == 1 ? "" : "s"))")
            pending.append(contentsOf: coordinator.childIDs.compactMap { byID[$0] }.map { ($0, depth + 1) }.reversed())
        }
        return lines.joined(separator: "\n")
    }
}

extension BridgedHost.Base {
    var label: String {
        switch self {
        case .modal(let id): "modal(\(id ?? "?"))"
        case .navigation(let id): "navigation(\(id ?? "?"))"
        case .window(let id): "window(\(id ?? "?"))"
        }
    }
}
