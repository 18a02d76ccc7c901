/// For adapters: a key for a value attached to a SimUIKit object, as associated objects are on iOS. Declare
/// one constant key per purpose and read and write `object[associated: key]`; the value lives as long as
/// the object, so nothing outside it needs an address-keyed table (an address may be reused once the object
/// is gone).
@_spi(Adapters) public final class AssociationKey<Value>: Sendable {
    public init() {}
}

/// For adapters: a weak reference, for keeping objects in collections, enums and associated values
/// without retaining them.
@_spi(Adapters) public struct Weak<Object: AnyObject> {
    public weak var value: Object?
    public init(_ value: Object?) { self.value = value }
}

extension UIResponder {
    /// For adapters: the value attached to this object under `key`, or nil.
    @_spi(Adapters) public subscript<Value>(associated key: AssociationKey<Value>) -> Value? {
        get { associatedValues[ObjectIdentifier(key)] as? Value }
        set { associatedValues[ObjectIdentifier(key)] = newValue }
    }
}
