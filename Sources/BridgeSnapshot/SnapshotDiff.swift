import CoordinatorBridge

/// One structural difference between two snapshots (X7), readable by a person:
/// `+ controller "detail": …`, `- host "host2": …`, `~ controller "home": title "Home" -> "Start"`.
public struct SnapshotDifference: Sendable, Hashable, CustomStringConvertible {
    public enum Change: String, Sendable, Hashable {
        case added = "+"
        case removed = "-"
        case changed = "~"
    }

    public let change: Change
    /// What differs: `window "window1"`, `controller "home"`, `host "host1"`, `coordinator "…"`.
    public let subject: String
    /// The fields that differ (for a change) or the whole entity (for an addition or removal).
    public let detail: String

    public var description: String { "\(change.rawValue) \(subject): \(detail)" }
}

extension BridgeSnapshot {
    /// The differences from `old` to `new`, entity by entity (matched by id), in document order.
    public static func diff(_ old: BridgedTree, _ new: BridgedTree) -> [SnapshotDifference] {
        let before = old.entities
        let after = new.entities
        let afterByKey = Dictionary(after.map { ($0.subject, $0) }, uniquingKeysWith: { first, _ in first })
        let beforeKeys = Set(before.map(\.subject))
        var differences: [SnapshotDifference] = []
        for entity in before {
            guard let counterpart = afterByKey[entity.subject] else {
                differences.append(
                    SnapshotDifference(change: .removed, subject: entity.subject, detail: entity.summary))
                continue
            }
            let changed = zip(entity.fields, counterpart.fields).filter { $0.1 != $1.1 }
            if !changed.isEmpty {
                let detail = changed.map { "\($0.0.0) \($0.0.1) -> \($0.1.1)" }.joined(separator: "; ")
                differences.append(SnapshotDifference(change: .changed, subject: entity.subject, detail: detail))
            }
        }
        for entity in after where !beforeKeys.contains(entity.subject) {
            differences.append(SnapshotDifference(change: .added, subject: entity.subject, detail: entity.summary))
        }
        return differences
    }
}

/// An entity of a tree as named fields, for diffing.
private struct Entity {
    let subject: String
    let fields: [(String, String)]

    var summary: String { fields.map { "\($0.0) \($0.1)" }.joined(separator: ", ") }
}

private func quoted(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "none" }

private func list(_ values: [String]) -> String { "[" + values.joined(separator: ", ") + "]" }

extension BridgedTree {
    fileprivate var entities: [Entity] {
        var entities: [Entity] = []
        for window in windows {
            entities.append(
                Entity(
                    subject: "window \(quoted(window.id))",
                    fields: [
                        ("key", "\(window.isKey)"), ("visible", "\(window.isVisible)"), ("root", quoted(window.rootID)),
                        ("presented", list(window.presented.map { "\($0.controllerID) (\($0.style))" })),
                    ]))
        }
        for controller in controllers {
            entities.append(
                Entity(
                    subject: "controller \(quoted(controller.id))",
                    fields: [
                        ("type", controller.type + (controller.container.map { " (\($0.snapshotDescription))" } ?? "")),
                        ("title", quoted(controller.title)),
                        (controller.container == .navigation ? "stack" : "children", list(controller.children)),
                    ]))
        }
        for host in hosts {
            entities.append(
                Entity(
                    subject: "host \(quoted(host.id))",
                    fields: [
                        ("base", "\(host.base.kind.rawValue) \(quoted(host.base.targetID))"),
                        (
                            "frames",
                            list(
                                host.frames.map {
                                    "\($0.kind) \($0.coordinatorType) \($0.controllerID ?? "-") \($0.state)"
                                })
                        ),
                    ]))
        }
        for coordinator in coordinators {
            entities.append(
                Entity(
                    subject: "coordinator \(quoted(coordinator.id))",
                    fields: [
                        ("type", "\(coordinator.framework) \(coordinator.type)"),
                        ("identifier", quoted(coordinator.identifier)),
                        ("parent", quoted(coordinator.parentID)), ("children", list(coordinator.childIDs)),
                        ("owns", list(coordinator.controllerIDs)),
                    ]))
        }
        return entities
    }
}
