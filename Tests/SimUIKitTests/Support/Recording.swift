import Foundation
import SimUIKit

/// An ordered record of the UIKit callbacks that test controllers receive.
@MainActor
final class Journal {
    private(set) var entries: [String] = []

    func record(_ entry: String) { entries.append(entry) }

    /// Returns the entries recorded so far and starts a new record.
    func take() -> [String] {
        defer { entries.removeAll() }
        return entries
    }
}

/// A controller that writes each appearance and containment callback to a journal, with the
/// transition flags UIKit sets at that moment: `[presented]`, `[dismissed]`, `[to-parent]`, `[from-parent]`.
@MainActor
final class Screen: UIViewController {
    let name: String
    private let journal: Journal?
    /// App code run at the end of `viewDidAppear`.
    var whenAppeared: (() -> Void)?

    init(_ name: String, journal: Journal? = nil) {
        self.name = name
        self.journal = journal
        super.init(nibName: nil, bundle: nil)
        title = name
        restorationIdentifier = name.lowercased()
    }

    required init?(coder: NSCoder) { fatalError("Screens are made in code") }

    private func log(_ event: String) {
        var flags = ""
        if isBeingPresented { flags += "[presented]" }
        if isBeingDismissed { flags += "[dismissed]" }
        if isMovingToParent { flags += "[to-parent]" }
        if isMovingFromParent { flags += "[from-parent]" }
        journal?.record("\(name).\(event)\(flags.isEmpty ? "" : " " + flags)")
    }

    override func viewDidLoad() { journal?.record("\(name).viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { log("viewWillAppear") }
    override func viewIsAppearing(_ animated: Bool) { log("viewIsAppearing") }
    override func viewDidAppear(_ animated: Bool) {
        log("viewDidAppear")
        whenAppeared?()
    }
    override func viewWillDisappear(_ animated: Bool) { log("viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log("viewDidDisappear") }
    override func willMove(toParent parent: UIViewController?) { log("willMove(\(parent == nil ? "nil" : "parent"))") }
    override func didMove(toParent parent: UIViewController?) { log("didMove(\(parent == nil ? "nil" : "parent"))") }
}

/// Records a navigation controller's delegate calls.
@MainActor
final class NavigationDelegateSpy: UINavigationControllerDelegate {
    private(set) var calls: [String] = []

    func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) {
        calls.append("willShow \(viewController.title ?? "?")")
    }

    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {
        calls.append("didShow \(viewController.title ?? "?")")
    }
}

/// A key, visible window showing `root`, with the run loop drained.
@MainActor
func makeVisibleWindow(root: UIViewController) -> UIWindow {
    let window = UIWindow()
    window.rootViewController = root
    window.makeKeyAndVisible()
    SimRunLoop.main.runUntilIdle()
    return window
}
