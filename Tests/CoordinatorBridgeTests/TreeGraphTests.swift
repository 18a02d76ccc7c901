import CoordinatorBridge
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
