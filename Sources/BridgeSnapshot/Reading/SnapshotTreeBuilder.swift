import CoordinatorBridge
import Insecurity

/// An element's declared attributes, by name: the values the validator read, where the element declares
/// each name (an element has a handful of declarations, so each is found by its index).
struct Attributes {
    typealias Name = SnapshotSchemaValidator.AttributeName

    private let element: SnapshotSchemaValidator.Element?
    private let values: [String?]

    /// An element's attributes, `values` indexed like `element`'s declarations.
    init(of element: SnapshotSchemaValidator.Element, values: [String?]) {
        self.element = element
        self.values = values
    }

    /// No attributes: an element the validator did not check.
    init() {
        element = nil
        values = []
    }

    subscript(_ name: Name) -> String? {
        guard let index = element?.declarationIndex(of: name) else { return nil }
        return values[index]
    }

    /// Whether the `xs:boolean` attribute `name` is true (`true` or `1`).
    func flag(_ name: Name) -> Bool {
        let value = self[name]
        return value == "true" || value == "1"
    }
}

/// Strings read from a document that repeat throughout it (type names), one copy each: the last few are
/// recognised by their bytes without making a string, others through a set.
struct InternedStrings {
    private var recent: [(bytes: [UInt8], string: String)] = []
    private var next = 0
    private var all: Set<String> = []

    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if let found = recent.first(where: { bytes.hasSameBytes(as: $0.bytes) }) { return found.string }
        let made = String(readFrom: bytes)
        // 15 bytes of UTF-8 fit in the string itself: only longer ones are kept once.
        let string = made.utf8.count > 15 ? all.insert(made).memberAfterInsert : made
        let entry = (Array(bytes), string)
        if recent.count < 8 {
            recent.append(entry)
        } else {
            recent[next] = entry
            next = (next + 1) % recent.count
        }
        return string
    }
}

/// Builds the tree from elements in document order (the schema guarantees their nesting).
struct TreeBuilder {
    var tree = BridgedTree()
    var positions: SnapshotParser.Positions

    init(starts: ElementStarts) {
        positions = SnapshotParser.Positions(starts: starts)
    }

    /// Adds `element` (nil: one the schema does not declare) at `depth` to the tree, recording its position.
    mutating func element(
        _ element: SnapshotSchemaValidator.Element?, attributes: Attributes, depth: Int, at position: Int,
        issues: inout [SnapshotIssue]
    ) {
        switch (depth, element) {
        case (0, .snapshot):
            positions.document = position
            readVersion(attributes, at: position, issues: &issues)
        case (1, .controllers): lastSection = .controllers
        case (1, .queue):
            lastSection = .other
            requireVersion(3, element: "queue", at: position, issues: &issues)
        case (1, _): lastSection = .other
        case (2, .window): window(attributes, at: position)
        case (3, .presented): presented(attributes, at: position)
        case (2, .controller): controller(attributes, at: position, issues: &issues)
        case (3, .action) where !tree.controllers.isEmpty && lastSection == .controllers:
            alertAction(attributes, at: position, issues: &issues)
        case (3, .state) where !tree.controllers.isEmpty && lastSection == .controllers:
            containerState(attributes, at: position, issues: &issues)
        case (3, .child) where !tree.controllers.isEmpty && lastSection == .controllers:
            let index = tree.controllers.count - 1
            positions.controllerChildren[index].append(position)
            tree.controllers[index].children.append(attributes[.ref] ?? "")
        case (2, .host): host(attributes, at: position, issues: &issues)
        case (3, .frame): frame(attributes, at: position, issues: &issues)
        case (2, .coordinator): coordinator(attributes, at: position, issues: &issues)
        case (3, .child) where !tree.coordinators.isEmpty:
            let index = tree.coordinators.count - 1
            positions.coordinatorChildren[index].append(position)
            tree.coordinators[index].childIDs.append(attributes[.ref] ?? "")
        case (3, .owns) where !tree.coordinators.isEmpty:
            let index = tree.coordinators.count - 1
            positions.owns[index].append(position)
            tree.coordinators[index].controllerIDs.append(attributes[.ref] ?? "")
        case (2, .dismiss):
            positions.queued.append(position)
            tree.queued.append(
                .dismissal(controllerID: attributes[.controller] ?? "", animated: attributes.flag(.animated)))
        case (2, .pop):
            positions.queued.append(position)
            tree.queued.append(
                .pop(
                    navigationID: attributes[.navigation] ?? "", toControllerID: attributes[.to] ?? "",
                    animated: attributes.flag(.animated)))
        default:
            break
        }
    }

    private mutating func readVersion(
        _ attributes: Attributes, at position: Int, issues: inout [SnapshotIssue]
    ) {
        guard let text = attributes[.version], let version = Int(text),
            SnapshotWriter.readableVersions.contains(version)
        else {
            let versions = SnapshotWriter.readableVersions
            issues.append(
                SnapshotIssue(
                    .unsupportedVersion,
                    "version \(attributes[.version] ?? "?") is not supported; this package reads versions \(versions.lowerBound) to \(versions.upperBound)",
                    line: positions.at(position).line, column: positions.at(position).column))
            return
        }
        self.version = version
    }

    private mutating func window(_ attributes: Attributes, at position: Int) {
        positions.windows.append(position)
        positions.presented.append([])
        tree.windows.append(
            BridgedWindow(
                id: attributes[.id] ?? "", isKey: attributes.flag(.key), isVisible: attributes.flag(.visible),
                rootID: attributes[.root], presented: []))
    }

    private mutating func presented(_ attributes: Attributes, at position: Int) {
        guard !tree.windows.isEmpty else { return }
        let index = tree.windows.count - 1
        positions.presented[index].append(position)
        tree.windows[index].presented.append(
            BridgedPresentation(
                controllerID: attributes[.controller] ?? "", style: attributes[.style] ?? "automatic"))
    }

    private mutating func controller(
        _ attributes: Attributes, at position: Int, issues: inout [SnapshotIssue]
    ) {
        positions.controllers.append(position)
        positions.controllerChildren.append([])
        let container = self.container(attributes, at: position, issues: &issues)
        requireVersion(3, for: [.alert, .message], in: attributes, at: position, issues: &issues)
        tree.controllers.append(
            BridgedController(
                id: attributes[.id] ?? "", type: attributes[.type] ?? "", title: attributes[.title],
                children: [], container: container,
                alert: attributes[.alert].map { BridgedAlert(message: attributes[.message], style: $0, actions: []) }
            ))
    }

    private mutating func alertAction(_ attributes: Attributes, at position: Int, issues: inout [SnapshotIssue]) {
        requireVersion(3, element: "action", at: position, issues: &issues)
        let index = tree.controllers.count - 1
        guard tree.controllers[index].alert != nil else {
            issues.append(
                violation(
                    "controller \"\(tree.controllers[index].id)\" has an action but no alert attribute",
                    at: position))
            return
        }
        tree.controllers[index].alert?.actions.append(
            BridgedAlertAction(
                title: attributes[.title], style: attributes[.style] ?? "default",
                isPreferred: attributes.flag(.preferred)))
    }

    private mutating func host(_ attributes: Attributes, at position: Int, issues: inout [SnapshotIssue]) {
        positions.hosts.append(position)
        positions.frames.append([])
        guard let kind = attributes[.base].flatMap(BridgedHost.Base.Kind.init(rawValue:)) else {
            issues.append(
                violation(
                    "a host's base \"\(attributes[.base] ?? "")\" is not one this package knows",
                    at: position))
            return
        }
        let base = BridgedHost.Base(kind, target: attributes[.on])
        requireVersion(3, for: [.framework], in: attributes, at: position, issues: &issues)
        tree.hosts.append(
            BridgedHost(id: attributes[.id] ?? "", base: base, frames: [], framework: attributes[.framework]))
    }

    /// A frame; a kind or state the package does not know is an issue here too, not only for the schema.
    private mutating func frame(_ attributes: Attributes, at position: Int, issues: inout [SnapshotIssue]) {
        guard !tree.hosts.isEmpty else { return }
        guard let kind = attributes[.kind].flatMap(NavigationEvent.Presentation.init(rawValue:)),
            let state = attributes[.state].flatMap(BridgedFrame.State.init(rawValue:))
        else {
            issues.append(
                violation(
                    "a frame's kind \"\(attributes[.kind] ?? "")\" or state \"\(attributes[.state] ?? "")\" is not one this package knows",
                    at: position))
            return
        }
        let index = tree.hosts.count - 1
        positions.frames[index].append(position)
        tree.hosts[index].frames.append(
            BridgedFrame(
                kind: kind, state: state, coordinatorType: attributes[.coordinator] ?? "",
                controllerID: attributes[.controller]))
    }

    private mutating func coordinator(_ attributes: Attributes, at position: Int, issues: inout [SnapshotIssue]) {
        positions.coordinators.append(position)
        positions.coordinatorChildren.append([])
        positions.owns.append([])
        requireVersion(3, for: [.root], in: attributes, at: position, issues: &issues)
        tree.coordinators.append(
            BridgedCoordinator(
                id: attributes[.id] ?? "", framework: attributes[.framework] ?? "",
                type: attributes[.type] ?? "", identifier: attributes[.identifier] ?? "",
                rootID: attributes[.root], parentID: attributes[.parent], childIDs: [], controllerIDs: []))
    }

    /// Version 3's attributes are refused in earlier versions' documents.
    private func requireVersion(
        _ minimum: Int, for names: [Attributes.Name], in attributes: Attributes, at position: Int,
        issues: inout [SnapshotIssue]
    ) {
        for name in names where version < minimum && attributes[name] != nil {
            issues.append(
                violation(
                    "the attribute '\(name.text)' does not exist in version \(version) snapshots",
                    at: position))
        }
    }

    /// A later version's elements are refused in earlier versions' documents.
    private func requireVersion(
        _ minimum: Int, element: String, at position: Int, issues: inout [SnapshotIssue]
    ) {
        guard version < minimum else { return }
        issues.append(
            violation(
                "the element '\(element)' does not exist in version \(version) snapshots",
                at: position))
    }

    /// A violation of the format that the schema may not catch, at the element with index `element`.
    private func violation(_ message: String, at element: Int) -> SnapshotIssue {
        let start = positions.at(element)
        return SnapshotIssue(.schemaViolation, message, line: start.line, column: start.column)
    }

    private enum Section { case controllers, other }
    private var lastSection = Section.other
    private(set) var version = SnapshotWriter.version

    /// A controller's container: version 1 only knew navigation controllers (`navigation="true"`);
    /// version 2 names the kind (`container`) with its state (`selected`, `collapsed`); version 4 added page
    /// view controllers (`pageCurl`, `vertical`) and plugins' kinds, named `Framework.kind`, whose state is
    /// in `<state>` elements; version 5 added page lists (`selected` and `loop` on a page view controller).
    private static let version1Only: [Attributes.Name] = [.navigation]
    private static let version2Only: [Attributes.Name] = [.container, .selected, .collapsed]
    private static let version4Only: [Attributes.Name] = [.pageCurl, .vertical]
    private static let version5Only: [Attributes.Name] = [.loop]

    private func container(_ attributes: Attributes, at position: Int, issues: inout [SnapshotIssue])
        -> BridgedContainer?
    {
        for name in version == 1 ? Self.version2Only : Self.version1Only where attributes[name] != nil {
            issues.append(
                violation(
                    "the attribute '\(name.text)' does not exist in version \(version) snapshots",
                    at: position))
        }
        requireVersion(4, for: Self.version4Only, in: attributes, at: position, issues: &issues)
        requireVersion(5, for: Self.version5Only, in: attributes, at: position, issues: &issues)
        if version == 1 { return attributes.flag(.navigation) ? .navigation : nil }
        guard let name = attributes[.container] else { return nil }
        switch BridgedContainer.Kind(rawValue: name) {
        case .navigation: return .navigation
        case .tabBar: return .tabBar(selectedIndex: attributes[.selected].flatMap { Int($0) })
        case .splitView: return .splitView(isCollapsed: attributes.flag(.collapsed))
        case .page where version >= 4:
            return .page(
                pageCurl: attributes.flag(.pageCurl), vertical: attributes.flag(.vertical),
                list: pageList(attributes, at: position, issues: &issues))
        case .page, nil:
            guard version >= 4, name.contains(".") else {
                issues.append(
                    violation(
                        "the container \"\(name)\" is not one version \(version) snapshots know", at: position))
                return nil
            }
            return .described(name: name, state: [])
        }
    }

    /// Version 5: a page view controller that lists its data source's pages names the one shown
    /// (`selected`) and says whether they loop (`loop`); `loop` alone lists nothing.
    private func pageList(_ attributes: Attributes, at position: Int, issues: inout [SnapshotIssue])
        -> BridgedPageList?
    {
        guard let selected = attributes[.selected].flatMap({ Int($0) }) else {
            if attributes[.loop] != nil {
                issues.append(
                    violation(
                        "a page view controller says 'loop' without the 'selected' page of its list", at: position))
            }
            return nil
        }
        guard version >= 5 else {
            issues.append(
                violation(
                    "the attribute 'selected' of a page view controller does not exist in version \(version) snapshots",
                    at: position))
            return nil
        }
        return BridgedPageList(selectedIndex: selected, loops: attributes.flag(.loop))
    }

    /// A `<state>` of a plugin's container kind, on the controller read last.
    private mutating func containerState(
        _ attributes: Attributes, at position: Int, issues: inout [SnapshotIssue]
    ) {
        requireVersion(4, element: "state", at: position, issues: &issues)
        let index = tree.controllers.count - 1
        guard case .described(let name, var state) = tree.controllers[index].container else {
            issues.append(
                violation(
                    "controller \"\(tree.controllers[index].id)\" has a state but no container kind of a plugin",
                    at: position))
            return
        }
        state.append(BridgedContainerState(name: attributes[.name] ?? "", value: attributes[.value] ?? ""))
        tree.controllers[index].container = .described(name: name, state: state)
    }
}
