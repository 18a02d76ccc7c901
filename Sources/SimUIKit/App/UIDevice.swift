import Foundation

/// The kind of device the interface runs on.
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1
    case phone, pad, tv, carPlay
    case mac = 5
}

/// A size class: how much room the interface has in one direction.
public enum UIUserInterfaceSizeClass: Int, Sendable {
    case unspecified, compact, regular
}

/// The simulated device. Tests choose the idiom (an iPhone unless set); the clean-world trait puts it back.
public enum SimDevice {
    /// The idiom ``UIDevice/userInterfaceIdiom`` and every ``UITraitCollection`` report. On `.pad` the
    /// interface is regular-width, so action sheets and popovers need a source to present from.
    @MainActor public static var idiom = UIUserInterfaceIdiom.phone
}

/// The device: its idiom, as ``SimDevice/idiom`` sets it.
@MainActor
public final class UIDevice {
    public static let current = UIDevice()

    private init() {}

    public var userInterfaceIdiom: UIUserInterfaceIdiom { SimDevice.idiom }
    public var systemName: String { "iOS" }
}

/// Light or dark appearance. The simulation draws nothing: a view's or controller's
/// `overrideUserInterfaceStyle` is held and read back, as app code sets it at launch.
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified, light, dark
}

/// The traits of the interface a controller is shown in: the device's idiom and its size classes (an iPad is
/// regular in both directions; an iPhone in portrait is compact-width, regular-height).
@MainActor
public final class UITraitCollection {
    public let userInterfaceIdiom: UIUserInterfaceIdiom
    public var horizontalSizeClass: UIUserInterfaceSizeClass { userInterfaceIdiom == .pad ? .regular : .compact }
    public var verticalSizeClass: UIUserInterfaceSizeClass { .regular }

    init(idiom: UIUserInterfaceIdiom) {
        userInterfaceIdiom = idiom
    }

    /// The traits of the simulated device.
    public static var current: UITraitCollection { UITraitCollection(idiom: SimDevice.idiom) }
}

/// The presentation controller of a popover (and of an action sheet): where it points from.
@MainActor
open class UIPopoverPresentationController: UIPresentationController {
    open var sourceView: UIView?
    open var sourceRect = CGRect.zero
    open var barButtonItem: UIBarButtonItem?

    /// Whether UIKit knows where the popover points from.
    var hasSource: Bool { sourceView != nil || barButtonItem != nil }
}

extension UIViewController {
    /// The traits of the interface the controller is shown in.
    public var traitCollection: UITraitCollection { .current }

    /// UIKit's exception for a popover (or an action sheet, which is one) presented in a regular-width
    /// interface without a source view or bar button item, or nil.
    func popoverSourceException(presentedFrom presenter: UIViewController) -> String? {
        guard traitCollection.horizontalSizeClass == .regular,
            let popover = popoverPresentationController, !popover.hasSource
        else { return nil }
        if let alert = self as? UIAlertController, alert.preferredStyle == .actionSheet {
            return
                "Your application has presented a UIAlertController (\(simDescription)) of style UIAlertControllerStyleActionSheet from \(presenter.simDescription). The modalPresentationStyle of a UIAlertController with this style is UIModalPresentationPopover. You must provide location information for this popover through the alert controller's popoverPresentationController. You must provide either a sourceView and sourceRect or a barButtonItem.  If this information is not known when you present the alert controller, you may provide it in the UIPopoverPresentationControllerDelegate method -prepareForPopoverPresentation."
        }
        // UIKit prints the popover presentation controller itself here (`_exceptionStringForNilSourceViewOrBarButtonItem`).
        return
            "UIPopoverPresentationController (<\(type(of: popover)) of \(simDescription)>) should have a non-nil sourceView or barButtonItem set before the presentation occurs."
    }
}
