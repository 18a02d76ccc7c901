import Foundation

/// A view's layer: the properties animation code sets on it, held and read back (nothing is drawn). Setting an
/// animatable one inside an animation block adds an animation (S22).
@MainActor
open class CALayer {
    open var cornerRadius: CGFloat = 0 { didSet { ViewAnimationClock.noteAnimatableChange() } }
    open var masksToBounds = false
    open var opacity: Float = 1 { didSet { ViewAnimationClock.noteAnimatableChange() } }
    open var borderWidth: CGFloat = 0 { didSet { ViewAnimationClock.noteAnimatableChange() } }
    open var shadowOpacity: Float = 0 { didSet { ViewAnimationClock.noteAnimatableChange() } }
    open var shadowRadius: CGFloat = 3 { didSet { ViewAnimationClock.noteAnimatableChange() } }
    open var shadowOffset = CGSize(width: 0, height: -3) { didSet { ViewAnimationClock.noteAnimatableChange() } }
    open var zPosition: CGFloat = 0
    open var speed: Float = 1
    open var timeOffset: TimeInterval = 0
    open var beginTime: TimeInterval = 0

    public init() {}
}
