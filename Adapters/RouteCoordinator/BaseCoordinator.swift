import CoordinatorBridge
import Foundation
@_spi(Adapters) import Insecurity
@_spi(Adapters) import SimUIKit

/// The base of every coordinator: a root controller, the children it shows, and the first transition.
///
/// Children leave as soon as their screens have left by any path: the user's swipe or Back, an edge swipe,
/// app code, a pop or dismissal of any coordinator (the library only looked after its own transitions). A
/// child sharing its parent's navigation controller leaves once every screen it pushed there has gone.
@preconcurrency @MainActor
open class BaseCoordinator<RouteType: Route, TransitionType: TransitionProtocol>: Coordinator, ScreenOwner {
    public typealias RootViewController = TransitionType.RootViewController

    private var removeParentChildren: () -> Void = {}
    private var gestureRecognizerTargets: [AnyObject] = []
    public private(set) var children: [Presentable] = []
    public private(set) var rootViewController: RootViewController

    /// The screens this coordinator pushed onto shared stacks, while there.
    private var pushedScreens: [Weak<UIViewController>] = []
    /// The screens this coordinator presented, while their frames live.
    private var presentedScreens: [Weak<UIViewController>] = []
    /// The shared stacks this coordinator pushed onto, which it keeps alive.
    private var joinedStacks: [SharedNavigationStack] = []
    /// Whether the coordinator has shown a screen of its own: until then, a child sharing its parent's root
    /// is waiting for its first route, not finished.
    private var hasShownScreens = false
    private var removalScheduled = false
    /// The coordinator this one was last added to as a child, for the bridged tree.
    weak var parentOwner: (any ScreenOwner)?
    private var keyWindowObserver: (any NSObjectProtocol)?
    /// Observations of restored children presented without a frame (see ``restoreChild(_:)``).
    private var restoredPresentationObservations: [AnyObject] = []
    /// The first transition, waiting for a window to become key.
    private var initialTransition: TransitionType?

    open var viewController: UIViewController! { rootViewController }

    /// A coordinator on `rootViewController` that triggers `initialRoute` without animation once a window is
    /// key (at once if one is).
    public init(rootViewController: RootViewController, initialRoute: RouteType?) {
        self.rootViewController = rootViewController
        rootViewController.recordRouteCoordinator(self)
        if let initialRoute, !RouteRestoration.isRestoring {
            performAfterWindowAppeared(prepareTransition(for: initialRoute))
        }
    }

    /// A coordinator on `rootViewController` that performs `initialTransition` without animation once a
    /// window is key (at once if one is).
    public init(rootViewController: RootViewController, initialTransition: TransitionType?) {
        self.rootViewController = rootViewController
        rootViewController.recordRouteCoordinator(self)
        if let initialTransition, !RouteRestoration.isRestoring { performAfterWindowAppeared(initialTransition) }
    }

    isolated deinit {
        if let keyWindowObserver { NotificationCenter.default.removeObserver(keyWindowObserver) }
    }

    /// For an import (X9): a coordinator the app's own initialiser made with a root controller of its own
    /// (`init()`) runs on the rebuilt root instead; the root its initialiser made, and whatever it showed
    /// there, is dropped (its first route was held back). False when `root` is not of the coordinator's root
    /// type.
    func adoptRestoredRoot(_ root: UIViewController) -> Bool {
        guard let root = root as? RootViewController else { return false }
        rootViewController.forgetRouteCoordinator(self)
        rootViewController = root
        root.recordRouteCoordinator(self)
        return true
    }

    open func presented(from presentable: Presentable?) {}

    /// Drops the children whose screens are no longer shown, then lets the parent do the same.
    public func removeChildrenIfNeeded() {
        let shown = children.map(isShown)
        removeChildren(at: shown.indices.filter { !shown[$0] })
        removeParentChildren()
    }

    /// Removes the children at `offsets`; a coordinator that is no child any more no longer names this
    /// coordinator as its parent.
    private func removeChildren(at offsets: [Int]) {
        guard !offsets.isEmpty else { return }
        let removed = offsets.map { children[$0] }
        let removing = Set(offsets)
        children = children.enumerated().filter { !removing.contains($0.offset) }.map(\.element)
        let remaining = Set(children.compactMap { screenOwner(of: $0).map(ObjectIdentifier.init) })
        for owner in removed.compactMap(screenOwner(of:))
        where owner.parentOwner === self && !remaining.contains(ObjectIdentifier(owner)) {
            owner.forgetParentOwner()
        }
    }

    public func addChild(_ presentable: Presentable) {
        children.append(presentable)
        presentable.registerParent(self)
    }

    public func removeChild(_ presentable: Presentable) {
        removeChildren(at: children.indices.filter { children[$0].viewController === presentable.viewController })
        removeChildrenIfNeeded()
    }

    /// Override it: the transition that shows `route`. There is no transition to return without one, so
    /// the base class stops the program, as in the library.
    open func prepareTransition(for route: RouteType) -> TransitionType {
        preconditionFailure("\(type(of: self)) must override prepareTransition(for:).")
    }

    public func registerParent(_ presentable: Presentable & AnyObject) {
        if let parent = presentable as? any ScreenOwner { parentOwner = parent }
        let previous = removeParentChildren
        removeParentChildren = { [weak presentable] in
            previous()
            presentable?.childTransitionCompleted()
        }
    }

    /// Keeps `target` (a gesture recognizer's target) as long as the coordinator.
    func keep(_ target: AnyObject) {
        gestureRecognizerTargets.append(target)
    }

    /// Drops the kept targets `shouldRemove` picks.
    func removeKept(where shouldRemove: (AnyObject) -> Bool) {
        gestureRecognizerTargets.removeAll(where: shouldRemove)
    }

    private func performAfterWindowAppeared(_ transition: TransitionType) {
        guard !UIApplication.shared.windows.contains(where: \.isKeyWindow) else {
            performTransition(transition, with: TransitionOptions(animated: false))
            return
        }
        initialTransition = transition
        keyWindowObserver = NotificationCenter.default.addObserver(
            forName: UIWindow.didBecomeKeyNotification, object: nil, queue: nil
        ) { [weak self] _ in
            MainActor.assumeIsolated { self?.windowBecameKey() }
        }
    }

    /// A window became key: the initial transition runs on the next turn, as the library dispatches it.
    private func windowBecameKey() {
        guard let observer = keyWindowObserver else { return }
        NotificationCenter.default.removeObserver(observer)
        keyWindowObserver = nil
        SimRunLoop.main.perform { [weak self] in
            guard let self, let transition = initialTransition else { return }
            initialTransition = nil
            performTransition(transition, with: TransitionOptions(animated: false))
        }
    }

    // MARK: Children

    /// Whether a child still shows something: a controller child is never kept (as in the library); a
    /// coordinator sharing this one's root shows its own screens, any coordinator the screens it presented; a
    /// presentable this coordinator pushed or presented is shown while its frame lives (it has left once the
    /// user or a transition removed it, even while UIKit still animates it away); any other presentable while
    /// UIKit holds its controller, a queued container change will show it, or this coordinator's page view
    /// controller lists it as a page.
    private func isShown(_ presentable: Presentable) -> Bool {
        guard !(presentable is UIViewController), let controller = presentable.viewController else { return false }
        let owner = screenOwner(of: presentable)
        if let owner, controller === viewController {
            return owner.showsOwnScreens
        }
        // A coordinator whose screen left while a screen it presented stays up (UIKit keeps that presentation)
        // still shows something.
        if owner?.presentsScreens == true { return true }
        if presentedScreens.contains(where: { $0.value === controller }) { return RouteScreens.isPresented(controller) }
        if pushedScreens.contains(where: { $0.value === controller }) { return isPlanned(controller) }
        return controller.isInViewHierarchy || RouteScreens.isArrivingInContainer(controller)
            || listsPage(controller)
    }

    /// Whether this coordinator's root is a page view controller whose data source lists `controller`: a page
    /// the user can swipe to, though UIKit holds only the page shown.
    private func listsPage(_ controller: UIViewController) -> Bool {
        let listing = (viewController as? UIPageViewController)?.dataSource as? BridgePageListing
        return listing?.listedPages.contains { $0 === controller } ?? false
    }

    /// Whether a stack this coordinator pushed onto holds `controller`, or will once its queue has run (a
    /// stack replacement takes controllers off without reporting them gone).
    private func isPlanned(_ controller: UIViewController) -> Bool {
        joinedStacks.contains { $0.plannedStackContains(controller) }
    }

    // MARK: ScreenOwner

    /// The screens this coordinator shows now, bottom to top: pushed, then presented.
    var ownScreens: [UIViewController] {
        pushedScreens.compactMap(\.value).filter(isPlanned)
            + presentedScreens.compactMap(\.value).filter(RouteScreens.isPresented)
    }

    /// The children that are coordinators of this module.
    var childOwners: [any ScreenOwner] {
        var seen = Set<ObjectIdentifier>()
        return children.compactMap(screenOwner(of:)).filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    func forgetParentOwner() {
        parentOwner = nil
    }

    /// Takes over a screen a snapshot restored: pushed on `stack`, or presented as `frame`.
    func restoreScreen(
        _ controller: UIViewController, on stack: SharedNavigationStack?, frame: InsecurityCoordinator<Void>?
    ) {
        if let stack {
            pushed(controller, on: stack)
        } else if let frame {
            presented(controller)
            RouteScreens.adoptPresentedFrame(frame, showing: controller, owner: self)
        }
    }

    /// Adds a child a snapshot restored, without a transition. A child restored presented without a frame
    /// (a snapshot taken while the user's swipe was taking it away) leaves once UIKit has dismissed it.
    func restoreChild(_ child: Presentable) {
        addChild(child)
        guard let controller = child.viewController, let presenter = controller.presentingViewController,
            !RouteScreens.isPresented(controller)
        else { return }
        restoredPresentationObservations.append(
            presenter.observePresentations { [weak self, weak controller] change in
                guard let controller, change.kind != .present, change.phase == .completed,
                    change.controllers.contains(where: { $0 === controller })
                else { return }
                self?.screensLeft()
            })
    }

    var frameTypeName: String { bridgedTypeName(of: self) }

    /// Whether a screen this coordinator presented is still presented.
    var presentsScreens: Bool {
        presentedScreens.contains { $0.value.map(RouteScreens.isPresented) ?? false }
    }

    /// Whether a screen this coordinator showed is still shown, or it never showed one.
    var showsOwnScreens: Bool {
        !hasShownScreens || presentsScreens || pushedScreens.contains { $0.value.map(isPlanned) ?? false }
    }

    func pushed(_ controller: UIViewController, on stack: SharedNavigationStack) {
        hasShownScreens = true
        pushedScreens.append(Weak(controller))
        guard !joinedStacks.contains(where: { $0 === stack }) else { return }
        joinedStacks.append(stack)
        stack.join(self) { [weak self] reconciliation in
            guard let self else { return }
            if pushedScreens.contains(where: {
                $0.value.map { reconciliation.gone.contains(ObjectIdentifier($0)) } ?? false
            }) {
                screensLeft()
            }
        }
    }

    func presented(_ controller: UIViewController) {
        hasShownScreens = true
        presentedScreens.append(Weak(controller))
    }

    /// Forgets the screens that left and show no child any more.
    private func forgetScreensThatLeft() {
        let childControllers = Set(children.compactMap { $0.viewController.map(ObjectIdentifier.init) })
        func keep(_ entry: Weak<UIViewController>, isLive: (UIViewController) -> Bool) -> Bool {
            guard let controller = entry.value else { return false }
            return isLive(controller) || childControllers.contains(ObjectIdentifier(controller))
        }
        presentedScreens = presentedScreens.filter { keep($0, isLive: RouteScreens.isPresented) }
        pushedScreens = pushedScreens.filter { keep($0, isLive: isPlanned) }
    }

    /// Drops, on the next turn (once the whole removal is known, as the frame that reported it has ended by
    /// then), the children no longer shown and the screens that left.
    func screensLeft() {
        guard !removalScheduled else { return }
        removalScheduled = true
        SimRunLoop.main.perform { [weak self] in
            guard let self else { return }
            removalScheduled = false
            removeChildrenIfNeeded()
            forgetScreensThatLeft()
        }
    }
}

/// Set while a snapshot's coordinators are rebuilt: coordinators made then perform no transition, neither
/// their initial route or transition nor one their initialiser triggers, since the restored screens show
/// it already (X9).
@MainActor
enum RouteRestoration {
    private(set) static var isRestoring = false

    static func restoring<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        let previous = isRestoring
        isRestoring = true
        defer { isRestoring = previous }
        return try body()
    }
}

/// Where a controller keeps the coordinators whose root it is.
private let routeCoordinatorsKey = AssociationKey<[Weak<AnyObject>]>()

extension UIViewController {
    /// The live coordinators of this module whose root this controller is, oldest first.
    var routeCoordinators: [any ScreenOwner] {
        (self[associated: routeCoordinatorsKey] ?? []).compactMap { $0.value as? any ScreenOwner }
    }

    fileprivate func recordRouteCoordinator(_ coordinator: AnyObject) {
        var entries = (self[associated: routeCoordinatorsKey] ?? []).filter { $0.value != nil }
        entries.append(Weak(coordinator))
        self[associated: routeCoordinatorsKey] = entries
    }

    fileprivate func forgetRouteCoordinator(_ coordinator: AnyObject) {
        let entries = (self[associated: routeCoordinatorsKey] ?? []).filter { $0.value != nil && $0.value !== coordinator }
        self[associated: routeCoordinatorsKey] = entries.isEmpty ? nil : entries
    }
}

extension UIViewController {
    /// Whether UIKit holds the controller: in a container, presented or presenting, or in a window.
    fileprivate var isInViewHierarchy: Bool {
        parent != nil || presentingViewController != nil || presentedViewController != nil
            || viewIfLoaded?.window != nil
    }
}
