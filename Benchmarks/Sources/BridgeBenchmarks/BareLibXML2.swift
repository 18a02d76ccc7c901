import BridgeSnapshot
import CBenchLibXML2
import CoordinatorBridge
import Foundation

#if canImport(FoundationXML)
    // XMLParser lives in Foundation on Apple platforms and in FoundationXML elsewhere.
    import FoundationXML
#endif

/// An xmlTextWriter with the two calls the export floor needs.
private struct BareTextWriter {
    let writer: xmlTextWriterPtr

    func start(_ name: String, _ attributes: [(String, String?)] = []) {
        xmlTextWriterStartElement(writer, name)
        for (key, value) in attributes {
            guard let value else { continue }
            xmlTextWriterWriteAttribute(writer, key, value)
        }
    }

    func end() { xmlTextWriterEndElement(writer) }
}

/// The floor for export: an xmlTextWriter loop writing the same elements and attributes, with the same
/// indentation, straight from the tree.
func bareWrite(_ tree: BridgedTree) -> Int {
    let buffer = xmlBufferCreate()!
    defer { xmlBufferFree(buffer) }
    let writer = xmlNewTextWriterMemory(buffer, 0)!
    xmlTextWriterSetIndent(writer, 1)
    xmlTextWriterSetIndentString(writer, "  ")
    xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil)
    let bare = BareTextWriter(writer: writer)
    bare.start("bridge-snapshot", [("version", "2")])
    bareWriteWindows(tree, bare)
    bareWriteControllers(tree, bare)
    bareWriteHosts(tree, bare)
    bare.start("coordinators")
    bare.end()
    bare.end()
    xmlTextWriterEndDocument(writer)
    xmlFreeTextWriter(writer)
    return Int(xmlBufferLength(buffer))
}

private func bareWriteWindows(_ tree: BridgedTree, _ bare: BareTextWriter) {
    bare.start("windows")
    for window in tree.windows {
        bare.start(
            "window",
            [
                ("id", window.id), ("key", "\(window.isKey)"), ("visible", "\(window.isVisible)"),
                ("root", window.rootID),
            ])
        bare.end()
    }
    bare.end()
}

private func bareWriteControllers(_ tree: BridgedTree, _ bare: BareTextWriter) {
    bare.start("controllers")
    for controller in tree.controllers {
        bare.start(
            "controller",
            [
                ("id", controller.id), ("type", controller.type), ("title", controller.title),
                ("container", controller.container == nil ? nil : "navigation"),
            ])
        for child in controller.children {
            bare.start("child", [("ref", child)])
            bare.end()
        }
        bare.end()
    }
    bare.end()
}

private func bareWriteHosts(_ tree: BridgedTree, _ bare: BareTextWriter) {
    bare.start("hosts")
    for host in tree.hosts {
        bare.start("host", [("id", host.id), ("base", "navigation"), ("on", "nav")])
        for frame in host.frames {
            bare.start(
                "frame",
                [
                    ("kind", frame.kind.rawValue), ("state", frame.state.rawValue),
                    ("coordinator", frame.coordinatorType), ("controller", frame.controllerID),
                ])
            bare.end()
        }
        bare.end()
    }
    bare.end()
}

/// The floor for parsing: one xmlTextReader pass over the bytes, visiting every attribute.
func bareRead(_ bytes: [UInt8]) -> Int {
    var nodes = 0
    bytes.withUnsafeBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
            let reader = xmlReaderForMemory(
                pointer, Int32(buffer.count), "bench.xml", "UTF-8", Int32(XML_PARSE_NONET.rawValue))!
            while xmlTextReaderRead(reader) == 1 {
                nodes += 1
                while xmlTextReaderMoveToNextAttribute(reader) == 1 {
                    if xmlTextReaderConstValue(reader) != nil { nodes += 1 }
                }
            }
            xmlFreeTextReader(reader)
        }
    }
    return nodes
}

/// What a Swift user would write instead: FoundationXML's XMLParser building a plain element tree.
final class PlainTreeBuilder: NSObject, XMLParserDelegate {
    final class Node {
        let name: String
        let attributes: [String: String]
        var children: [Node] = []
        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }
    }

    private var stack: [Node] = [Node(name: "#document", attributes: [:])]

    var root: Node { stack[0] }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let node = Node(name: elementName, attributes: attributes)
        stack[stack.count - 1].children.append(node)
        stack.append(node)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
    }
}

func foundationParse(_ data: Data) -> Int {
    let parser = XMLParser(data: data)
    let builder = PlainTreeBuilder()
    parser.delegate = builder
    _ = parser.parse()
    return builder.root.children.count
}

/// The wall time of one `xmllint --noout --stream --schema SCHEMA FILE` process, or nil without xmllint.
func xmllintStreamTime(schema: URL, file: URL) -> Double? {
    let path = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let path else { return nil }
    return median(runs: 3) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--noout", "--stream", "--schema", schema.path, file.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
        process.waitUntilExit()
    }
}

/// The snapshot schema compiled by libxml2, for the validating anchor.
@MainActor
let benchSchema: xmlSchemaPtr? = {
    guard let data = try? Data(contentsOf: SnapshotSchema.url) else { return nil }
    return data.withUnsafeBytes { raw -> xmlSchemaPtr? in
        let context = xmlSchemaNewMemParserCtxt(raw.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(raw.count))
        defer { xmlSchemaFreeParserCtxt(context) }
        return xmlSchemaParse(context)
    }
}()

/// libxml2's own floor with validation on: one xmlTextReader pass validating against the compiled schema.
@MainActor
func bareValidatingRead(_ bytes: [UInt8]) -> Int {
    var nodes = 0
    bytes.withUnsafeBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
            let reader = xmlReaderForMemory(
                pointer, Int32(buffer.count), "bench.xml", "UTF-8", Int32(XML_PARSE_NONET.rawValue))!
            let validation = xmlSchemaNewValidCtxt(benchSchema)
            xmlTextReaderSchemaValidateCtxt(reader, validation, 0)
            while xmlTextReaderRead(reader) == 1 {
                nodes += 1
                while xmlTextReaderMoveToNextAttribute(reader) == 1 {
                    if xmlTextReaderConstValue(reader) != nil { nodes += 1 }
                }
            }
            xmlFreeTextReader(reader)
            xmlSchemaFreeValidCtxt(validation)
        }
    }
    return nodes
}

/// What `BridgeSnapshot.parse` reads with: one pass of libxml2's SAX2 parser, fed the bytes in 64 KB chunks,
/// with callbacks that count elements, attribute values and text, and build nothing.
func bareSAXRead(_ bytes: [UInt8]) -> Int {
    final class Count { var nodes = 0 }
    let count = Count()
    var handler = xmlSAXHandler()
    handler.initialized = XML_SAX2_MAGIC
    handler.startElementNs = { context, _, _, _, _, _, attributeCount, _, attributes in
        let count = Unmanaged<Count>.fromOpaque(context!).takeUnretainedValue()
        count.nodes += 1
        for index in 0..<Int(attributeCount) where attributes![5 * index + 4]! > attributes![5 * index + 3]! {
            count.nodes += 1
        }
    }
    handler.endElementNs = { context, _, _, _ in
        Unmanaged<Count>.fromOpaque(context!).takeUnretainedValue().nodes += 1
    }
    handler.characters = { context, _, length in
        if length > 0 { Unmanaged<Count>.fromOpaque(context!).takeUnretainedValue().nodes += 1 }
    }
    bytes.withUnsafeBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
            let context = xmlCreatePushParserCtxt(&handler, Unmanaged.passUnretained(count).toOpaque(), nil, 0, nil)!
            var offset = 0
            repeat {
                let size = min(64 * 1024, buffer.count - offset)
                xmlParseChunk(context, pointer + offset, Int32(size), offset + size == buffer.count ? 1 : 0)
                offset += size
            } while offset < buffer.count
            xmlFreeParserCtxt(context)
        }
    }
    return count.nodes
}
