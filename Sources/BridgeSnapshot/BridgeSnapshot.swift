import CoordinatorBridge
import SimUIKit

/// XML snapshots of bridged trees: export, parse with validation, canonical form (X1–X4, X6).
public enum BridgeSnapshot {
    /// The snapshot of `tree`, in canonical form.
    public static func xml(of tree: BridgedTree) -> String {
        SnapshotWriter.write(tree)
    }

    /// The snapshot of live `windows`, with the coordinators of `registry`'s plugins (X1).
    @MainActor
    public static func export(_ windows: [UIWindow], registry: BridgeRegistry) -> String {
        xml(of: BridgeReader(registry: registry).read(windows))
    }

    /// Reads and checks a snapshot: well-formed, safe, valid against the schema, ids unique, references
    /// resolved, no cycles. Throws every issue found, with positions.
    public static func parse(
        _ xml: String, limits: SnapshotLimits = SnapshotLimits(), validation: SnapshotValidation = .streaming
    ) throws(SnapshotError) -> BridgedTree {
        try parse(Array(xml.utf8), limits: limits, validation: validation)
    }

    /// ``parse(_:limits:validation:)`` for raw bytes (which need not be valid UTF-8).
    public static func parse(
        _ bytes: [UInt8], limits: SnapshotLimits = SnapshotLimits(), validation: SnapshotValidation = .streaming
    ) throws(SnapshotError) -> BridgedTree {
        try read(bytes, limits: limits, validation: validation).tree
    }

    /// Checks a snapshot as `parse` does and returns the format version it is written in
    /// (X10: earlier versions stay valid).
    public static func validate(
        _ bytes: [UInt8], limits: SnapshotLimits = SnapshotLimits(), validation: SnapshotValidation = .streaming
    ) throws(SnapshotError) -> Int {
        try read(bytes, limits: limits, validation: validation).version
    }

    /// The tree of a valid snapshot, its version, where its elements are, and, if `resolving`, its references as
    /// the checks resolved them.
    private static func read(
        _ bytes: [UInt8], limits: SnapshotLimits, validation: SnapshotValidation = .streaming, resolving: Bool = false
    ) throws(SnapshotError) -> (
        tree: BridgedTree, version: Int, positions: SnapshotParser.Positions, resolved: ResolvedReferences?
    ) {
        let parsed = try SnapshotParser(limits: limits, validation: validation).parse(bytes)
        let (issues, resolved) = SnapshotChecks(tree: parsed.tree, positions: parsed.positions).check(
            resolving: resolving)
        guard issues.isEmpty else { throw SnapshotError(issues) }
        return (parsed.tree, parsed.version, parsed.positions, resolved)
    }

    /// The canonical form of a snapshot: the same tree always gives the same bytes (X2).
    public static func canonical(_ xml: String) throws(SnapshotError) -> String {
        self.xml(of: try parse(xml))
    }

    /// Rebuilds a live tree from a snapshot (X3): new windows with their controllers, presentations,
    /// stacks, Insecurity hosts with their frames, and the coordinators of `rebuilder`'s plugins.
    /// Atomic (X5): on any error nothing is attached to an existing window and no live state changes;
    /// the caller attaches the result (for example by making a new window key and visible).
    @MainActor
    public static func importLive(_ xml: String, rebuilder: BridgeRebuilder) throws(SnapshotError)
        -> BridgeRebuilder.Live
    {
        // The tree is handed over to the rebuild, which lets go of what it no longer needs, and nothing else is
        // kept while building (the positions hold the document's bytes): a failure reads the document again to
        // place its problems.
        var (tree, version, _, resolved) = try read(Array(xml.utf8), limits: SnapshotLimits(), resolving: true)
        tree.trimLongLists()
        do {
            // The checks resolved every reference already: the rebuild takes them as resolved.
            return try rebuilder.rebuild(consume tree, namesAdapterHosts: version >= 3, resolved: consume resolved)
        } catch {
            let reread = try? read(Array(xml.utf8), limits: SnapshotLimits())
            // Each problem is placed at the element of what could not be rebuilt (X13).
            throw SnapshotError(
                error.problems.map { problem in
                    let position =
                        reread.map { $0.positions.position(of: problem, in: $0.tree) } ?? (line: 0, column: 0)
                    return SnapshotIssue(
                        .unbuildable, problem.description, line: position.line, column: position.column,
                        rebuildProblem: problem)
                })
        }
    }
}

extension BridgedTree {
    /// Gives each long list the rebuild keeps while it makes the live tree (a navigation controller's children)
    /// storage of its exact size: a list the parser grew by doubling can be half unused. A host's frames need
    /// none: the rebuild lets go of them before it adopts the frames.
    fileprivate mutating func trimLongLists() {
        for index in controllers.indices
        where controllers[index].children.capacity - controllers[index].children.count > 1024 {
            controllers[index].children = Array(exactly: controllers[index].children)
        }
    }
}

extension Array {
    /// A copy of `elements` in storage made for their number.
    fileprivate init(exactly elements: [Element]) {
        self.init(unsafeUninitializedCapacity: elements.count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: elements)
        }
    }
}
