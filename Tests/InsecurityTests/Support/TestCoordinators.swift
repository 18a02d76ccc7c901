import Insecurity
import SimUIKit
import TestSupport

/// A modal coordinator that counts reads of `viewController` and remembers its controller weakly. It shows
/// a new screen named `name`, or `fixed`, a controller the test already holds.
@MainActor
final class ModalScreen: ModalCoordinator<String> {
    let name: String
    private let fixed: UIViewController?
    private(set) var reads = 0
    weak var controller: UIViewController?

    init(_ name: String, showing fixed: UIViewController? = nil) {
        self.name = name
        self.fixed = fixed
        super.init()
    }

    override var viewController: UIViewController {
        reads += 1
        let controller = fixed ?? makeScreen(name)
        self.controller = controller
        return controller
    }
}

/// A navigation coordinator like ``ModalScreen``.
@MainActor
final class PushScreen: NavigationCoordinator<String> {
    let name: String
    private let fixed: UIViewController?
    private(set) var reads = 0
    weak var controller: UIViewController?

    init(_ name: String, showing fixed: UIViewController? = nil) {
        self.name = name
        self.fixed = fixed
        super.init()
    }

    override var viewController: UIViewController {
        reads += 1
        let controller = fixed ?? makeScreen(name)
        self.controller = controller
        return controller
    }
}

/// An adaptive coordinator like ``ModalScreen``.
@MainActor
final class AdaptiveScreen: AdaptiveCoordinator<String> {
    let name: String
    private(set) var reads = 0
    weak var controller: UIViewController?

    init(_ name: String) {
        self.name = name
        super.init()
    }

    override var viewController: UIViewController {
        reads += 1
        let controller = makeScreen(name)
        self.controller = controller
        return controller
    }
}

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
