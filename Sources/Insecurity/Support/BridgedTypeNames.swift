/// An object that names the type events, trees and snapshots record for it, in place of its own class: an
/// engine coordinator (a restored one reports the type it stands for), a restored controller or coordinator of
/// an adapter. Objects of other classes are recorded under their class's name.
@MainActor
public protocol BridgeTypeNamed: AnyObject {
    /// The type name events, trees and snapshots record.
    var bridgedTypeName: String { get }
}

/// For adapters and tools: the type name events, trees and snapshots record for `object`, its
/// ``BridgeTypeNamed/bridgedTypeName`` or else its class's name as `String(describing:)` writes it.
@_spi(Adapters) @MainActor
public func bridgedTypeName(of object: AnyObject) -> String {
    TypeNames.name(of: object)
}

/// Type names, looked up once per class: describing a type, and asking whether a class names its instances
/// itself, are costly, and every started coordinator and every exported controller needs its name.
@MainActor
enum TypeNames {
    /// How a class's instances are named.
    private enum Naming {
        case byClass(String)
        /// The class adopts ``BridgeTypeNamed``.
        case byInstance
    }

    // Read at every start; only read or changed by single subscripts, so without exclusivity checks.
    @exclusivity(unchecked) private static var namings: [IdentityKey: Naming] = [:]
    @exclusivity(unchecked) private static var classNames: [IdentityKey: String] = [:]

    static func name(of object: AnyObject) -> String {
        let key = IdentityKey(type(of: object))
        let naming: Naming
        if let known = namings[key] {
            naming = known
        } else {
            naming = object is BridgeTypeNamed ? .byInstance : .byClass(name(of: type(of: object)))
            namings[key] = naming
        }
        switch naming {
        case .byClass(let name): return name
        case .byInstance: return (object as! BridgeTypeNamed).bridgedTypeName
        }
    }

    /// The name of `type` itself, as `String(describing:)` writes it.
    static func name(of type: AnyObject.Type) -> String {
        let key = IdentityKey(type)
        if let name = classNames[key] { return name }
        let name = String(describing: type)
        classNames[key] = name
        return name
    }
}
