/// SimUIKit's appearance invariant, for test harnesses that check it whenever nothing animates: every
/// controller the user can see has appeared, every other one has disappeared, and none is left between
/// a will- and a did-callback (S12).
@_spi(Testing)
@MainActor
public enum SimAppearanceInvariants {
    /// The controllers among `controllers` whose appearance state disagrees with what `windows` show.
    public static func violations(windows: [UIWindow], controllers: [UIViewController]) -> [String] {
        var visible: Set<ObjectIdentifier> = []
        for window in windows where !window.isHidden {
            guard let root = window.rootViewController else { continue }
            var levels = [root]
            levels += root.presentedChain()
            // A level is seen unless a presentation above it covers its presenter entirely.
            var covered = false
            for level in levels.reversed() {
                if !covered { visible.formUnion(shownSubtree(of: level).map(ObjectIdentifier.init)) }
                if level.presentingStorage != nil, level.modalPresentationStyle.hidesPresenter { covered = true }
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
    private static func shownSubtree(of controller: UIViewController) -> [UIViewController] {
        var found: [UIViewController] = []
        var pending = [controller]
        while let current = pending.popLast() {
            found.append(current)
            pending.append(contentsOf: current.appearanceChildren)
        }
        return found
    }
}
