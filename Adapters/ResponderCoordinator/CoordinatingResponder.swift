@_spi(Adapters) import Insecurity
import SimUIKit

/// A message that travels up the coordinating-responder chain, from any controller to the
/// coordinators above it (A4). Declare one type per message; payloads are its properties.
public protocol CoordinatingMessage {}

/// A responder that may handle coordinating messages. ``Coordinator`` conforms; controllers may too.
@MainActor
public protocol CoordinatingMessageHandling: AnyObject {
    /// Handles `message` and returns true, or returns false to pass it on.
    func handle(_ message: any CoordinatingMessage) -> Bool
}

/// The Swift form of the original's overridable `@objc` property (Objective-C overriding of an extension
/// member is not available on Linux): a responder type chooses where coordinating messages go after it
/// by conforming to this protocol, and subclasses override ``nextCoordinatingResponder``.
@MainActor
public protocol CoordinatingResponderRouting: AnyObject {
    var nextCoordinatingResponder: UIResponder? { get }
}

extension UIResponder {
    /// Where coordinating messages go after this responder: what a ``CoordinatingResponderRouting`` type
    /// says (a coordinator's parent); a controller's `parentCoordinator` when it has one; else `next`.
    public var coordinatingResponder: UIResponder? {
        if let routing = self as? CoordinatingResponderRouting {
            return routing.nextCoordinatingResponder
        }
        if let controller = self as? UIViewController, let coordinator = controller.parentCoordinator as? UIResponder {
            return coordinator
        }
        return next
    }

    /// Offers `message` to this responder and then up the coordinating-responder chain until a handler
    /// takes it. Returns whether one did. Call it as `coordinatingResponder?.send(message)` from a
    /// controller, as the original framework calls its message methods. A message nobody handles is
    /// reported (`unhandledCoordinatingMessage`) with its type, the responder it started from and the
    /// path it took, and dropped.
    @discardableResult
    public func send(_ message: some CoordinatingMessage) -> Bool {
        var current: UIResponder? = self
        var visited = Set<ObjectIdentifier>()
        var path: [String] = []
        while let responder = current, visited.insert(ObjectIdentifier(responder)).inserted {
            if let handler = responder as? CoordinatingMessageHandling, handler.handle(message) {
                return true
            }
            path.append(responder.coordinatingDescription)
            current = responder.coordinatingResponder
        }
        InsecurityDiagnostics.report(
            .unhandledCoordinatingMessage,
            "No coordinator handled \(type(of: message)) sent from \(coordinatingDescription); it passed "
                + path.joined(separator: " → ")
                + ". Override handle(_:) in a coordinator on that path to handle it, or return false there to pass it on."
        )
        return false
    }

    /// How a responder is named in messages: a controller's simulation description, else its type.
    private var coordinatingDescription: String {
        (self as? UIViewController)?.simDescription ?? String(describing: type(of: self))
    }
}

extension UIViewController {
    private static var coordinators: [ObjectIdentifier: Weak<AnyObject>] = [:]

    /// The coordinator that shows this controller (not retained).
    public var parentCoordinator: Coordinating? {
        get { Self.coordinators[ObjectIdentifier(self)]?.value as? Coordinating }
        set {
            let key = ObjectIdentifier(self)
            if Self.coordinators[key] == nil, newValue != nil {
                onDeallocation { UIViewController.coordinators.removeValue(forKey: key) }
            }
            Self.coordinators[key] = newValue.map { Weak($0) }
        }
    }

    /// The closest coordinator up the containment and presentation chain.
    public var containingCoordinator: Coordinating? {
        var current: UIViewController? = self
        while let controller = current {
            if let coordinator = controller.parentCoordinator { return coordinator }
            current = controller.parent ?? controller.presentingViewController
        }
        return nil
    }
}

/// A weak reference.
struct Weak<Object: AnyObject> {
    weak var value: Object?
    init(_ value: Object?) { self.value = value }
}
