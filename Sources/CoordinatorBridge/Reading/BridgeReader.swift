import Foundation
@_spi(Adapters) import Insecurity
import SimUIKit

/// Reads a ``BridgedTree`` from live windows, Insecurity hosts and registered plugins.
@MainActor
public struct BridgeReader {
    public let registry: BridgeRegistry

    public init(registry: BridgeRegistry) {
        self.registry = registry
    }

    /// The tree of `windows` (each window's `restorationIdentifier`, else `window1`, `window2`… in the
    /// order given), with every live Insecurity host whose base is part of it and every coordinator the
    /// plugins describe.
    public func read(_ windows: [UIWindow]) -> BridgedTree {
        let context = BridgeReadContext(containerKinds: registry.containerKinds)
        var tree = BridgedTree()
        var windowIDs: [ObjectIdentifier: String] = [:]
        // A restoration identifier names its window without the white space an id cannot hold.
        let identifiers = windows.map { BridgedIdentifiers.token(ofRestorationIdentifier: $0.restorationIdentifier) }
        var usedWindowIDs = Set(identifiers.compactMap(\.self))
        var nextNumber = 1
        for (window, identifier) in zip(windows, identifiers) {
            var windowID: String
            if let identifier, !windowIDs.values.contains(identifier) {
                windowID = identifier
            } else {
                repeat {
                    windowID = "window\(nextNumber)"
                    nextNumber += 1
                } while !usedWindowIDs.insert(windowID).inserted
            }
            windowIDs[ObjectIdentifier(window)] = windowID
            var presented: [BridgedPresentation] = []
            var rootID: String?
            if let root = window.rootViewController {
                rootID = describe(root, under: windowID, into: &tree, context: context)
                var current = root.presentedViewController
                // What a decided dismissal removes is recorded as gone, as its frames have ended (X3).
                while let controller = current, !controller.isLeavingInDismissal {
                    let id = describe(controller, under: "\(windowID)/presented", into: &tree, context: context)
                    presented.append(
                        BridgedPresentation(controllerID: id, style: controller.modalPresentationStyle.name))
                    current = controller.presentedViewController
                }
            }
            tree.windows.append(
                BridgedWindow(
                    id: windowID, isKey: window.isKeyWindow, isVisible: !window.isHidden, rootID: rootID,
                    presented: presented))
        }
        tree.hosts = hosts(in: windows, into: &tree, context: context, windowIDs: windowIDs)
        tree.queued = UIKitOperations.queuedRemovals.compactMap { removal in
            switch removal {
            case .dismissal(let controller, let animated):
                return context.id(of: controller).map { .dismissal(controllerID: $0, animated: animated) }
            case .pop(let navigation, let controller, let animated):
                guard let navigationID = context.id(of: navigation), let controllerID = context.id(of: controller)
                else { return nil }
                return .pop(navigationID: navigationID, toControllerID: controllerID, animated: animated)
            }
        }
        for plugin in registry.plugins {
            tree.coordinators += plugin.describeCoordinators(in: context)
        }
        return tree.withStableCoordinatorIDs()
    }

    /// Adds `controller` and the controllers it shows (flat, in order) and returns its id; `place` is where
    /// it is (its window, or a container's id), which its id is made from when it has no restoration
    /// identifier (X13). A navigation controller shows its stack: a controller it is animating away is no
    /// longer part of it, unless the user still holds the pop (a snapshot records no finger, so it keeps the
    /// stack the gesture began on).
    private func describe(
        _ controller: UIViewController, under place: String, into tree: inout BridgedTree, context: BridgeReadContext
    ) -> String {
        // Depth first, children in their container's order: a push names only the controller it adds. Each
        // entry lists its children's ids as they are named.
        // Described in place, in the tree's list: a list of their own would be copied into it whole.
        // The context holds each list of children, so that neither it nor the pending list retains their controllers
        // one by one.
        let first = tree.controllers.count
        context.hold([controller])
        var pending = [(controller: Unmanaged.passUnretained(controller), place: place, parent: -1)]
        while let (next, nextPlace, parent) = pending.popLast() {
            describeOne(
                next.takeUnretainedValue(), under: nextPlace, parent: parent, into: &tree, pending: &pending,
                context: context)
        }
        return tree.controllers[first].id
    }

    /// Adds `controller` to `tree` as the last child of the entry at `parent` (if any), and its children to
    /// `pending`, to be described next.
    private func describeOne(
        _ controller: UIViewController, under place: String, parent: Int, into tree: inout BridgedTree,
        pending: inout [(controller: Unmanaged<UIViewController>, place: String, parent: Int)],
        context: BridgeReadContext
    ) {
        let type = bridgedTypeName(of: controller)
        let id = context.assignID(to: controller, typeName: type, under: place)
        if parent >= 0 { tree.controllers[parent].children.append(id) }
        let children = Self.shownChildren(of: controller)
        if !children.isEmpty { context.hold(children) }
        if children.count > 16 {
            context.reserveCapacity(forMore: children.count)
            tree.controllers.reserveCapacity(forMore: children.count)
        }
        var alert: BridgedAlert?
        if let shown = controller as? UIAlertController { alert = BridgedAlert(shown) }
        tree.controllers.append(
            BridgedController(
                id: id, type: type, title: controller.title, children: [],
                container: .of(controller, kinds: context.containerKinds), alert: alert))
        let position = tree.controllers.count - 1
        if !children.isEmpty { tree.controllers[position].children.reserveCapacity(children.count) }
        // By index: iterating the list would retain each child.
        var index = children.count
        while index > 0 {
            index -= 1
            pending.append((Unmanaged.passUnretained(children[index]), id, position))
        }
    }

    /// The children recorded for `controller`: its own, a navigation controller's stack, or a page view
    /// controller's listed pages (format 5).
    private static func shownChildren(of controller: UIViewController) -> [UIViewController] {
        if let pages = controller as? UIPageViewController, let (listed, _) = pages.pageList { return listed }
        guard let navigation = controller as? UINavigationController, !navigation.isHoldingInteractivePop else {
            return controller.children
        }
        return navigation.viewControllers
    }

    /// The live hosts whose base is part of the tree of `windows`. The controller of a frame still waiting to be shown
    /// is not on screen yet: it is added to the tree here, so that an import can show it.
    private func hosts(
        in windows: [UIWindow], into tree: inout BridgedTree, context: BridgeReadContext,
        windowIDs: [ObjectIdentifier: String]
    ) -> [BridgedHost] {
        var hosts: [BridgedHost] = []
        for host in InsecurityHost.hosts(in: windows) {
            let base: BridgedHost.Base
            switch host.hostBase {
            case .modal(let controller):
                guard let controller, let id = context.id(of: controller) else { continue }
                base = .modal(controllerID: id)
            case .navigation(let navigation):
                guard let navigation, let id = context.id(of: navigation) else { continue }
                base = .navigation(controllerID: id)
            case .window(let window):
                guard let window, let id = windowIDs[ObjectIdentifier(window)] else { continue }
                base = .window(windowID: id)
            }
            // Loops rather than closures: from main-actor code each closure call checks the executor, and a
            // restored stack has a frame per controller.
            let descriptions = host.frameDescriptions
            var frames: [BridgedFrame] = []
            frames.reserveCapacity(descriptions.count)
            for frame in descriptions {
                var controllerID: String?
                if let controller = frame.controller { controllerID = context.id(of: controller) }
                if controllerID == nil, !frame.isShown, let controller = frame.controller,
                    !(controller is UnrecordedController)
                {
                    // The navigation controller a waiting frame will present comes with it (a controller still
                    // animating off a stack on screen comes alone: the frame will push it again).
                    let navigation = (controller.parent as? UINavigationController).flatMap {
                        context.id(of: $0) == nil ? $0 : nil
                    }
                    _ = describe(
                        navigation ?? controller, under: "\(base.targetID ?? "detached")/waiting", into: &tree,
                        context: context)
                    controllerID = context.id(of: controller)
                }
                frames.append(
                    BridgedFrame(
                        kind: frame.presentation, state: frame.isShown ? .shown : .waiting,
                        coordinatorType: frame.coordinatorType, controllerID: controllerID))
            }
            context.hosts.append(host)
            hosts.append(BridgedHost(id: "", base: base, frames: frames, framework: host.framework))
        }
        return BridgedHost.withStableIDs(hosts)
    }
}

extension BridgedContainer {
    /// The container kind and state of `controller`: one of UIKit's, else one of `kinds`; nil when it is
    /// no container the bridge knows. (A function, not an initializer, which would take the controller
    /// retained.)
    @MainActor
    static func of(_ controller: UIViewController, kinds: [any BridgeContainerKind]) -> BridgedContainer? {
        switch controller {
        case is UINavigationController:
            return .navigation
        case let tabs as UITabBarController:
            return .tabBar(selectedIndex: tabs.selectedIndex == NSNotFound ? nil : tabs.selectedIndex)
        case let split as UISplitViewController:
            return .splitView(isCollapsed: split.isCollapsed)
        case let pages as UIPageViewController:
            return .page(
                pageCurl: pages.transitionStyle == .pageCurl, vertical: pages.navigationOrientation == .vertical,
                list: pages.pageList?.list)
        default:
            for kind in kinds {
                if let state = kind.state(of: controller) { return .described(name: kind.name, state: state) }
            }
            return nil
        }
    }
}

extension Array {
    /// Makes room for `count` more elements, growing geometrically as appending does: reserving for one
    /// container after another never copies the list once per container.
    mutating func reserveCapacity(forMore count: Int) {
        let needed = self.count + count
        if needed > capacity { reserveCapacity(Swift.max(needed, 2 * capacity)) }
    }
}
