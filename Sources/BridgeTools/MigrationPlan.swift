import CoordinatorBridge

/// What a UIResponder-style coordinator tree becomes in Insecurity (`bridge migrate SNAPSHOT`): per legacy
/// coordinator, the kind of Insecurity coordinator and the host that starts it, and Swift skeletons of
/// those coordinators that compile against this package.
public struct MigrationPlan: Sendable {
    /// The Insecurity shape of one legacy coordinator.
    public enum Target: String, Sendable {
        /// Its screens are pushed: one `NavigationCoordinator` per screen, on an `InsecurityHost(navigation:)`.
        case navigation
        /// Its screens are presented: a `ModalCoordinator` on an `InsecurityHost(modal:)`.
        case modal
        /// Its screens are both pushed and presented, or it has children of both kinds: an `AdaptiveCoordinator`.
        case adaptive
        /// It owns the app's structure (a tab bar, a split view, a window root with children): a
        /// `WindowCoordinator`, with one host per tab or column.
        case window
    }

    /// One legacy coordinator and what it maps to.
    public struct Entry: Sendable, Hashable {
        public let legacyType: String
        public let framework: String
        public let target: Target
        /// How the new coordinator is started, in Swift.
        public let host: String
        /// Why, in one sentence.
        public let reason: String
        /// The new coordinator's type name.
        public let newType: String
        /// The described controllers it owned: (id, type, title).
        let screens: [Screen]
    }

    struct Screen: Sendable, Hashable {
        let id: String
        let type: String
        let title: String?
        /// Whether the coordinator presented it (rather than showing it in a stack or container).
        var isPresented = false
        /// The titles of an alert's actions, when the screen is an alert.
        var alertActions: [String]?
    }

    public let entries: [Entry]

    /// The frameworks whose coordinators are migrated: the UIResponder-style coordinators and the
    /// route-based ones (XCoordinator's API).
    public static let migratedFrameworks: Set<String> = ["ResponderCoordinator", "RouteCoordinator"]

    /// The plan for every coordinator of `frameworks` in `tree`, in document order.
    public init(_ tree: BridgedTree, frameworks: Set<String> = MigrationPlan.migratedFrameworks) {
        let placements = Placements(tree)
        let legacy = tree.coordinators.filter { frameworks.contains($0.framework) }
        let byID = Dictionary(legacy.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var usedNames = Set<String>()
        entries = legacy.map { coordinator in
            let childPlaces = coordinator.childIDs.compactMap { byID[$0] }.map(placements.place)
            let (target, host, reason) = Self.target(
                for: coordinator, at: placements.place(of: coordinator), childPlaces: childPlaces,
                controllers: placements.controllers)
            var base =
                Self.identifier(
                    coordinator.type.hasSuffix("Coordinator")
                        ? String(coordinator.type.dropLast("Coordinator".count)) : coordinator.type) + "Flow"
            while !usedNames.insert(base).inserted { base += "_" }
            // Its screens, and what it presented through a host its framework ran (a sheet, an alert).
            let presentedIDs = tree.hosts.filter { $0.framework == coordinator.framework }.flatMap(\.frames)
                .filter {
                    $0.coordinatorType == coordinator.type && ($0.kind == .present || $0.kind == .presentNavigation)
                }
                .compactMap(\.controllerID)
            var seen = Set<String>()
            let screens = (coordinator.controllerIDs + presentedIDs).filter { seen.insert($0).inserted }
                .compactMap { placements.controllers[$0] }.map { controller in
                    Screen(
                        id: controller.id, type: controller.type, title: controller.title,
                        isPresented: placements.isPresented(controller.id),
                        alertActions: controller.alert.map { $0.actions.map { $0.title ?? "(untitled)" } })
                }
            return Entry(
                legacyType: coordinator.type, framework: coordinator.framework, target: target, host: host,
                reason: reason, newType: base, screens: screens)
        }
    }

    /// Where a coordinator's controllers are: the stack it pushes onto, what it presents over, and the
    /// tab bar or split view controller it owns.
    private struct Place {
        var pushedIn: String?
        var presentedOn: String?
        var structure: BridgedController?
    }

    /// The tree's controllers with their containers and presenters, by id.
    private struct Placements {
        let controllers: [String: BridgedController]
        private var parents: [String: String] = [:]
        private var presenterOf: [String: String] = [:]

        init(_ tree: BridgedTree) {
            controllers = Dictionary(tree.controllers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for controller in tree.controllers {
                for child in controller.children { parents[child] = controller.id }
            }
            for window in tree.windows {
                var presenter = window.rootID
                for link in window.presented {
                    presenterOf[link.controllerID] = presenter
                    presenter = link.controllerID
                }
            }
        }

        /// Whether the controller with this id is presented (not a root or a container's child).
        func isPresented(_ id: String) -> Bool { presenterOf[id] != nil }

        func place(of coordinator: BridgedCoordinator) -> Place {
            var place = Place()
            // A route coordinator owns its container as its root, not as one of its screens.
            for id in [coordinator.rootID].compactMap({ $0 }) + coordinator.controllerIDs {
                guard let controller = controllers[id] else { continue }
                switch controller.container {
                case .tabBar, .splitView, .page: place.structure = controller
                case .navigation, .described, nil: break
                }
                if let parent = parents[id], controllers[parent]?.container == .navigation {
                    place.pushedIn = parent
                    if presenterOf[parent] != nil, place.presentedOn == nil { place.presentedOn = presenterOf[parent] }
                } else if let presenter = presenterOf[id] {
                    place.presentedOn = presenter
                }
            }
            return place
        }
    }

    /// The Insecurity type a coordinator at `place` becomes, the host that starts it, and why.
    private static func target(
        for coordinator: BridgedCoordinator, at place: Place, childPlaces: [Place],
        controllers: [String: BridgedController]
    ) -> (Target, host: String, reason: String) {
        if let structure = place.structure {
            let kind = structure.container.flatMap { $0.label.split(separator: ",").first }.map(String.init)
            return (
                .window, "WindowCoordinator(window) making \(structure.type) #\(structure.id) the root",
                "it owns the app's \(kind ?? "container") and its children run one flow each"
            )
        }
        if let pushedIn = place.pushedIn,
            place.presentedOn != nil || childPlaces.contains(where: { $0.presentedOn != nil && $0.pushedIn == nil })
        {
            return (
                .adaptive,
                "InsecurityHost(navigation: #\(pushedIn)).start(_:in:animated:) or navigation.start(_:in:animated:) from its parent",
                "its screens are pushed and presented, so it starts in whatever context it is given"
            )
        }
        if let pushedIn = place.pushedIn {
            let count = coordinator.controllerIDs.count
            let reason = "it shows \(count) screen\(count == 1 ? "" : "s") on the stack of #\(pushedIn)"
            // A host pushes above the controllers its stack holds: the stack's root comes first (E4).
            if let root = controllers[pushedIn]?.children.first, coordinator.controllerIDs.contains(root) {
                return (
                    .navigation,
                    "UINavigationController(rootViewController:) with #\(root) as #\(pushedIn), then InsecurityHost(navigation: #\(pushedIn)) for the screens above it",
                    reason
                )
            }
            return (
                .navigation, "InsecurityHost(navigation: #\(pushedIn)), or navigation.start from the coordinator below",
                reason
            )
        }
        if let presentedOn = place.presentedOn {
            return (
                .modal, "InsecurityHost(modal: #\(presentedOn)), or navigation.start from its parent",
                "its screens are presented over #\(presentedOn)"
            )
        }
        return (
            .adaptive, "navigation.start(_:in:animated:) from the coordinator that starts it",
            "its controllers are not on screen in the snapshot, so any context fits"
        )
    }

    /// A Swift identifier made from `text` (letters, digits and underscores; never starting with a digit).
    static func identifier(_ text: String) -> String {
        let cleaned = String(
            text.unicodeScalars.map { scalar in
                (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) && scalar.isASCII
                    ? Character(scalar) : "_"
            })
        guard let first = cleaned.first, !first.isNumber else { return "_" + cleaned }
        return cleaned
    }

    /// The report: one paragraph per legacy coordinator.
    public var report: String {
        guard !entries.isEmpty else {
            return "No ResponderCoordinator or RouteCoordinator coordinators in this snapshot: nothing to migrate.\n"
        }
        var lines: [String] = []
        for entry in entries {
            lines.append("\(entry.legacyType) -> \(entry.newType): \(entry.target.rawValue) coordinator")
            lines.append("  why:   \(entry.reason)")
            lines.append("  start: \(entry.host)")
            let screens = entry.screens.map { "\($0.type) #\($0.id)" + ($0.title.map { " \"\($0)\"" } ?? "") }
            if !screens.isEmpty { lines.append("  shows: \(screens.joined(separator: ", "))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Swift skeletons of the Insecurity coordinators, for code shared with the iOS app: they start with the
    /// README's import block (UIKit and the published library on iOS; SimUIKit and the engine, aliased or
    /// not, elsewhere). Screens of the app's own types are made as
    /// `UIViewController`s with a note to replace them; each other screen gets a method named after its
    /// title or type, to show it, present it or (for an alert) present the alert.
    public var swiftSkeletons: String {
        var out = """
            // Generated by `bridge migrate`: Insecurity skeletons for a coordinator tree.
            // Replace each placeholder screen with the app's own controller.
            #if canImport(UIKit)
                import UIKit
                import Insecurity
            #elseif canImport(BridgeInsecurity)
                import SimUIKit
                import BridgeInsecurity
            #else
                import SimUIKit
                import Insecurity
            #endif

            """
        for entry in entries {
            out += "\n"
            out += "/// Migrated from `\(entry.legacyType)`: \(entry.reason).\n"
            switch entry.target {
            case .window:
                out += """
                    @MainActor
                    final class \(entry.newType): WindowCoordinator {
                        /// Makes the structure the window's root; start each tab's flow on its own host.
                        func start() {
                            // TODO: build the \(entry.screens.first?.type ?? "container") and start one flow per tab.
                        }
                    }

                    """
            case .navigation, .modal, .adaptive:
                let base = [
                    "navigation": "NavigationCoordinator", "modal": "ModalCoordinator",
                    "adaptive": "AdaptiveCoordinator",
                ][entry.target.rawValue]!
                let first = entry.screens.first
                out += "@MainActor\nfinal class \(entry.newType): \(base)<Void> {\n"
                out += "    override var viewController: UIViewController {\n"
                out +=
                    "        let controller = \(Self.knownTypes.contains(first?.type ?? "") ? first!.type : "UIViewController")()"
                if let first, !Self.knownTypes.contains(first.type) {
                    out += " // TODO: \(Self.identifier(first.type))"
                }
                out += "\n"
                if let title = first?.title { out += "        controller.title = \(Self.literal(title))\n" }
                out += "        return controller\n    }\n"
                var names = Set<String>()
                for screen in entry.screens.dropFirst() {
                    out += "\n" + Self.method(for: screen, of: entry, avoiding: &names)
                }
                out += "}\n"
            }
        }
        return out
    }

    /// The method that shows, presents or alerts `screen` as `entry`'s legacy coordinator did, named after
    /// the screen's title or type (never its id), distinct from the names in `names`.
    private static func method(for screen: Screen, of entry: Entry, avoiding names: inout Set<String>) -> String {
        let verb = screen.alertActions != nil ? "showAlert" : screen.isPresented ? "present" : "show"
        var name = verb + Self.typeName(from: screen.title ?? Self.screenName(of: screen.type))
        while !names.insert(name).inserted { name += "_" }
        let what = screen.title.map { "\(screen.type) \(Self.literal($0))" } ?? screen.type
        if let actions = screen.alertActions {
            return """
                    /// Presents the alert \(what), with its actions \(actions.map(Self.literal).joined(separator: ", ")), as `\(entry.legacyType)` did.
                    func \(name)() {
                        // TODO: build the UIAlertController and present it through navigation.start(_:in: .modal, animated:).
                    }

                """
        }
        let how = screen.isPresented ? "presents" : "shows"
        let context = screen.isPresented ? "in: .modal, " : ""
        return """
                /// \(how.prefix(1).uppercased() + how.dropFirst()) \(what) as a child flow, as `\(entry.legacyType)` did.
                func \(name)() {
                    // TODO: navigation.start(<coordinator of \(screen.type)>(), \(context)animated: true) { result in … }
                }

            """
    }

    /// A screen's name from its type: without `ViewController` or `Controller`.
    private static func screenName(of type: String) -> String {
        for suffix in ["ViewController", "Controller"] where type.hasSuffix(suffix) && type.count > suffix.count {
            return String(type.dropLast(suffix.count))
        }
        return type
    }

    /// An UpperCamelCase Swift name made from `text`: its words, each capitalised.
    static func typeName(from text: String) -> String {
        let words = text.split { !($0.isLetter || $0.isNumber) || !$0.isASCII }
        let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return joined.isEmpty ? "Screen" : identifier(joined)
    }

    private static let knownTypes: Set<String> = [
        "UIViewController", "UINavigationController", "UITabBarController", "UISplitViewController",
    ]

    /// A Swift string literal of `text`.
    static func literal(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            default:
                escaped += scalar.value < 0x20 ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
            }
        }
        return "\"" + escaped + "\""
    }
}
