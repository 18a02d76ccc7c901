/// A button of an alert or action sheet.
@MainActor
public final class UIAlertAction {
    public enum Style: Int, Sendable, CaseIterable {
        case `default`, cancel, destructive

        /// The constant's name, as UIKit's messages print it.
        var uikitName: String {
            switch self {
            case .default: "UIAlertActionStyleDefault"
            case .cancel: "UIAlertActionStyleCancel"
            case .destructive: "UIAlertActionStyleDestructive"
            }
        }
    }

    public let title: String?
    public let style: Style
    /// A disabled action cannot be tapped.
    public var isEnabled = true
    let handler: (@MainActor (UIAlertAction) -> Void)?

    /// An action without a title raises UIKit's exception, whatever its style (S17; UIKit's
    /// `_actionWithTitle:descriptiveText:image:style:handler:shouldDismissHandler:` checks the title alone).
    public init(title: String?, style: Style, handler: (@MainActor (UIAlertAction) -> Void)? = nil) {
        if title == nil {
            SimExceptions.raise(
                SimException.internalInconsistency,
                "Actions added to UIAlertController of style \(style.uikitName) must have a title when running in \(SimDevice.idiom == .pad ? "UIUserInterfaceIdiomPad" : "UIUserInterfaceIdiomPhone")"
            )
        }
        self.title = title
        self.style = style
        self.handler = handler
    }
}

/// An alert or action sheet (S14). It is presented like any controller, is never dismissed by a swipe,
/// and leaves when the user taps one of its actions (``simulateTap(on:)``).
@MainActor
open class UIAlertController: UIViewController {
    public enum Style: Int, Sendable, CaseIterable {
        case actionSheet, alert
    }

    /// The text under the title.
    open var message: String?
    public private(set) var preferredStyle = Style.alert
    public private(set) var actions: [UIAlertAction] = []
    /// The action drawn as the default one.
    open var preferredAction: UIAlertAction?

    public convenience init(title: String?, message: String?, preferredStyle: Style) {
        self.init(nibName: nil, bundle: nil)
        self.title = title
        self.message = message
        self.preferredStyle = preferredStyle
    }

    /// Alerts are always presented over their presenter, which stays on screen; the style cannot change.
    open override var modalPresentationStyle: UIModalPresentationStyle {
        get { .custom }
        set {}
    }

    /// Adds a button. A second `.cancel` action raises UIKit's exception (S17) and is not added.
    public func addAction(_ action: UIAlertAction) {
        if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
            SimExceptions.raise(
                SimException.internalInconsistency,
                "UIAlertController can only have one action with a style of UIAlertActionStyleCancel")
            return
        }
        actions.append(action)
    }

    /// Simulates the user tapping `action`: the alert is dismissed, and the action's handler runs once the
    /// dismissal has finished, as in UIKit. Returns false when the tap cannot happen: the action is not
    /// this alert's or is disabled, the alert is not presented, or a transition is running.
    @discardableResult
    public func simulateTap(on action: UIAlertAction) -> Bool {
        guard actions.contains(where: { $0 === action }), action.isEnabled,
            let presenter = presentingStorage, presenter.presentationChainIsIdle
        else { return false }
        presenter.dismiss(animated: true) {
            action.handler?(action)
        }
        return true
    }
}
