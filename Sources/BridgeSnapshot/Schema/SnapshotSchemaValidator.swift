import CLibXML2

/// The published schema, `bridge-snapshot-5.xsd`, checked in the same streaming pass that builds the tree
/// (X4), over the bytes libxml2's SAX2 parser hands out, with no document tree and no schema engine.
///
/// The XSD stays the contract: this validator gives the verdict `xmllint --schema` gives (valid or not, and
/// the line of the first problem), which `SchemaDifferentialTests` checks on every golden and hostile file
/// and the differential fuzzer on arbitrary input. It follows libxml2 where the XSD leaves room: an
/// unexpected element's subtree is not checked, an element whose content went wrong reports nothing more
/// about its content, and empty content refuses even whitespace. What it does not model (attributes of the
/// XML Schema instance namespace, `NMTOKEN` values beyond ASCII) it leaves to libxml2's validator.
struct SnapshotSchemaValidator {
    /// A problem at an element: the issue at the element's `<` (X13), and the line libxml2 reports for
    /// the same problem (the line the element's start tag ends on), for the differential checks.
    struct Problem {
        var issue: SnapshotIssue
        var libxml2Line: Int
    }

    private(set) var problems: [Problem] = []
    /// Where elements start, asked only for problems.
    let starts: ElementStarts
    /// Whether the document uses something this validator leaves to libxml2's.
    private(set) var needsLibxml2 = false

    struct Open {
        let element: Element
        let position: Position
        /// Which particle of the element's content the next child may match, and how many times it has.
        var particle = 0
        var count = 0
        /// Whether the element's content has gone wrong already (nothing more is reported about it).
        var contentFailed = false
    }

    /// An element, by its index in the document (see ``ElementStarts``).
    typealias Position = Int

    private var open: [Open] = []
    /// The storage of the attributes handed to the tree, used again for each element (the tree reads them
    /// before the next one starts): the values of the element read last, indexed like its declarations.
    private var values: [String?] = []
    /// Type names, which repeat throughout a document, each made once.
    private var typeNames = InternedStrings()
    /// The depth of an element whose subtree is not checked (an unexpected element's), if inside one.
    private var skippedFrom: Int?
    private var depth = 0

    /// An element's start: `element`, named `name` in `namespace` (nil for none), with `attributes`. Returns the
    /// declared attributes it has, for the tree, read in the same pass (none for an element not checked).
    mutating func start(
        _ element: Element?, name: UnsafeBufferPointer<UInt8>, namespace: UnsafePointer<UInt8>?,
        attributes: SAXAttributes, at position: Position
    ) -> Attributes {
        defer { depth += 1 }
        if skippedFrom != nil { return Attributes() }
        let element = namespace == nil ? element : nil
        guard var parent = open.last else {
            guard let element, element == .snapshot else {
                report(
                    "the root element '\(String(decoding: name, as: UTF8.self))' is not a snapshot's; the schema's root is 'bridge-snapshot'",
                    at: position)
                skippedFrom = depth
                return Attributes()
            }
            open.append(Open(element: element, position: position))
            return checkAttributes(of: element, attributes, at: position)
        }
        if parent.contentFailed {
            skippedFrom = depth
            return Attributes()
        }
        if let expected = parent.accept(element) {
            report(
                "the element '\(String(decoding: name, as: UTF8.self))' is not expected in '\(parent.element.name)'; expected: \(expected)",
                at: position)
            parent.contentFailed = true
            open[open.count - 1] = parent
            skippedFrom = depth
            return Attributes()
        }
        open[open.count - 1] = parent
        guard let element else { return Attributes() }
        open.append(Open(element: element, position: position))
        return checkAttributes(of: element, attributes, at: position)
    }

    /// An element's end (also right after the start of an empty element).
    mutating func end() {
        depth -= 1
        if let skipped = skippedFrom {
            if depth == skipped { skippedFrom = nil }
            return
        }
        guard let closing = open.popLast() else { return }
        guard !closing.contentFailed, let missing = closing.missing() else { return }
        report("'\(closing.element.name)' is missing its child element \(missing)", at: closing.position)
    }

    /// Character data directly inside the element open now: text or whitespace, or a CDATA section (which
    /// libxml2 counts as character content even when it is empty or only whitespace).
    mutating func characters(_ text: UnsafeBufferPointer<UInt8>, isCDATA: Bool) {
        guard skippedFrom == nil, var current = open.last, !current.contentFailed else { return }
        if current.element.content.isEmpty {
            guard isCDATA || !text.isEmpty else { return }
            report("'\(current.element.name)' has character content; its content must be empty", at: current.position)
        } else {
            guard isCDATA || !text.allSatisfy(Self.isWhitespace) else { return }
            report(
                "'\(current.element.name)' has text other than whitespace; it may only contain elements",
                at: current.position)
        }
        current.contentFailed = true
        open[open.count - 1] = current
    }

    init(starts: ElementStarts) {
        self.starts = starts
    }

    private mutating func report(_ message: String, at element: Position) {
        let start = starts[element]
        problems.append(
            Problem(
                issue: SnapshotIssue(.schemaViolation, message, line: start.line, column: start.column),
                libxml2Line: start.libxml2Line))
    }

    // MARK: Attributes

    private mutating func checkAttributes(of element: Element, _ attributes: SAXAttributes, at position: Position)
        -> Attributes
    {
        let declared = element.attributes
        var seen = 0 as UInt32
        if values.count < declared.count { values += repeatElement(nil, count: declared.count - values.count) }
        for index in 0..<declared.count { values[index] = nil }
        attributes.forEach { name, namespace, value in
            if let namespace {
                if UnsafeBufferPointer(nulTerminated: namespace).hasSameBytes(as: Self.instanceNamespace) {
                    needsLibxml2 = true
                } else {
                    report(
                        "'\(element.name)' has the attribute '\(String(decoding: name, as: UTF8.self))' in a namespace; it is not allowed",
                        at: position)
                }
                return
            }
            guard let index = declared.firstIndex(where: { name.hasSameBytes(as: $0.bytes) }) else {
                report(
                    "'\(element.name)' has the attribute '\(String(decoding: name, as: UTF8.self))', which is not allowed",
                    at: position)
                return
            }
            seen |= 1 << UInt32(index)
            let type = declared[index].type
            if case .typeName = type {
                values[index] = typeNames.string(value)
            } else {
                values[index] = String(readFrom: value)
            }
            switch type.check(value) {
            case .valid: break
            case .invalid(let why):
                report(
                    "'\(element.name)' has \(declared[index].name.text)=\"\(Self.excerpt(value))\": \(why)",
                    at: position)
            case .leftToLibxml2: needsLibxml2 = true
            }
        }
        for (index, attribute) in declared.enumerated() where attribute.required && seen & (1 << UInt32(index)) == 0 {
            report("'\(element.name)' lacks the required attribute '\(attribute.name.text)'", at: position)
        }
        return Attributes(of: element, values: values)
    }

    /// A value as a message shows it: at most 40 characters.
    private static func excerpt(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.count <= 40 ? text : String(text.prefix(40)) + "…"
    }

    static let instanceNamespace = Array("http://www.w3.org/2001/XMLSchema-instance".utf8)

    /// XML's whitespace: space, tab, line feed, carriage return.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

extension String {
    /// The string of `bytes` read from a document, invalid UTF-8 repaired as `String(decoding:as:)` does. ASCII of
    /// up to 15 bytes, most of a snapshot's values, is stored in the string itself without a validating pass.
    init(readFrom bytes: UnsafeBufferPointer<UInt8>) {
        self.init(unsafeUninitializedCapacity: bytes.count) { buffer in
            guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return 0 }
            target.initialize(from: source, count: bytes.count)
            return bytes.count
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The bytes of the NUL-terminated string libxml2 hands out at `pointer`, without its terminator.
    init(nulTerminated pointer: UnsafeRawPointer) {
        self.init(
            start: pointer.assumingMemoryBound(to: UInt8.self),
            count: strlen(pointer.assumingMemoryBound(to: CChar.self)))
    }

    /// Whether these bytes are `other`'s: one length comparison and one `memcmp` (names are compared for
    /// every element and attribute of a document).
    func hasSameBytes(as other: [UInt8]) -> Bool {
        guard count == other.count else { return false }
        guard let baseAddress, count > 0 else { return true }
        return other.withUnsafeBufferPointer { memcmp(baseAddress, $0.baseAddress!, count) == 0 }
    }
}
