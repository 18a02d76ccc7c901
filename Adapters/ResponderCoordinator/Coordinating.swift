import SimUIKit

/// What every coordinator of the tree offers, whatever its root controller type.
@MainActor
public protocol Coordinating: AnyObject {
    /// A key for `childCoordinators`; by default the type name.
    var identifier: String { get }
    /// The coordinator that started this one (not retained).
    var parent: Coordinating? { get set }
    /// Started children, by identifier (retained).
    var childCoordinators: [String: Coordinating] { get }
    var isStarted: Bool { get }

    func start(with completion: @escaping () -> Void)
    func stop(with completion: @escaping () -> Void)
    /// A child is done (its flow ended, or the user popped its last screen).
    func coordinatorDidFinish(_ coordinator: Coordinating, completion: @escaping () -> Void)
    /// Makes this coordinator the active one for its root controller again, and delivers queued messages.
    func activate()
}
