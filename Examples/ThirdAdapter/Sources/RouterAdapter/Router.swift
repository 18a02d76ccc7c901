// A minimal third coordinator framework and its bridge plugin, written as an outside adapter author would:
// in a package of its own, against the public API and the `Adapters` SPI only.

import CoordinatorBridge
@_spi(Adapters) import Insecurity
@_spi(Adapters) import SimUIKit

/// One router per navigation controller: it pushes onto the navigation controller's shared stack and
/// presents controllers, and pops and dismisses them. Every controller it shows is an Insecurity frame, so
/// the engine's guarantees hold for it.
@MainActor
public final class Router {
    public static let framework = "Router"

    public let navigation: UINavigationController
    /// The stack the router shares with every other coordinator on its navigation controller.
    let stack: SharedNavigationStack
    /// The controllers the router pushed that are still on the stack, bottom to top.
    public private(set) var pushed: [UIViewController] = []
    public private(set) var presented: InsecurityCoordinator<Void>?
    /// The host that presents for the router; the engine keeps it weakly.
    private var presentingHost: InsecurityHost?

    /// A router for `navigation`, which the router finds again through ``router(of:)``.
    public init(navigation: UINavigationController) {
        self.navigation = navigation
        stack = SharedNavigationStack.stack(for: navigation, framework: Router.framework)
        navigation[associated: routerKey] = Weak(self)
        stack.join(self) { [weak self] reconciliation in
            self?.pushed.removeAll { reconciliation.gone.contains(ObjectIdentifier($0)) }
        }
    }

    /// The stack the queued operations will leave on the navigation controller, bottom to top.
    public var plannedStack: [UIViewController] { stack.plannedStack }

    /// The router of `navigation`, if it has one.
    public static func router(of navigation: UINavigationController) -> Router? {
        navigation[associated: routerKey]?.value
    }

    public func push(_ controller: UIViewController, animated: Bool = true) {
        pushed.append(controller)
        stack.push(controller, typeName: "Router", animated: animated)
    }

    public func present(_ controller: UIViewController, animated: Bool = true) {
        let frame = ControllerCoordinator(controller, typeName: "Router")
        adoptPresented(frame)
        let host = InsecurityHost.presenting(on: navigation, framework: Router.framework)
        presentingHost = host
        host.start(frame, in: .modal, animated: animated) { _ in }
    }

    /// Pops the top of the stack when the router pushed it; the router's list follows when the stack
    /// reconciles.
    public func pop(animated: Bool = true) {
        let top = stack.plannedTop(2)
        guard top.count == 2, top[0] === pushed.last else { return }
        stack.pop(to: top[1], animated: animated)
    }

    public func dismiss(animated: Bool = true) { presented?.dismiss(animated: animated) }

    /// Takes over what a snapshot restored: `controllers` pushed by the router, and the frame it presented.
    func restore(pushed controllers: [UIViewController], presented frame: InsecurityCoordinator<Void>?) {
        pushed = controllers
        if let frame { adoptPresented(frame) }
    }

    /// Follows the presented frame until it ends, however it ends: the router's call, the user, or app code.
    private func adoptPresented(_ frame: InsecurityCoordinator<Void>) {
        presented = frame
        frame.keepAlive(
            frame.observeFrame { [weak self, weak frame] event in
                guard case .ended = event, let self, presented === frame else { return }
                presented = nil
            })
    }
}

private let routerKey = AssociationKey<Weak<Router>>()
