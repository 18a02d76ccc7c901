@_spi(Adapters) import Insecurity
@_spi(Adapters) import SimUIKit

extension InsecurityDiagnostic.Code {
    /// A route's transition named a screen, tab or page the root controller does not have.
    public static let routeTargetMissing = Self(rawValue: "routeTargetMissing")
}

/// The coordinator performing a transition, to which the screens it shows belong: set while a coordinator's
/// `performTransition` runs, and again while a transition's completion runs, so that transitions chained
/// in completions (`multiple`, deep links) keep their owner.
@MainActor
enum RoutePerformer {
    private(set) static var current: (any ScreenOwner)?

    static func `while`<T>(_ performer: (any ScreenOwner)?, _ body: () -> T) -> T {
        let previous = current
        current = performer
        defer { current = previous }
        return body()
    }
}

/// A coordinator the screens of its transitions belong to.
@MainActor
protocol ScreenOwner: AnyObject {
    /// The name the frames of its screens report in trees and snapshots.
    var frameTypeName: String { get }
    /// `controller` is shown on `stack` for this coordinator, until the stack reports it gone.
    func pushed(_ controller: UIViewController, on stack: SharedNavigationStack)
    /// `controller` is presented for this coordinator, as `frame`, until the frame ends.
    func presented(_ controller: UIViewController)
    /// A screen of this coordinator left, by any path: its children may have to go.
    func screensLeft()
    /// The screens it shows now, bottom to top.
    var ownScreens: [UIViewController] { get }
    /// Runs on `root`, rebuilt by an import, in place of the root its initialiser made; false when `root` is
    /// not of its root type.
    func adoptRestoredRoot(_ root: UIViewController) -> Bool
    /// Its children that are coordinators of this module.
    var childOwners: [any ScreenOwner] { get }
    /// The coordinator it was last added to as a child.
    var parentOwner: (any ScreenOwner)? { get }
    /// It left its parent's children.
    func forgetParentOwner()
    /// Its root controller.
    var viewController: UIViewController! { get }
    func restoreScreen(
        _ controller: UIViewController, on stack: SharedNavigationStack?, frame: InsecurityCoordinator<Void>?)
    func restoreChild(_ child: Presentable)
    /// Whether a screen this coordinator showed is still shown, or it never showed one.
    var showsOwnScreens: Bool { get }
    /// Whether a screen this coordinator presented is still presented.
    var presentsScreens: Bool { get }
}

/// The UIKit work of the module's transitions, all of it through the engine (E19): pushes, pops and
/// stack replacements on the navigation controller's shared stack, presentations as frames of the
/// presenting host, container changes as queued operations. Completions run once the transition has ended.
@MainActor
enum RouteScreens {
    /// The framework recorded on the hosts and stacks the adapter makes.
    static let framework = "RouteCoordinator"

    private static let animationKey = AssociationKey<Animation>()
    private static let frameKey = AssociationKey<Weak<InsecurityCoordinator<Void>>>()
    /// Set on a controller whose presentation waits for the operations requested before it to run.
    private static let startPendingKey = AssociationKey<Bool>()
    /// On a controller that queued container changes will show (tabs, pages, columns): how many still wait.
    private static let containmentPendingKey = AssociationKey<Int>()

    /// Makes `animation` the transitioning delegate of `controller` and keeps it as long as the controller,
    /// since UIKit holds transitioning delegates weakly and a later dismissal needs it.
    static func hold(_ animation: Animation?, on controller: UIViewController?) {
        guard let animation, let controller else { return }
        controller[associated: animationKey] = animation
        controller.transitioningDelegate = animation
    }

    private static func report(_ code: InsecurityDiagnostic.Code, _ message: String) {
        InsecurityDiagnostics.report(code, "RouteCoordinator: \(message).")
    }

    /// Reports a route whose target does not exist (a diagnostic, where the library asserts).
    static func reportMissing(_ message: String) {
        report(.routeTargetMissing, message)
    }

    private static var performerName: String { RoutePerformer.current?.frameTypeName ?? "Transition" }

    // MARK: Navigation

    static func push(
        _ controller: UIViewController, onto navigation: UINavigationController, animation: Animation?,
        options: TransitionOptions, completion: @escaping PresentationHandler
    ) {
        let stack = SharedNavigationStack.stack(for: navigation, framework: framework)
        let reason =
            UIKitExceptionGuard.reasonPushRaises(controller, onto: navigation)
            ?? (stack.plannedStackContains(controller) ? "it is already in the stack" : nil)
        if let reason {
            report(.controllerRefusedByUIKit, "cannot push \(controller.simDescription): \(reason)")
            completion()
            return
        }
        hold(animation, on: controller)
        RoutePerformer.current?.pushed(controller, on: stack)
        stack.push(controller, typeName: performerName, animated: options.animated, completion: completion)
    }

    /// Pops the top controller, or every controller above the root (`toRoot`).
    static func pop(
        from navigation: UINavigationController, toRoot: Bool, animation: Animation?, options: TransitionOptions,
        completion: @escaping PresentationHandler
    ) {
        let stack = SharedNavigationStack.stack(for: navigation, framework: framework)
        let top = stack.plannedTop(2)
        guard top.count == 2, let target = toRoot ? stack.plannedStack.first : top[1] else {
            completion()
            return
        }
        hold(animation, on: top[0])
        stack.pop(to: target, animated: options.animated)
        UIKitOperations.afterContentChanges(of: navigation, completion)
    }

    static func pop(
        to controller: UIViewController, from navigation: UINavigationController, animation: Animation?,
        options: TransitionOptions, completion: @escaping PresentationHandler
    ) {
        let stack = SharedNavigationStack.stack(for: navigation, framework: framework)
        guard let above = stack.plannedControllers(above: controller) else {
            report(.routeTargetMissing, "cannot pop to \(controller.simDescription): it is not in the stack")
            completion()
            return
        }
        hold(animation, on: above.first)
        hold(animation, on: controller)
        stack.pop(to: controller, animated: options.animated)
        UIKitOperations.afterContentChanges(of: navigation, completion)
    }

    /// Replaces the stack with `controllers`; the top change animates when `options` say so.
    static func setStack(
        _ controllers: [UIViewController], of navigation: UINavigationController, animation: Animation?,
        options: TransitionOptions, completion: @escaping PresentationHandler
    ) {
        let reason =
            controllers.isEmpty
            ? "a stack needs a controller"
            : Set(controllers.map(ObjectIdentifier.init)).count < controllers.count
                ? "a controller appears twice, and UIKit raises"
                : controllers.lazy.compactMap(UIKitExceptionGuard.reasonStackRaises).first
        if let reason {
            report(.controllerRefusedByUIKit, "cannot set the stack of \(navigation.simDescription): \(reason)")
            completion()
            return
        }
        hold(animation, on: controllers.last)
        let stack = SharedNavigationStack.stack(for: navigation, framework: framework)
        for controller in controllers { RoutePerformer.current?.pushed(controller, on: stack) }
        stack.replaceStack(
            with: controllers, typeNames: Array(repeating: performerName, count: controllers.count),
            animated: options.animated)
        UIKitOperations.afterContentChanges(of: navigation) {
            if let animation { controllers.forEach { hold(animation, on: $0) } }
            completion()
        }
    }

    // MARK: Presentations

    /// Presents `controller` as a frame on top of the chain of `root`'s presentation anchor (A11).
    static func present(
        _ controller: UIViewController, from root: UIViewController, animation: Animation?,
        options: TransitionOptions, completion: @escaping PresentationHandler
    ) {
        if let reason = UIKitExceptionGuard.reasonPresentRaises(controller) {
            report(.controllerRefusedByUIKit, "cannot present \(controller.simDescription): \(reason)")
            completion()
            return
        }
        if waitForArrival(of: root, completion: completion, then: {
            present(controller, from: root, animation: animation, options: options, completion: completion)
        }) {
            return
        }
        hold(animation, on: controller)
        let frame = ControllerCoordinator(controller, typeName: performerName)
        let owner = RoutePerformer.current
        observe(frame, showing: controller, owner: owner, completion: completion)
        owner?.presented(controller)
        // Started once the operations requested before it on the chain have run: after an earlier route's
        // dismissal has ended the frames it removes, not above them in the same host. Meanwhile it counts as
        // presented, so that its coordinator stays a child.
        controller[associated: startPendingKey] = true
        UIKitOperations.inRequestOrder(on: root, presenting: controller) {
            controller[associated: startPendingKey] = nil
            let host = InsecurityHost.presenting(on: root, framework: framework)
            frame.keepAlive(host)
            host.start(frame, in: .modal, animated: options.animated) { _ in }
        }
    }

    /// For a frame a snapshot restored: followed as if `owner` had presented it.
    static func adoptPresentedFrame(
        _ frame: InsecurityCoordinator<Void>, showing controller: UIViewController, owner: any ScreenOwner
    ) {
        observe(frame, showing: controller, owner: owner, completion: nil)
    }

    /// Completes the presentation once UIKit shows `controller` (or when the frame ends, if it never did),
    /// and tells the owner when it leaves. The frame keeps the observation.
    private static func observe(
        _ frame: InsecurityCoordinator<Void>, showing controller: UIViewController, owner: (any ScreenOwner)?,
        completion: PresentationHandler?
    ) {
        // The completion runs once and is let go then: it may hold the app's coordinators, which hold the
        // frame for as long as the screen is up.
        var pending = completion
        frame.keepAlive(
            frame.observeFrame { [weak controller, weak owner] event in
                let completion = pending
                pending = nil
                switch event {
                case .shown:
                    UIKitOperations.afterTransition(of: controller) { completion?() }
                case .ended:
                    if let completion { UIKitOperations.outsideTeardowns(completion) }
                    owner?.screensLeft()
                }
            })
        controller[associated: frameKey] = Weak(frame)
    }

    /// Dismisses the top of `root`'s presentation chain, or all of it (`toRoot`), once the presentations
    /// requested before have run: what is on top is decided then. As UIKit's `dismiss` does, a root that
    /// presents nothing but is presented itself is what leaves.
    static func dismiss(
        from root: UIViewController, toRoot: Bool, animation: Animation?, options: TransitionOptions,
        completion: PresentationHandler?
    ) {
        if waitForArrival(of: root, completion: completion, then: {
            dismiss(from: root, toRoot: toRoot, animation: animation, options: options, completion: completion)
        }) {
            return
        }
        UIKitOperations.afterPresentations(on: root) {
            let anchor = root.presentationAnchor
            var top = anchor.presentedViewController
            while !toRoot, let above = top?.presentedViewController { top = above }
            guard let target = top ?? (anchor.presentingViewController != nil ? anchor : nil) else {
                completion?()
                return
            }
            hold(animation, on: target)
            // The dismissal is ordered on the chain of the controller presenting `target`, and may wait there
            // for transitions inside what leaves (a push in one of its tabs): the completion waits with it.
            let presenter = target.presentingViewController ?? anchor
            if let frame = target[associated: frameKey]?.value, frame.isLive {
                frame.dismiss(animated: options.animated)
            } else {
                UIKitOperations.dismiss(target, animated: options.animated)
            }
            UIKitOperations.afterPresentations(on: presenter) { completion?() }
        }
    }

    /// When `root` is presented by a route that has not shown it yet, a route of the child it belongs to acts
    /// once it is on screen, as requested after it (E19): `then` runs when it is shown, with the same performer,
    /// or `completion` if it ends first. False when `root` is not waiting.
    private static func waitForArrival(
        of root: UIViewController, completion: PresentationHandler?, then: @escaping @MainActor () -> Void
    ) -> Bool {
        guard let arriving = unshownPresentation(of: root) else { return false }
        let owner = RoutePerformer.current
        // Whichever comes first runs, once; both are let go then (they may hold the app's coordinators).
        var pending: (then: @MainActor () -> Void, completion: PresentationHandler?)? = (then, completion)
        arriving.keepAlive(
            arriving.observeFrame { [weak owner] event in
                guard let waiting = pending else { return }
                pending = nil
                switch event {
                case .shown: RoutePerformer.while(owner, waiting.then)
                case .ended: if let completion = waiting.completion { UIKitOperations.outsideTeardowns(completion) }
                }
            })
        return true
    }

    /// The frame of a route presentation of `controller` that UIKit has not been asked to show yet (it waits for
    /// a transition, or for earlier operations).
    private static func unshownPresentation(of controller: UIViewController) -> InsecurityCoordinator<Void>? {
        guard controller.presentingViewController == nil, isPresented(controller) else { return nil }
        return controller[associated: frameKey]?.value
    }

    /// Whether `controller` is presented by a route transition whose frame has not ended (it may still wait).
    static func isPresented(_ controller: UIViewController) -> Bool {
        controller[associated: frameKey]?.value?.isLive == true || controller[associated: startPendingKey] == true
    }

    // MARK: Window roots

    private static let windowHostKey = AssociationKey<WindowHost>()

    /// Makes `controller` `window`'s root as a chain of the adapter's host for the window, so that the queue
    /// orders it (E19), the chain it replaces ends (E13), and trees and snapshots record it as the adapter's.
    static func setRoot(_ controller: UIViewController, of window: UIWindow, typeName: String) {
        let host = window[associated: windowHostKey] ?? WindowHost(window, framework: framework)
        window[associated: windowHostKey] = host
        host.start(ControllerCoordinator(controller, typeName: typeName), in: .modal, animated: false) { _ in }
    }

    // MARK: Containers

    /// Shows `controller` as `root`'s `show` or `showDetailViewController` would: a navigation controller
    /// pushes it, a split view controller takes it as a column, anything else presents it.
    static func show(
        _ controller: UIViewController, from root: UIViewController, detail: Bool, options: TransitionOptions,
        completion: @escaping PresentationHandler
    ) {
        let target = root.targetViewController(forAction: detail ? .showDetailViewController : .show, sender: nil)
        switch target {
        case let split as UISplitViewController:
            // Collapsed, the split view pushes the detail onto its primary stack, animated.
            UIKitOperations.perform(on: split, detail ? "a detail" : "a primary controller", animated: true) { split in
                if detail {
                    split.showDetailViewController(controller, sender: nil)
                } else {
                    split.show(controller, sender: nil)
                }
            }
            UIKitOperations.afterContentChanges(of: split, completion)
        case let navigation as UINavigationController:
            push(controller, onto: navigation, animation: nil, options: options, completion: completion)
        default:
            present(controller, from: root, animation: nil, options: options, completion: completion)
        }
    }

    /// Adds `controller` as a child of `container`'s controller, its view in the container's view.
    static func embed(_ controller: UIViewController, in container: Container) {
        guard let parent = container.viewController else {
            report(.routeTargetMissing, "cannot embed \(controller.simDescription): its container has no controller")
            return
        }
        parent.addChild(controller)
        container.view.addSubview(controller.view)
        controller.didMove(toParent: parent)
    }

    /// Changes `container` through the queue, then completes once the change's transition has ended. Until
    /// the change has run, the `arriving` controllers it shows count as shown (their coordinators stay
    /// children, whatever transitions of theirs end first).
    static func change<Container: UIViewController>(
        _ container: Container, _ what: String, arriving: [UIViewController] = [],
        completion: @escaping PresentationHandler, _ body: @escaping @MainActor (Container) -> Void
    ) {
        for controller in arriving {
            controller[associated: containmentPendingKey] = (controller[associated: containmentPendingKey] ?? 0) + 1
        }
        // Tab bar, page and split view controllers hold a change back whether it animates or not.
        UIKitOperations.perform(on: container, what, animated: true) { container in
            for controller in arriving {
                let waiting = (controller[associated: containmentPendingKey] ?? 1) - 1
                controller[associated: containmentPendingKey] = waiting > 0 ? waiting : nil
            }
            body(container)
        }
        UIKitOperations.afterContentChanges(of: container, completion)
    }

    /// Whether a queued container change will show `controller`.
    static func isArrivingInContainer(_ controller: UIViewController) -> Bool {
        controller[associated: containmentPendingKey] != nil
    }

    static func setTabs(
        _ controllers: [UIViewController], of tabs: UITabBarController, animation: Animation?,
        options: TransitionOptions, completion: @escaping PresentationHandler
    ) {
        // Whichever tab ends up selected (UIKit keeps the selection, else its index, else the first) switches
        // with the animation.
        for controller in controllers { hold(animation, on: controller) }
        change(tabs, "setting the tabs", arriving: controllers, completion: completion) {
            $0.setViewControllers(controllers, animated: options.animated)
        }
    }

    static func select(
        _ controller: UIViewController, in tabs: UITabBarController, animation: Animation?,
        completion: @escaping PresentationHandler
    ) {
        hold(animation, on: controller)
        change(tabs, "a tab selection", completion: completion) { tabs in
            guard tabs.viewControllers?.contains(where: { $0 === controller }) == true else {
                report(
                    .routeTargetMissing,
                    "cannot select \(controller.simDescription): it is not a tab of \(tabs.simDescription)")
                return
            }
            tabs.selectedViewController = controller
        }
    }

    static func select(
        index: Int, in tabs: UITabBarController, animation: Animation?, completion: @escaping PresentationHandler
    ) {
        change(tabs, "a tab selection", completion: completion) { tabs in
            guard let controllers = tabs.viewControllers, controllers.indices.contains(index) else {
                report(
                    .routeTargetMissing,
                    "cannot select tab \(index): \(tabs.simDescription) has \(tabs.viewControllers?.count ?? 0) tabs")
                return
            }
            hold(animation, on: controllers[index])
            tabs.selectedIndex = index
        }
    }

    static func setColumns(
        _ controllers: [UIViewController], of split: UISplitViewController, completion: @escaping PresentationHandler
    ) {
        change(split, "setting the columns", arriving: controllers, completion: completion) { $0.viewControllers = controllers }
    }

    static func setPages(
        _ controllers: [UIViewController], of pages: UIPageViewController,
        direction: UIPageViewController.NavigationDirection, options: TransitionOptions,
        completion: @escaping PresentationHandler
    ) {
        change(pages, "a page change", arriving: controllers, completion: completion) { pages in
            let required =
                pages.transitionStyle == .pageCurl && (pages.isDoubleSided || pages.spineLocation == .mid) ? 2 : 1
            guard controllers.count == required else {
                report(
                    .controllerRefusedByUIKit,
                    "cannot show \(controllers.count) pages on \(pages.simDescription): it shows \(required) at a time, and UIKit raises"
                )
                return
            }
            pages.setViewControllers(controllers, direction: direction, animated: options.animated)
        }
    }
}
