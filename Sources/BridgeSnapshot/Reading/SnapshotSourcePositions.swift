/// Where each element of a snapshot starts in its text (X13: every problem names the line and column of
/// the element at fault). libxml2 reports where its parser fed in chunks has got to, which is often
/// several lines past the element it returns, and no column at all for schema errors; this finds each
/// element's `<` itself.
///
/// The parser hands out elements in document order, so one forward pass over the bytes finds them all: the
/// next `<` that opens a start tag (not an end tag, comment, CDATA section or processing instruction) is
/// the next element. The cost is one pass over the input, shared by every element.
struct SnapshotSourcePositions {
    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The line and column of the next element's `<`, and the line its start tag ends on (where libxml2
    /// places the element's schema errors), or nil past the last one.
    mutating func nextElement() -> (line: Int, column: Int, libxml2Line: Int)? {
        while let next = nextMarkup() {
            switch next {
            case UInt8(ascii: "/"): skip(past: ">")
            case UInt8(ascii: "?"): skip(past: "?>")
            case UInt8(ascii: "!"):
                if starts(with: "<!--") {
                    skip(past: "-->")
                } else if starts(with: "<![CDATA[") {
                    skip(past: "]]>")
                } else {
                    skip(past: ">")
                }
            default:
                let start = (line: line, column: offset - lineStart + 1)
                skipStartTag()
                return (start.line, start.column, line)
            }
        }
        return nil
    }

    /// Moves to the next `<` that has a character after it, counting lines, and returns that character.
    private mutating func nextMarkup() -> UInt8? {
        var (index, line, lineStart) = (offset, self.line, self.lineStart)
        let found: UInt8? = bytes.withUnsafeBufferPointer { buffer in
            while index < buffer.count {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                } else if byte == UInt8(ascii: "<"), index + 1 < buffer.count {
                    return buffer[index + 1]
                }
                index += 1
            }
            return nil
        }
        (offset, self.line, self.lineStart) = (index, line, lineStart)
        return found
    }

    /// The column to name for a problem libxml2 placed on `line` only (its schema validator's, when asked
    /// for): the first element starting there, else the first character of the line after its indentation
    /// (an attribute written on a line of its own). Only problems need it, so it scans from the start.
    func column(onLine line: Int) -> Int {
        var current = 1
        var index = 0
        while index < bytes.count, current < line {
            if bytes[index] == UInt8(ascii: "\n") { current += 1 }
            index += 1
        }
        let lineStart = index
        var column = 1
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
            column += 1
        }
        // An element later on the line, after an end tag or text: the first `<` that opens a start tag.
        var scan = index
        while scan < bytes.count, bytes[scan] != UInt8(ascii: "\n") {
            if bytes[scan] == UInt8(ascii: "<"), scan + 1 < bytes.count,
                ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "!")].contains(bytes[scan + 1])
            {
                return scan - lineStart + 1
            }
            scan += 1
        }
        return column
    }

    /// Moves past the start tag at `offset` (to its `>`, outside quoted attribute values), counting lines.
    private mutating func skipStartTag() {
        var (index, line, lineStart) = (offset + 1, self.line, self.lineStart)
        bytes.withUnsafeBufferPointer { buffer in
            var quote: UInt8 = 0
            while index < buffer.count {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                } else if quote != 0 {
                    if byte == quote { quote = 0 }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "<") {
                    // A `<` here is not well-formed: the parser reports it; the next element starts there.
                    return
                }
                index += 1
            }
        }
        (offset, self.line, self.lineStart) = (index, line, lineStart)
    }

    private func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        if count == 1 { return bytes[offset] == text.utf8Start.pointee }
        guard offset + count <= bytes.count else { return false }
        return text.withUTF8Buffer { marker in
            (0..<count).allSatisfy { bytes[offset + $0] == marker[$0] }
        }
    }

    /// Moves past the next `terminator`, counting the lines it crosses.
    private mutating func skip(past terminator: StaticString) {
        let count = terminator.utf8CodeUnitCount
        offset += 1
        while offset < bytes.count {
            if bytes[offset] == UInt8(ascii: "\n") {
                line += 1
                lineStart = offset + 1
            }
            if starts(with: terminator) {
                offset += count
                return
            }
            offset += 1
        }
    }
}

/// Where each element of a document starts, by its index in document order, found only when asked: reading
/// records each element's index, and the one forward pass of ``SnapshotSourcePositions`` runs the first time
/// a problem needs a line and column. A valid document never pays for it.
final class ElementStarts {
    typealias Start = (line: Int, column: Int, libxml2Line: Int)

    private let source: [UInt8]
    private var found: [Start]?

    init(_ source: [UInt8]) {
        self.source = source
    }

    /// The start of the element with index `element` (0 for the document element); past the last element
    /// found (input that is not well-formed), where the last one starts.
    subscript(_ element: Int) -> Start {
        let all = found ?? scan()
        if all.indices.contains(element) { return all[element] }
        return all.last ?? (1, 1, 1)
    }

    private func scan() -> [Start] {
        var positions = SnapshotSourcePositions(source)
        var all: [Start] = []
        while let next = positions.nextElement() { all.append(next) }
        found = all
        return all
    }
}
