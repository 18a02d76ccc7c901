import CLibXML2
import Foundation

/// Collects libxml2's structured errors.
final class IssueCollector {
    var issues: [SnapshotIssue] = []
    /// Whether libxml2 reported the input as not well-formed (reading stops there).
    private(set) var sawMalformedInput = false
    /// Whether reading was stopped (at the depth limit): what libxml2 reports after that is not the document's.
    var closed = false
    /// The parser, to place errors that libxml2 reports without a line.
    private let parser: xmlParserCtxtPtr?
    /// The issues libxml2 placed by line only (schema errors), whose column the parser fills in.
    private var unplaced: [Int] = []

    init(parser: xmlParserCtxtPtr? = nil) {
        self.parser = parser
    }

    /// The line the parser has read to.
    private var parserLine: Int { parser?.pointee.input.map { Int($0.pointee.line) } ?? 0 }

    /// Gives the issues placed by line only the column `column(line)` names.
    func place(_ column: (Int) -> Int) {
        for index in unplaced {
            let issue = issues[index]
            issues[index] = SnapshotIssue(issue.kind, issue.message, line: issue.line, column: column(issue.line))
        }
        unplaced.removeAll()
    }

    /// Takes the errors libxml2 raises on this thread (its thread-local structured handler), parser errors as
    /// documents that are not well-formed, until the handler is reset (`xmlSetStructuredErrorFunc(nil, nil)`).
    func receiveErrors() {
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(self).toOpaque()) { context, error in
            guard let context, let error else { return }
            Unmanaged<IssueCollector>.fromOpaque(context).takeUnretainedValue().add(error.pointee, kind: .malformed)
        }
    }

    func add(_ error: xmlError, kind: SnapshotIssue.Kind) {
        if closed { return }
        // Warnings (a processing instruction whose target starts with "xml", say) are not problems: xmllint
        // prints them and still validates.
        guard error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        // One line per issue: libxml2 puts some details (the bytes of an encoding error) on lines of their own.
        let message =
            error.message.map {
                String(cString: $0).split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                    .joined(separator: "; ")
            } ?? "unknown error"
        let isSchema = error.domain == Int32(XML_FROM_SCHEMASV.rawValue)
        var line = Int(error.line)
        var column = Int(error.int2)
        if isSchema {
            if line == 0 { line = parserLine }
            column = 0
            unplaced.append(issues.count)
        } else if column == 0 {
            // The parser's errors at the start of a line name no column.
            column = 1
        }
        issues.append(SnapshotIssue(isSchema ? .schemaViolation : kind, message, line: line, column: column))
        // A namespace error (an undeclared prefix) is a problem, but libxml2's parser reads on, and so do we:
        // the schema then judges the element or attribute by its prefixed name, as xmllint does.
        let isNamespace = error.domain == Int32(XML_FROM_NAMESPACE.rawValue)
        if !isSchema, !isNamespace, kind == .malformed { sawMalformedInput = true }
    }
}

/// The snapshot schema, compiled once per process. libxml2 only reads a compiled schema while validating,
/// so one compiled schema serves every parse, each with its own validation context.
final class CompiledSchema: @unchecked Sendable {
    static let shared = CompiledSchema()

    let schema: xmlSchemaPtr?

    private init() {
        xmlInitParser()
        let bytes = SnapshotSchema.bytes
        let parserContext = bytes.withLibxml2Buffer { xmlSchemaNewMemParserCtxt($0, $1) }
        guard let parserContext else {
            schema = nil
            return
        }
        schema = xmlSchemaParse(parserContext)
        xmlSchemaFreeParserCtxt(parserContext)
    }
}

/// A validation context on the compiled schema whose errors go to the collector.
final class SchemaValidation {
    private(set) var context: xmlSchemaValidCtxtPtr?

    init(collector: IssueCollector) {
        guard let schema = CompiledSchema.shared.schema else { return }
        context = xmlSchemaNewValidCtxt(schema)
        xmlSchemaSetValidStructuredErrors(
            context,
            { context, error in
                guard let context, let error else { return }
                Unmanaged<IssueCollector>.fromOpaque(context).takeUnretainedValue().add(
                    error.pointee, kind: .schemaViolation)
            }, Unmanaged.passUnretained(collector).toOpaque())
    }

    /// Plugs this validation into `parser`'s callbacks, to validate what it parses; the plug is to be unplugged
    /// (`xmlSchemaSAXUnplug`) once the parse ends, before this validation is freed.
    func plug(into parser: xmlParserCtxtPtr) -> xmlSchemaSAXPlugPtr? {
        guard let context else { return nil }
        // Errors name the line the parser has read to, the end of the element's start tag.
        xmlSchemaValidateSetLocator(
            context,
            { parser, file, line in
                // libxml2 reads both answers.
                file?.pointee = nil
                guard let parser, let line else { return -1 }
                let input = parser.assumingMemoryBound(to: xmlParserCtxt.self).pointee.input
                line.pointee = UInt(input.map { $0.pointee.line } ?? 0)
                return 0
            }, parser)
        // The plug replaces the parser's callbacks and their context with its own, and puts them back when
        // unplugged: it is given the fields themselves.
        let base = UnsafeMutableRawPointer(parser)
        return xmlSchemaSAXPlug(
            context,
            base.advanced(by: MemoryLayout<xmlParserCtxt>.offset(of: \.sax)!).assumingMemoryBound(
                to: xmlSAXHandlerPtr?.self),
            base.advanced(by: MemoryLayout<xmlParserCtxt>.offset(of: \.userData)!).assumingMemoryBound(
                to: UnsafeMutableRawPointer?.self))
    }

    deinit {
        if let context { xmlSchemaFreeValidCtxt(context) }
    }
}

extension [UInt8] {
    /// Calls `body` with the bytes as the `char` buffer and length libxml2's memory readers take (the length
    /// may be 0); nil when the array has no storage to point at.
    func withLibxml2Buffer<Result>(_ body: (UnsafePointer<CChar>, Int32) -> Result?) -> Result? {
        withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: Swift.max(buffer.count, 1)) {
                    body($0, Int32(buffer.count))
                }
            }
        }
    }
}
