@_spi(Adapters) import Insecurity
import SimUIKit

/// Makes the app's own coordinators, by type name, when a snapshot is imported (X9), so that the restored
/// tree behaves as if the app had never stopped. Types without a factory come back as stand-ins.
///
/// - Insecurity coordinators: the factory makes the coordinator, and the coordinator makes its controller
///   through `viewController`, exactly as when it is started, so the callbacks it wires into the controller
///   work. The controller must have the type the snapshot describes.
/// - Adapters' coordinators (a ResponderCoordinator `Coordinator` subclass, for instance): the factory is
///   given the restored root controller the coordinator manages.
///
/// Completion closures cannot be serialized. A restored coordinator's result therefore goes to the
/// restored coordinator of the frame below it in the same host, when that one adopts
/// ``RestoredChildResultReceiver``; the result of a host's first frame goes to ``chainFinished``.
@MainActor
public struct CoordinatorFactories {
    private var insecurity: [String: @MainActor () -> AdoptableFrame] = [:]
    private var adapted: [String: @MainActor (UIViewController?) -> AnyObject] = [:]

    /// Receives the result of a restored coordinator that is the first frame of its host (what started the
    /// chain before the snapshot is not part of it): the coordinator and its value, nil when it was dismissed.
    public var chainFinished: (@MainActor (_ coordinator: AnyObject, _ result: Any?) -> Void)?

    public init() {}

    /// Restores Insecurity coordinators of type `type` (named as snapshots name it) with `make`.
    public mutating func register<Coordinator: InsecurityCoordinator<Result>, Result>(
        _ type: Coordinator.Type, make: @escaping @MainActor () -> Coordinator
    ) {
        insecurity[String(describing: type)] = {
            let coordinator = make()
            let controller = coordinator.viewController
            return AdoptableFrame(coordinator: coordinator, controller: controller) {
                host, presentation, isShown, deliver in
                host.adopt(coordinator, showing: controller, as: presentation, isShown: isShown) { deliver($0.value) }
            }
        }
    }

    /// Restores an adapter's coordinators of type `type` with `make`, given the root controller they manage.
    public mutating func register<Coordinator: AnyObject>(
        _ type: Coordinator.Type, make: @escaping @MainActor (_ rootViewController: UIViewController?) -> Coordinator
    ) {
        adapted[String(describing: type)] = make
    }

    func makeFrame(typeName: String) -> AdoptableFrame? { insecurity[typeName]?() }

    func makeAdapted(typeName: String, rootViewController: UIViewController?) -> AnyObject? {
        adapted[typeName]?(rootViewController)
    }
}

/// An Insecurity coordinator made by a factory, with its controller, waiting to be adopted by a host.
@MainActor
struct AdoptableFrame {
    let coordinator: AnyObject
    let controller: UIViewController
    /// Adopts the coordinator into `host`; results go to the given closure (nil when dismissed).
    let adopt: (InsecurityHost, NavigationEvent.Presentation, Bool, @escaping @MainActor (Any?) -> Void) -> Bool
}

/// A restored coordinator that receives the results of the restored coordinators started above it
/// (their completion closures could not be restored).
@MainActor
public protocol RestoredChildResultReceiver: AnyObject {
    /// `child` finished with `result` (a value of its `Result` type), or was dismissed (`result` is nil).
    func restoredChild(_ child: AnyObject, didFinishWith result: Any?)
}
