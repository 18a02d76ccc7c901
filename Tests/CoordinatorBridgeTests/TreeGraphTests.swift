import CoordinatorBridge
import Foundation
import TestSupport
import Testing

@Suite("Pictures of a tree")
struct TreeGraphTests {
    /// A window whose root is a three-screen stack with a sheet over it; a window host replaced the root, an
    /// app's own modal host presented the sheet, and an adapter's host pushed the top screen.
    private let tree = BridgedTree(
        windows: [
            BridgedWindow(
                id: "w", isKey: true, isVisible: true, rootID: "stack",
                presented: [BridgedPresentation(controllerID: "sheet", style: "pageSheet")])
        ],
        controllers: [
            BridgedController(
                id: "stack", type: "UINavigationController", title: nil, children: ["first", "second", "third"],
                container: .navigation),
            BridgedController(id: "first", type: "UIViewController", title: nil, children: []),
            BridgedController(id: "second", type: "UIViewController", title: nil, children: []),
            BridgedController(id: "third", type: "UIViewController", title: nil, children: []),
            BridgedController(id: "sheet", type: "UIViewController", title: nil, children: []),
        ],
        hosts: [
            BridgedHost(
                id: "window", base: .window(windowID: "w"),
                frames: [
                    BridgedFrame(kind: .windowRoot, state: .shown, coordinatorType: "AppFlow", controllerID: "stack")
                ]),
            BridgedHost(
                id: "modal", base: .modal(controllerID: "stack"),
                frames: [
                    BridgedFrame(kind: .present, state: .shown, coordinatorType: "SheetFlow", controllerID: "sheet")
                ]),
            BridgedHost(
                id: "pushes", base: .navigation(controllerID: "stack"),
                frames: [
                    BridgedFrame(kind: .push, state: .shown, coordinatorType: "ThirdScreens", controllerID: "third")
                ],
                framework: "ResponderCoordinator"),
        ],
        coordinators: [
            BridgedCoordinator(
                id: "R.1", framework: "ResponderCoordinator", type: "ThirdScreens", identifier: "Third",
                parentID: nil, childIDs: [], controllerIDs: ["third"])
        ])

    @Test("DOT: a window host's edge goes to the window's root, not to what is presented over it")
    func windowHostPointsAtTheRoot() {
        let dot = tree.rendered(as: .dot)
        #expect(dot.contains("\"h:window\" -> \"c:stack\" [label=\"on window w\""))
        #expect(!dot.contains("\"h:window\" -> \"c:sheet\""))
    }

    @Test("DOT: a stack is listed from its root and keeps its order, so it reads left to right")
    func stacksReadFromTheRoot() throws {
        let dot = tree.rendered(as: .dot)
        let positions = try ["\"c:first\";", "\"c:second\";", "\"c:third\";"].map {
            try #require(dot.range(of: $0)).lowerBound
        }
        #expect(positions == positions.sorted())
        #expect(
            dot.contains(
                "\"c:stack\" [label=\"UINavigationController\\n#stack\\n[navigation]\", shape=box, ordering=out"))
    }

    @Test("DOT and Mermaid: the app's Insecurity coordinators are nodes like the plugins' coordinators, drawn once")
    func insecurityCoordinatorsAreNodes() {
        let dot = tree.rendered(as: .dot)
        #expect(dot.contains("\"f:modal:0\" [label=\"SheetFlow\\nInsecurity\", shape=box, style=\"rounded,filled\""))
        #expect(dot.contains("\"h:modal\" -> \"f:modal:0\" [label=\"1: present\""))
        #expect(dot.contains("\"f:modal:0\" -> \"c:sheet\" [style=dotted"))
        #expect(dot.contains("\"f:window:0\" [label=\"AppFlow\\nInsecurity\""))
        // The adapter's frame is its framework's coordinator, already a node: no Insecurity twin.
        #expect(!dot.contains("ThirdScreens\\nInsecurity"))
        #expect(dot.contains("\"h:pushes\" -> \"c:third\" [label=\"1: push ThirdScreens\""))
        let mermaid = tree.rendered(as: .mermaid)
        #expect(mermaid.contains("([\"SheetFlow<br/>Insecurity\"])"))
    }
}

/// Graphviz's `dot`, when installed (`.ci/run` installs it).
private let graphviz = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"]
    .map(URL.init(fileURLWithPath:)).first { FileManager.default.isExecutableFile(atPath: $0.path) }

@Suite("Pictures that tell the truth")
struct PictureOrderTests {
    /// A five-screen stack whose screens two coordinators own in the opposite order, with a host pushing the
    /// last ones: the pulls that used to draw a stack out of order.
    private let tree = BridgedTree(
        windows: [BridgedWindow(id: "w", isKey: true, isVisible: true, rootID: "stack", presented: [])],
        controllers: [
            BridgedController(
                id: "stack", type: "UINavigationController", title: nil,
                children: ["s1", "s2", "s3", "s4", "s5"], container: .navigation)
        ] + (1...5).map { BridgedController(id: "s\($0)", type: "UIViewController", title: nil, children: []) },
        hosts: [
            BridgedHost(
                id: "stack/navigation", base: .navigation(controllerID: "stack"),
                frames: [
                    BridgedFrame(kind: .push, state: .shown, coordinatorType: "Late", controllerID: "s4"),
                    BridgedFrame(kind: .push, state: .shown, coordinatorType: "Late", controllerID: "s5"),
                ],
                framework: "ResponderCoordinator")
        ],
        coordinators: [
            BridgedCoordinator(
                id: "late", framework: "ResponderCoordinator", type: "Late", identifier: "Late", parentID: nil,
                childIDs: [], controllerIDs: ["s5", "s4", "s3"]),
            BridgedCoordinator(
                id: "early", framework: "RouteCoordinator", type: "Early", identifier: "Early", parentID: nil,
                childIDs: [], controllerIDs: ["s2", "s1"]),
        ])

    @Test(
        "X7: Graphviz draws a stack left to right from its root, whoever owns its screens",
        .enabled(if: graphviz != nil, "Graphviz's dot is not installed"))
    func stackOrderInTheLayout() throws {
        let dot = try temporaryFile(tree.rendered(as: .dot), name: "stack.dot")
        let layout = try run(graphviz!, ["-Tplain", dot.path])
        #expect(layout.status == 0, "\(layout.error)")
        var x: [String: Double] = [:]
        for line in layout.output.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.first == "node", fields.count > 3 else { continue }
            x[fields[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))] = Double(fields[2])
        }
        let positions = try (1...5).map { try #require(x["c:s\($0)"]) }
        #expect(positions == positions.sorted(), "\(positions)")
    }

    @Test("X7: Mermaid lists a stack's screens and its numbered edges in stack order")
    func stackOrderInMermaid() {
        let lines = tree.rendered(as: .mermaid).split(separator: "\n").map(String.init)
        let numbered = lines.filter { $0.contains("-->|\"") && $0.contains("|") }.compactMap { line -> Int? in
            guard let label = line.split(separator: "|").dropFirst().first else { return nil }
            return Int(label.trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        }
        #expect(numbered == [1, 2, 3, 4, 5])
    }

    @Test("X7: each framework has one colour in every picture, whatever else the picture holds, and a legend")
    func frameworkColours() {
        func fill(of framework: String, in tree: BridgedTree) -> String? {
            let line = tree.rendered(as: .dot).split(separator: "\n").map(String.init)
                .first { $0.contains("\\n\(framework)\"") && $0.contains("fillcolor") }
            guard let line, let start = line.range(of: "fillcolor=\"") else { return nil }
            return String(line[start.upperBound...].prefix(7))
        }
        var routeOnly = tree
        routeOnly.coordinators.removeAll { $0.framework == "ResponderCoordinator" }
        routeOnly.hosts = []
        #expect(fill(of: "RouteCoordinator", in: tree) != nil)
        #expect(fill(of: "RouteCoordinator", in: tree) == fill(of: "RouteCoordinator", in: routeOnly))
        let dot = tree.rendered(as: .dot)
        #expect(dot.contains("cluster_legend"))
        #expect(dot.contains("\"legend:RouteCoordinator\""))
        #expect(dot.contains("\"legend:ResponderCoordinator\""))
    }
}
