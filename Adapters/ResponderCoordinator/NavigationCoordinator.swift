@_spi(Adapters) import Insecurity
import SimUIKit

/// A coordinator whose root controller is a navigation controller, as in the UIResponder-style Coordinator
/// library. It remembers the controllers it showed in ``viewControllers``, and its navigation runs on an
/// Insecurity host shared by every coordinator using the same navigation controller (A2), so back-button
/// pops, interactive pops, non-animated and multi-level pops made by anyone are seen (A3).
///
/// State changes caused by the user or by app code reach ``viewControllers``, ``handlePopBack(to:)``
/// and `coordinatorDidFinish` on the next turn of the run loop, once the whole removal is known.
///
/// As in the library, a started coordinator is its navigation controller's delegate (`start`, `activate` and
/// `takeover` make it so; `stop` gives it up) and a subclass may override the two delegate methods. The
/// adapter observes the stack without the delegate, so an app may also install a delegate of its own.
@MainActor
open class NavigationCoordinator: Coordinator<UINavigationController>, UINavigationControllerDelegate {
    /// The controllers this coordinator showed that are still on the stack, bottom to top.
    /// Kept until the coordinator stops, so another coordinator can take over and hand it back. Setting it
    /// changes only this list, as in the library (``takeover()`` puts the list on the stack).
    public var viewControllers: [UIViewController] {
        get { shown }
        set {
            shown = newValue
            shownIDs = Set(newValue.map(ObjectIdentifier.init))
        }
    }
    private var shown: [UIViewController] = []
    /// The identities of ``viewControllers``, so that removals cost O(removed) however many stay.
    private var shownIDs: Set<ObjectIdentifier> = []

    /// Shared with every coordinator using the same navigation controller, and retained by them.
    private(set) lazy var stackCoordinators = StackCoordinators.of(rootViewController)
    /// The navigation controller's shared stack, which every operation plans against.
    private var stack: SharedNavigationStack { stackCoordinators.stack }
    /// What ``present(_:animated:completion:)`` put on screen and is still there, bottom to top.
    private var presentedFrames: [ControllerCoordinator] = []

    open override func start(with completion: @escaping () -> Void = {}) {
        attachToStack()
        rootViewController.delegate = self
        super.start(with: completion)
    }

    func attachToStack() {
        stackCoordinators.attach(self)
    }

    /// Stops the coordinator: the controllers it showed leave the stack (without animation, as in the
    /// library, and without `handlePopBack`), unless nothing would be left, what it presented is dismissed
    /// with whatever is above it, and it stops being the delegate.
    open override func stop(with completion: @escaping () -> Void = {}) {
        // The lowest of its presentations takes those above it along (A11).
        presentedFrames.first { $0.isLive }?.dismiss(animated: false)
        presentedFrames.removeAll()
        stack.remove(Set(viewControllers.map(ObjectIdentifier.init)))
        if rootViewController.delegate === self { rootViewController.delegate = nil }
        stackCoordinators.detach(self)
        viewControllers.removeAll()
        super.stop(with: completion)
    }

    open override func activate() {
        super.activate()
        if isStarted { rootViewController.delegate = self }
    }

    /// Replaces the whole stack with `vc`.
    public func root(_ vc: UIViewController) {
        guard !refusesToStack(vc, alreadyStacked: false) else { return }
        vc.parentCoordinator = self
        stackCoordinators.replaceStack(with: [vc])
        viewControllers = [vc]
    }

    /// Pushes `vc` (or makes it the root of an empty stack).
    public func show(_ vc: UIViewController) {
        guard !refusesToStack(vc, alreadyStacked: stack.plannedStackContains(vc)) else { return }
        vc.parentCoordinator = self
        appendShown(vc)
        stackCoordinators.push(vc, animated: true)
    }

    /// Replaces the visible controller with `vc`.
    public func top(_ vc: UIViewController, animated: Bool = true) {
        // The top is replaced: showing it again is no second push.
        let stackedBelowTop = stack.plannedStackContains(vc) && stack.plannedTop(1).first !== vc
        guard !refusesToStack(vc, alreadyStacked: stackedBelowTop) else { return }
        let top = stack.plannedTop(2)
        guard top.count == 2 else {
            root(vc)
            return
        }
        let current = top[0]
        stack.pop(to: top[1], animated: false)
        removeShown([ObjectIdentifier(current)])
        vc.parentCoordinator = self
        appendShown(vc)
        stackCoordinators.push(vc, animated: animated)
    }

    /// Reports, instead of handing UIKit a call it would raise on (S17): a navigation controller in a stack,
    /// or a push of a controller that stays on the stack below it (`alreadyStacked`).
    private func refusesToStack(_ vc: UIViewController, alreadyStacked: Bool) -> Bool {
        let reason =
            UIKitExceptionGuard.reasonStackRaises(vc)
            ?? (alreadyStacked ? "it is already in the stack, and UIKit raises on a second push" : nil)
        guard let reason else { return false }
        InsecurityDiagnostics.report(
            .controllerRefusedByUIKit, "\(identifier) cannot show \(vc.simDescription): \(reason).")
        return true
    }

    /// Pops the visible controller.
    public func pop(animated: Bool = true) {
        let top = stack.plannedTop(2)
        guard top.count == 2 else { return }
        pop(to: top[1], animated: animated)
    }

    /// Pops every controller above `vc`, which must be on the stack.
    /// A child that pops its own last controller this way is finished: its parent is told through
    /// `coordinatorDidFinish` on the next turn of the run loop, as when the user pops it (A3).
    public func pop(to vc: UIViewController, animated: Bool = true) {
        guard let above = stack.plannedControllers(above: vc) else { return }
        let hadControllers = !viewControllers.isEmpty
        removeShown(Set(above.map(ObjectIdentifier.init)))
        stack.pop(to: vc, animated: animated)
        if hadControllers, viewControllers.isEmpty, isStarted {
            stackCoordinators.reportEmptied(self)
        }
    }

    /// Presents `vc` from the navigation controller, with this coordinator as its `parentCoordinator`.
    public func present(_ vc: UIViewController, animated: Bool = true, completion: (() -> Void)? = nil) {
        vc.parentCoordinator = self
        let host = InsecurityHost.presenting(on: rootViewController, framework: ResponderCoordinatorPlugin.name)
        let frame = ControllerCoordinator(vc, typeName: frameOwnerTypeName(of: vc))
        // The frame keeps the host it was presented on while it lives: a later presentation from another
        // anchor (the stack moved into another container) must not release it (E14, E20).
        frame.keepAlive(host)
        // The frame keeps the observation that calls the completion once UIKit shows it, and forgets the
        // frame when it ends by any path (its own end, or torn down with a presentation below it).
        frame.keepAlive(
            frame.observeFrame { [weak self, weak vc, weak frame] event in
                switch event {
                case .shown: UIKitOperations.afterTransition(of: vc) { completion?() }
                case .ended: self?.presentedFrames.removeAll { $0 === frame }
                }
            })
        presentedFrames.append(frame)
        host.start(frame, in: .modal, animated: animated) { _ in }
    }

    /// Dismisses the controller presented with ``present(_:animated:completion:)``.
    public func dismiss(animated: Bool = true, completion: (() -> Void)? = nil) {
        guard let frame = presentedFrames.last(where: \.isLive) else {
            completion?()
            return
        }
        frame.dismiss(animated: animated)
        UIKitOperations.afterPresentations(on: rootViewController) { completion?() }
    }

    /// Called when the user (back button, interactive pop) or app code popped controllers; `vc` is the
    /// controller now on top, and this coordinator owns it. Override to update your state.
    open func handlePopBack(to vc: UIViewController?) {}

    /// Puts this coordinator's ``viewControllers`` back on the navigation controller and makes it active.
    open override func takeover() {
        if !viewControllers.isEmpty, !stack.plannedStack.elementsEqual(viewControllers, by: ===) {
            stackCoordinators.replaceStack(with: viewControllers)
        }
        super.takeover()
    }

    override var ownedControllers: [UIViewController] { viewControllers }

    private func appendShown(_ controller: UIViewController) {
        shown.append(controller)
        shownIDs.insert(ObjectIdentifier(controller))
    }

    /// Removes the controllers with these identities from ``viewControllers``: O(removed) when they are the
    /// last ones, as after a pop.
    func removeShown(_ ids: Set<ObjectIdentifier>) {
        let present = ids.filter { shownIDs.contains($0) }
        guard !present.isEmpty else { return }
        shownIDs.subtract(present)
        var remaining = present
        while let last = shown.last, remaining.remove(ObjectIdentifier(last)) != nil {
            shown.removeLast()
        }
        guard !remaining.isEmpty else { return }
        shown.removeAll { remaining.contains(ObjectIdentifier($0)) }
    }

    // MARK: UINavigationControllerDelegate

    /// Called when the coordinator is its navigation controller's delegate. Does nothing by default.
    open func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) {}

    /// Called when the coordinator is its navigation controller's delegate. Does nothing by default.
    open func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {}
}
