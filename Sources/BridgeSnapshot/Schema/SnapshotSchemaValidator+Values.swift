extension SnapshotSchemaValidator {
    /// The simple types of the schema's attributes, checked on the attribute's bytes as the XML parser
    /// normalized them, with each type's whitespace rule (`xs:string` and its restrictions keep whitespace;
    /// booleans, integers and `NMTOKEN` collapse it).
    enum ValueType {
        /// `ID`: 1 to 512 characters, none of them whitespace.
        case id
        /// `TypeName`: 1 to 512 characters.
        case typeName
        /// `Text`: at most 65,536 characters.
        case text
        case boolean
        case positiveInteger
        case nonNegativeInteger
        case nmtoken
        /// An enumeration of `xs:string`.
        case oneOf(Choices)
        /// A controller's `container`: one of UIKit's kinds, or a plugin's `Framework.kind`.
        case container

        /// The values of an enumeration, as written and as the bytes a document's are compared with.
        struct Choices: ExpressibleByArrayLiteral {
            let texts: [String]
            private let bytes: [[UInt8]]

            init(arrayLiteral texts: String...) {
                self.texts = texts
                bytes = texts.map { Array($0.utf8) }
            }

            func contains(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
                bytes.contains { value.hasSameBytes(as: $0) }
            }
        }

        private static let booleans: Choices = ["true", "false", "1", "0"]
        private static let containers: Choices = ["navigation", "tabBar", "splitView", "page"]

        enum Verdict: Equatable {
            case valid
            case invalid(String)
            /// A value this validator does not judge (an `NMTOKEN` beyond ASCII): libxml2's validator does.
            case leftToLibxml2
        }

        func check(_ value: UnsafeBufferPointer<UInt8>) -> Verdict {
            switch self {
            case .id:
                let length = Self.characterCount(value)
                guard (1...512).contains(length) else { return .invalid("an id has 1 to 512 characters") }
                return value.contains(where: SnapshotSchemaValidator.isWhitespace)
                    ? .invalid("an id has no whitespace") : .valid
            case .typeName:
                return (1...512).contains(Self.characterCount(value))
                    ? .valid : .invalid("a type name has 1 to 512 characters")
            case .text:
                return Self.characterCount(value) <= 65_536 ? .valid : .invalid("a text has at most 65536 characters")
            case .boolean:
                return Self.booleans.contains(UnsafeBufferPointer(rebasing: Self.trimmed(value)))
                    ? .valid : .invalid("not a boolean (true, false, 1 or 0)")
            case .positiveInteger:
                return Self.integer(Self.trimmed(value), allowsZero: false)
                    ? .valid : .invalid("not a positive integer")
            case .nonNegativeInteger:
                return Self.integer(Self.trimmed(value), allowsZero: true)
                    ? .valid : .invalid("not a non-negative integer")
            case .nmtoken:
                let token = Self.trimmed(value)
                if token.contains(where: { $0 >= 0x80 }) { return .leftToLibxml2 }
                return !token.isEmpty && token.allSatisfy(Self.isASCIINameCharacter)
                    ? .valid : .invalid("not a name token (letters, digits, '.', '-', '_' or ':')")
            case .oneOf(let choices):
                return choices.contains(value)
                    ? .valid : .invalid("not one of \(choices.texts.joined(separator: ", "))")
            case .container:
                return Self.containers.contains(value) || (value.count <= 512 && Self.isQualifiedKind(value))
                    ? .valid : .invalid("neither one of UIKit's containers nor a plugin's Framework.kind")
            }
        }

        /// Unicode scalars in UTF-8 bytes: every byte that does not continue a sequence.
        private static func characterCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            var count = 0
            for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
            return count
        }

        /// Without leading and trailing whitespace (all a collapsing type needs here: none of their values
        /// may contain whitespace after collapsing).
        private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>> {
            var start = bytes.startIndex
            var end = bytes.endIndex
            while start < end, SnapshotSchemaValidator.isWhitespace(bytes[start]) { start += 1 }
            while end > start, SnapshotSchemaValidator.isWhitespace(bytes[end - 1]) { end -= 1 }
            return bytes[start..<end]
        }

        /// `xs:integer`'s lexical form (`[+-]?[0-9]+`), at least 1 (or at least 0: `-0` is zero).
        private static func integer(_ text: Slice<UnsafeBufferPointer<UInt8>>, allowsZero: Bool) -> Bool {
            var digits = text[...]
            var negative = false
            if let sign = digits.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                negative = sign == UInt8(ascii: "-")
                digits = digits.dropFirst()
            }
            guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
            // libxml2 holds integers of at most 24 significant digits, and refuses longer ones.
            let significant = digits.drop { $0 == 0x30 }
            guard significant.count <= 24 else { return false }
            return significant.isEmpty ? allowsZero : !negative
        }

        private static func isASCIINameCharacter(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"),
                UInt8(ascii: ":"):
                true
            default: false
            }
        }

        /// `[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)+`, the schema's pattern for a plugin's kind.
        private static func isQualifiedKind(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var parts = 0
            for part in bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
                guard let first = part.first, first == UInt8(ascii: "_") || isLetter(first),
                    part.allSatisfy({ $0 == UInt8(ascii: "_") || isLetter($0) || (0x30...0x39).contains($0) })
                else { return false }
                parts += 1
            }
            return parts >= 2
        }

        private static func isLetter(_ byte: UInt8) -> Bool {
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
    }
}
