/// What a controller shows in the navigation bar while it is on top of a stack: title and bar buttons.
@MainActor
open class UINavigationItem {
    /// The title shown in the bar (the controller's ``UIViewController/title`` when nil).
    open var title: String?
    /// A line of text above the title.
    open var prompt: String?
    /// The title of the back button that leads back to this item's controller.
    open var backButtonTitle: String?
    /// The button that leads back to this item's controller, shown by the controller above it.
    open var backBarButtonItem: UIBarButtonItem?
    /// Hides the back button while this item is on top.
    open var hidesBackButton = false
    /// Buttons on the leading side, in order.
    open var leftBarButtonItems: [UIBarButtonItem]?
    /// Buttons on the trailing side, in order.
    open var rightBarButtonItems: [UIBarButtonItem]?

    public init(title: String? = nil) {
        self.title = title
    }

    /// The first leading button.
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }

    /// The first trailing button.
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }
}

/// The handler of a ``UIAction``.
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// A titled action with a handler (the closure-based form UIKit offers since iOS 14; selectors need
/// the Objective-C runtime, which Linux lacks).
@MainActor
public final class UIAction {
    public let title: String
    private let handler: UIActionHandler

    public init(title: String = "", handler: @escaping UIActionHandler) {
        self.title = title
        self.handler = handler
    }

    func perform() { handler(self) }
}

/// A button in a navigation bar or toolbar.
@MainActor
open class UIBarButtonItem {
    public enum Style: Int, Sendable {
        case plain, done
    }

    /// The system's standard buttons.
    public enum SystemItem: Int, Sendable {
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize,
            bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo,
            pageCurl, close
    }

    open var title: String?
    open var style: Style = .plain
    open var isEnabled = true
    /// Runs when the user taps the button.
    open var primaryAction: UIAction?
    /// The system button this item shows, if it was made with ``init(systemItem:primaryAction:)``.
    public let systemItem: SystemItem?

    public init(title: String? = nil, primaryAction: UIAction? = nil) {
        self.title = title
        self.primaryAction = primaryAction
        systemItem = nil
    }

    public init(systemItem: SystemItem, primaryAction: UIAction? = nil) {
        self.systemItem = systemItem
        self.primaryAction = primaryAction
    }

    /// Simulates the user tapping the button: runs ``primaryAction`` when the button is enabled.
    /// Returns whether the tap did anything.
    @discardableResult
    public func simulateTap() -> Bool {
        guard isEnabled, let primaryAction else { return false }
        primaryAction.perform()
        return true
    }
}

/// The bar of a navigation controller. Its items are the navigation items of the stack's controllers.
@MainActor
public final class UINavigationBar: UIView {
    weak var navigationController: UINavigationController?

    /// Whether titles are drawn large (recorded only).
    public var prefersLargeTitles = false

    convenience init(navigationController: UINavigationController) {
        self.init()
        self.navigationController = navigationController
    }

    /// The navigation bars' appearance proxy (see ``UIView/appearance()``).
    public override class func appearance() -> UINavigationBar {
        AppearanceProxies.proxy(of: self) { UINavigationBar() }
    }

    /// The stack's navigation items, bottom to top.
    public var items: [UINavigationItem]? {
        navigationController?.viewControllers.map(\.navigationItem)
    }

    /// The item of the top controller.
    public var topItem: UINavigationItem? { navigationController?.topViewController?.navigationItem }

    /// The item below the top one: where the back button leads.
    public var backItem: UINavigationItem? {
        guard let stack = navigationController?.viewControllers, stack.count > 1 else { return nil }
        return stack[stack.count - 2].navigationItem
    }
}
