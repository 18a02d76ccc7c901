import Foundation

extension UIViewController {
    /// For adapters: the topmost ancestor through `parent` links, the controller that presents on this one's
    /// behalf (S2); the engine orders presentations per anchor.
    @_spi(Adapters) public var presentationAnchor: UIViewController { topmostParent ?? self }

    /// The topmost ancestor through `parent` links, nil without a parent: the presentation anchor when it is not
    /// this controller. The hot getters read the anchor's state through it without holding this controller.
    var topmostParent: UIViewController? {
        guard var anchor = parent else { return nil }
        while let next = anchor.parent { anchor = next }
        return anchor
    }

    /// The window that shows this controller, found through parents and its presenter. A presented
    /// controller remembers its presenter's window when it is presented, so the cost does not grow with
    /// the length of the presentation chain.
    package var hostWindow: UIWindow? {
        // The presentation anchor's.
        if let anchor = topmostParent { return anchor.windowAsAnchor }
        return windowAsAnchor
    }

    /// The window showing this controller when it is its own presentation anchor: the window it is attached
    /// to, or the one its presenter was in.
    private var windowAsAnchor: UIWindow? {
        if let window = attachedWindow { return window }
        return presentingStorage == nil ? nil : presentationWindow
    }

    /// Whether the controller's view is currently on screen (appeared or appearing).
    var isOnScreen: Bool {
        switch appearance {
        case .appeared, .appearing: true
        case .disappeared, .disappearing: false
        }
    }

    /// This controller and the controllers presented above it that are in view, bottom to top: every level but
    /// those whose presented controller hides its presenter. A full-screen presentation made from a sheet hides
    /// the sheet only; the controller under the sheet stays in view, as UIKit's presentation controller gives
    /// appearance callbacks to its presenting controller alone (S12).
    func levelsInView() -> [UIViewController] {
        let levels = [self] + presentedChain()
        return levels.indices.compactMap { index in
            let above = levels.index(after: index)
            return above < levels.endIndex && levels[above].modalPresentationStyle.hidesPresenter ? nil : levels[index]
        }
    }

    /// This controller and the presenters below it that stay in view while it is the top of its chain (each
    /// level down to the first whose presentation hides its presenter, S12) whose on-screen state is
    /// `onScreen`. The walk stops at the first level in another state: the levels below it
    /// are in that state too, so a deep chain of sheets costs only the levels that change.
    func levelsInViewWithIt(onScreen: Bool) -> [UIViewController] {
        var levels: [UIViewController] = []
        var level = self
        while level.isOnScreen == onScreen {
            levels.append(level)
            guard !level.modalPresentationStyle.hidesPresenter, let presenter = level.presentingStorage else { break }
            level = presenter
        }
        return levels
    }

    /// Why the controller cannot become a window root, or nil if it can.
    func reasonNotFreeForRoot() -> String? {
        reasonNotFreeForContainment(ignoringParent: false)
    }

    /// Why the controller cannot be put into a container, or nil if it can.
    func reasonNotFreeForContainment(ignoringParent: Bool) -> String? {
        if !ignoringParent, let parent { return "it is a child of \(parent.simDescription)" }
        if let presenter = presentingStorage { return "it is presented by \(presenter.simDescription)" }
        if let window = attachedWindow, window.rootViewController === self {
            return "it is the root view controller of a window"
        }
        return nil
    }
}
