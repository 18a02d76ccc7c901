import SimUIKit

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

/// What a host was started on.
public enum HostBase {
    case modal(UIViewController?)
    case navigation(UINavigationController?)
    case window(UIWindow?)
}

extension InsecurityHost {
    private static var registry: [Weak<InsecurityHost>] = []

    /// Every host alive now, in creation order.
    public static var liveHosts: [InsecurityHost] {
        registry.removeAll { $0.value == nil }
        return registry.compactMap(\.value)
    }

    static func register(_ host: InsecurityHost) {
        registry.removeAll { $0.value == nil }
        registry.append(Weak(host))
    }

    /// What the host was started on.
    public var hostBase: HostBase {
        switch base {
        case .modal(let controller): .modal(controller.value)
        case .navigation(let navigation): .navigation(navigation.value)
        case .window(let window, _): .window(window.value)
        }
    }

    /// The live frames, bottom to top.
    public var frameDescriptions: [FrameDescription] {
        frames.map { frame in
            FrameDescription(
                id: frame.id, presentation: frame.presentation, isShown: frame.wasShown,
                coordinatorType: frame.typeName, coordinator: frame.owner, controller: frame.controller
            )
        }
    }
}

extension InsecurityHost {
    /// For adapters: the controller of the lowest live frame.
    @_spi(Adapters) public var lowestFrameController: UIViewController? { frames.first?.controller }

    /// For adapters: calls `body` with the live frames' controllers from the top down until it returns
    /// false. Costs O(frames visited), however deep the chain.
    @_spi(Adapters) public func forEachFrameControllerFromTop(_ body: (UIViewController) -> Bool) {
        for frame in frames.reversed() {
            guard let controller = frame.controller else { continue }
            if !body(controller) { return }
        }
    }
}
