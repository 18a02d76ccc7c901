import Foundation

// Containers changing their contained children, with UIKit's containment and appearance callbacks.
extension UIViewController {
    /// Replaces the contained children with `newChildren` as a container does when its content changes:
    /// `willMove`/`didMove` for the children that leave and arrive, and, when the container is on screen,
    /// disappearance and appearance callbacks for the controllers that stop or start being shown
    /// (`update` changes which children the container shows). With `spanning`, the container only begins
    /// the callbacks and hands over what its own transition ends (see `ContainedChange`). Refused with a
    /// warning when a controller is repeated or cannot be contained.
    @discardableResult
    func changeContainedChildren(
        to newChildren: [UIViewController], update: () -> Void, animated: Bool = false,
        spanning: ((ContainedChange) -> Void)? = nil
    ) -> Bool {
        var seen = Set<ObjectIdentifier>()
        for child in newChildren {
            let reason =
                child === self
                ? "it is the container itself"
                : !seen.insert(ObjectIdentifier(child)).inserted
                    ? "it appears twice"
                    : child.reasonNotFreeForContainment(ignoringParent: true)
            if let reason {
                SimWarnings.emit("Cannot add \(child.simDescription) as a child of \(simDescription): \(reason).")
                return false
            }
        }
        let oldIDs = Set(children.map(ObjectIdentifier.init))
        let removed = children.filter { !seen.contains(ObjectIdentifier($0)) }
        let added = newChildren.filter { !oldIDs.contains(ObjectIdentifier($0)) }
        let shownBefore = appearanceChildren
        for child in removed { child.willMove(toParent: nil) }
        for child in added {
            child.removeFromParent()
            child.willMove(toParent: self)
        }
        for child in removed { child.parent = nil }
        for child in added { child.parent = self }
        children = newChildren
        update()
        let shownAfter = appearanceChildren
        let disappearing = shownBefore.filter { old in !shownAfter.contains { $0 === old } }
        let appearing = shownAfter.filter { new in !shownBefore.contains { $0 === new } }
        switch appearance {
        case .appeared:
            // As logged on devices for a tab switch (S19): the new one's will-appear first, its did-appear last.
            for child in appearing { child.beginAppearance(true, animated: animated) }
            for child in disappearing { child.beginAppearance(false, animated: animated) }
            if spanning == nil {
                for child in disappearing { child.endAppearance() }
                for child in appearing { child.endAppearance() }
            }
        case .appearing(let animated):
            // Mid-appearance: the new child appears with the container, and ends with it; the old one leaves now.
            for child in appearing { child.beginAppearance(true, animated: animated) }
            for child in disappearing { child.beginAppearance(false, animated: false) }
            for child in disappearing { child.endAppearance() }
        case .disappearing:
            // Mid-disappearance (covered by a full-screen presentation that is still running): the old child
            // leaves the hierarchy now, so its disappearance ends now; the new one is not shown (S12).
            for child in disappearing { child.endAppearance() }
        case .disappeared:
            break
        }
        if let spanning {
            let isAppeared = appearance == .appeared
            spanning(
                ContainedChange(
                    appearing: isAppeared ? appearing : [], disappearing: isAppeared ? disappearing : [],
                    added: added, removed: removed, animated: animated))
        } else {
            for child in removed { child.didMove(toParent: nil) }
            for child in added { child.didMove(toParent: self) }
        }
        return true
    }

    /// A change of contained children whose transition the container runs itself: the callbacks it ends when
    /// the transition does (did-appear and did-disappear, then `didMove(toParent:)`).
    @MainActor
    struct ContainedChange {
        let appearing: [UIViewController]
        let disappearing: [UIViewController]
        let added: [UIViewController]
        let removed: [UIViewController]
        let animated: Bool

        /// Ends the callbacks: the disappearing ones first, as a tab switch does (S19), then the containment.
        func finish(in container: UIViewController) {
            for child in disappearing { child.endAppearance() }
            for child in appearing { child.endAppearance() }
            for child in removed { child.didMove(toParent: nil) }
            for child in added { child.didMove(toParent: container) }
        }

        /// Ends the appearance callbacks of a change whose transition was cancelled: what was appearing leaves
        /// before it ever appeared, and what was disappearing comes back, in a tab switch's order. The
        /// containment is the caller's to put back.
        func finishCancelled() {
            for child in appearing { child.beginAppearance(false, animated: animated) }
            for child in disappearing { child.beginAppearance(true, animated: animated) }
            for child in appearing { child.endAppearance() }
            for child in disappearing { child.endAppearance() }
        }
    }
}
