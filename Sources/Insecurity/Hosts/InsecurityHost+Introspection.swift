@_spi(Adapters) import SimUIKit

/// A read-only description of one live frame, for renderers and snapshots.
public struct FrameDescription {
    /// The frame's id, unique in the process.
    public let id: Int
    public let presentation: NavigationEvent.Presentation
    /// Whether UIKit was asked to show the controller (false while waiting behind a transition, E17).
    public let isShown: Bool
    public let coordinatorType: String
    /// The coordinator.
    public let coordinator: AnyObject?
    /// The coordinator's controller (not retained by the engine).
    public let controller: UIViewController?
}

/// What a host was started on: a controller it presents on, a navigation controller it pushes onto, or a window
/// whose root it sets. Nil once the object is gone (the host does not keep it alive).
public enum HostBase {
    case modal(UIViewController?)
    case navigation(UINavigationController?)
    case window(UIWindow?)
}

extension InsecurityHost {
    private static let hostsKey = AssociationKey<[Weak<InsecurityHost>]>()
    /// The objects hosts were started on, each once, while they live: ``hosts(in:)`` stops looking through
    /// the windows once it has met all of them.
    private static var bases: [Weak<UIResponder>] = []
    /// How many entries ``bases`` may hold before the objects that are gone are forgotten.
    private static var basesCapacity = 16

    /// Attaches the host to the object it was started on, where ``hosts(in:)`` finds it.
    func attach(to base: UIResponder) {
        var hosts = base[associated: Self.hostsKey] ?? []
        if hosts.isEmpty { Self.remember(base) }
        hosts.removeAll { $0.value == nil }
        hosts.append(Weak(self))
        base[associated: Self.hostsKey] = hosts
    }

    /// Adds `base`, which no host was started on before, to ``bases``.
    private static func remember(_ base: UIResponder) {
        if bases.count >= basesCapacity {
            bases.removeAll { $0.value == nil }
            basesCapacity = max(16, bases.count * 2)
        }
        bases.append(Weak(base))
    }

    /// For adapters and tools: the live hosts started on `windows` or on a controller they hold, window by
    /// window in the order of ``UIWindow/controllerHierarchy``, and on one object in creation order. A window
    /// chain whose root the window has already replaced is not among them: it ends once its teardown is over
    /// (E13), and shows nothing meanwhile.
    @_spi(Adapters) public static func hosts(in windows: [UIWindow]) -> [InsecurityHost] {
        var hosts: [InsecurityHost] = []
        // Once every object a live host was started on in these windows has been met, the rest of their
        // hierarchy holds none: an export of a deep stack does not visit every controller on it. A base shown
        // in another window is not waited for (hosts elsewhere in the app would make every read walk it all);
        // one in no window yet is, in case the walk meets it.
        var wanted: Set<ObjectIdentifier> = []
        for window in windows { wanted.insert(ObjectIdentifier(window)) }
        var awaited: Set<ObjectIdentifier> = []
        for base in bases {
            guard let object = base.value, hasLiveHost(startedOn: object) else { continue }
            if let window = object as? UIWindow ?? (object as? UIViewController)?.hostWindow,
                !wanted.contains(ObjectIdentifier(window))
            {
                continue
            }
            awaited.insert(ObjectIdentifier(object))
        }
        func add(startedOn base: UIResponder) {
            guard let started = base[associated: hostsKey] else { return }
            let live = started.compactMap(\.value)
            if !live.isEmpty { awaited.remove(ObjectIdentifier(base)) }
            hosts += live.filter { !$0.hasLeftWindow }
        }
        for window in windows where !awaited.isEmpty {
            add(startedOn: window)
            window.visitControllerHierarchy { controller in
                add(startedOn: controller)
                return !awaited.isEmpty
            }
        }
        return hosts
    }

    /// Whether a host started on `base` still lives.
    private static func hasLiveHost(startedOn base: UIResponder) -> Bool {
        for host in base[associated: hostsKey] ?? [] where host.value != nil { return true }
        return false
    }

    /// Whether the window replaced the root of this chain, which waits for its teardown to end to let go of
    /// its frames (their coordinators have ended already).
    var hasLeftWindow: Bool {
        guard succession.isBeingReplaced, case .window(let window) = hostBase, let lowest = frames.first
        else { return false }
        return window?.rootViewController !== lowest.uikitController
    }

    /// For adapters and tools: the live frames, bottom to top.
    @_spi(Adapters) public var frameDescriptions: [FrameDescription] {
        // A loop, not `map`: from main-actor code each closure call checks the executor.
        var descriptions: [FrameDescription] = []
        descriptions.reserveCapacity(frames.count)
        for frame in frames {
            descriptions.append(
                FrameDescription(
                    id: frame.id, presentation: frame.presentation, isShown: frame.wasShown,
                    coordinatorType: frame.typeName, coordinator: frame.owner, controller: frame.controller))
        }
        return descriptions
    }
}

// MARK: Reaching a running coordinator

extension InsecurityHost {
    /// The coordinator on top of this host's chain, if it is a `Coordinator`: the flow the user is in.
    ///
    /// ```swift
    /// host.topCoordinator(as: CheckoutCoordinator.self)?.pay()
    /// ```
    public func topCoordinator<Coordinator: AnyObject>(as type: Coordinator.Type = Coordinator.self) -> Coordinator? {
        frames.last?.owner as? Coordinator
    }

    /// The Insecurity coordinator whose screen the user sees on top of `window`, if it is a `Coordinator`:
    /// of the topmost presented controller and, inside it, the top of a stack or the selected tab, the
    /// deepest one an Insecurity coordinator shows (so a tab bar coordinator is found when its tabs are the
    /// app's own). For a flow the app keeps no reference to, such as a chain embedded with
    /// `InsecurityEmbedding` or started by a legacy coordinator.
    ///
    /// Returns nil when no Insecurity coordinator shows a controller on that path (the screen on top is the
    /// app's own, or a legacy coordinator's), or when the one found is not a `Coordinator`.
    ///
    /// ```swift
    /// InsecurityHost.topCoordinator(in: window, as: AddCardCoordinator.self)?.finish(card)
    /// ```
    public static func topCoordinator<Coordinator: AnyObject>(
        in window: UIWindow, as type: Coordinator.Type = Coordinator.self
    ) -> Coordinator? {
        guard var top = window.rootViewController?.topOfPresentationChain else { return nil }
        var path = [top]
        while true {
            if let navigation = top as? UINavigationController, let shown = navigation.topViewController {
                top = shown
            } else if let tabs = top as? UITabBarController, let selected = tabs.selectedViewController {
                top = selected
            } else {
                break
            }
            path.append(top)
        }
        let hosts = hosts(in: [window])
        for controller in path.reversed() {
            for host in hosts.reversed() {
                if let frame = host.frames.last(where: { $0.controller === controller }) {
                    return frame.owner as? Coordinator
                }
            }
        }
        return nil
    }
}

extension InsecurityHost {
    /// For adapters: the controller of the lowest live frame.
    var lowestFrameController: UIViewController? { frames.first?.controller }

    /// For adapters: calls `body` with the live frames' controllers from the top down until it returns
    /// false. Costs O(frames visited), however deep the chain.
    func forEachFrameControllerFromTop(_ body: (UIViewController) -> Bool) {
        for frame in frames.reversed() {
            guard let controller = frame.controller else { continue }
            if !body(controller) { return }
        }
    }
}
