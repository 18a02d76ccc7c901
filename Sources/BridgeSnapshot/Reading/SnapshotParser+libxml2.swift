import CLibXML2
import Foundation
import Synchronization

/// Collects libxml2's structured errors.
final class IssueCollector {
    var issues: [SnapshotIssue] = []
    /// Whether libxml2 reported the input as not well-formed (reading stops there).
    private(set) var sawMalformedInput = false
    /// The reader, to place errors that libxml2 reports without a column (schema errors).
    var reader: xmlTextReaderPtr?
    /// The issues libxml2 placed by line only (schema errors), whose column the parser fills in.
    var unplaced: [Int] = []

    /// Gives the issues placed by line only the column `column(line)` names.
    func place(_ column: (Int) -> Int) {
        for index in unplaced {
            let issue = issues[index]
            issues[index] = SnapshotIssue(issue.kind, issue.message, line: issue.line, column: column(issue.line))
        }
        unplaced.removeAll()
    }

    func add(_ error: xmlError, kind: SnapshotIssue.Kind) {
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
        if column == 0 || isSchema {
            if line == 0, let reader { line = Int(xmlTextReaderGetParserLineNumber(reader)) }
            column = 0
            unplaced.append(issues.count)
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

/// libxml2's reader set up once per process for small documents: making and freeing one costs about a third
/// of reading a 5-controller snapshot (issue 46), and `xmlReaderNewMemory` points one at a new document.
/// Only a reader that read a small valid document to its end without libxml2's schema comes back: its
/// dictionary then holds the schema's names and nothing a hostile document chose, and no validation context
/// is plugged in. One reader waits at a time; a parse on another thread meanwhile makes its own.
enum ReaderPool {
    /// The largest document whose reader is kept: small documents are where set-up costs count.
    static let largestReused = 64 * 1024

    private struct Idle: @unchecked Sendable {
        let reader: xmlTextReaderPtr
    }

    private static let idle = Mutex<Idle?>(nil)

    /// A reader on `bytes` (nil when they are empty), and whether it is the waiting one, taken when `reusing`
    /// and the document is small; else a new one.
    static func reader(for bytes: [UInt8], reusing: Bool) -> (reader: xmlTextReaderPtr?, reused: Bool) {
        let options = Int32(XML_PARSE_NONET.rawValue)
        // A reader set up again skips what a new one reads first: it detects no byte order mark and reports
        // no empty document. Only documents that start with markup (as every written snapshot does) reuse one.
        if reusing, bytes.count <= largestReused, bytes.first == UInt8(ascii: "<"),
            let waiting = idle.withLock({ $0.take() })
        {
            let status = bytes.withLibxml2Buffer {
                xmlReaderNewMemory(waiting.reader, $0, $1, "snapshot.xml", "UTF-8", options)
            }
            if status == 0 { return (waiting.reader, true) }
            xmlFreeTextReader(waiting.reader)
        }
        return (bytes.withLibxml2Buffer { xmlReaderForMemory($0, $1, "snapshot.xml", "UTF-8", options) }, false)
    }

    /// Keeps `reader` for the next small document if it is `reusable` and none waits, else frees it.
    static func finished(_ reader: xmlTextReaderPtr, of bytes: [UInt8], reusable: Bool) {
        if reusable, bytes.count <= largestReused {
            let kept = idle.withLock { waiting in
                guard waiting == nil else { return false }
                waiting = Idle(reader: reader)
                return true
            }
            if kept { return }
        }
        xmlFreeTextReader(reader)
    }
}
