import CLibXML2
import CoordinatorBridge

/// Writes a ``BridgedTree`` as a version-5 snapshot in canonical form (X2): attributes in a fixed order,
/// elements in the tree's order, two-space indentation, no addresses or timestamps. The same tree always
/// gives the same bytes.
enum SnapshotWriter {
    /// The version written. Version 2 added tab bar and split view controllers (`container`, `selected`,
    /// `collapsed`) in place of version 1's `navigation="true"`. Version 3 added alerts (`alert`, `message`,
    /// `<action>`, X11), coordinators' root controllers (`root`, X12) and the engine's queued removals
    /// (`<queue>`). Version 4 added page view controllers (`container="page"`, `pageCurl`, `vertical`) and
    /// the container kinds plugins describe (`container="Framework.kind"` with `<state>` elements). Version 5
    /// added page lists (`selected` and `loop` on a page view controller whose data source lists its pages).
    /// Files of every earlier version still import.
    static let version = 5
    /// Every version the parser reads.
    static let readableVersions = 1...version

    static func write(_ tree: BridgedTree) -> String {
        let tree = tree.withDerivedRoots().inCanonicalOrder().withStableIDs()
        xmlInitParser()
        let buffer = xmlBufferCreate()!
        defer { xmlBufferFree(buffer) }
        let writer = XMLWriter(xmlNewTextWriterMemory(buffer, 0)!)
        writer.document {
            writer.element("bridge-snapshot", ["version": "\(version)"]) {
                writer.element("windows") { writeWindows(tree.windows, to: writer) }
                writer.element("controllers") { writeControllers(tree.controllers, to: writer) }
                writer.element("hosts") { writeHosts(tree.hosts, to: writer) }
                writer.element("coordinators") { writeCoordinators(tree.coordinators, to: writer) }
                if !tree.queued.isEmpty {
                    writer.element("queue") { writeQueue(tree.queued, to: writer) }
                }
            }
        }
        writer.close()
        return String(cString: xmlBufferContent(buffer))
    }

    private static func writeWindows(_ windows: [BridgedWindow], to writer: XMLWriter) {
        for window in windows {
            writer.element(
                "window",
                [
                    ("id", window.id), ("key", "\(window.isKey)"), ("visible", "\(window.isVisible)"),
                    ("root", window.rootID),
                ]
            ) {
                for presented in window.presented {
                    writer.element("presented", [("controller", presented.controllerID), ("style", presented.style)])
                }
            }
        }
    }

    private static func writeControllers(_ controllers: [BridgedController], to writer: XMLWriter) {
        for controller in controllers {
            writer.element(
                "controller",
                [("id", controller.id), ("type", controller.type), ("title", controller.title)]
                    + (controller.container?.attributes ?? [])
                    + (controller.alert.map { [("alert", $0.style), ("message", $0.message)] } ?? [])
            ) {
                for state in controller.container?.stateElements ?? [] {
                    writer.element("state", [("name", state.name), ("value", state.value)])
                }
                for child in controller.children { writer.element("child", [("ref", child)]) }
                for action in controller.alert?.actions ?? [] {
                    writer.element(
                        "action",
                        [
                            ("title", action.title), ("style", action.style),
                            ("preferred", action.isPreferred ? "true" : nil),
                        ])
                }
            }
        }
    }

    /// A host's id is its base's (X13): nothing refers to a host, and the import names hosts the same way.
    private static func writeHosts(_ hosts: [BridgedHost], to writer: XMLWriter) {
        for host in hosts {
            writer.element(
                "host",
                [
                    ("id", host.id), ("base", host.base.kind.rawValue), ("on", host.base.targetID),
                    ("framework", host.framework),
                ]
            ) {
                for frame in host.frames {
                    writer.element(
                        "frame",
                        [
                            ("kind", frame.kind.rawValue), ("state", frame.state.rawValue),
                            ("coordinator", frame.coordinatorType), ("controller", frame.controllerID),
                        ])
                }
            }
        }
    }

    /// Coordinator ids are `Framework.Type@root` (X13), whatever the document called them.
    private static func writeCoordinators(_ coordinators: [BridgedCoordinator], to writer: XMLWriter) {
        for coordinator in coordinators {
            writer.element(
                "coordinator",
                [
                    ("id", coordinator.id), ("framework", coordinator.framework), ("type", coordinator.type),
                    ("identifier", coordinator.identifier), ("root", coordinator.rootID),
                    ("parent", coordinator.parentID),
                ]
            ) {
                for child in coordinator.childIDs { writer.element("child", [("ref", child)]) }
                for owned in coordinator.controllerIDs { writer.element("owns", [("ref", owned)]) }
            }
        }
    }

    private static func writeQueue(_ queued: [BridgedQueuedRemoval], to writer: XMLWriter) {
        for removal in queued {
            switch removal {
            case .dismissal(let id, let animated):
                writer.element("dismiss", [("controller", id), ("animated", "\(animated)")])
            case .pop(let navigation, let id, let animated):
                writer.element("pop", [("navigation", navigation), ("to", id), ("animated", "\(animated)")])
            }
        }
    }
}

extension BridgedContainer {
    /// The `container` attribute and the state attributes of its kind.
    var attributes: [(String, String?)] {
        switch self {
        case .navigation: [("container", name)]
        case .tabBar(let selected): [("container", name), ("selected", selected.map(String.init))]
        case .splitView(let collapsed): [("container", name), ("collapsed", collapsed ? "true" : nil)]
        case .page(let pageCurl, let vertical, let list):
            [
                ("container", name), ("selected", list.map { String($0.selectedIndex) }),
                ("pageCurl", pageCurl ? "true" : nil), ("vertical", vertical ? "true" : nil),
                ("loop", list?.loops == true ? "true" : nil),
            ]
        case .described: [("container", name)]
        }
    }

    /// A plugin's kind's state, written as `<state>` elements; UIKit's kinds have theirs in attributes.
    var stateElements: [BridgedContainerState] {
        if case .described(_, let state) = self { return state }
        return []
    }

    /// `navigation`, `tabBar selected 1`, `splitView collapsed`, `Drawer.side open true`: the form diffs show.
    var snapshotDescription: String {
        let state =
            attributes.dropFirst().compactMap { name, value in value.map { (name, $0) } }
            + stateElements.map { ($0.name, $0.value) }
        return state.reduce(name) { text, attribute in
            attribute.1 == "true" ? "\(text) \(attribute.0)" : "\(text) \(attribute.0) \(attribute.1)"
        }
    }
}

/// A thin, ordered wrapper over libxml2's text writer.
private final class XMLWriter {
    private var writer: xmlTextWriterPtr?

    init(_ writer: xmlTextWriterPtr) {
        self.writer = writer
        xmlTextWriterSetIndent(writer, 1)
        _ = "  ".withXMLString { xmlTextWriterSetIndentString(writer, $0) }
    }

    func document(_ body: () -> Void) {
        xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil)
        body()
        xmlTextWriterEndDocument(writer)
    }

    func element(_ name: String, _ attributes: KeyValuePairs<String, String>, _ body: () -> Void = {}) {
        element(name, attributes.map { ($0.key, Optional($0.value)) }, body)
    }

    /// Writes `<name a="…">body</name>`; attributes whose value is nil are left out.
    func element(_ name: String, _ attributes: [(String, String?)] = [], _ body: () -> Void = {}) {
        name.withXMLString { _ = xmlTextWriterStartElement(writer, $0) }
        for (key, value) in attributes {
            guard let value else { continue }
            key.withXMLString { key in
                value.sanitizedForXML.withXMLString { value in _ = xmlTextWriterWriteAttribute(writer, key, value) }
            }
        }
        body()
        xmlTextWriterEndElement(writer)
    }

    /// Flushes into the buffer.
    func close() {
        xmlFreeTextWriter(writer)
        writer = nil
    }
}

extension String {
    /// Calls `body` with the string as libxml2's `xmlChar*`.
    func withXMLString<Result>(_ body: (UnsafePointer<xmlChar>) -> Result) -> Result {
        withCString { pointer in
            pointer.withMemoryRebound(to: xmlChar.self, capacity: utf8.count + 1, body)
        }
    }

    /// The string with characters that XML 1.0 cannot carry replaced by U+FFFD, so that every written
    /// snapshot parses again.
    var sanitizedForXML: String {
        // Bytes below 0x20 and U+FFFE/U+FFFF (which start with 0xEF) are the only ones to look at closer.
        let plain = utf8.allSatisfy { $0 >= 0x20 ? $0 != 0xEF : ($0 == 0x9 || $0 == 0xA || $0 == 0xD) }
        guard !plain, !unicodeScalars.allSatisfy(\.isXMLCharacter) else { return self }
        return String(String.UnicodeScalarView(unicodeScalars.map { $0.isXMLCharacter ? $0 : "\u{FFFD}" }))
    }
}

extension Unicode.Scalar {
    /// XML 1.0's `Char` production.
    var isXMLCharacter: Bool {
        switch value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
