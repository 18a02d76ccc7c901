/// How ``BridgedTree/rendered(as:)`` draws a tree.
public enum BridgedTreeFormat: String, CaseIterable, Sendable {
    /// An indented text tree.
    case text
    /// A Graphviz digraph (`dot -Tsvg`).
    case dot
    /// A Mermaid flowchart.
    case mermaid
}

extension BridgedTree {
    /// The tree drawn in `format`. Windows, controllers (with UIKit's containers marked), presentation
    /// chains, stacks, Insecurity hosts with their frames, and each framework's coordinators are told
    /// apart: in text by their lines, in the graphs by shape, colour and edge style.
    public func rendered(as format: BridgedTreeFormat = .text) -> String {
        switch format {
        case .text: textTree()
        case .dot: TreeGraph(self).dot()
        case .mermaid: TreeGraph(self).mermaid()
        }
    }

    /// Who manages each controller: frames (`CheckoutCoordinator present`), then coordinators whose type no
    /// frame on the controller already names.
    private func annotations() -> [String: [String]] {
        var annotations: [String: [String]] = [:]
        var frameTypes: [String: Set<String>] = [:]
        for host in hosts {
            for frame in host.frames {
                guard let id = frame.controllerID else { continue }
                annotations[id, default: []].append(
                    "\(frame.coordinatorType) \(frame.kind.rawValue)\(frame.state == .waiting ? " (waiting)" : "")")
                frameTypes[id, default: []].insert(frame.coordinatorType)
            }
        }
        for coordinator in coordinators {
            for id in coordinator.controllerIDs where frameTypes[id]?.contains(coordinator.type) != true {
                annotations[id, default: []].append(coordinator.type)
            }
        }
        return annotations
    }

    private func textTree() -> String {
        let controllersByID = Dictionary(controllers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let annotations = annotations()
        var lines: [String] = []
        func line(_ controllerID: String, indent: Int, prefix: String = "") {
            guard let controller = controllersByID[controllerID] else { return }
            var text = String(repeating: "  ", count: indent) + prefix + controller.type + " #" + controller.id
            if let title = controller.title { text += " \"\(title)\"" }
            if let container = controller.container?.label { text += " [\(container)]" }
            if let notes = annotations[controller.id] { text += "  <- " + notes.joined(separator: ", ") }
            lines.append(text)
            for child in controller.children { line(child, indent: indent + 1) }
        }
        for window in windows {
            lines.append("\(window.id) (\(window.isKey ? "key, " : "")\(window.isVisible ? "visible" : "hidden"))")
            if let root = window.rootID { line(root, indent: 1) }
            for presented in window.presented {
                line(presented.controllerID, indent: 1, prefix: "presented (\(presented.style)): ")
            }
        }
        if !hosts.isEmpty { lines.append("Insecurity hosts (the engine's chains of screens):") }
        for host in hosts {
            let screens =
                host.frames.isEmpty
                ? "nothing shown now" : "\(host.frames.count) screen\(host.frames.count == 1 ? "" : "s")"
            let runner = host.framework.map { ", run by \($0)" } ?? ""
            lines.append("  \(host.base.sentence)\(runner): \(screens)")
        }
        if !coordinators.isEmpty { lines.append("Coordinators:") }
        let byID = Dictionary(coordinators.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var pending =
            coordinators.filter { $0.parentID == nil }.map { ($0, 1) }.reversed() as [(BridgedCoordinator, Int)]
        while let (coordinator, depth) = pending.popLast() {
            lines.append(
                String(repeating: "  ", count: depth)
                    + "\(coordinator.framework) \(coordinator.type) (\(coordinator.controllerIDs.count) controller\(coordinator.controllerIDs.count == 1 ? "" : "s"))"
            )
            pending.append(contentsOf: coordinator.childIDs.compactMap { byID[$0] }.map { ($0, depth + 1) }.reversed())
        }
        return lines.joined(separator: "\n")
    }
}

extension BridgedContainer {
    /// A short description for people: `navigation`, `tab bar, selected 1`, `split view, collapsed`,
    /// `page view, selected 0, loops`, a plugin's kind with its state. Tabs and pages
    /// are counted from 0, as in snapshots (`selected="1"`) and journey scripts (`tab 1`).
    public var label: String {
        switch self {
        case .navigation: "navigation"
        case .tabBar(let selected): "tab bar" + (selected.map { ", selected \($0)" } ?? "")
        case .splitView(let collapsed): "split view" + (collapsed ? ", collapsed" : "")
        case .page(let pageCurl, let vertical, let list):
            "page view" + (pageCurl ? ", page curl" : "") + (vertical ? ", vertical" : "")
                + (list.map { ", selected \($0.selectedIndex)" + ($0.loops ? ", loops" : "") } ?? "")
        case .described(let name, let state):
            ([name] + state.map { "\($0.name) \($0.value)" }).joined(separator: ", ")
        }
    }
}

extension BridgedHost.Base {
    var label: String {
        "\(kind.rawValue)(\(targetID ?? "?"))"
    }

    /// What the host does, in a person's words: `pushes onto #shop`, `presents from #home`, `replaces the
    /// root of window1`.
    var sentence: String {
        let target = targetID ?? "a controller that is gone"
        return switch self {
        case .modal: "presents from #\(target)"
        case .navigation: "pushes onto #\(target)"
        case .window: "replaces the root of \(target)"
        }
    }
}
