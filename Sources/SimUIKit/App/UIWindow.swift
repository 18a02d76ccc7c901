import Foundation

/// A change of a window's root controller, as seen by ``UIWindow/observeRootViewController(_:)``.
public struct WindowRootChange {
    public let window: UIWindow
    public let previous: UIViewController?
    public let current: UIViewController?
}

/// A window: holds its root controller strongly, and nothing else.
@MainActor
open class UIWindow: UIView {
    private var root: UIViewController?
    private var rootObservers = ObserverList<WindowRootChange>()

    /// The key window, while it lives (one window at a time is key).
    private(set) static weak var keyWindow: UIWindow?

    /// Every window made and not yet deallocated, oldest first; held weakly, as the app holds its windows.
    private static var madeWindows: [Weak<UIWindow>] = []

    /// The app's windows, visible and hidden, oldest first.
    static var liveWindows: [UIWindow] { madeWindows.compactMap(\.value) }

    /// Adds `window` to the made windows, forgetting those deallocated since, so the list stays as long as
    /// the app's live windows however many windows a long run makes.
    private static func recordMade(_ window: UIWindow) {
        madeWindows.removeAll { $0.value == nil }
        madeWindows.append(Weak(window))
    }

    /// Whether the window is hidden; new windows are hidden. Showing a window makes what it shows appear:
    /// its root and the controllers presented above it, except those a presentation above covers
    /// entirely. Hiding it makes everything on screen disappear, top first.
    open override var isHidden: Bool {
        get { hidden }
        set {
            guard newValue != hidden else { return }
            hidden = newValue
            defer {
                NotificationCenter.default.post(
                    name: newValue ? UIWindow.didBecomeHiddenNotification : UIWindow.didBecomeVisibleNotification,
                    object: self)
            }
            guard let root else { return }
            let changing =
                newValue ? ([root] + root.presentedChain()).reversed().filter(\.isOnScreen) : root.levelsInView()
            for controller in changing { controller.beginAppearance(!newValue, animated: false) }
            for controller in changing { controller.endAppearance() }
        }
    }
    private var hidden = true

    /// Whether this is the key window (one window at a time is).
    public var isKeyWindow: Bool { UIWindow.keyWindow === self }

    /// A window covering `frame`, usually `UIScreen.main.bounds`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        UIWindow.recordMade(self)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        UIWindow.recordMade(self)
    }

    open override var window: UIWindow? { self }
    open override var next: UIResponder? { nil }

    /// The root controller. Replacing it releases the previous hierarchy, including
    /// anything the previous root presented, with appearance callbacks if the window is visible.
    open var rootViewController: UIViewController? {
        get { root }
        set { replaceRoot(with: newValue) }
    }

    /// Posted through `NotificationCenter.default` (object: the window) when a window becomes key.
    public nonisolated static let didBecomeKeyNotification = Notification.Name("UIWindowDidBecomeKeyNotification")
    /// Posted when a window stops being key because another became key.
    public nonisolated static let didResignKeyNotification = Notification.Name("UIWindowDidResignKeyNotification")
    /// Posted when a hidden window is shown.
    public nonisolated static let didBecomeVisibleNotification = Notification.Name(
        "UIWindowDidBecomeVisibleNotification")
    /// Posted when a visible window is hidden.
    public nonisolated static let didBecomeHiddenNotification = Notification.Name("UIWindowDidBecomeHiddenNotification")

    /// Makes this the key window; the previous key window stops being key. Observers of
    /// ``didResignKeyNotification`` and ``didBecomeKeyNotification`` are told, in that order.
    public func makeKey() {
        guard let previous = becomeKey() else { return }
        postKeyChange(from: previous)
    }

    /// Shows the window and makes it key: its root controller appears, then the key-window notifications go
    /// out (so code waiting for a key window finds its root on screen).
    public func makeKeyAndVisible() {
        let previous = becomeKey()
        isHidden = false
        if let previous { postKeyChange(from: previous) }
    }

    /// Makes this the key window; returns the previous key window (wrapped, as it may be nil), or nil when this
    /// one already was key.
    private func becomeKey() -> UIWindow?? {
        guard UIWindow.keyWindow !== self else { return nil }
        let previous = UIWindow.keyWindow
        UIWindow.keyWindow = self
        return .some(previous)
    }

    private func postKeyChange(from previous: UIWindow?) {
        if let previous { NotificationCenter.default.post(name: UIWindow.didResignKeyNotification, object: previous) }
        NotificationCenter.default.post(name: UIWindow.didBecomeKeyNotification, object: self)
    }

    /// Observes changes of ``rootViewController``.
    public func observeRootViewController(
        _ handler: @escaping @MainActor (WindowRootChange) -> Void
    ) -> SimObservation<WindowRootChange> {
        rootObservers.add(handler)
    }

    private func replaceRoot(with newRoot: UIViewController?) {
        guard newRoot !== root else { return }
        if let newRoot, let reason = newRoot.reasonNotFreeForRoot() {
            SimWarnings.emit("Cannot make \(newRoot.simDescription) the root view controller of a window: \(reason).")
            return
        }
        let previous = root
        if let previous {
            let visibleChain = previous.presentedChain().reversed().filter(\.isOnScreen)
            for controller in visibleChain { controller.beginAppearance(false, animated: false) }
            if previous.isOnScreen { previous.beginAppearance(false, animated: false) }
            for controller in visibleChain { controller.endAppearance() }
            previous.endAppearance()
            previous.releasePresentedChain()
            previous.attachedWindow = nil
        }
        root = newRoot
        if let newRoot {
            newRoot.attachedWindow = self
            if !isHidden {
                newRoot.beginAppearance(true, animated: false)
                newRoot.endAppearance()
            }
        }
        rootObservers.notify(WindowRootChange(window: self, previous: previous, current: newRoot))
    }
}

extension UIWindow {
    /// For adapters and tools: every controller the window holds, each once: its root, contained children
    /// and presented chains.
    @_spi(Adapters) public var controllerHierarchy: [UIViewController] {
        var controllers: [UIViewController] = []
        visitControllerHierarchy { controller in
            controllers.append(controller)
            return true
        }
        return controllers
    }

    /// Calls `visit` with each controller of ``controllerHierarchy``, in its order, until `visit` returns false.
    package func visitControllerHierarchy(_ visit: (UIViewController) -> Bool) {
        var pending = [rootViewController].compactMap { $0 }
        while let controller = pending.popLast() {
            guard visit(controller) else { return }
            pending.append(contentsOf: controller.children)
            // A child reports its container's presentation: only the presenting controller adds it.
            if let presented = controller.presentedViewController, presented.presentingViewController === controller {
                pending.append(presented)
            }
        }
    }
}
