/// The appearance proxies app code configures at launch (`UIView.appearance()`, UIKit's `UIAppearance`): one
/// per class, made on first use. The simulation draws nothing, so what is set on a proxy is held and read back,
/// and not applied to the views that later enter a window as UIKit does (Apple's UIAppearance documentation);
/// no navigation behaviour depends on it.
@MainActor
enum AppearanceProxies {
    private static var proxies: [ObjectIdentifier: UIView] = [:]

    /// The proxy of `viewClass`, made by `make` the first time it is asked for.
    static func proxy<View: UIView>(of viewClass: AnyClass, make: () -> View) -> View {
        if let proxy = proxies[ObjectIdentifier(viewClass)] as? View { return proxy }
        let proxy = make()
        proxies[ObjectIdentifier(viewClass)] = proxy
        return proxy
    }

    /// Forgets every proxy (a fresh simulated world between tests).
    static func removeAll() {
        proxies.removeAll()
    }
}

extension UIView {
    /// Forgets what app code set on appearance proxies (a fresh simulated world between tests).
    package static func resetAppearanceProxies() {
        AppearanceProxies.removeAll()
    }
}
