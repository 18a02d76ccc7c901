import Foundation

/// Supplies the pages around the shown one, when the user swipes. The page-indicator methods are optional.
@MainActor
public protocol UIPageViewControllerDataSource: AnyObject {
    func pageViewController(
        _ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController
    ) -> UIViewController?
    func pageViewController(
        _ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController
    ) -> UIViewController?
    /// The number of dots of the page indicator (0: no indicator).
    func presentationCount(for pageViewController: UIPageViewController) -> Int
    /// The dot selected when the indicator first shows.
    func presentationIndex(for pageViewController: UIPageViewController) -> Int
}

extension UIPageViewControllerDataSource {
    public func presentationCount(for pageViewController: UIPageViewController) -> Int { 0 }
    public func presentationIndex(for pageViewController: UIPageViewController) -> Int { 0 }
}

/// Told about the user's swipes between pages (not about ``UIPageViewController/setViewControllers(_:direction:animated:completion:)``,
/// as in UIKit). Every method is optional.
@MainActor
public protocol UIPageViewControllerDelegate: AnyObject {
    /// A swipe begins towards `pendingViewControllers`.
    func pageViewController(
        _ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController])
    /// A swipe ended: `completed` is false when the user let go early and the old pages stay.
    func pageViewController(
        _ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
        previousViewControllers: [UIViewController], transitionCompleted completed: Bool)
}

extension UIPageViewControllerDelegate {
    public func pageViewController(
        _ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController]
    ) {}
    public func pageViewController(
        _ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
        previousViewControllers: [UIViewController], transitionCompleted completed: Bool
    ) {}
}

/// A container that shows one page at a time (two, side by side, for a double-sided page curl with a mid
/// spine) and moves between pages by swipe or by ``setViewControllers(_:direction:animated:completion:)`` (S24).
///
/// The shown pages are its children; a page that leaves is released unless something else holds it. A change
/// of pages while the container is on screen calls the appearance callbacks in a tab switch's order (new
/// will-appear, old will-disappear, old did-disappear, new did-appear; S19) around the transition. The user's
/// swipe is ``simulateSwipe(_:)`` or, step by step, ``beginInteractiveSwipe(_:)``.
@MainActor
open class UIPageViewController: UIViewController {
    public enum TransitionStyle: Int, Sendable {
        case pageCurl, scroll
    }

    public enum NavigationOrientation: Int, Sendable {
        case horizontal, vertical
    }

    public enum NavigationDirection: Int, Sendable {
        case forward, reverse
    }

    public enum SpineLocation: Int, Sendable {
        case none, min, mid, max
    }

    /// Options of ``init(transitionStyle:navigationOrientation:options:)``.
    public struct OptionsKey: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let spineLocation = OptionsKey(rawValue: "UIPageViewControllerOptionSpineLocationKey")
        public static let interPageSpacing = OptionsKey(rawValue: "UIPageViewControllerOptionInterPageSpacingKey")
    }

    public let transitionStyle: TransitionStyle
    public let navigationOrientation: NavigationOrientation
    public private(set) var spineLocation: SpineLocation
    /// Whether a page curl shows content on the back of pages (two pages per turn).
    open var isDoubleSided = false
    /// Supplies pages for swipes; not retained.
    public weak var dataSource: (any UIPageViewControllerDataSource)?
    /// Told about swipes; not retained.
    public weak var delegate: (any UIPageViewControllerDelegate)?

    /// The page transition animating now.
    var pageTransition: SimTransition?

    public init(
        transitionStyle style: TransitionStyle, navigationOrientation: NavigationOrientation,
        options: [OptionsKey: Any]? = nil
    ) {
        transitionStyle = style
        self.navigationOrientation = navigationOrientation
        // UIKit takes an NSNumber of the raw value; Swift code may pass the case itself.
        let given = options?[.spineLocation]
        let spine = (given as? SpineLocation) ?? (given as? Int).flatMap(SpineLocation.init(rawValue:))
        spineLocation = style == .scroll ? .none : spine ?? .min
        super.init(nibName: nil, bundle: nil)
    }

    /// A page-curl, horizontal page view controller, as UIKit's `init()`.
    public convenience init() {
        self.init(transitionStyle: .pageCurl, navigationOrientation: .horizontal, options: nil)
    }

    public required init?(coder: NSCoder) {
        transitionStyle = .pageCurl
        navigationOrientation = .horizontal
        spineLocation = .min
        super.init(coder: coder)
    }

    /// The shown pages, or nil before any were set.
    open var viewControllers: [UIViewController]? { children.isEmpty ? nil : children }

    /// A page turn still running: a new change of pages would end it at once (S24).
    package override func transitionHoldingContentChange(animated: Bool) -> SimTransition? {
        pageTransition
    }

    /// How many pages a change must give: two for a double-sided curl or a mid spine, else one.
    private var requiredPageCount: Int {
        transitionStyle == .pageCurl && (isDoubleSided || spineLocation == .mid) ? 2 : 1
    }

    /// Shows `viewControllers`. Animated, the old pages leave over the transition's duration and `completion`
    /// runs with `true` at its end; otherwise as ``SimAnimation/nonAnimatedTiming`` says (S18). Giving the
    /// wrong number of pages raises UIKit's exception and changes nothing; a change during a running page
    /// transition ends that one first.
    open func setViewControllers(
        _ viewControllers: [UIViewController]?, direction: NavigationDirection, animated: Bool,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        let pages = viewControllers ?? []
        guard pages.count == requiredPageCount else {
            SimExceptions.raise(
                SimException.invalidArgument,
                "The number of view controllers provided (\(pages.count)) doesn't match the number required (\(requiredPageCount)) for the requested transition"
            )
            return
        }
        pageTransition?.end()
        changePages(to: pages, animated: animated) { completed in completion?(completed) }
    }

    /// Replaces the shown pages: containment at once, appearance callbacks around a transition on the clock; a
    /// cancelled transition (a swipe let go early) puts the old pages back.
    private func changePages(
        to pages: [UIViewController], animated: Bool, interactive: Bool = false,
        onEnd: @escaping @MainActor (_ completed: Bool) -> Void
    ) {
        let old = children
        guard !old.elementsEqual(pages, by: ===) else {
            onEnd(true)
            return
        }
        var change: ContainedChange?
        guard changeContainedChildren(to: pages, update: {}, animated: animated, spanning: { change = $0 }),
            let change
        else { return }
        let transition = SimTransition(
            from: old.first, to: pages.first, animated: animated, interactive: interactive,
            duration: SimAnimation.navigationTransitionDuration
        ) { [weak self] transition in
            guard let self else { return }
            if pageTransition === transition { pageTransition = nil }
            if transition.isCancelled {
                // The old pages come back: the arriving ones leave before they ever appeared.
                change.finishCancelled()
                changeContainedChildren(to: old, update: {})
            } else {
                change.finish(in: self)
            }
            onEnd(!transition.isCancelled)
        }
        pageTransition = transition
        transition.run()
    }

    /// Simulates the user swiping one page in `direction` and letting go past the middle: the data source
    /// gives the next page, the delegate hears `willTransitionTo` and, once the page has turned,
    /// `didFinishAnimating`. Returns false when there is no page that way, the container is not on screen,
    /// or a page transition runs.
    @discardableResult
    public func simulateSwipe(_ direction: NavigationDirection) -> Bool {
        guard let swipe = beginInteractiveSwipe(direction) else { return false }
        swipe.finish()
        return true
    }

    /// Simulates the start of a swipe one page in `direction`; the returned handle follows the finger and
    /// ends it (``InteractiveTransition/cancel()`` leaves the old page, and the delegate hears
    /// `transitionCompleted: false`). Returns nil when no swipe can start (see ``simulateSwipe(_:)``).
    public func beginInteractiveSwipe(_ direction: NavigationDirection) -> InteractiveSwipe? {
        guard isOnScreen, pageTransition == nil, let current = children.first, let dataSource,
            let next =
                direction == .forward
                ? dataSource.pageViewController(self, viewControllerAfter: current)
                : dataSource.pageViewController(self, viewControllerBefore: current)
        else { return nil }
        let previous = children
        delegate?.pageViewController(self, willTransitionTo: [next])
        changePages(to: [next], animated: true, interactive: true) { [weak self] completed in
            guard let self else { return }
            delegate?.pageViewController(
                self, didFinishAnimating: true, previousViewControllers: previous, transitionCompleted: completed)
        }
        return pageTransition.map { InteractiveSwipe(transition: $0) }
    }

    /// A swipe between pages, driven by the simulated finger (see ``InteractiveTransition``).
    public final class InteractiveSwipe: InteractiveTransition {}
}
