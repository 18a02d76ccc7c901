import Insecurity

/// A framework-neutral description of what is on screen and who manages it: windows, controllers,
/// presentation chains, navigation stacks, Insecurity hosts and their frames, and every adapter's
/// coordinators. Everything refers to everything else by stable id, and nothing nests deeper as
/// navigation grows (chains and stacks are ordered lists of ids).
public struct BridgedTree: Hashable, Sendable {
    public var windows: [BridgedWindow]
    public var controllers: [BridgedController]
    public var hosts: [BridgedHost]
    public var coordinators: [BridgedCoordinator]
    /// Removals the engine had queued behind running transitions, in the order they were requested. An
    /// import runs them on the run loop's next turn.
    public var queued: [BridgedQueuedRemoval]

    public init(
        windows: [BridgedWindow] = [], controllers: [BridgedController] = [], hosts: [BridgedHost] = [],
        coordinators: [BridgedCoordinator] = [], queued: [BridgedQueuedRemoval] = []
    ) {
        self.windows = windows
        self.controllers = controllers
        self.hosts = hosts
        self.coordinators = coordinators
        self.queued = queued
    }
}

/// A window: its root and the controllers presented above the root, bottom to top.
public struct BridgedWindow: Hashable, Sendable {
    public var id: String
    public var isKey: Bool
    public var isVisible: Bool
    public var rootID: String?
    public var presented: [BridgedPresentation]

    public init(id: String, isKey: Bool, isVisible: Bool, rootID: String?, presented: [BridgedPresentation]) {
        self.id = id
        self.isKey = isKey
        self.isVisible = isVisible
        self.rootID = rootID
        self.presented = presented
    }
}

/// One link of a presentation chain.
public struct BridgedPresentation: Hashable, Sendable {
    public var controllerID: String
    /// The `UIModalPresentationStyle` case name.
    public var style: String

    public init(controllerID: String, style: String) {
        self.controllerID = controllerID
        self.style = style
    }
}

/// A controller. Navigation controllers list their stack, tab bar controllers their tabs, split view
/// controllers their primary and secondary controllers, other controllers their children.
public struct BridgedController: Hashable, Sendable {
    public var id: String
    /// The controller's type name, without module.
    public var type: String
    public var title: String?
    public var children: [String]
    /// Which of UIKit's containers the controller is (nil for any other controller).
    public var container: BridgedContainer?
    /// An alert's content (nil for any other controller).
    public var alert: BridgedAlert? {
        get { alertStorage.first }
        set { alertStorage = newValue.map { [$0] } ?? [] }
    }
    /// The alert, if any, out of line: few controllers are alerts, and a large tree's list of controllers
    /// stays smaller without room for one in every entry (an empty list takes no memory of its own).
    private var alertStorage: [BridgedAlert]

    public init(
        id: String, type: String, title: String?, children: [String], container: BridgedContainer? = nil,
        alert: BridgedAlert? = nil
    ) {
        self.id = id
        self.type = type
        self.title = title
        self.children = children
        self.container = container
        self.alertStorage = alert.map { [$0] } ?? []
    }
}

/// What a `UIAlertController` shows besides its title (X11).
public struct BridgedAlert: Hashable, Sendable {
    public var message: String?
    /// `alert` or `actionSheet`.
    public var style: String
    public var actions: [BridgedAlertAction]

    public init(message: String?, style: String, actions: [BridgedAlertAction]) {
        self.message = message
        self.style = style
        self.actions = actions
    }
}

/// One button of an alert.
public struct BridgedAlertAction: Hashable, Sendable {
    public var title: String?
    /// `default`, `cancel` or `destructive`.
    public var style: String
    /// Whether it is the alert's `preferredAction`.
    public var isPreferred: Bool

    public init(title: String?, style: String, isPreferred: Bool = false) {
        self.title = title
        self.style = style
        self.isPreferred = isPreferred
    }
}

/// A removal waiting in the engine's queue for a running transition to end.
public enum BridgedQueuedRemoval: Hashable, Sendable {
    /// Dismisses the controller and everything presented above it.
    case dismissal(controllerID: String, animated: Bool)
    /// Pops the navigation controller's stack down to the controller.
    case pop(navigationID: String, toControllerID: String, animated: Bool)
}

/// A container, with the state that decides what it shows: UIKit's own, or a kind a plugin describes.
public enum BridgedContainer: Hashable, Sendable {
    /// A `UINavigationController`: the children are its stack, bottom to top.
    case navigation
    /// A `UITabBarController`: the children are its tabs; `selectedIndex` is the shown one (nil without tabs).
    case tabBar(selectedIndex: Int?)
    /// A `UISplitViewController`: the children are its primary and secondary controllers.
    case splitView(isCollapsed: Bool)
    /// Version 4: a `UIPageViewController`; the children are the pages it shows (one, or two side by side).
    /// `pageCurl` is its transition style (else scroll), `vertical` its navigation orientation. Version 5:
    /// with `list`, when its data source lists its pages (``BridgePageListing``), the children are all of
    /// them, in the data source's order.
    case page(pageCurl: Bool, vertical: Bool, list: BridgedPageList? = nil)
    /// Version 4: a container of a kind a plugin describes (``BridgeContainerKind``). `name` is qualified
    /// by the plugin's framework (`Framework.kind`), so that it never clashes with UIKit's kinds; `state`
    /// is what the kind records, in its order.
    case described(name: String, state: [BridgedContainerState])

    /// UIKit's container kinds; the raw value is the name in snapshots.
    public enum Kind: String, CaseIterable, Sendable {
        case navigation, tabBar, splitView, page
    }

    /// The kind of one of UIKit's containers; nil for a kind a plugin describes.
    public var kind: Kind? {
        switch self {
        case .navigation: .navigation
        case .tabBar: .tabBar
        case .splitView: .splitView
        case .page: .page
        case .described: nil
        }
    }

    /// The name used in snapshots: `navigation`, `tabBar`, `splitView`, `page`, or a plugin's qualified name.
    public var name: String {
        if case .described(let name, _) = self { return name }
        return kind!.rawValue
    }
}

/// Version 5: what a page view controller whose data source lists its pages shows of them.
public struct BridgedPageList: Hashable, Sendable {
    /// The page shown, an index into the container's children.
    public var selectedIndex: Int
    /// Whether the data source turns from the last page to the first and back.
    public var loops: Bool

    public init(selectedIndex: Int, loops: Bool) {
        self.selectedIndex = selectedIndex
        self.loops = loops
    }
}

/// One value a plugin's container kind records (a `<state name="…" value="…"/>` element in snapshots).
public struct BridgedContainerState: Hashable, Sendable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// An Insecurity host and its chain of frames.
public struct BridgedHost: Hashable, Sendable {
    public enum Base: Hashable, Sendable {
        case modal(controllerID: String?)
        case navigation(controllerID: String?)
        case window(windowID: String?)

        /// What a host can be started on; the raw value is its name in snapshots.
        public enum Kind: String, CaseIterable, Sendable {
            case modal, navigation, window
        }

        /// The base of `kind` on the controller or window with the id `target`.
        public init(_ kind: Kind, target: String?) {
            switch kind {
            case .modal: self = .modal(controllerID: target)
            case .navigation: self = .navigation(controllerID: target)
            case .window: self = .window(windowID: target)
            }
        }

        public var kind: Kind {
            switch self {
            case .modal: .modal
            case .navigation: .navigation
            case .window: .window
            }
        }

        /// The id of the controller or window the host was started on.
        public var targetID: String? {
            switch self {
            case .modal(let id), .navigation(let id): id
            case .window(let id): id
            }
        }
    }

    public var id: String
    public var base: Base
    public var frames: [BridgedFrame]
    /// The framework whose adapter runs the host (nil for the app's own hosts).
    public var framework: String?

    public init(id: String, base: Base, frames: [BridgedFrame], framework: String? = nil) {
        self.id = id
        self.base = base
        self.frames = frames
        self.framework = framework
    }
}

/// One frame of a host: a live Insecurity coordinator and the controller it shows.
public struct BridgedFrame: Hashable, Sendable {
    /// Whether UIKit shows the frame's controller yet.
    public enum State: String, Hashable, Sendable, CaseIterable {
        case shown
        /// Waiting behind a running transition (E17).
        case waiting
    }

    /// How the frame's controller is put on screen: the engine's own names, as its events report them.
    public var kind: NavigationEvent.Presentation
    public var state: State
    public var coordinatorType: String
    public var controllerID: String?

    public init(kind: NavigationEvent.Presentation, state: State, coordinatorType: String, controllerID: String?) {
        self.kind = kind
        self.state = state
        self.coordinatorType = coordinatorType
        self.controllerID = controllerID
    }
}

/// A coordinator of an adapted framework, as its plugin describes it.
public struct BridgedCoordinator: Hashable, Sendable {
    public var id: String
    /// The plugin's ``BridgePlugin/framework``.
    public var framework: String
    public var type: String
    public var identifier: String
    /// The coordinator's root controller (X12): recorded even when the coordinator owns no screen of its
    /// own, as an application coordinator whose children fill its navigation controller.
    public var rootID: String?
    public var parentID: String?
    public var childIDs: [String]
    /// Controllers the coordinator owns, bottom to top.
    public var controllerIDs: [String]

    public init(
        id: String, framework: String, type: String, identifier: String, rootID: String? = nil, parentID: String?,
        childIDs: [String], controllerIDs: [String]
    ) {
        self.id = id
        self.framework = framework
        self.type = type
        self.identifier = identifier
        self.rootID = rootID
        self.parentID = parentID
        self.childIDs = childIDs
        self.controllerIDs = controllerIDs
    }
}
