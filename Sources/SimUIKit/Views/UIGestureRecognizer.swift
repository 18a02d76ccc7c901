import Foundation

/// Edges of a rectangle, as a screen-edge pan recognizer names them.
public struct UIRectEdge: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let top = UIRectEdge(rawValue: 1 << 0)
    public static let left = UIRectEdge(rawValue: 1 << 1)
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    public static let right = UIRectEdge(rawValue: 1 << 3)
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

/// Asked whether a recognizer may begin. Every method is optional, as in UIKit.
@MainActor
public protocol UIGestureRecognizerDelegate: AnyObject {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
}

/// A gesture recognizer that tests drive step by step (S24): ``simulateBegan(at:)``, for a pan
/// ``UIPanGestureRecognizer/simulateChanged(translation:velocity:)``, then ``simulateEnded()`` or
/// ``simulateCancelled()``.
/// Each step sets ``state`` and calls the recognizer's actions, as UIKit's touch handling does.
///
/// UIKit names actions by target and selector; Linux has no selectors, so actions are closures given to
/// ``addTarget(_:)`` (on a Mac, `#selector`-based app code needs this one change).
@MainActor
open class UIGestureRecognizer: Hashable {
    /// The recognizer's state, as UIKit names it.
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        public static let recognized = State.ended
    }

    /// A registered action; ``removeTarget(_:)`` takes it away again.
    public struct Target: Hashable, Sendable {
        let id: Int
    }

    /// Recognizers compare and hash by identity, as UIKit's `NSObject`s do (`switch recognizer { case
    /// navigationController?.interactivePopGestureRecognizer: … }`).
    public nonisolated static func == (lhs: UIGestureRecognizer, rhs: UIGestureRecognizer) -> Bool {
        lhs === rhs
    }

    public nonisolated func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    public internal(set) var state = State.possible
    /// The view the recognizer is attached to (not retained).
    public internal(set) weak var view: UIView?
    /// Asked whether the gesture may begin; not retained.
    public weak var delegate: (any UIGestureRecognizerDelegate)?
    open var isEnabled = true
    open var cancelsTouchesInView = true

    private var actions: [(target: Target, action: @MainActor (UIGestureRecognizer) -> Void)] = []
    private var nextTargetID = 0
    var location = CGPoint.zero

    public init() {}

    /// Adds an action, called with the recognizer at every state change.
    @discardableResult
    public func addTarget(_ action: @escaping @MainActor (UIGestureRecognizer) -> Void) -> Target {
        nextTargetID += 1
        let target = Target(id: nextTargetID)
        actions.append((target, action))
        return target
    }

    /// Removes one action, or every action (UIKit's built-in ones too) when `target` is nil.
    public func removeTarget(_ target: Target?) {
        if let target {
            actions.removeAll { $0.target == target }
        } else {
            actions.removeAll()
        }
    }

    /// Where the touch is, in `view`'s coordinates (views have no geometry here: the window's).
    open func location(in view: UIView?) -> CGPoint { location }

    /// The user's finger goes down and the gesture is recognized: asks the delegate, then `.began`.
    /// Returns false, with the state `.failed`, when the recognizer is disabled, not attached to a view in a
    /// window, or its delegate refuses.
    @discardableResult
    public func simulateBegan(at location: CGPoint = .zero) -> Bool {
        guard state != .began, state != .changed, recognizes(at: location) else { return false }
        resetMotion()
        transition(to: .began)
        return true
    }

    /// The finger ends the gesture: `.ended`. Returns false when no gesture is in progress.
    @discardableResult
    public func simulateEnded() -> Bool {
        guard state == .began || state == .changed else { return false }
        transition(to: .ended)
        return true
    }

    /// The system takes the touch away: `.cancelled`. Returns false when no gesture is in progress.
    @discardableResult
    public func simulateCancelled() -> Bool {
        guard state == .began || state == .changed else { return false }
        transition(to: .cancelled)
        return true
    }

    /// Whether a touch at `location` can be recognized: the recognizer is enabled, attached to a view in a
    /// window, and its delegate lets it begin. If not, the state is `.failed`.
    func recognizes(at location: CGPoint) -> Bool {
        guard isEnabled, view?.window != nil, delegate?.gestureRecognizerShouldBegin(self) ?? true else {
            state = .failed
            return false
        }
        self.location = location
        return true
    }

    /// Continuous recognizers clear their motion when a gesture begins.
    func resetMotion() {}

    func transition(to newState: State) {
        state = newState
        for entry in actions { entry.action(self) }
    }

    var isInProgress: Bool { state == .began || state == .changed }
}

/// A tap (a discrete gesture: ``simulateTap(at:)`` recognizes it in one step).
@MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    open var numberOfTapsRequired = 1

    /// The user taps: `.ended` and the actions, unless the delegate refuses. Returns whether it was recognized.
    @discardableResult
    public func simulateTap(at location: CGPoint = .zero) -> Bool {
        guard recognizes(at: location) else { return false }
        transition(to: .ended)
        return true
    }
}

/// A drag: tests move the finger with ``simulateChanged(translation:velocity:)``.
@MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    open var minimumNumberOfTouches = 1
    open var maximumNumberOfTouches = Int.max
    private var translation = CGPoint.zero
    private var currentVelocity = CGPoint.zero

    /// How far the finger moved since the gesture began (views have no geometry here: the same in every view).
    open func translation(in view: UIView?) -> CGPoint { translation }

    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        self.translation = translation
    }

    /// The finger's speed in points per second.
    open func velocity(in view: UIView?) -> CGPoint { currentVelocity }

    /// The finger moves: `.changed` with the total `translation` since the gesture began.
    /// Returns false when no gesture is in progress.
    @discardableResult
    public func simulateChanged(translation: CGPoint, velocity: CGPoint = .zero) -> Bool {
        guard isInProgress else { return false }
        self.translation = translation
        currentVelocity = velocity
        transition(to: .changed)
        return true
    }

    /// The finger lifts with `velocity`: `.ended`.
    @discardableResult
    public func simulateEnded(velocity: CGPoint) -> Bool {
        guard isInProgress else { return false }
        currentVelocity = velocity
        return simulateEnded()
    }

    override func resetMotion() {
        translation = .zero
        currentVelocity = .zero
    }
}

/// A pan that starts at an edge of the screen.
@MainActor
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    open var edges: UIRectEdge = []
}
