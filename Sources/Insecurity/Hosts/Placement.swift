@_spi(Adapters) import SimUIKit

/// Where UIKit shows a frame's controller: what a start's request resolves to against its parent's context
/// (E5, E6), or where a restore finds the controller, and what the frame holds while it lives. References are
/// weak: a frame keeps nothing on screen alive.
enum Placement {
    /// Presented modally on `presenter` (settled when shown: the top of its chain, A11); inside `navigation`,
    /// a navigation controller of its own whose root it is, if it has one.
    case presented(presenter: WeakReference<UIViewController>, navigation: WeakReference<UINavigationController>?)
    /// Pushed onto `navigation`.
    case pushed(navigation: WeakReference<UINavigationController>)
    /// The root of `window`; inside `navigation`, a navigation controller of its own whose root it is, if it
    /// has one.
    case windowRoot(window: WeakReference<UIWindow>, navigation: WeakReference<UINavigationController>?)

    /// How the controller is put on screen, as events, trees and snapshots report it.
    var presentation: NavigationEvent.Presentation {
        switch self {
        case .presented(_, nil): .present
        case .presented(_, _?): .presentNavigation
        case .pushed: .push
        case .windowRoot: .windowRoot
        }
    }

    /// The navigation controller of its own that the coordinator's controller is the root of, if any.
    var ownNavigation: WeakReference<UINavigationController>? {
        switch self {
        case .presented(_, let navigation), .windowRoot(_, let navigation): navigation
        case .pushed: nil
        }
    }

    var isPush: Bool {
        if case .pushed = self { return true }
        return false
    }

    var isPresented: Bool {
        if case .presented = self { return true }
        return false
    }
}

/// A weak reference in an object of its own, as a placement holds each of its references and a host the window
/// it watches. A frame's placement is read, and so copied, on every operation; copying a weak reference goes
/// through the referenced object's side table, where copying this is one retain of an object that has none
/// (issue 46).
final class WeakReference<Object: AnyObject> {
    private(set) weak var value: Object?

    init(_ value: Object) {
        self.value = value
    }
}
