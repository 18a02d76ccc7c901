import Insecurity
import SimUIKit
import TestSupport

/// Collects completions as "name: value" or "name: dismissed".
@MainActor
final class Outcomes {
    private(set) var log: [String] = []

    func completion(_ name: String) -> (CoordinatorResult<String>) -> Void {
        { [self] result in log.append("\(name): \(result.value ?? "dismissed")") }
    }
}

/// A visible window whose root is a plain controller, the usual place to start a chain.
@MainActor
struct Scene {
    let window = UIWindow()
    let root = makeScreen("Root")

    init() {
        window.rootViewController = root
        window.makeKeyAndVisible()
    }

    /// A visible window whose root is a navigation controller holding one controller.
    static func navigation() -> (Scene, UINavigationController) {
        let scene = Scene()
        let navigation = UINavigationController(rootViewController: makeScreen("Home"))
        scene.window.rootViewController = navigation
        return (scene, navigation)
    }
}

/// Records the engine's events while retained.
@MainActor
final class EventLog {
    private(set) var events: [NavigationEvent] = []
    private var subscription: EventSubscription?

    init() {
        subscription = InsecurityEvents.observe { [weak self] in self?.events.append($0) }
    }

    /// "Type started(present)", "Type ended(swipe)", ... without shown events.
    var summary: [String] {
        events.compactMap { event in
            switch event.action {
            case .started(let presentation): "\(event.coordinatorType) started(\(presentation.rawValue))"
            case .shown: nil
            case .ended(let cause): "\(event.coordinatorType) ended(\(cause.rawValue))"
            }
        }
    }
}
