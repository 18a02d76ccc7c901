import CLibXML2

/// The verdicts of the streaming validator and of libxml2's schema validator on one document, side by side,
/// for the differential tests and fuzzer that prove the streaming validator keeps the XSD's contract.
@_spi(SchemaDifferential)
public enum SchemaDifferential {
    /// Whether a document is well-formed, and the line of its first problem as libxml2 numbers lines: for a
    /// document that is not well-formed, where its parser stopped; else the smallest line of a schema
    /// problem, an element's problems being on the line its start tag ends on. No line: valid.
    public struct Verdict: Hashable, Sendable, CustomStringConvertible {
        public var wellFormed: Bool
        public var firstProblemLine: Int?

        public init(wellFormed: Bool, firstProblemLine: Int?) {
            self.wellFormed = wellFormed
            self.firstProblemLine = firstProblemLine
        }

        public var description: String {
            let line = firstProblemLine.map { " at line \($0)" } ?? ""
            return wellFormed ? (firstProblemLine == nil ? "valid" : "invalid\(line)") : "not well-formed\(line)"
        }
    }

    /// The streaming validator's verdict, or nil where the document is not left to the schema: refused
    /// before parsing (a document type declaration, over the size limit, an encoding other than UTF-8),
    /// nested past the depth limit, or
    /// handed to libxml2's validator (a construct the streaming validator does not model).
    public static func streaming(_ bytes: [UInt8], limits: SnapshotLimits = SnapshotLimits()) -> Verdict? {
        guard bytes.count <= limits.maxBytes, SnapshotParser.doctypePosition(in: bytes) == nil,
            SnapshotParser.otherEncoding(of: bytes) == nil
        else { return nil }
        let pass = SnapshotParser(limits: limits).read(bytes, libxml2Schema: false)
        guard !pass.validator.needsLibxml2, !pass.issues.contains(where: { $0.kind == .tooDeep }) else { return nil }
        if pass.malformed {
            return Verdict(wellFormed: false, firstProblemLine: pass.issues.first { $0.kind == .malformed }?.line)
        }
        return Verdict(wellFormed: true, firstProblemLine: pass.validator.problems.map(\.libxml2Line).min())
    }

    /// What `xmllint --schema` does with the document: parse it into a tree (no network, no entities
    /// substituted), then validate the tree against the published schema.
    public static func libxml2(_ bytes: [UInt8]) -> Verdict {
        // xmllint reads an empty file and says "Document is empty" at line 1; an empty buffer gets no parser.
        guard !bytes.isEmpty else { return Verdict(wellFormed: false, firstProblemLine: 1) }
        xmlInitParser()
        bridge_xml_silence_generic_errors()
        let lines = ErrorLines()
        let context = Unmanaged.passUnretained(lines).toOpaque()
        xmlSetStructuredErrorFunc(context) { context, error in
            guard let context, let error else { return }
            Unmanaged<ErrorLines>.fromOpaque(context).takeUnretainedValue().add(error.pointee)
        }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let document = bytes.withLibxml2Buffer {
            xmlReadMemory($0, $1, "snapshot.xml", "UTF-8", Int32(XML_PARSE_NONET.rawValue))
        }
        guard let document else { return Verdict(wellFormed: false, firstProblemLine: lines.lines.first) }
        defer { xmlFreeDoc(document) }
        guard let schema = CompiledSchema.shared.schema, let validation = xmlSchemaNewValidCtxt(schema) else {
            return Verdict(wellFormed: true, firstProblemLine: 0)
        }
        defer { xmlSchemaFreeValidCtxt(validation) }
        xmlSchemaSetValidStructuredErrors(
            validation,
            { context, error in
                guard let context, let error else { return }
                Unmanaged<ErrorLines>.fromOpaque(context).takeUnretainedValue().add(error.pointee)
            }, context)
        lines.lines.removeAll()
        let result = xmlSchemaValidateDoc(validation, document)
        return Verdict(wellFormed: true, firstProblemLine: result == 0 ? nil : lines.lines.min() ?? 0)
    }

    /// The lines of the errors libxml2 reported (warnings left out, as xmllint's verdict leaves them).
    private final class ErrorLines {
        var lines: [Int] = []

        func add(_ error: xmlError) {
            if error.level.rawValue >= XML_ERR_ERROR.rawValue { lines.append(Int(error.line)) }
        }
    }
}
