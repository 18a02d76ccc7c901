import CLibXML2
import CoordinatorBridge
import Foundation

/// Reads a snapshot into a ``BridgedTree`` with libxml2's SAX2 parser in one streaming pass, checking the schema
/// in the same pass (X4; ``SnapshotSchemaValidator``, or libxml2's own validator as well where asked) and refusing
/// hostile input safely (X6): no DTD (so no entity is declared or resolved, and nothing is fetched), a size
/// cap before parsing, a depth cap while parsing, network access off, and every libxml2 error turned into an
/// issue with its position. Never enables `XML_PARSE_HUGE` or `XML_PARSE_NOENT`.
struct SnapshotParser {
    let limits: SnapshotLimits
    var validation = SnapshotValidation.streaming

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

    /// Where each element with an id or reference was read, for semantic checks: arrays indexed like the
    /// tree holding each element's index in the document, whose line and column `starts` finds when a
    /// problem needs them.
    struct Positions {
        typealias Position = (line: Int, column: Int)
        var windows: [Int] = []
        var presented: [[Int]] = []
        var controllers: [Int] = []
        var controllerChildren: [[Int]] = []
        var hosts: [Int] = []
        var frames: [[Int]] = []
        var coordinators: [Int] = []
        var coordinatorChildren: [[Int]] = []
        var owns: [[Int]] = []
        var queued: [Int] = []

        /// The document element, for problems of the whole document.
        var document = 0
        let starts: ElementStarts

        init(starts: ElementStarts) {
            self.starts = starts
        }

        /// The line and column of the element with index `element`.
        func at(_ element: Int) -> Position {
            let start = starts[element]
            return (start.line, start.column)
        }

        /// Where the element of what a rebuild problem names was read: the controller, host or coordinator,
        /// else the document element.
        func position(of problem: BridgeRebuilder.Failure.Problem, in tree: BridgedTree) -> Position {
            func first(_ index: Int?, in list: [Int]) -> Position? {
                index.flatMap { list.indices.contains($0) ? at(list[$0]) : nil }
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
            return found ?? at(document)
        }

        subscript(_ place: Place) -> Position {
            func at(_ list: [Int], _ index: Int) -> Position {
                list.indices.contains(index) ? self.at(list[index]) : (0, 0)
            }
            func at(_ lists: [[Int]], _ index: Int, _ inner: Int) -> Position {
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
        var pass = read(bytes, libxml2Schema: validation == .streamingAndLibxml2)
        if pass.validator.needsLibxml2, validation == .streaming {
            // Something the streaming validator leaves to libxml2's (see SnapshotSchemaValidator).
            pass = read(bytes, libxml2Schema: true)
        }
        // A document that is not well-formed is not judged further, as `xmllint` does not validate one: its
        // problems are the parser's, whatever was read before the parser stopped.
        let issues =
            pass.malformed
            ? pass.issues.filter { $0.kind == .malformed }
            : (pass.issues + pass.validator.problems.map(\.issue)).sorted {
                ($0.line, $0.column) < ($1.line, $1.column)
            }
        guard issues.isEmpty else { throw SnapshotError(issues) }
        return (pass.builder.tree.withDerivedRoots(), pass.builder.positions, pass.builder.version)
    }

    /// The result of one pass over a document.
    struct Pass {
        var builder: TreeBuilder
        var validator: SnapshotSchemaValidator
        /// libxml2's issues (not well-formed; its schema validator's, when it ran) and the tree builder's.
        var issues: [SnapshotIssue] = []
        /// Whether reading stopped at input that is not well-formed.
        var malformed = false

        init(_ starts: ElementStarts) {
            builder = TreeBuilder(starts: starts)
            validator = SnapshotSchemaValidator(starts: starts)
        }
    }

    /// One pass of libxml2's SAX2 parser over `bytes`, fed in chunks as its reader feeds it (the document's
    /// bytes are not copied whole): the streaming validator checks the schema and the tree builder builds the
    /// tree from the same callbacks, and, if `libxml2Schema`, libxml2's own schema validator is plugged into the
    /// stream as well. No document tree is built (issue 46: a reader builds and frees a node per element, which
    /// costs as much as the parsing).
    func read(_ bytes: [UInt8], libxml2Schema: Bool) -> Pass {
        xmlInitParser()
        bridge_xml_silence_generic_errors()
        let starts = ElementStarts(bytes)
        // The parser is made with the first bytes (as libxml2's reader makes its own), so that switching to
        // UTF-8 below passes over a byte order mark.
        let first = min(bytes.count, 4)
        let made = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: first) {
                    xmlCreatePushParserCtxt(nil, nil, $0, Int32(first), "snapshot.xml")
                }
            }
        }
        guard let parser = made else {
            var pass = Pass(starts)
            pass.issues = [SnapshotIssue(.malformed, "the snapshot is empty", line: 1, column: 1)]
            pass.malformed = true
            return pass
        }
        defer { xmlFreeParserCtxt(parser) }
        Self.configure(parser)
        let collector = IssueCollector(parser: parser)
        let reading = UnsafeMutablePointer<SAXReading>.allocate(capacity: 1)
        reading.initialize(
            to: SAXReading(Pass(starts), parser: parser, collector: collector, maxDepth: limits.maxDepth))
        defer {
            reading.deinitialize(count: 1)
            reading.deallocate()
        }
        parser.pointee.sax.pointee = SAXReading.handler
        parser.pointee.userData = UnsafeMutableRawPointer(reading)
        collector.receiveErrors()
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let schema = libxml2Schema ? SchemaValidation(collector: collector) : nil
        let plug = schema.flatMap { $0.plug(into: parser) }
        bytes.withUnsafeBufferPointer { buffer in
            let chunk = 64 * 1024
            var offset = first
            repeat {
                let size = min(chunk, buffer.count - offset)
                let last = offset + size == buffer.count
                buffer.baseAddress!.advanced(by: offset).withMemoryRebound(to: CChar.self, capacity: size) {
                    _ = xmlParseChunk(parser, $0, Int32(size), last ? 1 : 0)
                }
                offset += size
            } while offset < buffer.count && !reading.pointee.stopped
        }
        if let plug { xmlSchemaSAXUnplug(plug) }
        extendLifetime(schema)
        // libxml2's schema errors name a line only: the element read on that line, else the line's first
        // character.
        collector.place { SnapshotSourcePositions(bytes).column(onLine: $0) }
        var pass = reading.pointee.pass
        pass.issues = collector.issues + reading.pointee.issues
        pass.malformed = collector.sawMalformedInput || (!reading.pointee.stopped && parser.pointee.wellFormed == 0)
        if pass.malformed {
            // The parser fed in chunks may place the error elsewhere than a parse of the whole document does
            // (what xmllint reports): take the whole-document parse's errors.
            let whole = Self.parseWhole(bytes)
            if !whole.wellFormed {
                pass.issues = pass.issues.filter { $0.kind != .malformed } + whole.errors
            } else if let end = bytes.firstIndex(of: 0) {
                // The document parser ends the document at a NUL byte after the root element, where the parser
                // fed in chunks reports an error: read what xmllint reads.
                return read(Array(bytes[..<end]), libxml2Schema: libxml2Schema)
            }
        }
        return pass
    }

    /// Whether libxml2's parser, reading all of `bytes` at once and building nothing, finds the document
    /// well-formed (namespace errors do not make it otherwise, as for xmllint), and the errors it reports.
    private static func parseWhole(_ bytes: [UInt8]) -> (wellFormed: Bool, errors: [SnapshotIssue]) {
        let collector = IssueCollector()
        let context = bytes.withLibxml2Buffer { xmlCreateMemoryParserCtxt($0, $1) }
        guard let context else {
            return (false, [SnapshotIssue(.malformed, "the snapshot is empty", line: 1, column: 1)])
        }
        defer { xmlFreeParserCtxt(context) }
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        context.pointee.sax.pointee = handler
        configure(context)
        collector.receiveErrors()
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        xmlParseDocument(context)
        return (context.pointee.wellFormed != 0, collector.issues)
    }

    /// Sets `parser` up as every parse of a snapshot is: no network access, and the input read as UTF-8, as the
    /// checks before parsing read it (no document type declaration).
    private static func configure(_ parser: xmlParserCtxtPtr) {
        xmlCtxtUseOptions(parser, Int32(XML_PARSE_NONET.rawValue))
        if let utf8 = xmlFindCharEncodingHandler("UTF-8") { xmlSwitchToEncoding(parser, utf8) }
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
        if let encoding = Self.otherEncoding(of: bytes) {
            throw SnapshotError([
                SnapshotIssue(
                    .malformed,
                    "the snapshot is in \(encoding); snapshots are UTF-8 (the checks before parsing read it so)",
                    line: 1, column: 1)
            ])
        }
    }

    /// The encoding a document says it is in, when that is not UTF-8: a byte order mark of UTF-16 or
    /// UTF-32, or another `encoding` in the XML declaration. The parser is told the input is UTF-8, so that
    /// the checks made on the bytes before parsing (no document type declaration) hold; libxml2 would still
    /// switch to a declared encoding part of the way through, so such a document is refused here, whole.
    static func otherEncoding(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16 (byte order mark)" }
        if bytes.starts(with: [0x00, 0x00]) || bytes.starts(with: [0x00, 0x3C]) || bytes.starts(with: [0x3C, 0x00]) {
            return "a UTF-16 or UTF-32 form"
        }
        // Read on the bytes: this runs before every parse, and a small snapshot's parse is short.
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard bytes[start...].starts(with: "<?xml".utf8) else { return nil }
        start += 5
        guard let end = bytes[start...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let declaration = bytes[start..<end]
        let name: StaticString = "encoding"
        guard let found = Self.firstIndex(of: name, in: declaration) else { return nil }
        let rest = declaration[(found + name.utf8CodeUnitCount)...].drop { byte in
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "=")
        }
        guard let quote = rest.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote }
        // ASCII letters lowered: no other character lowers to one of "utf8".
        let lowered = value.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }
        if lowered.elementsEqual("utf-8".utf8) || lowered.elementsEqual("utf8".utf8) { return nil }
        return "the encoding \"\(String(decoding: value, as: UTF8.self).prefix(40))\""
    }

    /// Where `<!DOCTYPE` first appears, if anywhere. Snapshots never need one, and refusing it before
    /// parsing means no entity is ever declared, so none can be expanded or fetched.
    static func doctypePosition(in bytes: [UInt8]) -> (line: Int, column: Int)? {
        guard let index = firstIndex(of: "<!DOCTYPE", in: bytes[...]) else { return nil }
        var line = 1
        var lineStart = 0
        for position in 0..<index where bytes[position] == UInt8(ascii: "\n") {
            line += 1
            lineStart = position + 1
        }
        return (line, index - lineStart + 1)
    }

    /// Where `needle` first starts in `bytes` (an index of `bytes`), found with `memchr` and `memcmp`: these
    /// searches run before every parse, and a small snapshot's parse is short.
    static func firstIndex(of needle: StaticString, in bytes: ArraySlice<UInt8>) -> Int? {
        let offset = bytes.withUnsafeBytes { haystack in
            bridge_find_bytes(haystack.baseAddress, haystack.count, needle.utf8Start, needle.utf8CodeUnitCount)
        }
        return offset >= 0 ? bytes.startIndex + offset : nil
    }
}
