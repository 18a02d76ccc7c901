import CoordinatorBridge

/// Checks what the schema cannot: unique ids, references that resolve, and no cycles (X4, X6).
struct SnapshotChecks {
    let tree: BridgedTree
    let positions: SnapshotParser.Positions

    func issues() -> [SnapshotIssue] {
        var issues: [SnapshotIssue] = []
        func issue(_ kind: SnapshotIssue.Kind, _ message: String, at place: SnapshotParser.Place) {
            let position = positions[place]
            issues.append(SnapshotIssue(kind, message, line: position.line, column: position.column))
        }

        var windows = Set<String>()
        for (index, window) in tree.windows.enumerated() where !windows.insert(window.id).inserted {
            issue(.duplicateID, "window id \"\(window.id)\" is used twice", at: .window(index))
        }
        var controllers = Set<String>()
        for (index, controller) in tree.controllers.enumerated() where !controllers.insert(controller.id).inserted {
            issue(.duplicateID, "controller id \"\(controller.id)\" is used twice", at: .controller(index))
        }
        var hosts = Set<String>()
        for (index, host) in tree.hosts.enumerated() where !hosts.insert(host.id).inserted {
            issue(.duplicateID, "host id \"\(host.id)\" is used twice", at: .host(index))
        }
        var coordinators = Set<String>()
        for (index, coordinator) in tree.coordinators.enumerated() where !coordinators.insert(coordinator.id).inserted {
            issue(.duplicateID, "coordinator id \"\(coordinator.id)\" is used twice", at: .coordinator(index))
        }

        func requireController(_ id: String?, _ what: @autoclosure () -> String, at place: SnapshotParser.Place) {
            guard let id, !controllers.contains(id) else { return }
            issue(
                .danglingReference, "\(what()) refers to controller \"\(id)\", which the snapshot does not contain",
                at: place)
        }
        for (index, window) in tree.windows.enumerated() {
            requireController(window.rootID, "window \"\(window.id)\"'s root", at: .window(index))
            for (link, presented) in window.presented.enumerated() {
                requireController(
                    presented.controllerID, "a presentation in window \"\(window.id)\"",
                    at: .presented(index, link))
            }
        }
        var parents: [String: String] = [:]
        for (index, controller) in tree.controllers.enumerated() {
            for (position, child) in controller.children.enumerated() {
                let key = SnapshotParser.Place.controllerChild(index, position)
                requireController(child, "controller \"\(controller.id)\"'s child", at: key)
                if let other = parents.updateValue(controller.id, forKey: child), controllers.contains(child) {
                    issue(
                        .cycle, "controller \"\(child)\" is a child of both \"\(other)\" and \"\(controller.id)\"",
                        at: key)
                }
            }
        }
        for (index, controller) in tree.controllers.enumerated() {
            switch controller.container {
            case .tabBar(let selected?) where selected >= controller.children.count:
                issue(
                    .schemaViolation,
                    "tab bar controller \"\(controller.id)\" selects tab \(selected) but has \(controller.children.count) tabs",
                    at: .controller(index))
            case .splitView where controller.children.count > 2:
                issue(
                    .schemaViolation,
                    "split view controller \"\(controller.id)\" has \(controller.children.count) children; it shows at most two",
                    at: .controller(index))
            default:
                break
            }
        }
        for (index, controller) in tree.controllers.enumerated() {
            var seen: Set<String> = [controller.id]
            var current = parents[controller.id]
            while let ancestor = current {
                if !seen.insert(ancestor).inserted || ancestor == controller.id {
                    issue(.cycle, "controller \"\(controller.id)\" contains itself", at: .controller(index))
                    break
                }
                current = parents[ancestor]
            }
        }
        for (index, host) in tree.hosts.enumerated() {
            switch host.base {
            case .modal(let id), .navigation(let id):
                requireController(id, "host \"\(host.id)\"", at: .host(index))
            case .window(let id):
                if let id, !windows.contains(id) {
                    issue(
                        .danglingReference,
                        "host \"\(host.id)\" refers to window \"\(id)\", which the snapshot does not contain",
                        at: .host(index))
                }
            }
            for (position, frame) in host.frames.enumerated() {
                requireController(
                    frame.controllerID, "a frame of host \"\(host.id)\"", at: .frame(index, position))
            }
        }
        // A controller nothing shows or refers to could not be found again after import (X3).
        var referenced = Set(tree.windows.flatMap { [$0.rootID].compactMap { $0 } + $0.presented.map(\.controllerID) })
        referenced.formUnion(tree.hosts.flatMap { $0.frames.compactMap(\.controllerID) })
        referenced.formUnion(tree.coordinators.flatMap(\.controllerIDs))
        referenced.formUnion(parents.keys)
        for (index, controller) in tree.controllers.enumerated() where !referenced.contains(controller.id) {
            issue(
                .danglingReference,
                "controller \"\(controller.id)\" is not a window's root, presented, a child, a frame's controller or owned by a coordinator",
                at: .controller(index)
            )
        }
        let coordinatorParents = Dictionary(
            tree.coordinators.compactMap { c in c.parentID.map { (c.id, $0) } }, uniquingKeysWith: { first, _ in first }
        )
        for (index, coordinator) in tree.coordinators.enumerated() {
            let key = SnapshotParser.Place.coordinator(index)
            if let parent = coordinator.parentID, !coordinators.contains(parent) {
                issue(
                    .danglingReference,
                    "coordinator \"\(coordinator.id)\"'s parent \"\(parent)\" is not in the snapshot", at: key)
            }
            for (position, child) in coordinator.childIDs.enumerated() {
                let at = SnapshotParser.Place.coordinatorChild(index, position)
                if child == coordinator.id {
                    issue(.cycle, "coordinator \"\(coordinator.id)\" lists itself as a child", at: at)
                } else if !coordinators.contains(child) {
                    issue(
                        .danglingReference,
                        "coordinator \"\(coordinator.id)\"'s child \"\(child)\" is not in the snapshot", at: at)
                } else if coordinatorParents[child] != coordinator.id {
                    issue(
                        .danglingReference,
                        "coordinator \"\(coordinator.id)\" lists \"\(child)\" as a child, but its parent is \(coordinatorParents[child].map { "\"\($0)\"" } ?? "none")",
                        at: at
                    )
                }
            }
            for (position, owned) in coordinator.controllerIDs.enumerated() {
                requireController(owned, "coordinator \"\(coordinator.id)\"", at: .owns(index, position))
            }
            var seen: Set<String> = [coordinator.id]
            var current = coordinatorParents[coordinator.id]
            while let ancestor = current {
                if !seen.insert(ancestor).inserted {
                    issue(.cycle, "coordinator \"\(coordinator.id)\"'s parent links form a cycle", at: key)
                    break
                }
                current = coordinatorParents[ancestor]
            }
        }
        return issues.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }
}
