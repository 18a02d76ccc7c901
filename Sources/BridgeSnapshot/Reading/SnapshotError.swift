import CoordinatorBridge

/// One problem found in a snapshot, with its position (1-based line and column; 0 when unknown).
public struct SnapshotIssue: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// Not well-formed XML, or not valid UTF-8.
        case malformed
        /// A document type declaration: refused, so that no entity is ever declared or resolved.
        case forbiddenDoctype
        /// The document is larger than ``SnapshotLimits/maxBytes``.
        case tooLarge
        /// Elements nest deeper than ``SnapshotLimits/maxDepth``.
        case tooDeep
        /// The document does not follow the schema (unknown element, missing attribute, bad value...).
        case schemaViolation
        /// The `version` attribute names a format this package does not read.
        case unsupportedVersion
        /// Two windows, controllers, hosts or coordinators share an id.
        case duplicateID
        /// A reference names no element.
        case danglingReference
        /// Containment or coordinator parent links form a cycle, or a controller has two parents.
        case cycle
        /// The snapshot is valid, but its relationships cannot be rebuilt live (a frame that does not match
        /// its controllers, a coordinator of a framework with no registered plugin, a factory of the wrong kind).
        case unbuildable
    }

    public let kind: Kind
    public let message: String
    public let line: Int
    public let column: Int
    /// For an ``Kind/unbuildable`` issue of an import: what could not be rebuilt, typed (the message is its
    /// description). Nil for every other issue.
    public let rebuildProblem: BridgeRebuilder.Failure.Problem?

    public init(
        _ kind: Kind, _ message: String, line: Int, column: Int, rebuildProblem: BridgeRebuilder.Failure.Problem? = nil
    ) {
        self.kind = kind
        self.message = message
        self.line = line
        self.column = column
        self.rebuildProblem = rebuildProblem
    }

    public var description: String { "\(line):\(column): \(kind.rawValue): \(message)" }
}

/// A snapshot that cannot be read: every issue found, in document order.
public struct SnapshotError: Error, Sendable, Hashable, CustomStringConvertible {
    public let issues: [SnapshotIssue]

    public init(_ issues: [SnapshotIssue]) {
        self.issues = issues
    }

    public var description: String {
        issues.map(\.description).joined(separator: "\n")
    }
}

/// Limits that keep hostile input cheap to refuse.
public struct SnapshotLimits: Sendable, Hashable {
    /// The largest document accepted, in bytes (16 MiB by default; a 10,000-frame snapshot is about 2 MiB).
    public var maxBytes: Int
    /// The deepest element nesting accepted (the format itself needs 4).
    public var maxDepth: Int

    public init(maxBytes: Int = 16 << 20, maxDepth: Int = 8) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
    }
}

/// Which validators check a snapshot against its schema.
public enum SnapshotValidation: Sendable, Hashable {
    /// The package's streaming validator, in the pass that builds the tree: the verdict `xmllint --schema`
    /// gives, at a fraction of the cost (it hands the few constructs it does not model to libxml2's).
    case streaming
    /// The streaming validator and libxml2's schema validator both, in the same pass: every problem either
    /// finds, with libxml2's own wording beside the package's.
    case streamingAndLibxml2
}
