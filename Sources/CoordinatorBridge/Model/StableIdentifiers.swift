/// The ids of a tree's entities that have no restoration identifier (X13): made from what identifies each
/// one (its place and type) and never from how many were read before it, so that a change in one part of
/// a tree renames nothing elsewhere and a diff reads like the change.
///
/// - A controller: `place/Type`, where the place is its window (`window1/UITabBarController`), its window's
///   presentations (`window1/presented/UINavigationController`), its container
///   (`window1/UITabBarController/UINavigationController`), or, for the controller a waiting frame will
///   show, the host's base (`main/waiting/PaymentViewController`). A later controller of the same type in
///   the same place gets `.2`, `.3`…; a restoration identifier replaces the whole id.
/// - A host: `base/kind` (`main/navigation`, `window1/window`, `home/modal`), `.2`… for a later host of the
///   same kind on the same base.
/// - A coordinator: `Framework.Type@root` (`ResponderCoordinator.HomeCoordinator@main`), named after the
///   first controller it owns when it records no root, `.2`… for a later one of the same type on the same
///   root.
public enum BridgedIdentifiers {
    /// Ids longer than this are shortened to a digest of their place and their last part.
    static let longestGenerated = 200

    /// `name` without whitespace, which ids cannot hold.
    public static func token(_ name: String) -> String {
        if !name.isEmpty, name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return name }
        let kept = name.unicodeScalars.filter { !$0.properties.isWhitespace }
        return kept.isEmpty ? "_" : String(String.UnicodeScalarView(kept))
    }

    /// The id a restoration identifier gives what it names: itself without white space; nil when there is
    /// none, or it is empty.
    static func token(ofRestorationIdentifier identifier: String?) -> String? {
        guard let identifier, !identifier.isEmpty else { return nil }
        return token(identifier)
    }

    /// `place/part`, or, when that grows past ``longestGenerated`` characters (containers nested very
    /// deep), a stable digest of the place followed by the part.
    static func joined(_ place: String, _ part: String) -> String {
        "\(shortened(place))/\(part)"
    }

    /// `id`, or its digest when it is longer than ``longestGenerated`` characters.
    static func shortened(_ id: String) -> String {
        id.utf8.count > longestGenerated ? digest(id) : id
    }

    /// FNV-1a, 64 bits, in hexadecimal: the same text always gives the same digest.
    private static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return "~" + String(hash, radix: 16)
    }

    /// Numbers repeated names in order: the first keeps `base`, later ones get `base.2`, `base.3`…, skipping
    /// any name in `taken`.
    struct Numbering {
        private var counts: [String: Int] = [:]
        var taken: Set<String> = []

        /// Makes room for `count` more names.
        mutating func reserveCapacity(forMore count: Int) {
            taken.reserveCapacity(taken.count + count)
        }

        mutating func name(_ base: String) -> String {
            var occurrence = counts[base, default: 0]
            var name: String
            repeat {
                occurrence += 1
                name = occurrence == 1 ? base : "\(base).\(occurrence)"
            } while taken.contains(name)
            counts[base] = occurrence
            taken.insert(name)
            return name
        }
    }
}

extension BridgedHost {
    /// `hosts` with the ids their bases give them, in order (see ``BridgedIdentifiers``).
    public static func withStableIDs(_ hosts: [BridgedHost]) -> [BridgedHost] {
        var numbering = BridgedIdentifiers.Numbering()
        return hosts.map { host in
            var named = host
            named.id = numbering.name(
                BridgedIdentifiers.joined(host.base.targetID ?? "detached", host.base.kind.rawValue))
            return named
        }
    }
}

extension BridgedTree {
    /// The tree with its hosts and coordinators named after what identifies them (see
    /// ``BridgedIdentifiers``), references included, whatever ids they had.
    public func withStableIDs() -> BridgedTree {
        var tree = withStableCoordinatorIDs()
        tree.hosts = BridgedHost.withStableIDs(hosts)
        return tree
    }

    /// The tree with its coordinators named `Framework.Type@root`, parent and child references included.
    public func withStableCoordinatorIDs() -> BridgedTree {
        var numbering = BridgedIdentifiers.Numbering()
        var names: [String: String] = [:]
        for coordinator in coordinators where names[coordinator.id] == nil {
            let type =
                "\(BridgedIdentifiers.token(coordinator.framework)).\(BridgedIdentifiers.token(coordinator.type))"
            let anchor = coordinator.rootID ?? coordinator.controllerIDs.first
            names[coordinator.id] = numbering.name(anchor.map { "\(type)@\(BridgedIdentifiers.shortened($0))" } ?? type)
        }
        var tree = self
        for index in tree.coordinators.indices {
            let coordinator = tree.coordinators[index]
            tree.coordinators[index].id = names[coordinator.id] ?? coordinator.id
            tree.coordinators[index].parentID = coordinator.parentID.map { names[$0] ?? $0 }
            tree.coordinators[index].childIDs = coordinator.childIDs.map { names[$0] ?? $0 }
        }
        return tree
    }
}
