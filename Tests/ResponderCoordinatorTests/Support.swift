import ResponderCoordinator
import SimUIKit
import TestSupport

/// A navigation coordinator that logs what the adapter tells it.
@MainActor
final class LoggingCoordinator: NavigationCoordinator {
    let name: String
    let log: Log

    init(_ name: String, navigationController: UINavigationController, log: Log) {
        self.name = name
        self.log = log
        super.init(rootViewController: navigationController)
        identifier = name
    }

    override func handlePopBack(to vc: UIViewController?) {
        log.entries.append("\(name).handlePopBack(to: \(vc?.title ?? "nil"))")
    }

    override func coordinatorDidFinish(_ coordinator: Coordinating, completion: @escaping () -> Void = {}) {
        log.entries.append("\(name).coordinatorDidFinish(\(coordinator.identifier))")
        super.coordinatorDidFinish(coordinator, completion: completion)
    }
}

@MainActor
final class Log {
    var entries: [String] = []
}

/// A visible window around an empty navigation controller.
@MainActor
func makeStack() -> (UIWindow, UINavigationController) {
    let navigation = UINavigationController()
    let window = UIWindow()
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    return (window, navigation)
}

/// A visible window around a navigation controller whose started legacy coordinator "App" shows "L0".
@MainActor
func launchLegacyApp() -> (UIWindow, UINavigationController, LoggingCoordinator, Log) {
    let (window, navigation) = makeStack()
    let log = Log()
    let app = LoggingCoordinator("App", navigationController: navigation, log: log)
    app.start()
    app.root(makeScreen("L0"))
    SimRunLoop.main.runUntilIdle()
    return (window, navigation, app, log)
}
