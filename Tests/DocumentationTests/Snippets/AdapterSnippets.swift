// The code of CoordinatorBridge's article "Writing an adapter", for a made-up framework of flows.
@_spi(Adapters) import Insecurity
@_spi(Adapters) import SimUIKit

/// A coordinator of the made-up framework.
@MainActor
public final class Flow {}


extension InsecurityDiagnostic.Code {
    public static let flowStepSkipped = Self(rawValue: "flowStepSkipped")
}

private let flowKey = AssociationKey<Weak<Flow>>()

extension UIViewController {
    /// The flow that shows this controller (not retained).
    public var flow: Flow? {
        get { self[associated: flowKey]?.value }
        set { self[associated: flowKey] = Weak(newValue) }
    }
}
