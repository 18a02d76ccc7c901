import CoordinatorBridge

/// One structural difference between two snapshots (X7), readable by a person:
/// `+ controller "main/DetailViewController": on stack "main" (2), …`, `- host "main/modal": …`,
/// `~ controller "tabs": container tabBar selected 0 -> tabBar selected 1`.
public struct SnapshotDifference: Sendable, Hashable, CustomStringConvertible {
    public enum Change: String, Sendable, Hashable {
        case added = "+"
        case removed = "-"
        case changed = "~"
    }

    public let change: Change
    /// What differs: `window "window1"`, `controller "home"`, `host "main/navigation"`, `coordinator "…"`.
    public let subject: String
    /// The fields that differ (for a change) or the whole entity (for an addition or removal).
    public let detail: String

    public var description: String { "\(change.rawValue) \(subject): \(detail)" }
}

extension BridgeSnapshot {
    /// The differences from `old` to `new`, entity by entity (matched by id, which X13 keeps stable), in
    /// document order, so that they read like the change (X7, X13): a push is one added controller that
    /// says on which stack, a dismissal one removed presentation, a tab switch one changed selection, a
    /// controller that changed place one move. A controller added or removed with its container is told
    /// with the container, and a container's or window's list that changed only by those is not repeated.
    public static func diff(_ old: BridgedTree, _ new: BridgedTree) -> [SnapshotDifference] {
        let before = old.entities
        let after = new.entities
        let afterByKey = Dictionary(after.map { ($0.subject, $0) }, uniquingKeysWith: { first, _ in first })
        let beforeKeys = Set(before.map(\.subject))
        // Controllers and coordinators that came or went: the lists that changed only by them say nothing new.
        let added = Set(after.filter { !beforeKeys.contains($0.subject) }.compactMap(\.listedID))
        let removed = Set(before.filter { afterByKey[$0.subject] == nil }.compactMap(\.listedID))
        let oldPlaces = old.places
        let newPlaces = new.places
        // A controller that changed holder leaves one list and joins another: both lists are told by its move.
        let moved = Set(
            oldPlaces.keys.filter { id in
                newPlaces[id].map { $0.holder != oldPlaces[id]?.holder } ?? false
            })
        let leaving = removed.union(moved)
        let arriving = added.union(moved)
        var differences: [SnapshotDifference] = []
        for entity in before {
            guard let counterpart = afterByKey[entity.subject] else {
                // Told with the container it left with.
                if let id = entity.controllerID, let holder = oldPlaces[id]?.holder, removed.contains(holder) {
                    continue
                }
                differences.append(
                    SnapshotDifference(change: .removed, subject: entity.subject, detail: entity.summary))
                continue
            }
            let changed = zip(entity.fields, counterpart.fields).filter { old, new in
                old.value != new.value && !old.isListExplained(to: new, added: arriving, removed: leaving)
            }
            if !changed.isEmpty {
                let detail = changed.map { "\($0.0.name) \($0.0.value) -> \($0.1.value)" }.joined(separator: "; ")
                differences.append(SnapshotDifference(change: .changed, subject: entity.subject, detail: detail))
            }
        }
        for entity in after where !beforeKeys.contains(entity.subject) {
            if let id = entity.controllerID, let holder = newPlaces[id]?.holder, added.contains(holder) { continue }
            differences.append(SnapshotDifference(change: .added, subject: entity.subject, detail: entity.summary))
        }
        return differences
    }
}

/// An entity of a tree as named fields, for diffing.
private struct Entity {
    let subject: String
    /// The controller's id, for a controller.
    var controllerID: String?
    /// The coordinator's id, for a coordinator.
    var coordinatorID: String?
    let fields: [Field]

    /// The id other entities' lists name this one by.
    var listedID: String? { controllerID ?? coordinatorID }

    /// The fields for an addition or removal; a controller's place reads first, without its name.
    var summary: String {
        fields.map { $0.name == Field.place ? $0.value : "\($0.name) \($0.value)" }.joined(separator: ", ")
    }
}

/// A named field; a list field keeps its items, so that a change made only of added or removed entities
/// can be recognised.
private struct Field {
    /// The name of a controller's place.
    static let place = "place"

    let name: String
    let value: String
    var items: [String]?

    init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    init(list name: String, _ items: [String], label: (String) -> String = { $0 }) {
        self.name = name
        self.items = items
        value = "[" + items.map(label).joined(separator: ", ") + "]"
    }

    /// Whether this list became `new` only by losing `removed` entities and gaining `added` ones, in place.
    func isListExplained(to new: Field, added: Set<String>, removed: Set<String>) -> Bool {
        guard let old = items, let now = new.items else { return false }
        return old.filter { !removed.contains($0) } == now.filter { !added.contains($0) }
    }
}

private func quoted(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "none" }

/// Where a controller is: what holds it and how.
private struct Place {
    /// The container or presenting controller that holds it (nil for a window's root or presentations).
    let holder: String?
    let description: String
}

extension BridgedTree {
    /// Where each controller is, by id: the root of a window, presented in a window, on a stack, a tab, a
    /// column, a page or a child of another controller.
    fileprivate var places: [String: Place] {
        var places: [String: Place] = [:]
        for window in windows {
            if let root = window.rootID {
                places[root] = Place(holder: nil, description: "root of window \(quoted(window.id))")
            }
            for (index, presented) in window.presented.enumerated() {
                places[presented.controllerID] = Place(
                    holder: nil, description: "presented in window \(quoted(window.id)) (\(index + 1))")
            }
        }
        for controller in controllers {
            for (index, child) in controller.children.enumerated() where places[child] == nil {
                let how =
                    switch controller.container {
                    case .navigation: "on stack"
                    case .tabBar: "tab of"
                    case .splitView: "column of"
                    case .page: "page of"
                    case .described, nil: "child of"
                    }
                places[child] = Place(
                    holder: controller.id, description: "\(how) \(quoted(controller.id)) (\(index + 1))")
            }
        }
        return places
    }

    fileprivate var entities: [Entity] {
        let places = self.places
        var entities: [Entity] = []
        for window in windows {
            entities.append(
                Entity(
                    subject: "window \(quoted(window.id))",
                    fields: [
                        Field("key", "\(window.isKey)"), Field("visible", "\(window.isVisible)"),
                        Field("root", quoted(window.rootID)),
                        Field(list: "presented", window.presented.map(\.controllerID)) { id in
                            "\(id) (\(window.presented.first { $0.controllerID == id }?.style ?? ""))"
                        },
                    ]))
        }
        for controller in controllers {
            var fields = [
                Field(Field.place, places[controller.id]?.description ?? "nowhere"), Field("type", controller.type),
            ]
            if let container = controller.container { fields.append(Field("container", container.snapshotDescription)) }
            fields.append(Field("title", quoted(controller.title)))
            fields.append(Field(list: controller.container == .navigation ? "stack" : "children", controller.children))
            entities.append(
                Entity(subject: "controller \(quoted(controller.id))", controllerID: controller.id, fields: fields))
        }
        for host in hosts {
            entities.append(
                Entity(
                    subject: "host \(quoted(host.id))",
                    fields: [
                        Field("base", "\(host.base.kind.rawValue) \(quoted(host.base.targetID))"),
                        Field(
                            list: "frames",
                            host.frames.map { "\($0.kind) \($0.coordinatorType) \($0.controllerID ?? "-") \($0.state)" }
                        ),
                    ]))
        }
        for coordinator in coordinators {
            entities.append(
                Entity(
                    subject: "coordinator \(quoted(coordinator.id))", coordinatorID: coordinator.id,
                    fields: [
                        Field("type", "\(coordinator.framework) \(coordinator.type)"),
                        Field("identifier", quoted(coordinator.identifier)),
                        Field("parent", quoted(coordinator.parentID)), Field(list: "children", coordinator.childIDs),
                        Field(list: "owns", coordinator.controllerIDs),
                    ]))
        }
        return entities
    }
}
