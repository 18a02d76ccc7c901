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
        // libxml2 hands its output over in small chunks, copied straight into the string's own storage: no
        // document-sized buffer of its own to fill, grow and copy once more.
        var spilled: [UInt8]?
        let document = String(unsafeUninitializedCapacity: estimatedSize(of: tree)) { storage in
            let sink = OutputSink(storage)
            let writer = XMLWriter(into: sink)
            writeDocument(tree, to: writer)
            writer.close()
            spilled = sink.spilled
            return spilled == nil ? sink.count : 0
        }
        return spilled.map { String(decoding: $0, as: UTF8.self) } ?? document
    }

    private static func writeDocument(_ tree: BridgedTree, to writer: XMLWriter) {
        writer.document {
            writer.element("bridge-snapshot") {
                writer.attribute("version", "\(version)")
                writer.element("windows") { writeWindows(tree.windows, to: writer) }
                writer.element("controllers") { writeControllers(tree.controllers, to: writer) }
                writer.element("hosts") { writeHosts(tree.hosts, to: writer) }
                writer.element("coordinators") { writeCoordinators(tree.coordinators, to: writer) }
                if !tree.queued.isEmpty {
                    writer.element("queue") { writeQueue(tree.queued, to: writer) }
                }
            }
        }
    }

    /// About the size of the document: an element of a snapshot takes some 60 bytes. The string is made with
    /// room for it; a document that outgrows it is gathered in a list of bytes that grows as it must.
    private static func estimatedSize(of tree: BridgedTree) -> Int {
        var elements = tree.windows.count + tree.hosts.count + tree.coordinators.count + tree.queued.count
        for controller in tree.controllers { elements += 1 + controller.children.count }
        for host in tree.hosts { elements += host.frames.count }
        for coordinator in tree.coordinators {
            elements += coordinator.childIDs.count + coordinator.controllerIDs.count
        }
        return 4_096 + 64 * elements
    }

    private static func writeWindows(_ windows: [BridgedWindow], to writer: XMLWriter) {
        for window in windows {
            writer.start("window")
            writer.attribute("id", window.id)
            writer.attribute("key", window.isKey ? "true" : "false")
            writer.attribute("visible", window.isVisible ? "true" : "false")
            writer.attribute("root", window.rootID)
            for presented in window.presented {
                writer.start("presented")
                writer.attribute("controller", presented.controllerID)
                writer.attribute("style", presented.style)
                writer.end()
            }
            writer.end()
        }
    }

    private static func writeControllers(_ controllers: [BridgedController], to writer: XMLWriter) {
        // Each passed in place: a loop over the list would copy every controller.
        for index in controllers.indices { writeController(controllers[index], to: writer) }
    }

    private static func writeController(_ controller: BridgedController, to writer: XMLWriter) {
        writer.start("controller")
        writer.attribute("id", controller.id)
        writer.attribute("type", controller.type)
        writer.attribute("title", controller.title)
        if let container = controller.container {
            for (name, value) in container.attributes { writer.attribute(name, value) }
        }
        if let alert = controller.alert {
            writer.attribute("alert", alert.style)
            writer.attribute("message", alert.message)
        }
        if case .described(_, let states) = controller.container {
            for state in states {
                writer.start("state")
                writer.attribute("name", state.name)
                writer.attribute("value", state.value)
                writer.end()
            }
        }
        for child in controller.children { writer.reference("child", child) }
        for action in controller.alert?.actions ?? [] {
            writer.start("action")
            writer.attribute("title", action.title)
            writer.attribute("style", action.style)
            writer.attribute("preferred", action.isPreferred ? "true" : nil)
            writer.end()
        }
        writer.end()
    }

    /// A host's id is its base's (X13): nothing refers to a host, and the import names hosts the same way.
    private static func writeHosts(_ hosts: [BridgedHost], to writer: XMLWriter) {
        for host in hosts {
            writer.start("host")
            writer.attribute("id", host.id)
            writer.attribute("base", host.base.kind.rawValue)
            writer.attribute("on", host.base.targetID)
            writer.attribute("framework", host.framework)
            for index in host.frames.indices { writeFrame(host.frames[index], to: writer) }
            writer.end()
        }
    }

    private static func writeFrame(_ frame: BridgedFrame, to writer: XMLWriter) {
        writer.start("frame")
        writer.attribute("kind", frame.kind.rawValue)
        writer.attribute("state", frame.state.rawValue)
        writer.attribute("coordinator", frame.coordinatorType)
        writer.attribute("controller", frame.controllerID)
        writer.end()
    }

    /// Coordinator ids are `Framework.Type@root` (X13), whatever the document called them.
    private static func writeCoordinators(_ coordinators: [BridgedCoordinator], to writer: XMLWriter) {
        for coordinator in coordinators {
            writer.start("coordinator")
            writer.attribute("id", coordinator.id)
            writer.attribute("framework", coordinator.framework)
            writer.attribute("type", coordinator.type)
            writer.attribute("identifier", coordinator.identifier)
            writer.attribute("root", coordinator.rootID)
            writer.attribute("parent", coordinator.parentID)
            for child in coordinator.childIDs { writer.reference("child", child) }
            for owned in coordinator.controllerIDs { writer.reference("owns", owned) }
            writer.end()
        }
    }

    private static func writeQueue(_ queued: [BridgedQueuedRemoval], to writer: XMLWriter) {
        for removal in queued {
            switch removal {
            case .dismissal(let id, let animated):
                writer.start("dismiss")
                writer.attribute("controller", id)
                writer.attribute("animated", animated ? "true" : "false")
            case .pop(let navigation, let id, let animated):
                writer.start("pop")
                writer.attribute("navigation", navigation)
                writer.attribute("to", id)
                writer.attribute("animated", animated ? "true" : "false")
            }
            writer.end()
        }
    }
}

extension BridgedContainer {
    /// The `container` attribute and the state attributes of its kind.
    var attributes: [(StaticString, String?)] {
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
            attributes.dropFirst().compactMap { name, value in value.map { ("\(name)", $0) } }
            + stateElements.map { ($0.name, $0.value) }
        return state.reduce(name) { text, attribute in
            attribute.1 == "true" ? "\(text) \(attribute.0)" : "\(text) \(attribute.0) \(attribute.1)"
        }
    }
}

/// A thin, ordered wrapper over libxml2's text writer: an element's start, its attributes one by one, its
/// content, its end, with no list of attributes made per element.
private final class XMLWriter {
    private var writer: xmlTextWriterPtr?

    /// A writer whose output goes to `sink`, which must outlive it.
    init(into sink: OutputSink) {
        let output = xmlOutputBufferCreateIO(
            { context, bytes, length in
                guard let context, let bytes, length > 0 else { return 0 }
                Unmanaged<OutputSink>.fromOpaque(context).takeUnretainedValue()
                    .append(UnsafeRawBufferPointer(start: bytes, count: Int(length)))
                return length
            }, nil, Unmanaged.passUnretained(sink).toOpaque(), nil)!
        let writer = xmlNewTextWriter(output)!
        self.writer = writer
        xmlTextWriterSetIndent(writer, 1)
        _ = "  ".withXMLString { xmlTextWriterSetIndentString(writer, $0) }
    }

    func document(_ body: () -> Void) {
        xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil)
        body()
        xmlTextWriterEndDocument(writer)
    }

    /// Writes `<name>body</name>`, attributes written first in `body` included.
    func element(_ name: StaticString, _ body: () -> Void) {
        start(name)
        body()
        end()
    }

    /// Starts `<name`; attributes follow, then the content, then ``end()``.
    func start(_ name: StaticString) {
        xmlTextWriterStartElement(writer, name.utf8Start)
    }

    /// Writes `name="value"` on the element just started; nothing when `value` is nil.
    func attribute(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        value.sanitizedForXML.withXMLString { value in _ = xmlTextWriterWriteAttribute(writer, name.utf8Start, value) }
    }

    /// `<name ref="id"/>`.
    func reference(_ name: StaticString, _ id: String) {
        start(name)
        attribute("ref", id)
        end()
    }

    func end() {
        xmlTextWriterEndElement(writer)
    }

    /// Flushes the rest of the output into the sink.
    func close() {
        xmlFreeTextWriter(writer)
        writer = nil
    }
}

/// Receives the written document: into the storage it was given while the document fits, then into a list of
/// bytes that grows as it must.
private final class OutputSink {
    private let storage: UnsafeMutableBufferPointer<UInt8>
    /// How many bytes of `storage` are written.
    private(set) var count = 0
    /// The whole document, once it has outgrown `storage`.
    private(set) var spilled: [UInt8]?

    init(_ storage: UnsafeMutableBufferPointer<UInt8>) {
        self.storage = storage
    }

    func append(_ bytes: UnsafeRawBufferPointer) {
        if spilled == nil, count + bytes.count <= storage.count {
            UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(storage)[count...])
                .copyMemory(from: bytes)
            count += bytes.count
            return
        }
        if spilled == nil {
            var gathered: [UInt8] = []
            gathered.reserveCapacity(2 * storage.count)
            gathered.append(contentsOf: storage[..<count])
            spilled = gathered
        }
        spilled!.append(contentsOf: bytes)
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
