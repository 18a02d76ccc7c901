// A minimal third coordinator framework and its bridge plugin, written as an outside adapter author would:
// against the public API and the `Adapters` SPI only (no `@testable`, no `package` symbols).

import CoordinatorBridge
@_spi(Adapters) import Insecurity
@_spi(Adapters) import SimUIKit

/// One router per navigation controller: it pushes and presents controllers, and pops and dismisses them.
/// Every controller it shows is an Insecurity frame, so the engine's guarantees hold for it.
@MainActor
final class Router {
    let navigation: UINavigationController
    private(set) var pushed: [InsecurityCoordinator<Void>] = []
    private(set) var presented: InsecurityCoordinator<Void>?
    /// The hosts the router runs; the engine keeps them weakly.
    private var hosts: [InsecurityHost] = []

    /// A router for `navigation`, which the router finds again through ``router(of:)``.
    init(navigation: UINavigationController) {
        self.navigation = navigation
        navigation[associated: routerKey] = Weak(self)
    }

    /// The router of `navigation`, if it has one.
    static func router(of navigation: UINavigationController) -> Router? {
        navigation[associated: routerKey]?.value
    }

    /// The host that pushes for the router: one per navigation controller, attached to it.
    var pushingHost: InsecurityHost {
        if let host = navigation[associated: hostKey]?.value { return host }
        let host = InsecurityHost(navigation: navigation)
        use(host)
        return host
    }

    func push(_ controller: UIViewController, animated: Bool = true) {
        let frame = ControllerCoordinator(controller, typeName: "Router")
        adopt(frame, presented: false)
        pushingHost.start(frame, in: .current, animated: animated) { _ in }
    }

    func present(_ controller: UIViewController, animated: Bool = true) {
        let frame = ControllerCoordinator(controller, typeName: "Router")
        adopt(frame, presented: true)
        let host = InsecurityHost.presenting(on: navigation)
        hosts.append(host)
        host.start(frame, in: .modal, animated: animated) { _ in }
    }

    func pop(animated: Bool = true) { pushed.last?.dismiss(animated: animated) }

    func dismiss(animated: Bool = true) { presented?.dismiss(animated: animated) }

    /// Makes `host` the router's pushing host (a restored one, for instance).
    func use(_ host: InsecurityHost) {
        hosts.append(host)
        navigation[associated: hostKey] = Weak(host)
    }

    /// Records a frame the router shows, pushed or presented, and follows it until it ends, however it
    /// ends: the router's call, the user, or app code.
    func adopt(_ frame: InsecurityCoordinator<Void>, presented isPresented: Bool) {
        if isPresented { presented = frame } else { pushed.append(frame) }
        frame.keepAlive(
            frame.observeFrame { [weak self, weak frame] event in
                guard case .ended = event, let self, let frame else { return }
                pushed.removeAll { $0 === frame }
                if presented === frame { presented = nil }
            })
    }

    /// Whether `host` pushes for a router.
    static func runs(_ host: InsecurityHost) -> Bool {
        guard case .navigation(let navigation?) = host.hostBase else { return false }
        return navigation[associated: hostKey]?.value === host
    }
}

private let routerKey = AssociationKey<Weak<Router>>()
private let hostKey = AssociationKey<Weak<InsecurityHost>>()
