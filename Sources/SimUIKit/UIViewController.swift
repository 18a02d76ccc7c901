import Foundation

/// A view controller with UIKit's containment, appearance callbacks, modal presentation and lifetimes.
///
/// Ownership is UIKit's: a parent holds its children, a presenter holds what it presents,
/// a window holds its root. Nothing else in the simulation retains a controller.
@MainActor
open class UIViewController: UIResponder {
    enum AppearanceState {
        case disappeared, appearing, appeared, disappearing
    }

    /// A title, used by renderers and snapshots.
    open var title: String?
    /// A stable identifier, used by renderers and snapshots instead of an address.
    open var restorationIdentifier: String?

    private var loadedView: UIView?
    /// Whether ``view`` has been loaded.
    public private(set) var isViewLoaded = false

    /// The parent container, if any (not retained).
    public internal(set) weak var parent: UIViewController?
    /// Contained controllers, retained by this one.
    public internal(set) var children: [UIViewController] = []

    /// How the controller is shown when presented modally.
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    /// When true, the user cannot swipe the presented sheet down.
    open var isModalInPresentation = false
    /// The animation of a modal presentation (recorded only: the simulation draws nothing).
    open var modalTransitionStyle = UIModalTransitionStyle.coverVertical
    /// Whether a `.currentContext` or `.overCurrentContext` presentation from this controller or a child is
    /// presented by this controller, covering only it (S2).
    open var definesPresentationContext = false

    var presentedStorage: UIViewController?
    weak var presentingStorage: UIViewController?
    weak var attachedWindow: UIWindow?
    /// The presenter's window, recorded when this controller is presented (see ``hostWindow``).
    weak var presentationWindow: UIWindow?
    var presentationTransition: SimTransition?
    private var ownPresentationController: UIPresentationController?
    var presentationObservers = ObserverList<PresentationChange>()
    private var deallocationHandlers: [@MainActor () -> Void] = []

    var appearance = AppearanceState.disappeared
    /// The `animated` flag of the running appearance change, passed again to the did-callback.
    var appearanceAnimated = false
    var beingPresented = false
    var beingDismissed = false
    var movingToParent = false
    var movingFromParent = false

    /// The nib name given at creation (the simulation loads no nibs).
    public let nibName: String?
    /// The bundle given at creation.
    public let nibBundle: Bundle?
    /// The storyboard the controller was instantiated from, or nil.
    public internal(set) var storyboard: UIStoryboard?
    /// Supplies the animators of this controller's animated presentation and dismissal (not retained).
    public weak var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?

    /// UIKit's designated initializer. The simulation has no nibs: the view is a plain ``UIView`` unless
    /// ``UIViewController/loadView()`` makes another.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
    }

    /// Restoring from an archive: the simulation decodes nothing and makes a plain controller, so that
    /// custom controllers' `required init?(coder:)` compile and behave as when storyboards are unused.
    public required init?(coder: NSCoder) {
        nibName = nil
        nibBundle = nil
        super.init()
    }

    /// `init(nibName: nil, bundle: nil)`.
    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    isolated deinit {
        for handler in deallocationHandlers { handler() }
    }

    // MARK: View

    /// The controller's view, loaded on first access (then ``viewDidLoad()`` runs).
    public var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            loadedView = newValue
            newValue?.owningController = self
        }
    }

    /// The view if it has been loaded, else nil (does not load it).
    public var viewIfLoaded: UIView? { loadedView }

    /// Creates the view. The default creates a plain `UIView`.
    open func loadView() {
        view = UIView()
    }

    /// Called once, after the view is loaded.
    open func viewDidLoad() {}

    /// Loads the view if it is not loaded yet.
    public func loadViewIfNeeded() {
        guard !isViewLoaded else { return }
        isViewLoaded = true
        loadView()
        if loadedView == nil { view = UIView() }
        viewDidLoad()
    }

    // MARK: Appearance callbacks

    open func viewWillAppear(_ animated: Bool) {}
    /// Called after `viewWillAppear(_:)`, once the view is in the hierarchy and laid out, and before
    /// `viewDidAppear(_:)` (Apple documents it and back-deploys it to iOS 13).
    open func viewIsAppearing(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}

    /// True between `viewWillAppear` and `viewDidAppear` of a presentation of this controller (or its container).
    public var isBeingPresented: Bool { beingPresented || (parent?.isBeingPresented ?? false) }
    /// True during the dismissal of this controller (or its container).
    public var isBeingDismissed: Bool { beingDismissed || (parent?.isBeingDismissed ?? false) }
    /// True while the controller is being added to a container (a push).
    public var isMovingToParent: Bool { movingToParent }
    /// True while the controller is being removed from a container (a pop).
    public var isMovingFromParent: Bool { movingFromParent }

    // MARK: Containment

    /// The closest navigation controller among the ancestors.
    public var navigationController: UINavigationController? { closestAncestor() }
    /// The closest tab bar controller among the ancestors.
    public var tabBarController: UITabBarController? { closestAncestor() }
    /// The closest split view controller among the ancestors.
    public var splitViewController: UISplitViewController? { closestAncestor() }

    private func closestAncestor<Container: UIViewController>() -> Container? {
        var ancestor = parent
        while let current = ancestor {
            if let container = current as? Container { return container }
            ancestor = current.parent
        }
        return nil
    }

    /// What the navigation bar shows while this controller is on top of a stack.
    public private(set) lazy var navigationItem = UINavigationItem()
    /// What the tab bar shows for this controller when it is a tab.
    open lazy var tabBarItem = UITabBarItem(title: title, image: nil, tag: 0)
    /// Whether a tab bar hides while this controller is pushed (recorded only).
    open var hidesBottomBarWhenPushed = false

    /// Adds `child` to ``children``, calling `child.willMove(toParent: self)` as UIKit does.
    /// The container calls `child.didMove(toParent: self)` when the transition ends.
    open func addChild(_ child: UIViewController) {
        guard child !== self, child.parent !== self else { return }
        if let reason = child.reasonNotFreeForContainment(ignoringParent: true) {
            SimWarnings.emit("Cannot add \(child.simDescription) as a child of \(simDescription): \(reason).")
            return
        }
        child.removeFromParent()
        child.willMove(toParent: self)
        attach(child)
    }

    /// Removes the controller from its parent, calling `didMove(toParent: nil)` as UIKit does.
    open func removeFromParent() {
        guard let parent else { return }
        parent.detach(self)
        didMove(toParent: nil)
    }

    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}

    /// Replaces the contained children with `newChildren` as a container does when its content changes:
    /// `willMove`/`didMove` for the children that leave and arrive, and, when the container is on screen,
    /// disappearance and appearance callbacks for the controllers that stop or start being shown
    /// (`update` changes which children the container shows). Refused with a warning when a controller
    /// is repeated or cannot be contained.
    @discardableResult
    func changeContainedChildren(to newChildren: [UIViewController], update: () -> Void) -> Bool {
        var seen = Set<ObjectIdentifier>()
        for child in newChildren {
            let reason =
                child === self
                ? "it is the container itself"
                : !seen.insert(ObjectIdentifier(child)).inserted
                    ? "it appears twice"
                    : child.reasonNotFreeForContainment(ignoringParent: true)
            if let reason {
                SimWarnings.emit("Cannot add \(child.simDescription) as a child of \(simDescription): \(reason).")
                return false
            }
        }
        let oldIDs = Set(children.map(ObjectIdentifier.init))
        let removed = children.filter { !seen.contains(ObjectIdentifier($0)) }
        let added = newChildren.filter { !oldIDs.contains(ObjectIdentifier($0)) }
        let shownBefore = appearanceChildren
        for child in removed { child.willMove(toParent: nil) }
        for child in added {
            child.removeFromParent()
            child.willMove(toParent: self)
        }
        for child in removed { child.parent = nil }
        for child in added { child.parent = self }
        children = newChildren
        update()
        if isOnScreen {
            let shownAfter = appearanceChildren
            let disappearing = shownBefore.filter { old in !shownAfter.contains { $0 === old } }
            let appearing = shownAfter.filter { new in !shownBefore.contains { $0 === new } }
            // As logged on devices for a tab switch (S19): the new one's will-appear first, its did-appear last.
            for child in appearing { child.beginAppearance(true, animated: false) }
            for child in disappearing { child.beginAppearance(false, animated: false) }
            for child in disappearing { child.endAppearance() }
            for child in appearing { child.endAppearance() }
        }
        for child in removed { child.didMove(toParent: nil) }
        for child in added { child.didMove(toParent: self) }
        return true
    }

    func attach(_ child: UIViewController) {
        child.parent = self
        children.append(child)
    }

    func detach(_ child: UIViewController) {
        children.removeAll { $0 === child }
        child.parent = nil
    }

    /// Detaches many children at once. Popped controllers are the last children, so this costs
    /// O(leaving) for a pop however many children stay; other cases take one pass over the children.
    func detachChildren(_ leaving: [UIViewController]) {
        guard !leaving.isEmpty else { return }
        var ids = Set(leaving.map(ObjectIdentifier.init))
        while let last = children.last, ids.remove(ObjectIdentifier(last)) != nil {
            children.removeLast()
        }
        if !ids.isEmpty {
            children.removeAll { ids.contains(ObjectIdentifier($0)) }
        }
        for child in leaving { child.parent = nil }
    }

    /// The children that appear and disappear with this controller. A navigation controller shows only its top.
    var appearanceChildren: [UIViewController] { children }

    // MARK: Responder chain and windows

    open override var next: UIResponder? {
        if let parent { return parent }
        if let presentingStorage { return presentingStorage }
        return attachedWindow
    }

    /// The topmost ancestor through `parent` links: the controller that presents on this one's behalf (S2).
    package var presentationAnchor: UIViewController {
        var anchor = self
        while let parent = anchor.parent { anchor = parent }
        return anchor
    }

    /// The window that shows this controller, found through parents and its presenter. A presented
    /// controller remembers its presenter's window when it is presented, so the cost does not grow with
    /// the length of the presentation chain.
    package var hostWindow: UIWindow? {
        let anchor = presentationAnchor
        if let window = anchor.attachedWindow { return window }
        return anchor.presentingStorage == nil ? nil : anchor.presentationWindow
    }

    /// Whether the controller's view is currently on screen (appeared or appearing).
    var isOnScreen: Bool { appearance == .appeared || appearance == .appearing }

    /// Why the controller cannot become a window root, or nil if it can.
    func reasonNotFreeForRoot() -> String? {
        reasonNotFreeForContainment(ignoringParent: false)
    }

    /// Why the controller cannot be put into a container, or nil if it can.
    func reasonNotFreeForContainment(ignoringParent: Bool) -> String? {
        if !ignoringParent, let parent { return "it is a child of \(parent.simDescription)" }
        if let presenter = presentingStorage { return "it is presented by \(presenter.simDescription)" }
        if let window = attachedWindow, window.rootViewController === self {
            return "it is the root view controller of a window"
        }
        return nil
    }

    // MARK: Observation

    /// Observes presentations and dismissals in which this controller (or its container, or a controller
    /// inside it that defines a presentation context) is the presenter.
    public func observePresentations(
        _ handler: @escaping @MainActor (PresentationChange) -> Void
    ) -> SimObservation<PresentationChange> {
        presentationAnchor.presentationObservers.add(handler)
    }

    /// Tells this presenter's observers, and its anchor's when it presents in a context of its own.
    private func notifyPresentationObservers(_ change: PresentationChange) {
        presentationObservers.notify(change)
        let anchor = presentationAnchor
        if anchor !== self { anchor.presentationObservers.notify(change) }
    }

    /// Runs `handler` when the controller is deallocated. The handler must not capture the controller.
    public func onDeallocation(_ handler: @escaping @MainActor () -> Void) {
        deallocationHandlers.append(handler)
    }

    // MARK: Description

    /// `<TypeName #identifier "title">`, the form used in warnings: never an address.
    public var simDescription: String { "<\(plainDescription)>" }

    /// `TypeName #identifier "title"`.
    var plainDescription: String {
        var text = String(describing: type(of: self))
        if let restorationIdentifier { text += " #\(restorationIdentifier)" }
        if let title { text += " \"\(title)\"" }
        return text
    }

    // MARK: Presentation

    /// The controller this one, or the closest of its parents that presents something, presents.
    public var presentedViewController: UIViewController? { presentationHolder.presentedStorage }
    /// The controller that presents this one (or its container).
    public var presentingViewController: UIViewController? { presentationAnchor.presentingStorage }

    /// The presentation controller for this controller's modal presentation (created on first access).
    public var presentationController: UIPresentationController? {
        if let ownPresentationController { return ownPresentationController }
        let created = UIPresentationController(presentedViewController: self)
        ownPresentationController = created
        return created
    }

    /// The presentation or dismissal running where this controller presents: the only transition that makes
    /// UIKit refuse a presentation from it (S1). A push or pop does not.
    package var presentationTransitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
        presentationHolder.presentationTransition
    }

    /// This controller or the closest of its parents that presents something or is mid-presentation, else
    /// the presentation anchor: the controller whose presentation this one reports and dismisses. It is the
    /// anchor unless a controller inside it defines a presentation context (S2).
    var presentationHolder: UIViewController {
        var current: UIViewController? = self
        while let candidate = current {
            if candidate.presentedStorage != nil || candidate.presentationTransition != nil { return candidate }
            current = candidate.parent
        }
        return presentationAnchor
    }

    /// The controller that presents `controller` when this one asks: for a current-context style, the closest
    /// of this controller and its parents that defines the presentation context; otherwise, or when none
    /// does, the presentation anchor (S2).
    package func presenter(toPresent controller: UIViewController) -> UIViewController {
        let style = controller.modalPresentationStyle
        guard style == .currentContext || style == .overCurrentContext else { return presentationAnchor }
        var current: UIViewController? = self
        while let candidate = current {
            if candidate.definesPresentationContext { return candidate }
            current = candidate.parent
        }
        return presentationAnchor
    }

    public var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
        if let presentationTransition { return presentationTransition }
        if let navigation = self as? UINavigationController, let transition = navigation.navigationTransition {
            return transition
        }
        return parent?.transitionCoordinator
    }

    /// The actions ``targetViewController(forAction:sender:)`` routes (UIKit names them by selector).
    public enum ShowAction: Sendable {
        /// `show(_:sender:)`, handled by navigation and split view controllers.
        case show
        /// `showDetailViewController(_:sender:)`, handled by split view controllers.
        case showDetailViewController
    }

    /// The controller that handles `action` for this one (S20): this controller if it handles it, else the
    /// closest parent that does (a navigation controller shows by pushing, a split view controller by
    /// installing its primary or detail controller), or nil when none does.
    open func targetViewController(forAction action: ShowAction, sender: Any?) -> UIViewController? {
        var candidate: UIViewController? = self
        while let controller = candidate {
            if controller.handles(action) { return controller }
            candidate = controller.parent
        }
        return nil
    }

    /// Whether this controller's class overrides the method of `action`.
    func handles(_ action: ShowAction) -> Bool { false }

    /// Shows `viewController` where the controller that handles showing puts it (S20): pushed by the closest
    /// navigation controller, or made the primary controller of the closest split view controller; with
    /// neither, it is presented.
    open func show(_ viewController: UIViewController, sender: Any?) {
        if let target = targetViewController(forAction: .show, sender: sender) {
            target.show(viewController, sender: sender)
        } else {
            present(viewController, animated: true)
        }
    }

    /// Shows `viewController` as the detail of the closest split view controller (S20), or presents it when
    /// there is none.
    open func showDetailViewController(_ viewController: UIViewController, sender: Any?) {
        if let target = targetViewController(forAction: .showDetailViewController, sender: sender) {
            target.showDetailViewController(viewController, sender: sender)
        } else {
            present(viewController, animated: true)
        }
    }

    /// Presents `viewControllerToPresent` modally, through this controller's container if it has one (S2).
    /// Refused with a warning, without calling `completion`, when UIKit would refuse (S1).
    open func present(
        _ viewControllerToPresent: UIViewController,
        animated flag: Bool,
        completion: (@MainActor () -> Void)? = nil
    ) {
        let presenter = presenter(toPresent: viewControllerToPresent)
        if let reason = presentationException(of: viewControllerToPresent, on: presenter) {
            SimExceptions.raise(SimException.invalidArgument, reason)
            return
        }
        if let refusal = presentationRefusal(of: viewControllerToPresent, on: presenter) {
            SimWarnings.emit(refusal)
            return
        }
        let presented = viewControllerToPresent
        presented.presentationWindow = presenter.hostWindow
        presenter.presentedStorage = presented
        presented.presentingStorage = presenter
        presented.beingPresented = true
        let hidesPresenter = presented.modalPresentationStyle.hidesPresenter && presenter.isOnScreen
        let appears = presenter.isOnScreen
        let animator =
            flag
            ? presented.transitioningDelegate?.animationController(
                forPresented: presented, presenting: presenter, source: self) : nil
        let transition = SimTransition(
            from: presenter, to: presented, animated: flag,
            duration: animator?.transitionDuration(using: nil) ?? SimAnimation.modalTransitionDuration
        ) { _ in
            presenter.presentationTransition = nil
            presented.presentationTransition = nil
            // A full-screen presentation: the presented controller's did-appear comes before the presenter's
            // did-disappear, as logged on devices (S19).
            if appears { presented.endAppearance() }
            if hidesPresenter { presenter.endAppearance() }
            presented.beingPresented = false
            presenter.notifyPresentationObservers(
                PresentationChange(
                    presenter: presenter, controllers: [presented][...], kind: .present, phase: .completed, animated: flag)
            )
            completion?()
        }
        presenter.presentationTransition = transition
        presented.presentationTransition = transition
        presenter.notifyPresentationObservers(
            PresentationChange(
                presenter: presenter, controllers: [presented][...], kind: .present, phase: .began, animated: flag)
        )
        if appears { presented.loadViewIfNeeded() }
        if hidesPresenter { presenter.beginAppearance(false, animated: flag) }
        if appears { presented.beginAppearance(true, animated: flag) }
        transition.run(animatedBy: animator)
    }

    /// Dismisses what this controller presents (the whole chain above it, in one transition),
    /// or, if it presents nothing, asks its presenter to dismiss it (S3).
    open func dismiss(animated flag: Bool, completion: (@MainActor () -> Void)? = nil) {
        let anchor = presentationHolder
        if anchor.presentationTransition != nil {
            anchor.warnTransitionInProgress()
        } else if anchor.presentedStorage != nil {
            anchor.dismissPresentedChain(animated: flag, kind: .dismiss, completion: completion)
        } else if let presenter = anchor.presentingStorage {
            presenter.dismissPresentedChain(animated: flag, kind: .dismiss, completion: completion)
        }
    }

    /// Simulates the user swiping a presented sheet down in one go (S5): ``beginInteractiveDismissal()``
    /// then ``InteractiveTransition/finish()``. Returns false when the sheet refuses it.
    @discardableResult
    public func simulateInteractiveDismissal() -> Bool {
        guard let dismissal = beginInteractiveDismissal() else { return false }
        dismissal.finish()
        return true
    }

    /// Simulates the start of the swipe that pulls the presented sheet holding this controller down (S16):
    /// the sheet and everything above it start leaving. The returned handle follows the finger and ends it:
    /// ``InteractiveTransition/finish()`` dismisses (`presentationControllerDidDismiss` follows),
    /// ``InteractiveTransition/cancel()`` puts everything back and changes nothing.
    ///
    /// The sheet's presentation-controller delegate is asked `presentationControllerShouldDismiss` first.
    /// Returns nil, after telling the delegate `presentationControllerDidAttemptToDismiss`, when the
    /// delegate or `isModalInPresentation` refuses; returns nil without calls when the controller is not in
    /// a swipe-dismissible sheet or a transition runs.
    public func beginInteractiveDismissal() -> InteractiveDismissal? {
        let sheet = presentationAnchor
        guard let presenter = sheet.presentingStorage,
            sheet.modalPresentationStyle.isSwipeDismissible,
            presenter.presentationChainIsIdle
        else { return nil }
        let presentationController = sheet.presentationController!
        let delegate = presentationController.delegate
        if sheet.refusesInteractiveDismissal
            || delegate?.presentationControllerShouldDismiss(presentationController) == false
        {
            delegate?.presentationControllerDidAttemptToDismiss(presentationController)
            return nil
        }
        delegate?.presentationControllerWillDismiss(presentationController)
        let transition = presenter.dismissPresentedChain(animated: true, kind: .interactiveDismissal, interactive: true)
        {
            delegate?.presentationControllerDidDismiss(presentationController)
        }
        return transition.map { InteractiveDismissal(transition: $0) {} }
    }

    /// A running interactive sheet dismissal (see ``InteractiveTransition``). A cancelled one leaves the
    /// sheet presented.
    public final class InteractiveDismissal: InteractiveTransition {}

    /// `isModalInPresentation` on the sheet or on any controller it shows.
    private var refusesInteractiveDismissal: Bool {
        var pending = [self]
        while let controller = pending.popLast() {
            if controller.isModalInPresentation { return true }
            pending.append(contentsOf: controller.appearanceChildren)
        }
        return false
    }

    /// The controllers presented above this one, bottom to top.
    func presentedChain() -> [UIViewController] {
        var chain: [UIViewController] = []
        var current = presentedStorage
        while let controller = current {
            chain.append(controller)
            current = controller.presentedStorage
        }
        return chain
    }

    /// Whether no presentation or dismissal runs on this controller or anything it presents.
    var presentationChainIsIdle: Bool {
        presentationTransition == nil && presentedChain().allSatisfy { $0.presentationTransition == nil }
    }

    /// Whether presenting `controller` on this controller now would be refused (warning or exception), as
    /// `present` decides it: for checks that the engine's queue holds back only what UIKit would (E21).
    package func wouldRefusePresenting(_ controller: UIViewController) -> Bool {
        let presenter = presenter(toPresent: controller)
        return presentationException(of: controller, on: presenter) != nil
            || presentationRefusal(of: controller, on: presenter) != nil
    }

    /// Whether dismissing what this controller presents would be refused now, or would cut a running
    /// transition short, judged from what the dismissal removes rather than from the engine's queue (E21
    /// checks): `dismissPresentedChain` refuses while a presentation or dismissal runs in the chain, and the
    /// dismissal takes away every controller presented above this one, cutting short a push or pop animating
    /// in any of them. What animates below this controller (its own stack) is not removed.
    package var wouldRefuseOrCutShortDismissal: Bool {
        guard presentationChainIsIdle else { return true }
        var removed = presentedChain()
        while let controller = removed.popLast() {
            if let navigation = controller as? UINavigationController, navigation.stackTransitionCoordinator != nil {
                return true
            }
            removed.append(contentsOf: controller.children)
        }
        return false
    }

    /// UIKit's reason for raising when `controller` is already presented or already on its way to the screen
    /// another way (S17).
    private func presentationException(of controller: UIViewController, on presenter: UIViewController) -> String? {
        if let presenting = controller.presentingStorage {
            return
                "Application tried to present modally a view controller \(controller.simDescription) that is already being presented by \(presenting.simDescription)."
        }
        if controller === presenter || controller === self || controller.presentedStorage != nil
            || controller.reasonNotFreeForContainment(ignoringParent: false) != nil
        {
            return "Application tried to present modally an active controller \(controller.simDescription)."
        }
        return nil
    }

    /// The console text of a presentation UIKit refuses without raising (S1).
    private func presentationRefusal(of controller: UIViewController, on presenter: UIViewController) -> String? {
        var attempt: String {
            "Attempt to present \(controller.simDescription) on \(presenter.simDescription) (from \(simDescription))"
        }
        if presenter.hostWindow == nil {
            return "\(attempt) whose view is not in the window hierarchy."
        }
        if presenter.presentationTransition != nil {
            return "\(attempt) while a presentation is in progress."
        }
        if let current = presenter.presentedStorage {
            return "\(attempt) which is already presenting \(current.simDescription)."
        }
        return nil
    }

    /// Dismisses every controller presented above this one in one transition. A programmatic dismissal
    /// updates the presentation links when it starts and runs on the clock. An interactive one (a swipe)
    /// keeps them until the finger lets go: finished, the chain leaves and `completion` runs; cancelled,
    /// everything reappears and nothing changes. Returns the transition, or nil when nothing is dismissed.
    @discardableResult
    func dismissPresentedChain(
        animated flag: Bool,
        kind: PresentationChange.Kind,
        interactive: Bool = false,
        completion: (@MainActor () -> Void)?
    ) -> SimTransition? {
        guard presentationChainIsIdle else {
            warnTransitionInProgress()
            return nil
        }
        let chain = presentedChain()
        guard let first = chain.first else { return nil }
        if !interactive {
            presentedStorage = nil
            first.presentingStorage = nil
        }
        for controller in chain { controller.beingDismissed = true }
        let disappearing = chain.reversed().filter(\.isOnScreen)
        let reappears = !isOnScreen && hostWindow?.isHidden == false
        let animator =
            flag && !interactive ? chain.last.flatMap { $0.transitioningDelegate?.animationController(forDismissed: $0) } : nil
        let transition = SimTransition(
            from: chain.last, to: self, animated: flag, interactive: interactive,
            duration: animator?.transitionDuration(using: nil) ?? SimAnimation.modalTransitionDuration
        ) { [self] transition in
            if transition.isCancelled {
                presentationTransition = nil
                for controller in chain {
                    controller.presentationTransition = nil
                    controller.beingDismissed = false
                }
                // The chain comes back only where it is seen: the app may have taken the presenter off its
                // window during the gesture.
                if hostWindow?.isHidden == false {
                    if reappears { beginAppearance(false, animated: flag) }
                    for controller in disappearing.reversed() { controller.beginAppearance(true, animated: flag) }
                }
                if reappears { endAppearance() }
                for controller in disappearing.reversed() { controller.endAppearance() }
                notifyDismissal(of: chain, kind: kind, phase: .cancelled, animated: flag)
                return
            }
            // The presenter's did-appear comes before the dismissed controller's did-disappear, as logged on
            // devices for a full-screen dismissal (S19).
            if reappears { endAppearance() }
            for controller in disappearing { controller.endAppearance() }
            presentedStorage = nil
            for controller in chain {
                controller.presentationTransition = nil
                controller.beingDismissed = false
                controller.presentedStorage = nil
                controller.presentingStorage = nil
            }
            presentationTransition = nil
            notifyDismissal(of: chain, kind: kind, phase: .completed, animated: flag)
            completion?()
        }
        presentationTransition = transition
        for controller in chain { controller.presentationTransition = transition }
        notifyDismissal(of: chain, kind: kind, phase: .began, animated: flag)
        for controller in disappearing { controller.beginAppearance(false, animated: flag) }
        if reappears { beginAppearance(true, animated: flag) }
        if !interactive { transition.run(animatedBy: animator) }
        return transition
    }

    /// Tells the observers of every presenting relationship the dismissal of `chain` ends: this controller's
    /// (the whole chain) and those of each controller in the chain that presents the rest of it (S5, S8).
    private func notifyDismissal(
        of chain: [UIViewController], kind: PresentationChange.Kind, phase: PresentationChange.Phase, animated: Bool
    ) {
        notifyPresentationObservers(
            PresentationChange(presenter: self, controllers: chain[...], kind: kind, phase: phase, animated: animated))
        for (index, presenter) in chain.dropLast().enumerated() {
            presenter.notifyPresentationObservers(
                PresentationChange(
                    presenter: presenter, controllers: chain[(index + 1)...], kind: kind, phase: phase,
                    animated: animated))
        }
    }

    private func warnTransitionInProgress() {
        SimWarnings.emit(
            "Attempt to dismiss from view controller \(simDescription) while a presentation or dismiss is in progress.")
    }

    /// Releases everything presented above this controller at once, without transition
    /// (used when a window drops its root hierarchy).
    func releasePresentedChain() {
        let chain = presentedChain()
        presentedStorage = nil
        for controller in chain {
            controller.presentedStorage = nil
            controller.presentingStorage = nil
            controller.presentationTransition = nil
        }
        presentationTransition = nil
    }

    // MARK: Appearance propagation

    /// Starts an appearance (or disappearance) of this controller and its shown children, calling
    /// `viewWillAppear`/`viewWillDisappear` once per state change (unbalanced calls are ignored).
    func beginAppearance(_ appearing: Bool, animated: Bool) {
        var pending: [UIViewController] = [self]
        var added: [UIViewController] = []
        defer {
            // Once the views are in the hierarchy and laid out, after every will-appear (S19).
            for controller in added where controller.appearance == .appearing { controller.viewIsAppearing(animated) }
        }
        while let controller = pending.popLast() {
            switch (appearing, controller.appearance) {
            case (true, .disappeared), (true, .disappearing):
                controller.loadViewIfNeeded()
                controller.appearance = .appearing
                controller.appearanceAnimated = animated
                controller.viewWillAppear(animated)
                added.append(controller)
            case (false, .appeared), (false, .appearing):
                controller.appearance = .disappearing
                controller.appearanceAnimated = animated
                controller.viewWillDisappear(animated)
            default:
                continue
            }
            pending.append(contentsOf: controller.appearanceChildren.reversed())
        }
    }

    /// Completes a transition begun with ``beginAppearance(_:animated:)``: `viewDidAppear`/`viewDidDisappear`.
    func endAppearance() {
        var pending: [UIViewController] = [self]
        while let controller = pending.popLast() {
            switch controller.appearance {
            case .appearing:
                controller.appearance = .appeared
                controller.viewDidAppear(controller.appearanceAnimated)
            case .disappearing:
                controller.appearance = .disappeared
                controller.viewDidDisappear(controller.appearanceAnimated)
            default:
                continue
            }
            pending.append(contentsOf: controller.appearanceChildren.reversed())
        }
    }
}

/// A presentation or dismissal, as seen by ``UIViewController/observePresentations(_:)``.
public struct PresentationChange {
    public enum Kind: Sendable {
        /// `present(_:animated:completion:)`.
        case present
        /// `dismiss(animated:completion:)`.
        case dismiss
        /// The user swiped a sheet down (``UIViewController/beginInteractiveDismissal()``).
        case interactiveDismissal
    }

    public enum Phase: Sendable {
        /// The change started (for a swipe, the finger went down).
        case began
        case completed
        /// The user let go of an interactive dismissal early: nothing changed.
        case cancelled
    }

    /// The controller that presents (or presented) the chain.
    public let presenter: UIViewController
    /// The controller presented, or the dismissed chain from bottom to top (a slice of the whole chain, so
    /// that telling every presenter of a long chain costs no copies).
    public let controllers: ArraySlice<UIViewController>
    public let kind: Kind
    public let phase: Phase
    public let animated: Bool
}

/// Durations of the simulated animations, in virtual seconds.
public enum SimAnimation {
    /// A modal presentation or dismissal.
    public static let modalTransitionDuration: TimeInterval = 0.5
    /// A push or pop (also the full length of an interactive pop).
    public static let navigationTransitionDuration: TimeInterval = 0.35

    /// When a non-animated present, dismiss, push, pop or stack replacement finishes (S18).
    public enum NonAnimatedTiming: String, Sendable, CaseIterable {
        /// The transition, its callbacks and its completion finish before the call returns.
        case immediate
        /// The links and `viewControllers` change at the call, as in UIKit; the did-callbacks and the
        /// completion run on the next turn of `SimRunLoop.main`, as UIKit has done since iOS 8.
        case deferred

        /// The model the clean-world trait restores: `.deferred`, which public reports of UIKit describe
        /// (the fidelity article has the sources).
        public static let standard = NonAnimatedTiming.deferred
    }

    /// The timing of non-animated transitions; tests may set it, the clean-world trait resets it.
    @MainActor public static var nonAnimatedTiming = NonAnimatedTiming.standard
}
