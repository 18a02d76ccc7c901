import Foundation

/// A view. The simulation draws nothing; views exist to own window transitions and to know their window.
@MainActor
open class UIView: UIResponder {
    /// Options for ``transition(with:duration:options:animations:completion:)``, with UIKit's raw values.
    public struct AnimationOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
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

    /// The transition running on this view, if any.
    public private(set) var runningTransition: Transition?
    /// The most recent transition started on this view, kept after it ends.
    public private(set) var lastTransition: Transition?

    /// The view's rectangle in its superview (recorded only: the simulation lays nothing out).
    open var frame: CGRect
    /// Whether the view is hidden. A window's root controller appears and disappears with it (see ``UIWindow``).
    open var isHidden = false

    /// The view's own rectangle: its ``frame``'s size at the origin.
    public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }

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

    /// The window the view is shown in, if any.
    open var window: UIWindow? { owningController?.hostWindow }

    open override var next: UIResponder? { owningController }

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
        animations?()
        let finish: @MainActor () -> Void = { [weak view] in
            if view?.runningTransition == record { view?.runningTransition = nil }
            completion?(true)
        }
        if duration > 0 {
            SimRunLoop.main.perform(after: duration, finish)
        } else {
            finish()
        }
    }

    /// Runs `animations` now and `completion` after `duration` virtual seconds.
    public static func animate(
        withDuration duration: TimeInterval,
        animations: @MainActor () -> Void,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        animations()
        guard let completion else { return }
        if duration > 0 {
            SimRunLoop.main.perform(after: duration) { completion(true) }
        } else {
            completion(true)
        }
    }
}
