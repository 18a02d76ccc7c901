/// A bridged tree as a graph of nodes and edges, drawn as Graphviz DOT or as a Mermaid flowchart.
///
/// - Windows are clusters (subgraphs) holding the controllers they show.
/// - Controllers are boxes; containers are filled (navigation blue, tab bar green, split view pink, page
///   view yellow, a plugin's kind lilac).
/// - Containment is a solid edge (stacks numbered bottom to top); a presentation is a dashed edge.
/// - Insecurity hosts are hexagons with a dotted edge to what they were started on (a window's root for a
///   window host) and a numbered edge per frame: to its coordinator, or, for a host an adapter runs, to the
///   controller of its framework's coordinator.
/// - Coordinators, the plugins' and the Insecurity frames' alike, are rounded nodes with one colour per
///   framework in every picture (``colour(ofFramework:)``), bold parent edges and dotted edges to the
///   controllers they own; the DOT output ends with a legend of the colours it uses.
/// - Nodes are listed in reading order, and containers keep their children's order, so a stack reads
///   left to right from its root.
struct TreeGraph {
    enum Shape {
        case controller(BridgedContainer?)
        case host
        case coordinator(framework: String)
    }
    enum Style { case containment, presentation, hostBase, frame, coordinatorChild, owns }

    struct Node {
        let key: String
        let label: String
        let shape: Shape
    }

    struct Edge {
        let from: String
        let to: String
        let label: String?
        let style: Style
    }

    struct Cluster {
        let key: String
        let label: String
        var members: [String]
    }

    private(set) var nodes: [Node] = []
    private(set) var edges: [Edge] = []
    private(set) var clusters: [Cluster] = []
    private var frameworks: [String] = []
    /// The keys of each container's children, in order.
    private var orderedSiblings: [[String]] = []

    init(_ tree: BridgedTree) {
        addWindowClusters(tree)
        addControllers(tree)
        // After the containment edges: a container's children come first in its ordered out-edges, so what
        // it presents is drawn to their right.
        addPresentations(tree)
        for host in tree.hosts { addHost(host, windows: tree.windows) }
        addCoordinators(tree)
    }

    /// One cluster per window, holding what it shows, depth first with children in order: the order
    /// Graphviz lays out a rank in.
    private mutating func addWindowClusters(_ tree: BridgedTree) {
        let controllersByID = Dictionary(tree.controllers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var placed = Set<String>()
        for window in tree.windows {
            var cluster = Cluster(
                key: "window:\(window.id)",
                label: "window \(window.id)\(window.isKey ? " (key)" : "")\(window.isVisible ? "" : " (hidden)")",
                members: [])
            var pending = Array(([window.rootID].compactMap { $0 } + window.presented.map(\.controllerID)).reversed())
            while let id = pending.popLast() {
                guard placed.insert(id).inserted, let controller = controllersByID[id] else { continue }
                cluster.members.append("c:\(id)")
                pending.append(contentsOf: controller.children.reversed())
            }
            clusters.append(cluster)
        }
    }

    private mutating func addControllers(_ tree: BridgedTree) {
        for controller in tree.controllers {
            var label = controller.type + "\n#" + controller.id
            if let title = controller.title { label += "\n\"\(title)\"" }
            if let container = controller.container { label += "\n[\(container.label)]" }
            nodes.append(Node(key: "c:\(controller.id)", label: label, shape: .controller(controller.container)))
            if controller.container != nil { orderedSiblings.append(controller.children.map { "c:\($0)" }) }
            for (index, child) in controller.children.enumerated() {
                let edgeLabel: String? = controller.container == .navigation ? "\(index + 1)" : nil
                edges.append(Edge(from: "c:\(controller.id)", to: "c:\(child)", label: edgeLabel, style: .containment))
            }
        }
    }

    private mutating func addPresentations(_ tree: BridgedTree) {
        for window in tree.windows {
            var presenter = window.rootID
            for link in window.presented {
                if let from = presenter {
                    edges.append(
                        Edge(
                            from: "c:\(from)", to: "c:\(link.controllerID)", label: "presents (\(link.style))",
                            style: .presentation))
                }
                presenter = link.controllerID
            }
        }
    }

    /// A host, the edge to its base (a window host's goes to the window's root), and its frames.
    private mutating func addHost(_ host: BridgedHost, windows: [BridgedWindow]) {
        nodes.append(Node(key: "h:\(host.id)", label: "host \(host.id)\n\(host.base.label)", shape: .host))
        switch host.base {
        case .modal(let id?), .navigation(let id?):
            edges.append(Edge(from: "h:\(host.id)", to: "c:\(id)", label: "on", style: .hostBase))
        case .window(let id?):
            if let root = windows.first(where: { $0.id == id })?.rootID {
                edges.append(Edge(from: "h:\(host.id)", to: "c:\(root)", label: "on window \(id)", style: .hostBase))
            }
        case .modal(nil), .navigation(nil), .window(nil):
            break
        }
        for (index, frame) in host.frames.enumerated() {
            let waiting = frame.state == .waiting ? ", waiting" : ""
            // An adapter's host runs its framework's coordinators, which are nodes of their own already.
            if host.framework != nil {
                if let id = frame.controllerID {
                    edges.append(
                        Edge(
                            from: "h:\(host.id)", to: "c:\(id)",
                            label: "\(index + 1): \(frame.kind.rawValue) \(frame.coordinatorType)\(waiting)",
                            style: .frame))
                }
                continue
            }
            let key = "f:\(host.id):\(index)"
            if !frameworks.contains(Self.insecurity) { frameworks.append(Self.insecurity) }
            nodes.append(
                Node(
                    key: key, label: "\(frame.coordinatorType)\n\(Self.insecurity)",
                    shape: .coordinator(framework: Self.insecurity)))
            edges.append(
                Edge(
                    from: "h:\(host.id)", to: key, label: "\(index + 1): \(frame.kind.rawValue)\(waiting)",
                    style: .frame))
            if let id = frame.controllerID {
                edges.append(Edge(from: key, to: "c:\(id)", label: nil, style: .owns))
            }
        }
    }

    private mutating func addCoordinators(_ tree: BridgedTree) {
        for coordinator in tree.coordinators {
            if !frameworks.contains(coordinator.framework) { frameworks.append(coordinator.framework) }
            nodes.append(
                Node(
                    key: "k:\(coordinator.id)", label: "\(coordinator.type)\n\(coordinator.framework)",
                    shape: .coordinator(framework: coordinator.framework)))
            for child in coordinator.childIDs {
                edges.append(Edge(from: "k:\(coordinator.id)", to: "k:\(child)", label: nil, style: .coordinatorChild))
            }
            for owned in coordinator.controllerIDs {
                edges.append(Edge(from: "k:\(coordinator.id)", to: "c:\(owned)", label: nil, style: .owns))
            }
        }
    }

    /// The framework named on the nodes of Insecurity frames' coordinators.
    private static let insecurity = "Insecurity"

    /// Each framework's colour, the same in every picture (the README's legend lists them).
    static let frameworkColours: KeyValuePairs<String, String> = [
        "Insecurity": "#fde68a", "ResponderCoordinator": "#c4b5fd", "InsecurityClassic": "#fdba74",
        "RouteCoordinator": "#a5f3fc",
    ]
    /// The colours of other frameworks, picked by their name, so each keeps one.
    private static let otherColours = ["#d9f99d", "#fecaca", "#ddd6fe", "#bae6fd"]

    static func colour(ofFramework framework: String) -> String {
        if let known = frameworkColours.first(where: { $0.key == framework }) { return known.value }
        let sum = framework.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xffff }
        return otherColours[sum % otherColours.count]
    }

    private func colour(of shape: Shape) -> String? {
        switch shape {
        case .controller(.navigation): "#bfdbfe"
        case .controller(.tabBar): "#bbf7d0"
        case .controller(.splitView): "#fbcfe8"
        case .controller(.page): "#fef08a"
        case .controller(.described): "#e9d5ff"
        case .controller(nil): nil
        case .host: "#e5e7eb"
        case .coordinator(let framework): Self.colour(ofFramework: framework)
        }
    }

    // MARK: Graphviz

    func dot() -> String {
        func quoted(_ text: String) -> String {
            "\""
                + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n") + "\""
        }
        var lines = [
            "digraph bridge {", "  rankdir=TB;", "  node [fontname=\"Helvetica\", fontsize=10];",
            "  edge [fontname=\"Helvetica\", fontsize=9];",
        ]
        let clustered = Set(clusters.flatMap(\.members))
        for (index, cluster) in clusters.enumerated() {
            lines.append("  subgraph cluster_\(index) {")
            lines.append("    label=\(quoted(cluster.label)); style=rounded; color=\"#6b7280\";")
            for member in cluster.members { lines.append("    \(quoted(member));") }
            lines.append("  }")
        }
        for node in nodes {
            var attributes = ["label=\(quoted(node.label))"]
            switch node.shape {
            case .controller(nil): attributes.append("shape=box")
            // A container's children keep their order (a stack from its root, tabs as in the bar).
            case .controller: attributes.append("shape=box, ordering=out")
            case .host: attributes.append("shape=hexagon")
            case .coordinator: attributes.append("shape=box, style=\"rounded,filled\"")
            }
            if let colour = colour(of: node.shape) {
                if case .coordinator = node.shape {} else { attributes.append("style=filled") }
                attributes.append("fillcolor=\(quoted(colour))")
            }
            if case .controller = node.shape, !clustered.contains(node.key) { attributes.append("color=\"#9ca3af\"") }
            lines.append("  \(quoted(node.key)) [\(attributes.joined(separator: ", "))];")
        }
        // A container's children on one rank, left to right in their order: a stack reads from its root
        // whatever else pulls on its screens (coordinators owning them, hosts pushing them).
        for siblings in orderedSiblings where siblings.count > 1 {
            lines.append(
                "  { rank=same; " + siblings.map(quoted).joined(separator: " -> ") + " [style=invis]; }")
        }
        lines += legend(quoted: quoted)
        for edge in edges {
            var attributes: [String] = []
            if let label = edge.label { attributes.append("label=\(quoted(label))") }
            switch edge.style {
            case .containment: break
            case .presentation: attributes.append("style=dashed, color=\"#2563eb\"")
            case .hostBase: attributes.append("style=dotted, arrowhead=none")
            case .frame: attributes.append("color=\"#6b7280\", fontcolor=\"#374151\"")
            case .coordinatorChild: attributes.append("style=bold, color=\"#b45309\"")
            case .owns: attributes.append("style=dotted, color=\"#b45309\"")
            }
            let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            lines.append("  \(quoted(edge.from)) -> \(quoted(edge.to))\(suffix);")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A cluster naming each framework's colour, and each container kind's, that the picture uses.
    private func legend(quoted: (String) -> String) -> [String] {
        var entries: [(key: String, label: String, colour: String)] = frameworks.map {
            ("legend:\($0)", $0, Self.colour(ofFramework: $0))
        }
        var kinds: [String] = []
        for node in nodes {
            guard case .controller(let container?) = node.shape, let colour = colour(of: node.shape) else { continue }
            let kind = container.kind?.rawValue ?? container.name
            guard !kinds.contains(kind) else { continue }
            kinds.append(kind)
            entries.append(("legend:container:\(kind)", kind, colour))
        }
        guard !entries.isEmpty else { return [] }
        var lines = ["  subgraph cluster_legend {", "    label=\"legend\"; style=dashed; color=\"#9ca3af\";"]
        for entry in entries {
            lines.append(
                "    \(quoted(entry.key)) [label=\(quoted(entry.label)), shape=box, style=\"rounded,filled\", fillcolor=\(quoted(entry.colour))];"
            )
        }
        lines.append("  }")
        return lines
    }

    // MARK: Mermaid

    func mermaid() -> String {
        var ids: [String: String] = [:]
        func id(_ key: String) -> String {
            if let existing = ids[key] { return existing }
            let made = "n\(ids.count + 1)"
            ids[key] = made
            return made
        }
        func text(_ label: String) -> String {
            "\""
                + label.replacingOccurrences(of: "#", with: "#35;").replacingOccurrences(of: "\"", with: "#quot;")
                .replacingOccurrences(of: "<", with: "#lt;").replacingOccurrences(of: ">", with: "#gt;")
                .replacingOccurrences(of: "\n", with: "<br/>") + "\""
        }
        var lines = ["flowchart TD"]
        let nodesByKey = Dictionary(nodes.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        func nodeLine(_ node: Node) -> String {
            let label = text(node.label)
            switch node.shape {
            case .controller(nil): return "\(id(node.key))[\(label)]"
            case .controller: return "\(id(node.key))[[\(label)]]"
            case .host: return "\(id(node.key)){{\(label)}}"
            case .coordinator: return "\(id(node.key))([\(label)])"
            }
        }
        var drawn = Set<String>()
        for (index, cluster) in clusters.enumerated() {
            lines.append("  subgraph window\(index + 1)[\(text(cluster.label))]")
            for member in cluster.members {
                guard let node = nodesByKey[member], drawn.insert(member).inserted else { continue }
                lines.append("    " + nodeLine(node))
            }
            lines.append("  end")
        }
        for node in nodes where drawn.insert(node.key).inserted {
            lines.append("  " + nodeLine(node))
        }
        let (edgeLines, linkStyles) = mermaidEdges(id: id, text: text)
        lines += edgeLines
        for node in nodes {
            guard let colour = colour(of: node.shape) else { continue }
            lines.append("  style \(id(node.key)) fill:\(colour)")
        }
        for (index, style) in linkStyles { lines.append("  linkStyle \(index) \(style)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The edges' lines, and the stroke of each edge drawn in colour, by edge index.
    private func mermaidEdges(id: (String) -> String, text: (String) -> String) -> ([String], [(Int, String)]) {
        var lines: [String] = []
        var linkStyles: [(Int, String)] = []
        for (index, edge) in edges.enumerated() {
            let arrow: String
            switch edge.style {
            case .containment, .frame: arrow = "-->"
            case .presentation, .hostBase, .owns: arrow = "-.->"
            case .coordinatorChild: arrow = "==>"
            }
            let label = edge.label.map { "|\(text($0))|" } ?? ""
            lines.append("  \(id(edge.from)) \(arrow)\(label) \(id(edge.to))")
            switch edge.style {
            case .presentation: linkStyles.append((index, "stroke:#2563eb"))
            case .frame: linkStyles.append((index, "stroke:#6b7280"))
            case .coordinatorChild, .owns: linkStyles.append((index, "stroke:#b45309"))
            case .containment, .hostBase: break
            }
        }
        return (lines, linkStyles)
    }
}
