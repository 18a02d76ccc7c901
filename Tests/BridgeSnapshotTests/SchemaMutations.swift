/// Documents one change away from a valid snapshot that uses every element and attribute the schema
/// declares: each element removed, doubled, given an unexpected child, text, whitespace, a CDATA section or
/// a comment, put in a namespace or renamed; each attribute removed, or given each of a list of values that
/// sit on the edges of the schema's types; unknown and namespaced attributes added; start tags spread over
/// lines (libxml2 places an element's problems on the line its start tag ends on).
enum SchemaMutations {
    struct Node {
        var name: String
        var attributes: [(name: String, value: String)]
        var children: [Node] = []
        /// Raw markup inside the element, before its children.
        var inner = ""
        /// Whether each attribute goes on a line of its own.
        var spread = false

        init(_ name: String, _ attributes: [(String, String)] = [], _ children: [Node] = []) {
            self.name = name
            self.attributes = attributes.map { (name: $0.0, value: $0.1) }
            self.children = children
        }

        func render(_ indent: String = "") -> String {
            let separator = spread ? "\n\(indent)    " : " "
            let attributeText = attributes.map { "\(separator)\($0.name)=\"\($0.value)\"" }.joined()
            if children.isEmpty && inner.isEmpty { return "\(indent)<\(name)\(attributeText)/>\n" }
            var text = "\(indent)<\(name)\(attributeText)>\(inner)\n"
            for child in children { text += child.render(indent + "  ") }
            return text + "\(indent)</\(name)>\n"
        }
    }

    /// A valid version 4 document with every element and attribute.
    static let base = Node(
        "bridge-snapshot", [("version", "4")],
        [
            Node(
                "windows", [],
                [
                    Node(
                        "window", [("id", "main"), ("key", "true"), ("visible", "false"), ("root", "nav")],
                        [Node("presented", [("controller", "sheet"), ("style", "pageSheet")])])
                ]),
            Node(
                "controllers", [],
                [
                    Node(
                        "controller",
                        [
                            ("id", "nav"), ("type", "UINavigationController"), ("container", "navigation"),
                            ("title", "Home"),
                        ],
                        [Node("child", [("ref", "home")])]),
                    Node("controller", [("id", "home"), ("type", "HomeViewController")]),
                    Node(
                        "controller",
                        [("id", "tabs"), ("type", "UITabBarController"), ("container", "tabBar"), ("selected", "0")]),
                    Node(
                        "controller",
                        [
                            ("id", "split"), ("type", "UISplitViewController"), ("container", "splitView"),
                            ("collapsed", "1"),
                        ]),
                    Node(
                        "controller",
                        [
                            ("id", "pages"), ("type", "UIPageViewController"), ("container", "page"),
                            ("pageCurl", "true"), ("vertical", "0"),
                        ]),
                    Node(
                        "controller", [("id", "plug"), ("type", "Custom"), ("container", "Route.kind_2")],
                        [Node("state", [("name", "index"), ("value", "1")])]),
                    Node(
                        "controller",
                        [
                            ("id", "alert"), ("type", "UIAlertController"), ("alert", "actionSheet"),
                            ("message", "Sure?"),
                        ],
                        [Node("action", [("title", "OK"), ("style", "destructive"), ("preferred", "false")])]),
                    Node("controller", [("id", "sheet"), ("type", "Sheet"), ("navigation", "false")]),
                ]),
            Node(
                "hosts", [],
                [
                    Node(
                        "host", [("id", "h"), ("base", "modal"), ("on", "home"), ("framework", "Responder")],
                        [
                            Node(
                                "frame",
                                [
                                    ("kind", "present"), ("state", "shown"), ("coordinator", "Sheet Flow"),
                                    ("controller", "sheet"),
                                ])
                        ])
                ]),
            Node(
                "coordinators", [],
                [
                    Node(
                        "coordinator",
                        [
                            ("id", "c"), ("framework", "F"), ("type", "T"), ("identifier", ""), ("root", "home"),
                            ("parent", "d"),
                        ],
                        [Node("child", [("ref", "d")]), Node("owns", [("ref", "home")])])
                ]),
            Node(
                "queue", [],
                [
                    Node("dismiss", [("controller", "sheet"), ("animated", "true")]),
                    Node("pop", [("navigation", "nav"), ("to", "home"), ("animated", "false")]),
                ]),
        ])

    /// Values on the edges of the schema's types.
    static let values = [
        "", " ", "x y", " true ", "TRUE", "1", "0", "-0", "+1", "01", "00", "-1", "+0", " 7 ", "1.0",
        "12345678901234567890123456789",
        String(repeating: "a", count: 512), String(repeating: "a", count: 513), String(repeating: "é", count: 512),
        "é", "Route.kind", "a.b.c", "a..b", ".a", "1a.b", "_a._b", "navigationx", "&#9;x", "a&#10;b", "&amp;",
        "a:b-c.d",
        "push", "presentNavigation", "shown", "waiting", "window", "cancel", "alert", "popover",
        String(repeating: "t", count: 65_537),
    ]

    /// Every path to an element of `base`, as indices from the root.
    private static func paths(_ node: Node, _ prefix: [Int] = []) -> [[Int]] {
        [prefix] + node.children.enumerated().flatMap { paths($0.element, prefix + [$0.offset]) }
    }

    private static func changing(_ path: [Int], in node: Node, _ change: (inout Node) -> Void) -> Node {
        var copy = node
        if let first = path.first {
            copy.children[first] = changing(Array(path.dropFirst()), in: node.children[first], change)
        } else {
            change(&copy)
        }
        return copy
    }

    private static func changingParent(_ path: [Int], in node: Node, _ change: (inout [Node], Int) -> Void) -> Node {
        changing(Array(path.dropLast()), in: node) { parent in change(&parent.children, path.last!) }
    }

    /// Every document one change away from `base`, named after the change.
    static func all() -> [(name: String, bytes: [UInt8])] {
        var documents: [(String, Node)] = [("unchanged", base)]
        for path in paths(base) {
            let element = path.reduce(base) { $0.children[$1] }.name
            let label = "\(element) at \(path)"
            if !path.isEmpty {
                documents.append(("\(label) removed", changingParent(path, in: base) { $0.remove(at: $1) }))
                documents.append(("\(label) doubled", changingParent(path, in: base) { $0.insert($0[$1], at: $1) }))
                documents.append(("\(label) renamed", changing(path, in: base) { $0.name = "gadget" }))
            } else {
                documents.append(("root renamed", changing(path, in: base) { $0.name = "snapshot" }))
            }
            for (change, inner) in [
                ("text", "x"), ("whitespace", "  "), ("CDATA", "<![CDATA[ ]]>"), ("text CDATA", "<![CDATA[x]]>"),
                ("comment", "<!-- note -->"), ("processing instruction", "<?note x?>"),
                ("unexpected child", "<gadget/>"),
                ("entity reference", "&#32;"),
            ] {
                documents.append(("\(label) with \(change)", changing(path, in: base) { $0.inner = inner }))
            }
            documents.append(
                ("\(label) in a namespace", changing(path, in: base) { $0.attributes.append(("xmlns", "urn:other")) }))
            documents.append(
                (
                    "\(label) with an unknown attribute",
                    changing(path, in: base) { $0.attributes.append(("gadget", "1")) }
                ))
            documents.append(
                ("\(label) with xml:lang", changing(path, in: base) { $0.attributes.append(("xml:lang", "en")) }))
            documents.append(
                (
                    "\(label) with a foreign attribute",
                    changing(path, in: base) { $0.attributes += [("xmlns:o", "urn:other"), ("o:note", "x")] }
                ))
            documents.append(
                (
                    "\(label) with an XML Schema instance attribute",
                    changing(path, in: base) {
                        $0.attributes += [
                            ("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance"),
                            ("xsi:noNamespaceSchemaLocation", "bridge-snapshot-5.xsd"),
                        ]
                    }
                ))
            documents.append(
                (
                    "\(label) with an attribute of an undeclared prefix",
                    changing(path, in: base) { $0.attributes.append(("undeclared:note", "x")) }
                ))
            documents.append(
                ("\(label) with an undeclared prefix", changing(path, in: base) { $0.name = "undeclared:" + $0.name }))
            documents.append(("\(label) spread over lines", changing(path, in: base) { $0.spread = true }))
            let attributes = path.reduce(base) { $0.children[$1] }.attributes
            for (index, attribute) in attributes.enumerated() {
                documents.append(
                    ("\(label) without \(attribute.name)", changing(path, in: base) { $0.attributes.remove(at: index) })
                )
                for value in values {
                    documents.append(
                        (
                            "\(label) with \(attribute.name)=\"\(value.prefix(20))\"",
                            changing(path, in: base) { $0.attributes[index].value = value }
                        ))
                }
            }
        }
        return documents.map { ($0.0, Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + $0.1.render()).utf8)) }
    }
}
