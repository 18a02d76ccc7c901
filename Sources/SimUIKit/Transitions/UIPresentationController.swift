/// Tells a delegate about interactive (swipe-down) dismissals of a sheet.
@MainActor
public protocol UIAdaptivePresentationControllerDelegate: AnyObject {
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool { true }
    public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {}
}

/// The object that manages one controller's modal presentation. A `.custom` presentation uses the one its
/// transitioning delegate returns; subclasses hear when the transitions begin and end.
@MainActor
open class UIPresentationController {
    /// The controller being presented.
    public private(set) weak var presentedViewController: UIViewController?
    /// Told about swipe-down dismissals; not retained.
    public weak var delegate: (any UIAdaptivePresentationControllerDelegate)?
    /// The view the presentation's views are placed in (nothing is drawn).
    public let containerView: UIView? = UIView(frame: UIScreen.main.bounds)

    /// A presentation controller for `presentedViewController`; `presentingViewController` is known once the
    /// presentation starts.
    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
    }

    convenience init(presentedViewController: UIViewController) {
        self.init(presentedViewController: presentedViewController, presenting: nil)
    }

    /// The controller that presents ``presentedViewController``.
    public var presentingViewController: UIViewController? {
        presentedViewController?.presentingViewController
    }

    /// The presented controller's view.
    open var presentedView: UIView? { presentedViewController?.view }
    /// Where the presented view goes (the whole container: nothing is laid out).
    open var frameOfPresentedViewInContainerView: CGRect { containerView?.bounds ?? .zero }
    /// Whether the presenter's view leaves when the presentation completes.
    open var shouldRemovePresentersView: Bool { false }

    open func presentationTransitionWillBegin() {}
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    open func dismissalTransitionWillBegin() {}
    open func dismissalTransitionDidEnd(_ completed: Bool) {}
    open func containerViewWillLayoutSubviews() {}
    open func containerViewDidLayoutSubviews() {}
}

/// How a controller is presented modally. `.automatic`, `.pageSheet` and `.formSheet` are sheets
/// (the user can swipe them down); `.fullScreen` and `.currentContext` hide the presenter.
public enum UIModalPresentationStyle: Int, Sendable, CaseIterable {
    case fullScreen = 0
    case pageSheet = 1
    case formSheet = 2
    case currentContext = 3
    case custom = 4
    case overFullScreen = 5
    case overCurrentContext = 6
    case popover = 7
    case none = -1
    case automatic = -2

    /// Whether the user can dismiss the presentation by swiping it down.
    @_spi(Adapters) public var isSwipeDismissible: Bool {
        switch self {
        case .automatic, .pageSheet, .formSheet: true
        default: false
        }
    }

    /// Whether the presenter's view leaves the screen (and gets disappearance callbacks).
    var hidesPresenter: Bool {
        self == .fullScreen || self == .currentContext
    }
}

/// How a modal presentation animates (recorded only).
public enum UIModalTransitionStyle: Int, Sendable {
    case coverVertical = 0
    case flipHorizontal = 1
    case crossDissolve = 2
    case partialCurl = 3
}
