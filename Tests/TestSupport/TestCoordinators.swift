import Insecurity
import SimUIKit

/// What the test coordinators' `viewController` shows: a new screen named `name` on each read (its id in
/// snapshots is the name in lower case), or `fixed`, a controller the test already holds. Counts the reads
/// (E1: the engine reads once) and remembers the last controller weakly.
@MainActor
package struct ScreenSource {
    package let name: String
    private let fixed: UIViewController?
    package private(set) var reads = 0
    package private(set) weak var controller: UIViewController?

    package init(_ name: String, showing fixed: UIViewController? = nil) {
        self.name = name
        self.fixed = fixed
    }

    package mutating func read() -> UIViewController {
        reads += 1
        let made = fixed ?? makeScreen(name)
        controller = made
        return made
    }
}

/// A coordinator whose screen comes from a ``ScreenSource``.
@MainActor
package protocol ShowsScreen: AnyObject {
    var screen: ScreenSource { get }
}

extension ShowsScreen {
    package var name: String { screen.name }
    /// How many times the engine read `viewController`.
    package var reads: Int { screen.reads }
    /// The controller last shown, while something holds it.
    package var controller: UIViewController? { screen.controller }
}

/// A modal coordinator showing a ``ScreenSource``'s screen (main-actor isolated, as its superclass is).
package final class ModalScreen: ModalCoordinator<String>, ShowsScreen {
    package private(set) var screen: ScreenSource
    package init(_ name: String, showing fixed: UIViewController? = nil) { screen = ScreenSource(name, showing: fixed) }
    package override var viewController: UIViewController { screen.read() }
}

/// A navigation coordinator like ``ModalScreen``.
package final class PushScreen: NavigationCoordinator<String>, ShowsScreen {
    package private(set) var screen: ScreenSource
    package init(_ name: String, showing fixed: UIViewController? = nil) { screen = ScreenSource(name, showing: fixed) }
    package override var viewController: UIViewController { screen.read() }
}

/// An adaptive coordinator like ``ModalScreen``.
package final class AdaptiveScreen: AdaptiveCoordinator<String>, ShowsScreen {
    package private(set) var screen: ScreenSource
    package init(_ name: String, showing fixed: UIViewController? = nil) { screen = ScreenSource(name, showing: fixed) }
    package override var viewController: UIViewController { screen.read() }
}
