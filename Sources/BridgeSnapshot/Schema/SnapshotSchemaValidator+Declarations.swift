/// The declarations of `bridge-snapshot-5.xsd`, as tables the streaming validator reads:
/// `SchemaDifferentialTests.everyDeclarationChanged` changes a document using every declaration one element,
/// attribute and value at a time and compares the verdicts with libxml2's on the XSD itself, so that the two
/// cannot drift apart.
extension SnapshotSchemaValidator {
    /// Every element the schema declares (`child` is the same `Reference` in controllers and coordinators).
    enum Element: Int, CaseIterable {
        case snapshot, windows, controllers, hosts, coordinators, queue
        case window, presented, controller, state, child, action, host, frame, coordinator, owns, dismiss, pop

        var name: String {
            switch self {
            case .snapshot: "bridge-snapshot"
            case .windows: "windows"
            case .controllers: "controllers"
            case .hosts: "hosts"
            case .coordinators: "coordinators"
            case .queue: "queue"
            case .window: "window"
            case .presented: "presented"
            case .controller: "controller"
            case .state: "state"
            case .child: "child"
            case .action: "action"
            case .host: "host"
            case .frame: "frame"
            case .coordinator: "coordinator"
            case .owns: "owns"
            case .dismiss: "dismiss"
            case .pop: "pop"
            }
        }

        /// The elements by name length: a lookup compares a name with at most three others.
        private static let byLength: [[(bytes: [UInt8], element: Element)]] = {
            var table = Array(repeating: [(bytes: [UInt8], element: Element)](), count: 16)
            for element in allCases { table[element.name.utf8.count].append((Array(element.name.utf8), element)) }
            return table
        }()

        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard bytes.count < Self.byLength.count,
                let found = Self.byLength[bytes.count].first(where: { bytes.hasSameBytes(as: $0.bytes) })
            else { return nil }
            self = found.element
        }

        /// The element's content, computed once per element (the validator reads it for every element).
        var content: [Particle] { Self.contents[rawValue] }

        /// The element's attributes, computed once per element.
        var attributes: [Attribute] { Self.attributeLists[rawValue] }

        /// Where the element declares the attribute `name` in ``attributes``, if it does.
        func declarationIndex(of name: AttributeName) -> Int? {
            let index = Self.declarationIndices[rawValue][name.rawValue]
            return index < 0 ? nil : Int(index)
        }

        // Indexed by raw value: the cases are numbered in declaration order from 0.
        private static let contents = allCases.map(\.declaredContent)
        private static let attributeLists = allCases.map(\.declaredAttributes)
        /// For each element, each attribute name's index in its declarations (-1: not declared).
        private static let declarationIndices: [[Int8]] = attributeLists.map { declared in
            AttributeName.allCases.map { name in Int8(declared.firstIndex { $0.name == name } ?? -1) }
        }

        /// The element's content: a sequence of particles, each one or more element names, at least `min` and
        /// at most `max` times. No particles: empty content (not even whitespace).
        private var declaredContent: [Particle] {
            switch self {
            case .snapshot:
                [.one(.windows), .one(.controllers), .one(.hosts), .one(.coordinators), Particle([.queue], max: 1)]
            case .windows: [.many(.window)]
            case .controllers: [.many(.controller)]
            case .hosts: [.many(.host)]
            case .coordinators: [.many(.coordinator)]
            case .queue: [Particle([.dismiss, .pop])]
            case .window: [.many(.presented)]
            case .controller: [.many(.state), .many(.child), .many(.action)]
            case .host: [.many(.frame)]
            case .coordinator: [.many(.child), .many(.owns)]
            case .presented, .state, .child, .action, .frame, .owns, .dismiss, .pop: []
            }
        }

        private var declaredAttributes: [Attribute] {
            switch self {
            case .snapshot: [Attribute(.version, .positiveInteger, required: true)]
            case .windows, .controllers, .hosts, .coordinators, .queue: []
            case .window:
                [
                    Attribute(.id, .id, required: true), Attribute(.key, .boolean, required: true),
                    Attribute(.visible, .boolean, required: true), Attribute(.root, .id),
                ]
            case .presented:
                [
                    Attribute(.controller, .id, required: true),
                    Attribute(.style, .oneOf(Self.presentationStyles), required: true),
                ]
            case .controller:
                [
                    Attribute(.id, .id, required: true), Attribute(.type, .typeName, required: true),
                    Attribute(.title, .text), Attribute(.navigation, .boolean), Attribute(.container, .container),
                    Attribute(.selected, .nonNegativeInteger), Attribute(.collapsed, .boolean),
                    Attribute(.pageCurl, .boolean), Attribute(.vertical, .boolean), Attribute(.loop, .boolean),
                    Attribute(.alert, .oneOf(["alert", "actionSheet"])), Attribute(.message, .text),
                ]
            case .state: [Attribute(.name, .nmtoken, required: true), Attribute(.value, .text, required: true)]
            case .child, .owns: [Attribute(.ref, .id, required: true)]
            case .action:
                [
                    Attribute(.title, .text),
                    Attribute(.style, .oneOf(["default", "cancel", "destructive"]), required: true),
                    Attribute(.preferred, .boolean),
                ]
            case .host:
                [
                    Attribute(.id, .id, required: true),
                    Attribute(.base, .oneOf(["modal", "navigation", "window"]), required: true),
                    Attribute(.on, .id), Attribute(.framework, .id),
                ]
            case .frame:
                [
                    Attribute(.kind, .oneOf(["present", "push", "presentNavigation", "windowRoot"]), required: true),
                    Attribute(.state, .oneOf(["shown", "waiting"]), required: true),
                    Attribute(.coordinator, .typeName, required: true), Attribute(.controller, .id),
                ]
            case .coordinator:
                [
                    Attribute(.id, .id, required: true), Attribute(.framework, .id, required: true),
                    Attribute(.type, .typeName, required: true), Attribute(.identifier, .text, required: true),
                    Attribute(.root, .id), Attribute(.parent, .id),
                ]
            case .dismiss:
                [Attribute(.controller, .id, required: true), Attribute(.animated, .boolean, required: true)]
            case .pop:
                [
                    Attribute(.navigation, .id, required: true), Attribute(.to, .id, required: true),
                    Attribute(.animated, .boolean, required: true),
                ]
            }
        }

        static let presentationStyles: ValueType.Choices = [
            "fullScreen", "pageSheet", "formSheet", "currentContext", "custom", "overFullScreen",
            "overCurrentContext", "popover", "none", "automatic",
        ]
    }

    /// One particle of a sequence: any of `elements`, between `min` and `max` times.
    struct Particle {
        let elements: [Element]
        let min: Int
        let max: Int

        init(_ elements: [Element], min: Int = 0, max: Int = .max) {
            self.elements = elements
            self.min = min
            self.max = max
        }

        static func one(_ element: Element) -> Particle { Particle([element], min: 1, max: 1) }
        static func many(_ element: Element) -> Particle { Particle([element]) }
    }

    /// Every attribute name the schema declares, on one element or more.
    enum AttributeName: Int, CaseIterable {
        case version, id, key, visible, root, controller, style, type, title, navigation, container, selected
        case collapsed, pageCurl, vertical, loop, alert, message, name, value, ref, preferred, base, on, framework
        case kind, state, coordinator, identifier, parent, animated, to

        /// The name as written in documents.
        var text: String { Self.texts[rawValue] }

        private static let texts = allCases.map { String(describing: $0) }
    }

    struct Attribute {
        let name: AttributeName
        /// The name's UTF-8 bytes, which the validator compares with a document's.
        let bytes: [UInt8]
        let type: ValueType
        let required: Bool

        init(_ name: AttributeName, _ type: ValueType, required: Bool = false) {
            self.name = name
            bytes = Array(name.text.utf8)
            self.type = type
            self.required = required
        }
    }
}

extension SnapshotSchemaValidator.Open {
    /// Takes the child `element` (nil: one the schema does not declare) into the content; returns what was
    /// expected instead when the content cannot take it.
    mutating func accept(_ element: SnapshotSchemaValidator.Element?) -> String? {
        let content = self.element.content
        let start = particle
        var index = particle
        var taken = count
        while index < content.count {
            let current = content[index]
            if let element, current.elements.contains(element), taken < current.max {
                particle = index
                count = taken + 1
                return nil
            }
            guard taken >= current.min else { break }
            index += 1
            taken = 0
        }
        return Self.expected(in: content, from: start, count: count)
    }

    /// The child element still required at the end, if one is.
    func missing() -> String? {
        let content = element.content
        var index = particle
        var taken = count
        while index < content.count {
            if taken < content[index].min {
                return content[index].elements.map { "'\($0.name)'" }.joined(separator: " or ")
            }
            index += 1
            taken = 0
        }
        return nil
    }

    /// The elements that could come next at particle `start` after `count` of it.
    private static func expected(in content: [SnapshotSchemaValidator.Particle], from start: Int, count: Int) -> String
    {
        var names: [String] = []
        var index = start
        var taken = count
        while index < content.count {
            if taken < content[index].max { names += content[index].elements.map { "'\($0.name)'" } }
            if taken < content[index].min { break }
            index += 1
            taken = 0
        }
        return names.isEmpty ? "no child element" : names.joined(separator: ", ")
    }
}
