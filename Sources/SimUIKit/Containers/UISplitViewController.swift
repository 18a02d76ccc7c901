import Foundation

/// Told when a split view controller collapses or expands, and asked to show controllers in its place.
/// Every method is optional.
@MainActor
public protocol UISplitViewControllerDelegate: AnyObject {
    /// Asked when the split view collapses: return true when the delegate has dealt with the secondary
    /// controller (it leaves the split view), false to let the split view keep it.
    func splitViewController(
        _ splitViewController: UISplitViewController, collapseSecondary secondaryViewController: UIViewController,
        onto primaryViewController: UIViewController
    ) -> Bool
    /// Asked when the split view expands: the controller to show as the secondary, or nil for the split
    /// view's own choice.
    func splitViewController(
        _ splitViewController: UISplitViewController, separateSecondaryFrom primaryViewController: UIViewController
    ) -> UIViewController?
    /// Asked by `show(_:sender:)`: return true when the delegate has shown `vc` itself.
    func splitViewController(_ splitViewController: UISplitViewController, show vc: UIViewController, sender: Any?)
        -> Bool
    /// Asked by `showDetailViewController(_:sender:)`: return true when the delegate has shown `vc` itself.
    func splitViewController(
        _ splitViewController: UISplitViewController, showDetail vc: UIViewController, sender: Any?
    ) -> Bool
}

extension UISplitViewControllerDelegate {
    public func splitViewController(
        _ splitViewController: UISplitViewController, collapseSecondary secondaryViewController: UIViewController,
        onto primaryViewController: UIViewController
    ) -> Bool { false }
    public func splitViewController(
        _ splitViewController: UISplitViewController, separateSecondaryFrom primaryViewController: UIViewController
    ) -> UIViewController? { nil }
    public func splitViewController(
        _ splitViewController: UISplitViewController, show vc: UIViewController, sender: Any?
    )
        -> Bool
    { false }
    public func splitViewController(
        _ splitViewController: UISplitViewController, showDetail vc: UIViewController, sender: Any?
    ) -> Bool { false }
}

/// A container with a primary column and a secondary (detail) column (S15). Expanded, both are shown;
/// collapsed (a compact width), only the primary is, and details are pushed onto it when it is a
/// navigation controller.
@MainActor
open class UISplitViewController: UIViewController {
    /// How the columns are laid out (recorded only).
    public enum DisplayMode: Int, Sendable {
        case automatic, secondaryOnly, oneBesideSecondary, oneOverSecondary
    }

    /// The preferred layout (recorded only).
    open var preferredDisplayMode = DisplayMode.automatic
    /// Whether only the primary column is shown.
    public private(set) var isCollapsed = false
    /// Told about collapsing and expanding, and asked to show controllers (not retained).
    public weak var delegate: (any UISplitViewControllerDelegate)?

    /// The primary controller, then the secondary one if there is one.
    open var viewControllers: [UIViewController] {
        get { children }
        set {
            guard newValue.count <= 2 else {
                SimWarnings.emit("\(simDescription) shows at most two controllers; \(newValue.count) were given.")
                return
            }
            changeContainedChildren(to: newValue) {}
        }
    }

    override var appearanceChildren: [UIViewController] {
        isCollapsed ? Array(children.prefix(1)) : children
    }

    override func handles(_ action: ShowAction) -> Bool { true }

    /// Collapsed, a new detail goes onto the primary navigation controller: what holds its stack back holds
    /// the detail back (S6, S15).
    package override func transitionHoldingContentChange(animated: Bool) -> SimTransition? {
        isCollapsed ? children.first?.transitionHoldingContentChange(animated: animated) : nil
    }

    /// Makes `viewController` the primary controller, unless the delegate shows it.
    open override func show(_ viewController: UIViewController, sender: Any?) {
        if delegate?.splitViewController(self, show: viewController, sender: sender) == true { return }
        viewControllers = [viewController] + children.dropFirst()
    }

    /// Shows `viewController` as the detail: expanded, it replaces the secondary controller; collapsed, the
    /// primary controller shows it (Apple: the split view calls `show(_:sender:)` on the primary), so a
    /// primary navigation controller pushes it, even a navigation controller, which UIKit nests there; a
    /// primary that is not one presents it.
    open override func showDetailViewController(_ viewController: UIViewController, sender: Any?) {
        if delegate?.splitViewController(self, showDetail: viewController, sender: sender) == true { return }
        guard isCollapsed else {
            viewControllers = Array(children.prefix(1)) + [viewController]
            return
        }
        if let primary = children.first as? UINavigationController {
            primary.pushNestingNavigation(viewController)
        } else if let primary = children.first {
            primary.show(viewController, sender: sender)
        }
    }

    /// Simulates a change of the horizontal size class, with appearance callbacks when on screen.
    /// Collapsing asks the delegate about the secondary controller: when it has dealt with it, the
    /// secondary leaves; otherwise it stays, hidden. Expanding asks the delegate for the secondary to show;
    /// without one, the hidden secondary shows again.
    public func simulateCollapse(_ collapsed: Bool) {
        guard collapsed != isCollapsed else { return }
        var columns = children
        if collapsed, columns.count == 2,
            delegate?.splitViewController(self, collapseSecondary: columns[1], onto: columns[0]) == true
        {
            columns.removeLast()
        } else if !collapsed, let primary = columns.first,
            let secondary = delegate?.splitViewController(self, separateSecondaryFrom: primary)
        {
            columns = [primary, secondary]
        }
        changeContainedChildren(to: columns) { isCollapsed = collapsed }
    }
}
