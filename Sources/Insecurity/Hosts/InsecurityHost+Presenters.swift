@_spi(Adapters) import SimUIKit

/// Where a presentation anchor keeps the host that presents on its behalf.
private let presentingHostKey = AssociationKey<Weak<InsecurityHost>>()

extension InsecurityHost {
    /// For adapters: the one host that presents on `controller`'s behalf, shared by everything that
    /// presents from the same presentation anchor (its outermost container, S2), so that two coordinators
    /// presenting through one navigation or tab bar controller see one ordered chain (A11). Whoever uses
    /// it retains it; the engine keeps it weakly.
    @_spi(Adapters) public static func presenting(on controller: UIViewController) -> InsecurityHost {
        let anchor = controller.presentationAnchor
        if let host = anchor[associated: presentingHostKey]?.value { return host }
        let host = InsecurityHost(modal: anchor)
        anchor[associated: presentingHostKey] = Weak(host)
        return host
    }
}
