import CLibXML2

/// One pass of libxml2's SAX2 parser over a document: it hands each element, its attributes and its text to
/// the streaming validator and the tree builder, in document order, until the end, the first input that is
/// not well-formed, or the depth limit. The parser's callbacks reach it through the pointer their context
/// holds, so that its many small updates need no exclusivity check at run time.
struct SAXReading {
    private(set) var pass: SnapshotParser.Pass
    /// The tree builder's issues and the depth limit's (libxml2's are the collector's).
    private(set) var issues: [SnapshotIssue] = []
    private let parser: xmlParserCtxtPtr
    private let collector: IssueCollector
    private let maxDepth: Int
    /// Whether reading stopped at the depth limit.
    private(set) var stopped = false
    /// How many elements are open.
    private var depth = 0
    /// The next element's index in document order: where it starts is found only if a problem needs it.
    private var element = 0

    init(_ pass: SnapshotParser.Pass, parser: xmlParserCtxtPtr, collector: IssueCollector, maxDepth: Int) {
        self.pass = pass
        self.parser = parser
        self.collector = collector
        self.maxDepth = maxDepth
    }

    /// The callbacks, each reaching the reading its context points to.
    static var handler: xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { context, localName, prefix, namespace, _, _, count, _, attributes in
            guard let context, let localName else { return }
            context.assumingMemoryBound(to: SAXReading.self).pointee.start(
                localName, prefix: prefix, namespace: namespace,
                attributes: SAXAttributes(count: Int(count), pointers: attributes))
        }
        handler.endElementNs = { context, _, _, _ in
            context?.assumingMemoryBound(to: SAXReading.self).pointee.end()
        }
        handler.characters = { context, text, length in
            context?.assumingMemoryBound(to: SAXReading.self).pointee.characters(text, length, isCDATA: false)
        }
        handler.ignorableWhitespace = handler.characters
        handler.cdataBlock = { context, text, length in
            context?.assumingMemoryBound(to: SAXReading.self).pointee.characters(text, length, isCDATA: true)
        }
        return handler
    }

    private mutating func start(
        _ localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, namespace: UnsafePointer<xmlChar>?,
        attributes: SAXAttributes
    ) {
        if stopped { return }
        if depth >= maxDepth {
            let start = pass.builder.positions.at(element)
            issues.append(
                SnapshotIssue(
                    .tooDeep, "elements nest deeper than \(maxDepth) levels", line: start.line, column: start.column))
            stopped = true
            collector.closed = true
            xmlStopParser(parser)
            return
        }
        defer {
            depth += 1
            element += 1
        }
        SAXAttributes.withTreeName(localName, prefix: prefix, namespace: namespace) { name in
            // The element is named once, for the validator and the tree; the validator reads the attributes
            // once, for itself and for the tree.
            let declared = SnapshotSchemaValidator.Element(name)
            let values = pass.validator.start(
                declared, name: name, namespace: namespace, attributes: attributes, at: element)
            pass.builder.element(declared, attributes: values, depth: depth, at: element, issues: &issues)
        }
    }

    private mutating func end() {
        if stopped { return }
        depth -= 1
        pass.validator.end()
    }

    private mutating func characters(_ text: UnsafePointer<xmlChar>?, _ length: Int32, isCDATA: Bool) {
        if stopped { return }
        pass.validator.characters(UnsafeBufferPointer(start: text, count: Int(max(length, 0))), isCDATA: isCDATA)
    }
}

/// An element's attributes as libxml2's SAX2 parser hands them: five pointers each (local name, prefix,
/// namespace, start and end of the value).
struct SAXAttributes {
    let count: Int
    let pointers: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?

    /// Calls `body` with each attribute's name and value as libxml2's document tree holds them (what
    /// `xmllint` validates), and its namespace, in document order.
    func forEach(
        _ body: (
            _ name: UnsafeBufferPointer<UInt8>, _ namespace: UnsafePointer<xmlChar>?,
            _ value: UnsafeBufferPointer<UInt8>
        )
            -> Void
    ) {
        guard let pointers else { return }
        for index in 0..<count {
            let fields = pointers + 5 * index
            guard let localName = fields[0], let start = fields[3], let end = fields[4] else { continue }
            let value = UnsafeBufferPointer(start: start, count: end - start)
            Self.withTreeName(localName, prefix: fields[1], namespace: fields[2]) { name in
                if memchr(start, Int32(UInt8(ascii: "&")), value.count) == nil {
                    body(name, fields[2], value)
                } else {
                    Self.ampersandsDecoded(value).withUnsafeBufferPointer { body(name, fields[2], $0) }
                }
            }
        }
    }

    /// Calls `body` with the name libxml2's tree gives an element or attribute: its local name, or
    /// `prefix:name` when the prefix is not declared (the parser reports that, and reads on).
    static func withTreeName<Result>(
        _ localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, namespace: UnsafePointer<xmlChar>?,
        _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        let local = UnsafeBufferPointer(nulTerminated: localName)
        guard let prefix, namespace == nil else { return body(local) }
        let name = Array(UnsafeBufferPointer(nulTerminated: prefix)) + [UInt8(ascii: ":")] + Array(local)
        return name.withUnsafeBufferPointer(body)
    }

    /// A value as the tree holds it. The parser resolves every reference in a value but an ampersand's (`&amp;`,
    /// `&#38;`), which it hands on as `&#38;` for the tree to resolve; no other `&` can remain.
    private static func ampersandsDecoded(_ value: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let reference = Array("&#38;".utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(value.count)
        var index = 0
        while index < value.count {
            if value[index] == UInt8(ascii: "&"), index + reference.count <= value.count,
                value[index..<index + reference.count].elementsEqual(reference)
            {
                decoded.append(UInt8(ascii: "&"))
                index += reference.count
            } else {
                decoded.append(value[index])
                index += 1
            }
        }
        return decoded
    }
}
