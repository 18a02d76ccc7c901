import Foundation

/// A view's layer: the properties animation code sets on it, held and read back (nothing is drawn).
@MainActor
open class CALayer {
    open var cornerRadius: CGFloat = 0
    open var masksToBounds = false
    open var opacity: Float = 1
    open var borderWidth: CGFloat = 0
    open var shadowOpacity: Float = 0
    open var shadowRadius: CGFloat = 3
    open var shadowOffset = CGSize(width: 0, height: -3)
    open var zPosition: CGFloat = 0
    open var speed: Float = 1
    open var timeOffset: TimeInterval = 0
    open var beginTime: TimeInterval = 0

    public init() {}
}
