import CLibXML2
import CoordinatorBridge
import Foundation

/// Reads a snapshot into a ``BridgedTree`` with libxml2's streaming reader, validating it against the
/// schema as it goes (X4) and refusing hostile input safely (X6): no DTD (so no entity is declared or
/// resolved, and nothing is fetched), a size cap before parsing, a depth cap while parsing, network access
/// off, and every libxml2 error turned into an issue with its position. Never enables `XML_PARSE_HUGE` or
/// `XML_PARSE_NOENT`.
struct SnapshotParser {
    let limits: SnapshotLimits

    /// An element with an id or reference, by its indices in the tree.
    enum Place: Hashable {
        case window(Int)
        case presented(Int, Int)
        case controller(Int)
        case controllerChild(Int, Int)
        case host(Int)
        case frame(Int, Int)
        case coordinator(Int)
        case coordinatorChild(Int, Int)
        case owns(Int, Int)
        case queued(Int)
    }

    /// Where each element with an id or reference was read (line, column), for semantic checks; arrays
    /// indexed like the tree, so recording costs no allocation per element.
    struct Positions {
        typealias Position = (line: Int, column: Int)
        var windows: [Position] = []
        var presented: [[Position]] = []
        var controllers: [Position] = []
        var controllerChildren: [[Position]] = []
        var hosts: [Position] = []
        var frames: [[Position]] = []
        var coordinators: [Position] = []
        var coordinatorChildren: [[Position]] = []
        var owns: [[Position]] = []
        var queued: [Position] = []

        /// The document element's position, for problems of the whole document.
        var document: Position = (1, 1)

        /// Where the element of what a rebuild problem names was read: the controller, host or coordinator,
        /// else the document element.
        func position(of problem: BridgeBuilder.Failure.Problem, in tree: BridgedTree) -> Position {
            func first(_ index: Int?, in list: [Position]) -> Position? {
                index.flatMap { list.indices.contains($0) ? list[$0] : nil }
            }
            let found: Position? =
                switch problem {
                case .controllerMismatch(let id, _):
                    first(tree.controllers.firstIndex { $0.id == id }, in: controllers)
                case .hostMismatch(let id, _): first(tree.hosts.firstIndex { $0.id == id }, in: hosts)
                case .noPlugin(let id, _), .pluginFailed(_, let id, _):
                    first(tree.coordinators.firstIndex { $0.id == id }, in: coordinators)
                case .relationshipRefused, .uikitWouldRaise: nil
                }
            return found ?? document
        }

        subscript(_ place: Place) -> Position {
            func at(_ list: [Position], _ index: Int) -> Position {
                list.indices.contains(index) ? list[index] : (0, 0)
            }
            func at(_ lists: [[Position]], _ index: Int, _ inner: Int) -> Position {
                lists.indices.contains(index) ? at(lists[index], inner) : (0, 0)
            }
            switch place {
            case .window(let index): return at(windows, index)
            case .presented(let index, let link): return at(presented, index, link)
            case .controller(let index): return at(controllers, index)
            case .controllerChild(let index, let child): return at(controllerChildren, index, child)
            case .host(let index): return at(hosts, index)
            case .frame(let index, let frame): return at(frames, index, frame)
            case .coordinator(let index): return at(coordinators, index)
            case .coordinatorChild(let index, let child): return at(coordinatorChildren, index, child)
            case .owns(let index, let owned): return at(owns, index, owned)
            case .queued(let index): return at(queued, index)
            }
        }
    }

    func parse(_ bytes: [UInt8]) throws(SnapshotError) -> (tree: BridgedTree, positions: Positions, version: Int) {
        try refuseBeforeParsing(bytes)
        xmlInitParser()
        bridge_xml_silence_generic_errors()
        let collector = IssueCollector()
        let context = Unmanaged.passUnretained(collector).toOpaque()
        let options = Int32(XML_PARSE_NONET.rawValue)
        let reader: xmlTextReaderPtr? = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) {
                xmlReaderForMemory($0, Int32(buffer.count), "snapshot.xml", "UTF-8", options)
            }
        }
        guard let reader else {
            throw SnapshotError([SnapshotIssue(.malformed, "the snapshot is empty", line: 1, column: 1)])
        }
        let schema = SchemaValidation(collector: collector)
        if let validation = schema.context {
            xmlTextReaderSchemaValidateCtxt(reader, validation, 0)
        }
        // Parser errors go to libxml2's thread-local structured handler for the duration of the parse. (The
        // reader's own handler cannot be used: once the schema is plugged in, libxml2 calls the reader's relay
        // with the schema plug's context instead of the reader, which crashes.)
        collector.reader = reader
        xmlSetStructuredErrorFunc(
            context,
            { context, error in
                guard let context, let error else { return }
                Unmanaged<IssueCollector>.fromOpaque(context).takeUnretainedValue().add(error.pointee, kind: .malformed)
            })
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        // The reader unplugs the validation context when freed: free it while the schema is still alive.
        defer {
            xmlFreeTextReader(reader)
            withExtendedLifetime(schema) {}
        }

        let builder = readElements(from: reader, into: collector, source: bytes)
        let issues = collector.issues.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        guard issues.isEmpty else { throw SnapshotError(issues) }
        return (builder.tree.withDerivedRoots(), builder.positions, builder.version)
    }

    /// Refuses, before libxml2 sees them, input over the size limit and any document type declaration.
    private func refuseBeforeParsing(_ bytes: [UInt8]) throws(SnapshotError) {
        guard bytes.count <= limits.maxBytes else {
            throw SnapshotError([
                SnapshotIssue(
                    .tooLarge, "the snapshot is \(bytes.count) bytes; the limit is \(limits.maxBytes)", line: 1,
                    column: 1)
            ])
        }
        if let (line, column) = Self.doctypePosition(in: bytes) {
            throw SnapshotError([
                SnapshotIssue(
                    .forbiddenDoctype, "document type declarations (and so entities) are not allowed in snapshots",
                    line: line, column: column)
            ])
        }
    }

    /// Reads the document's elements into a tree, until its end, the first malformed input, or the depth
    /// limit.
    private func readElements(from reader: xmlTextReaderPtr, into collector: IssueCollector, source: [UInt8])
        -> TreeBuilder
    {
        var builder = TreeBuilder()
        var positions = SnapshotSourcePositions(source)
        // Schema errors name a line only: the element read on that line, else the line's first character.
        defer { collector.place { positions.column(onLine: $0) } }
        while true {
            let status = xmlTextReaderRead(reader)
            if status == 0 { break }
            if status < 0 {
                if !collector.sawMalformedInput {
                    if let error = xmlGetLastError() {
                        collector.add(error.pointee, kind: .malformed)
                    } else {
                        collector.issues.append(
                            SnapshotIssue(
                                .malformed, "the document is not well-formed XML",
                                line: max(1, Int(xmlTextReaderGetParserLineNumber(reader))),
                                column: max(1, Int(xmlTextReaderGetParserColumnNumber(reader)))
                            ))
                    }
                }
                break
            }
            let depth = Int(xmlTextReaderDepth(reader))
            let isElement = xmlTextReaderNodeType(reader) == Int32(XML_READER_TYPE_ELEMENT.rawValue)
            // An element's own start (X13), not where libxml2's parser has read to.
            let start = isElement ? positions.nextElement() : nil
            let line = start?.line ?? Int(xmlTextReaderGetParserLineNumber(reader))
            let column = start?.column ?? Int(xmlTextReaderGetParserColumnNumber(reader))
            // Only elements nest: the text between them is one level below the deepest element.
            if isElement, depth >= limits.maxDepth {
                collector.issues.append(
                    SnapshotIssue(
                        .tooDeep, "elements nest deeper than \(limits.maxDepth) levels", line: line, column: column))
                break
            }
            if isElement {
                let name = String(cString: xmlTextReaderConstLocalName(reader))
                builder.element(
                    name, attributes: attributes(of: reader), depth: depth, at: (line, column),
                    issues: &collector.issues)
            }
            if collector.sawMalformedInput { break }
        }
        return builder
    }

    /// Where `<!DOCTYPE` first appears, if anywhere. Snapshots never need one, and refusing it before
    /// parsing means no entity is ever declared, so none can be expanded or fetched.
    static func doctypePosition(in bytes: [UInt8]) -> (line: Int, column: Int)? {
        let marker = Array("<!DOCTYPE".utf8)
        let found = bytes.withUnsafeBytes { buffer in
            marker.withUnsafeBytes { needle in
                bridge_find_bytes(buffer.baseAddress, buffer.count, needle.baseAddress, needle.count)
            }
        }
        guard found >= 0 else { return nil }
        let index = found
        var line = 1
        var lineStart = 0
        for position in 0..<index where bytes[position] == UInt8(ascii: "\n") {
            line += 1
            lineStart = position + 1
        }
        return (line, index - lineStart + 1)
    }

    private func attributes(of reader: xmlTextReaderPtr) -> Attributes {
        var attributes = Attributes()
        guard xmlTextReaderHasAttributes(reader) == 1 else { return attributes }
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            let name = String(cString: xmlTextReaderConstLocalName(reader))
            attributes.pairs.append((name, xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? ""))
        }
        xmlTextReaderMoveToElement(reader)
        return attributes
    }

}
