/// The case names renderers and snapshots write for UIKit's style enumerations, and the cases they name.
/// (SimUIKit's style enumerations are `CaseIterable` for these tables; UIKit's are not.)
public protocol SimNamedCase: CaseIterable {}

extension SimNamedCase {
    /// The case name: `overFullScreen`, `actionSheet`, `destructive`.
    public var name: String { String(describing: self) }

    /// The case named `name`, or nil.
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = match
    }
}

extension UIModalPresentationStyle: SimNamedCase {}
extension UIAlertController.Style: SimNamedCase {}
extension UIAlertAction.Style: SimNamedCase {}
