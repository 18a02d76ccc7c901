import CoordinatorBridge
@_spi(Adapters) import Insecurity
import SimUIKit

extension Coordinator {
    /// Starts an Insecurity chain presented on this coordinator's root controller (A5). The host is
    /// retained exactly while the chain lives.
    public func startInsecurityChain<Result>(
        _ child: ModalCoordinator<Result>, animated: Bool,
        _ completion: @escaping (CoordinatorResult<Result>) -> Void
    ) {
        guard let rootViewController else { return }
        InsecurityEmbedding.start(child, on: rootViewController, animated: animated, completion)
    }
}

/// An Insecurity coordinator that runs a legacy ``NavigationCoordinator`` subtree (A5, the reverse
/// direction): its controller is the legacy coordinator's navigation controller, the legacy coordinator
/// starts with it, and when the legacy coordinator reports `coordinatorDidFinish` to its parent, this
/// coordinator finishes with `result(legacy)`. If the user removes the screen instead, the legacy
/// coordinator is stopped and the completion receives `.dismissed`.
@MainActor
open class LegacyFlowCoordinator<Legacy: NavigationCoordinator, Result>: ModalCoordinator<Result> {
    public let legacy: Legacy
    private let result: (Legacy) -> Result
    private var bridge: LegacyFlowParent?

    public init(_ legacy: Legacy, result: @escaping (Legacy) -> Result) {
        self.legacy = legacy
        self.result = result
        super.init()
        // However this coordinator ends, the legacy coordinator stops.
        keepAlive(
            observeFrame { [weak self] event in
                if case .ended = event { self?.stopLegacy() }
            })
    }

    open override var viewController: UIViewController {
        let parent = LegacyFlowParent { [weak self] in
            guard let self else { return }
            finish(self.result(self.legacy))
        }
        bridge = parent
        parent.startChild(coordinator: legacy)
        return legacy.rootViewController
    }

    private func stopLegacy() {
        if let bridge, legacy.isStarted {
            bridge.stopChild(coordinator: legacy)
        }
        bridge = nil
    }
}

/// Stands in for the legacy coordinator's parent inside a ``LegacyFlowCoordinator``.
@MainActor
final class LegacyFlowParent: Coordinator<UIViewController> {
    private let finished: () -> Void

    init(finished: @escaping () -> Void) {
        self.finished = finished
        super.init(rootViewController: nil)
    }

    override func coordinatorDidFinish(_ coordinator: Coordinating, completion: @escaping () -> Void = {}) {
        stopChild(coordinator: coordinator, completion: completion)
        finished()
    }
}
