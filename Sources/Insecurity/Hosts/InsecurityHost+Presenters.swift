import SimUIKit

extension InsecurityHost {
    private static var presentingHosts: [ObjectIdentifier: Weak<InsecurityHost>] = [:]

    /// For adapters: the one host that presents on `controller`'s behalf, shared by everything that
    /// presents from the same presentation anchor (its outermost container, S2), so that two coordinators
    /// presenting through one navigation or tab bar controller see one ordered chain (A11). Whoever uses
    /// it retains it; the engine keeps it weakly.
    @_spi(Adapters) public static func presenting(on controller: UIViewController) -> InsecurityHost {
        let anchor = controller.presentationAnchor
        let key = ObjectIdentifier(anchor)
        if let host = presentingHosts[key]?.value, case .modal(let base) = host.base, base.value === anchor {
            return host
        }
        presentingHosts = presentingHosts.filter { $0.value.value != nil }
        let host = InsecurityHost(modal: anchor)
        presentingHosts[key] = Weak(host)
        return host
    }
}
