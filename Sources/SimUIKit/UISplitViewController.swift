import Foundation

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

    /// Makes `viewController` the primary controller.
    open override func show(_ viewController: UIViewController, sender: Any?) {
        viewControllers = [viewController] + children.dropFirst()
    }

    /// Shows `viewController` as the detail: expanded, it replaces the secondary controller; collapsed, it
    /// is pushed onto the primary navigation controller, or presented when the primary is not one.
    open override func showDetailViewController(_ viewController: UIViewController, sender: Any?) {
        guard isCollapsed else {
            viewControllers = Array(children.prefix(1)) + [viewController]
            return
        }
        if let primary = children.first as? UINavigationController, !(viewController is UINavigationController) {
            primary.pushViewController(viewController, animated: true)
        } else {
            present(viewController, animated: true)
        }
    }

    /// Simulates a change of the horizontal size class: collapsing hides the secondary controller,
    /// expanding shows it again (with appearance callbacks when on screen).
    public func simulateCollapse(_ collapsed: Bool) {
        guard collapsed != isCollapsed else { return }
        changeContainedChildren(to: children) { isCollapsed = collapsed }
    }
}
