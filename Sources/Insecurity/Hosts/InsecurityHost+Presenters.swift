@_spi(Adapters) import SimUIKit

/// Where a presentation anchor keeps the host that presents on its behalf.
private let presentingHostKey = AssociationKey<Weak<InsecurityHost>>()

extension InsecurityHost {
    /// For adapters: the one host that presents on `controller`'s behalf, shared by everything that
    /// presents from the same presentation anchor (its outermost container, S2), so that two coordinators
    /// presenting through one navigation or tab bar controller see one ordered chain (A11). Whoever uses
    /// it retains it; the engine keeps it weakly. `framework` names the adapter asking: a host made now is
    /// recorded as its (an adapter joining an existing host leaves it as it was).
    @_spi(Adapters) public static func presenting(on controller: UIViewController, framework: String)
        -> InsecurityHost
    {
        let anchor = controller.presentationAnchor
        if let host = anchor[associated: presentingHostKey]?.value { return host }
        let host = InsecurityHost(modal: anchor, framework: framework)
        anchor[associated: presentingHostKey] = Weak(host)
        return host
    }

    /// For the importer, once adapters' coordinators are rebuilt: makes this host, on a presentation anchor,
    /// the one ``presenting(on:)`` gives from now on, so that what adapters present after the import joins
    /// the restored chain (A11). Returns false, changing nothing, for a host on anything else.
    @discardableResult package func becomePresentingHost() -> Bool {
        guard case .modal(let anchor?) = hostBase, anchor.presentationAnchor === anchor else {
            return false
        }
        anchor[associated: presentingHostKey] = Weak(self)
        return true
    }
}
