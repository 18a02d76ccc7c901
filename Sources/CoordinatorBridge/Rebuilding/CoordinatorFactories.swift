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
///
/// Factories are found by the type name snapshots record (`bridgedTypeName`): a coordinator class that
/// overrides `bridgedTypeName` is found under that name too. Such a name is learnt, on the first snapshot
/// that records a name no class is registered under, by making one coordinator with each Insecurity factory
/// not asked yet and reading the name it reports; coordinators made that way and not used are never started.
@MainActor
public struct CoordinatorFactories {
    private var insecurity: [String: @MainActor () -> AdoptableFrame] = [:]
    /// The Insecurity factories in registration order, by class name: each makes a coordinator and gives the
    /// name it reports, and the frame to adopt it with.
    private var registered: [(className: String, probe: @MainActor () -> (name: String, frame: () -> AdoptableFrame))] =
        []
    /// The names the coordinators of each class reported, once learnt.
    private let reportedNames = ReportedNames()
    private var adapted: [String: @MainActor (UIViewController?) -> AnyObject] = [:]

    /// Receives the result of a restored coordinator that is the first frame of its host (what started the
    /// chain before the snapshot is not part of it): the coordinator and its value, nil when it was dismissed.
    public var chainFinished: (@MainActor (_ coordinator: AnyObject, _ result: Any?) -> Void)?

    public init() {}

    /// Restores Insecurity coordinators of type `type` (named as snapshots name it) with `make`.
    public mutating func register<Coordinator: InsecurityCoordinator<Result>, Result>(
        _ type: Coordinator.Type, make: @escaping @MainActor () -> Coordinator
    ) {
        let className = String(describing: type)
        insecurity[className] = { Self.adoptable(make()) }
        registered.append(
            (
                className,
                {
                    let coordinator = make()
                    return (bridgedTypeName(of: coordinator), { Self.adoptable(coordinator) })
                }
            ))
    }

    /// `coordinator` with its controller, read once as at a start (E1), ready for a host to adopt.
    private static func adoptable<Result>(_ coordinator: InsecurityCoordinator<Result>) -> AdoptableFrame {
        let controller = coordinator.viewController
        return AdoptableFrame(coordinator: coordinator, controller: controller) {
            host, presentation, isShown, deliver in
            host.adopt(coordinator, showing: controller, as: presentation, isShown: isShown) { deliver($0.value) }
        }
    }

    /// Restores an adapter's coordinators of type `type` with `make`, given the root controller they manage.
    public mutating func register<Coordinator: AnyObject>(
        _ type: Coordinator.Type, make: @escaping @MainActor (_ rootViewController: UIViewController?) -> Coordinator
    ) {
        adapted[String(describing: type)] = make
    }

    /// A coordinator of the type snapshots record as `typeName`, with its controller; nil without a factory.
    func makeFrame(typeName: String) -> AdoptableFrame? {
        if let make = insecurity[typeName] { return make() }
        // A class that names itself otherwise: learn the names of the factories not asked yet.
        for (className, probe) in registered {
            if let known = reportedNames.byClass[className] {
                if known == typeName { return insecurity[className]?() }
                continue
            }
            let (reported, frame) = probe()
            reportedNames.byClass[className] = reported
            if reported == typeName { return frame() }
        }
        return nil
    }

    func makeAdapted(typeName: String, rootViewController: UIViewController?) -> AnyObject? {
        adapted[typeName]?(rootViewController)
    }
}

/// What each registered class's coordinators report as their type name, learnt once per class.
@MainActor
private final class ReportedNames {
    var byClass: [String: String] = [:]
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
