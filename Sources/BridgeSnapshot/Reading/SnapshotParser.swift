import CLibXML2
import CoordinatorBridge
import Foundation

/// Reads a snapshot into a ``BridgedTree`` with libxml2's streaming reader, checking the schema in the same
/// pass (X4; ``SnapshotSchemaValidator``, or libxml2's own validator as well where asked) and refusing
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
        let issues = (pass.issues + pass.validator.problems.map(\.issue))
            .sorted { ($0.line, $0.column) < ($1.line, $1.column) }
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

    /// One pass of libxml2's reader over `bytes`, checking the schema with the streaming validator and, if
    /// `libxml2Schema`, with libxml2's validator too. A small document may be read by the reader an earlier
    /// parse set up (see ``ReaderPool``) unless `reusingReader` is false.
    func read(_ bytes: [UInt8], libxml2Schema: Bool, reusingReader: Bool = true) -> Pass {
        xmlInitParser()
        bridge_xml_silence_generic_errors()
        let collector = IssueCollector()
        let context = Unmanaged.passUnretained(collector).toOpaque()
        let (reader, reused) = ReaderPool.reader(for: bytes, reusing: reusingReader && !libxml2Schema)
        let starts = ElementStarts(bytes)
        guard let reader else {
            var pass = Pass(starts)
            pass.issues = [SnapshotIssue(.malformed, "the snapshot is empty", line: 1, column: 1)]
            pass.malformed = true
            return pass
        }
        let schema = libxml2Schema ? SchemaValidation(collector: collector) : nil
        if let validation = schema?.context {
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
        var pass = Pass(starts)
        let readToTheEnd = readElements(from: reader, into: collector, source: bytes, pass: &pass)
        let clean =
            readToTheEnd && collector.issues.isEmpty && pass.validator.problems.isEmpty && !pass.validator.needsLibxml2
        if reused, !clean {
            // A reader set up again does not report every error that stops it (libxml2 2.9 raises none for
            // some malformed starts): a document it does not read cleanly is read again by a new reader, whose
            // verdict is xmllint's.
            xmlFreeTextReader(reader)
            return read(bytes, libxml2Schema: libxml2Schema, reusingReader: false)
        }
        pass.issues = collector.issues
        pass.malformed = collector.sawMalformedInput
        // The reader unplugs the validation context when freed: free it while the schema is still alive.
        ReaderPool.finished(reader, of: bytes, reusable: schema == nil && clean)
        withExtendedLifetime(schema) {}
        if pass.malformed {
            // The reader reads ahead in chunks and may place the error elsewhere than a parse of the whole
            // document does (what xmllint reports): take the whole-document parse's errors.
            let whole = Self.parseWhole(bytes)
            if !whole.wellFormed {
                pass.issues = pass.issues.filter { $0.kind != .malformed } + whole.errors
            } else if let end = bytes.firstIndex(of: 0) {
                // The document parser ends the document at a NUL byte after the root element, where the reader
                // reports an error: read what xmllint reads.
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
        xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
        if let utf8 = xmlFindCharEncodingHandler("UTF-8") { xmlSwitchToEncoding(context, utf8) }
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(collector).toOpaque()) { context, error in
            guard let context, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            Unmanaged<IssueCollector>.fromOpaque(context).takeUnretainedValue().add(error.pointee, kind: .malformed)
        }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        xmlParseDocument(context)
        let errors = collector.issues.map {
            $0.column == 0 ? SnapshotIssue($0.kind, $0.message, line: $0.line, column: 1) : $0
        }
        return (context.pointee.wellFormed != 0, errors)
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
    /// UTF-32, or another `encoding` in the XML declaration. The reader is told the input is UTF-8, so that
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

    /// Reads the document's elements into a tree and through the validator, until its end, the first
    /// malformed input, or the depth limit; returns whether the reader reached the end.
    private func readElements(
        from reader: xmlTextReaderPtr, into collector: IssueCollector, source: [UInt8], pass: inout Pass
    ) -> Bool {
        // libxml2's schema errors name a line only: the element read on that line, else the line's first
        // character.
        defer { collector.place { SnapshotSourcePositions(source).column(onLine: $0) } }
        // Each element's index in document order: where it starts is found only if a problem needs it.
        var element = 0
        while true {
            let status = xmlTextReaderRead(reader)
            if status == 0 { return true }
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
                return false
            }
            switch xmlTextReaderNodeType(reader) {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                let depth = Int(xmlTextReaderDepth(reader))
                defer { element += 1 }
                if depth >= limits.maxDepth {
                    let start = pass.builder.positions.at(element)
                    collector.issues.append(
                        SnapshotIssue(
                            .tooDeep, "elements nest deeper than \(limits.maxDepth) levels", line: start.line,
                            column: start.column))
                    return false
                }
                guard let name = xmlTextReaderConstLocalName(reader) else { continue }
                // The element is named once, for the validator and the tree; the validator reads the attributes
                // once, for itself and for the tree.
                let declared = SnapshotSchemaValidator.Element(UnsafeBufferPointer(nulTerminated: name))
                name.withMemoryRebound(to: CChar.self, capacity: 1) { name in
                    let attributes = pass.validator.start(
                        declared, name: name,
                        namespace: xmlTextReaderConstNamespaceUri(reader).map {
                            UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)
                        }, reader: reader, at: element)
                    pass.builder.element(
                        declared, attributes: attributes, depth: depth, at: element, issues: &collector.issues)
                }
                if xmlTextReaderIsEmptyElement(reader) == 1 { pass.validator.end() }
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                pass.validator.end()
            case let type
            where type == Int32(XML_READER_TYPE_TEXT.rawValue) || type == Int32(XML_READER_TYPE_CDATA.rawValue)
                || type == Int32(XML_READER_TYPE_WHITESPACE.rawValue)
                || type == Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
                pass.validator.characters(
                    xmlTextReaderConstValue(reader).map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                    isCDATA: type == Int32(XML_READER_TYPE_CDATA.rawValue))
            default:
                break
            }
            if collector.sawMalformedInput { return false }
        }
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
