/// SimUIKit's appearance invariant, checked once settled: every watched controller the user can see has
/// appeared, every other one has disappeared, and none is left between a will- and a did-callback (S12).
@_spi(Testing)
@MainActor
public struct SimAppearanceInvariants: InvariantChecker {
    private let watched: [() -> UIViewController?]

    /// Checks `controllers` (kept weakly: a released controller is no longer checked).
    public init(watching controllers: [UIViewController]) {
        watched = controllers.map { controller in { [weak controller] in controller } }
    }

    /// The watched controllers whose appearance state disagrees with what `windows` show, once settled.
    public func violations(windows: [UIWindow], settled: Bool) -> [String] {
        guard settled else { return [] }
        let controllers = watched.compactMap { $0() }
        var visible: Set<ObjectIdentifier> = []
        for window in windows where !window.isHidden {
            guard let root = window.rootViewController else { continue }
            for level in root.levelsInView() {
                visible.formUnion(shownSubtree(of: level).map(ObjectIdentifier.init))
            }
        }
        var problems: [String] = []
        for controller in controllers {
            let seen = visible.contains(ObjectIdentifier(controller))
            switch (controller.appearance, seen) {
            case (.appeared, true), (.disappeared, false):
                continue
            case (.appearing, _):
                problems.append("\(controller.simDescription) is left appearing with nothing animating")
            case (.disappearing, _):
                problems.append("\(controller.simDescription) is left disappearing with nothing animating")
            case (.appeared, false):
                problems.append("\(controller.simDescription) has appeared but is not shown")
            case (.disappeared, true):
                problems.append("\(controller.simDescription) is shown but has not appeared")
            }
        }
        return problems
    }

    /// `controller` and the children it shows, recursively.
    private func shownSubtree(of controller: UIViewController) -> [UIViewController] {
        var found: [UIViewController] = []
        var pending = [controller]
        while let current = pending.popLast() {
            found.append(current)
            pending.append(contentsOf: current.appearanceChildren)
        }
        return found
    }
}
