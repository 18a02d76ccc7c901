import Foundation

/// A view. The simulation draws nothing: a view owns window transitions, knows its window, and holds what
/// app and animation code set on it (geometry, alpha, transform, colour, layer, subviews, gesture
/// recognizers) so that it reads back what was set (S24).
@MainActor
open class UIView: UIResponder {
    /// Options for ``transition(with:duration:options:animations:completion:)``, with UIKit's raw values.
    public struct AnimationOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let curveEaseInOut = AnimationOptions([])
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)
    }

    /// The timing curve of an animation (recorded only).
    public enum AnimationCurve: Int, Sendable {
        case easeInOut, easeIn, easeOut, linear
    }

    /// A transition recorded on a view by ``transition(with:duration:options:animations:completion:)``.
    public struct Transition: Sendable, Hashable {
        public let duration: TimeInterval
        public let options: AnimationOptions
        /// Virtual time (``SimRunLoop/now``) at which the transition started.
        public let startTime: TimeInterval
    }

    weak var owningController: UIViewController?

    /// A stable identifier; a window's names it in snapshots.
    open var restorationIdentifier: String?
    /// The appearance this view and its subviews use whatever the system's (held only; a window's is the app's).
    open var overrideUserInterfaceStyle = UIUserInterfaceStyle.unspecified

    /// The transition running on this view, if any.
    public private(set) var runningTransition: Transition?
    /// The most recent transition started on this view, kept after it ends.
    public private(set) var lastTransition: Transition?
    /// Whether the animations block of the transition starting on this view runs: what changes now is what
    /// the transition animates.
    package private(set) var isApplyingTransitionAnimations = false

    /// The view's rectangle in its superview (recorded only: the simulation lays nothing out).
    /// Setting it, or another animatable property, inside an animation block adds an animation (S22).
    open var frame: CGRect { didSet { ViewAnimationClock.noteAnimatableChange() } }
    /// Whether the view is hidden. A window's root controller appears and disappears with it (see ``UIWindow``).
    open var isHidden = false
    open var alpha: CGFloat = 1 { didSet { ViewAnimationClock.noteAnimatableChange() } }
    open var transform = CGAffineTransform.identity { didSet { ViewAnimationClock.noteAnimatableChange() } }
    open var backgroundColor: UIColor? { didSet { ViewAnimationClock.noteAnimatableChange() } }
    open var tintColor: UIColor?
    open var clipsToBounds = false
    open var isUserInteractionEnabled = true
    open var translatesAutoresizingMaskIntoConstraints = true
    open var tag = 0
    /// The layer behind the view.
    public let layer = CALayer()

    /// The view this one is a subview of (not retained).
    public private(set) weak var superview: UIView?
    /// The subviews, back to front; retained by this view.
    public private(set) var subviews: [UIView] = []
    /// The gesture recognizers attached to this view, retained by it.
    public private(set) var gestureRecognizers: [UIGestureRecognizer]?

    /// The view's own rectangle: its ``frame``'s size at the origin.
    public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }

    /// The centre of ``frame``.
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }

    public init(frame: CGRect) {
        self.frame = frame
        super.init()
    }

    /// Restoring from an archive: the simulation decodes nothing and makes an empty view.
    public required init?(coder: NSCoder) {
        frame = .zero
        super.init()
    }

    /// `init(frame: .zero)`.
    public convenience override init() {
        self.init(frame: .zero)
    }

    /// This class's appearance proxy, as app code configures it at launch (`UIView.appearance().tintColor = …`).
    /// What is set on it is held and read back; the simulation draws nothing and applies it to no view. A class
    /// outside SimUIKit gets a plain view as its proxy, so only `UIView`'s own properties can be set on it.
    open class func appearance() -> UIView {
        AppearanceProxies.proxy(of: self) { UIView() }
    }

    /// The window the view is shown in, if any: its controller's, else its superview's.
    open var window: UIWindow? { owningController?.hostWindow ?? superview?.window }

    open override var next: UIResponder? { owningController ?? superview }

    // MARK: Subviews

    /// Adds `view` on top of the subviews, taking it from its previous superview.
    open func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` among the subviews (clamped to the valid range).
    open func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self else { return }
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(0, index), subviews.count))
        view.superview = self
    }

    open func bringSubviewToFront(_ view: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: index))
    }

    open func sendSubviewToBack(_ view: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: index), at: 0)
    }

    open func removeFromSuperview() {
        guard let superview else { return }
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
    }

    /// Whether `view` is this view or one of its descendants.
    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    // MARK: Geometry and layout (nothing is laid out or drawn)

    /// A stand-in for the view's rendered image, as transition animators use: a view with the same frame.
    open func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        UIView(frame: frame)
    }

    /// `rect` in `view`'s coordinates: views have no geometry beyond their frames, so it is unchanged.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect { rect }
    /// `rect` from `view`'s coordinates (unchanged, see `convert(_:to:)`).
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect { rect }
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { point }
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint { point }

    open func layoutSubviews() {}
    open func setNeedsLayout() {}
    open func layoutIfNeeded() {}

    // MARK: Gesture recognizers

    /// Attaches `recognizer`, taking it from the view it was attached to.
    open func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers = (gestureRecognizers ?? []) + [recognizer]
        recognizer.view = self
    }

    open func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        guard gestureRecognizers?.contains(where: { $0 === recognizer }) == true else { return }
        gestureRecognizers?.removeAll { $0 === recognizer }
        recognizer.view = nil
    }

    // MARK: Transitions

    /// Runs `animations` now (the state change is immediate, as in UIKit) and records a
    /// transition on `view` that takes `duration` virtual seconds; `completion` runs at its end.
    public static func transition(
        with view: UIView,
        duration: TimeInterval,
        options: AnimationOptions = [],
        animations: (@MainActor () -> Void)?,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        let record = Transition(duration: duration, options: options, startTime: SimRunLoop.main.now)
        view.runningTransition = record
        view.lastTransition = record
        view.isApplyingTransitionAnimations = true
        animations?()
        view.isApplyingTransitionAnimations = false
        ViewAnimationClock.schedule(duration: duration) { [weak view] _ in
            if view?.runningTransition == record { view?.runningTransition = nil }
            completion?(true)
        }
    }
}
