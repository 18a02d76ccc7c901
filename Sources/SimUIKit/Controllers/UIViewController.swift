import Foundation

/// A view controller with UIKit's containment, appearance callbacks, modal presentation and lifetimes.
///
/// Ownership is UIKit's: a parent holds its children, a presenter holds what it presents,
/// a window holds its root. Nothing else in the simulation retains a controller.
@MainActor
open class UIViewController: UIResponder {
    /// The modal transition this controller is part of, behind ``isBeingPresented`` and ``isBeingDismissed``.
    enum ModalMotion {
        case beingPresented, beingDismissed
    }

    /// The containment change this controller is part of, behind ``isMovingToParent`` and
    /// ``isMovingFromParent``.
    enum ContainmentMotion {
        case movingToParent, movingFromParent
    }

    /// A title, used by renderers and snapshots.
    open var title: String?
    /// A stable identifier, used by renderers and snapshots instead of an address.
    open var restorationIdentifier: String?

    private var loadedView: UIView?

    /// The parent container, if any (not retained).
    public internal(set) weak var parent: UIViewController?
    /// Contained controllers, retained by this one.
    public internal(set) var children: [UIViewController] = []

    /// How the controller is attached to the screen outside containment, made when first needed.
    private var presentationState: PresentationState?
    /// The first deallocation observer, retained in place until it stops observing, so that the usual single one
    /// (the engine's frame) costs the controller neither an allocation nor a weak reference; any others are in
    /// ``rarelyUsed``.
    var deallocationObserver: ControllerObserver?
    /// What few controllers have, allocated when first set (most controllers never have any of it).
    var rarelyUsed: RarelyUsed?

    // One-byte fields together, so that they share one word.

    /// Whether ``view`` has been loaded.
    public private(set) var isViewLoaded = false
    /// How the controller is shown when presented modally.
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    /// When true, the user cannot swipe the presented sheet down.
    open var isModalInPresentation = false
    /// The appearance this controller and its children use whatever the system's (held only).
    open var overrideUserInterfaceStyle = UIUserInterfaceStyle.unspecified
    /// The animation of a modal presentation (recorded only: the simulation draws nothing).
    open var modalTransitionStyle = UIModalTransitionStyle.coverVertical
    /// Whether a `.currentContext` or `.overCurrentContext` presentation from this controller or a child is
    /// presented by this controller, covering only it (S2).
    open var definesPresentationContext = false
    /// Whether a tab bar hides while this controller is pushed (recorded only).
    open var hidesBottomBarWhenPushed = false
    var appearance = AppearanceState.disappeared
    var containmentMotion: ContainmentMotion?

    /// The links of a window's root or of a controller in a modal presentation: a controller that is only
    /// ever contained (most of a deep navigation stack) has none, and is smaller by their size.
    @MainActor final class PresentationState {
        var presented: UIViewController?
        weak var presenting: UIViewController?
        weak var attachedWindow: UIWindow?
        /// The presenter's window, recorded when this controller is presented (see ``hostWindow``).
        weak var presentationWindow: UIWindow?
        var transition: SimTransition?
        var presentationController: UIPresentationController?
        var observers = ObserverList<PresentationChange>()
        var modalMotion: ModalMotion?
        /// Told of the presentation changes of this controller itself: the first in a slot of its own (usually the
        /// only one, an engine frame), any others after it. Read on every presentation change, and never accessed
        /// while another access to them is under way, so without exclusivity checks.
        @exclusivity(unchecked) private var ownPresentationObserver: ControllerObserver?
        @exclusivity(unchecked) private var otherOwnPresentationObservers: [ControllerObserver] = []

        /// What the controller presents and the transition running where it presents, when it has either.
        var links: (presented: UIViewController?, transition: SimTransition?)? {
            let (presented, transition) = (presented, transition)
            return presented != nil || transition != nil ? (presented, transition) : nil
        }

        func addOwnPresentationObserver(_ observer: ControllerObserver) {
            if ownPresentationObserver == nil, otherOwnPresentationObservers.isEmpty {
                ownPresentationObserver = observer
            } else {
                otherOwnPresentationObservers.append(observer)
            }
        }

        func removeOwnPresentationObserver(_ observer: ControllerObserver) {
            if ownPresentationObserver === observer {
                ownPresentationObserver = nil
            } else if !otherOwnPresentationObservers.isEmpty {
                otherOwnPresentationObservers.removeAll { $0 === observer }
            }
        }

        /// Tells the observers of this controller's own presentation, in the order they began observing; one that
        /// stops observing before its turn (an engine frame ended by an earlier one) is not told.
        func notifyOwnPresentationObservers(_ change: PresentationChange) {
            ownPresentationObserver?.observedControllerPresentationChanged(change)
            guard !otherOwnPresentationObservers.isEmpty else { return }
            for observer in otherOwnPresentationObservers
            where otherOwnPresentationObservers.contains(where: { $0 === observer }) {
                observer.observedControllerPresentationChanged(change)
            }
        }
    }

    func ensurePresentationState() -> PresentationState {
        if let presentationState { return presentationState }
        let made = PresentationState()
        presentationState = made
        return made
    }

    /// The observers of presentations from this controller, when any was ever added.
    var presentationObserversIfAny: ObserverList<PresentationChange>? { presentationState?.observers }

    /// Tells the observers of this controller's own presentation (``onPresentationChanges(notify:)``) of `change`.
    func notifyOwnPresentationObservers(_ change: PresentationChange) {
        presentationState?.notifyOwnPresentationObservers(change)
    }

    /// Stops telling `observer` of this controller's own presentation.
    func removeOwnPresentationObserver(_ observer: ControllerObserver) {
        presentationState?.removeOwnPresentationObserver(observer)
    }

    /// Writes into the presentation links, making their storage only to store a value (`storing`): clearing what
    /// was never set allocates nothing.
    private func updatePresentationState(storing: Bool, _ write: (PresentationState) -> Void) {
        guard storing || presentationState != nil else { return }
        write(ensurePresentationState())
    }

    var presentedStorage: UIViewController? {
        get { presentationState?.presented }
        set { updatePresentationState(storing: newValue != nil) { $0.presented = newValue } }
    }
    var presentingStorage: UIViewController? {
        get { presentationState?.presenting }
        set { updatePresentationState(storing: newValue != nil) { $0.presenting = newValue } }
    }
    var attachedWindow: UIWindow? {
        get { presentationState?.attachedWindow }
        set { updatePresentationState(storing: newValue != nil) { $0.attachedWindow = newValue } }
    }
    var presentationWindow: UIWindow? {
        get { presentationState?.presentationWindow }
        set { updatePresentationState(storing: newValue != nil) { $0.presentationWindow = newValue } }
    }
    var presentationTransition: SimTransition? {
        get { presentationState?.transition }
        set { updatePresentationState(storing: newValue != nil) { $0.transition = newValue } }
    }
    var ownPresentationController: UIPresentationController? {
        get { presentationState?.presentationController }
        set { updatePresentationState(storing: newValue != nil) { $0.presentationController = newValue } }
    }
    var modalMotion: ModalMotion? {
        get { presentationState?.modalMotion }
        set { updatePresentationState(storing: newValue != nil) { $0.modalMotion = newValue } }
    }

    /// The nib name given at creation (the simulation loads no nibs).
    public var nibName: String? { rarelyUsed?.nibName }
    /// The bundle given at creation.
    public var nibBundle: Bundle? { rarelyUsed?.nibBundle }
    /// The storyboard the controller was instantiated from, or nil.
    public internal(set) var storyboard: UIStoryboard? {
        get { rarelyUsed?.storyboard }
        set { ensureRarelyUsed().storyboard = newValue }
    }
    /// Supplies the animators of this controller's animated presentation and dismissal (not retained).
    public var transitioningDelegate: (any UIViewControllerTransitioningDelegate)? {
        get { rarelyUsed?.transitioningDelegate }
        set {
            guard newValue != nil || rarelyUsed != nil else { return }
            ensureRarelyUsed().transitioningDelegate = newValue
        }
    }

    /// UIKit's designated initializer. The simulation has no nibs: the view is a plain ``UIView`` unless
    /// ``UIViewController/loadView()`` makes another.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
        if nibNameOrNil != nil || nibBundleOrNil != nil {
            let given = ensureRarelyUsed()
            given.nibName = nibNameOrNil
            given.nibBundle = nibBundleOrNil
        }
    }

    /// Restoring from an archive: the simulation decodes nothing and makes a plain controller, so that
    /// custom controllers' `required init?(coder:)` compile and behave as when storyboards are unused.
    public required init?(coder: NSCoder) {
        super.init()
    }

    /// `init(nibName: nil, bundle: nil)`.
    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    isolated deinit {
        deallocationObserver?.observedControllerDeallocated()
        guard let rarelyUsed else { return }
        for observer in rarelyUsed.otherDeallocationObservers { observer.observedControllerDeallocated() }
        for handler in rarelyUsed.deallocationHandlers { handler() }
    }

    /// Storage of what few controllers have: a nib name or bundle, a storyboard, a transitioning delegate, a
    /// tab bar item, deallocation observers after the first, deallocation handlers. Kept apart so that every
    /// other controller is smaller by its size.
    final class RarelyUsed {
        var nibName: String?
        var nibBundle: Bundle?
        var storyboard: UIStoryboard?
        weak var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?
        var tabBarItem: UITabBarItem?
        var otherDeallocationObservers: [ControllerObserver] = []
        var deallocationHandlers: [@MainActor () -> Void] = []
    }

    func ensureRarelyUsed() -> RarelyUsed {
        if let rarelyUsed { return rarelyUsed }
        let made = RarelyUsed()
        rarelyUsed = made
        return made
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
    public var isBeingPresented: Bool { modalMotion == .beingPresented || (parent?.isBeingPresented ?? false) }
    /// True during the dismissal of this controller (or its container).
    public var isBeingDismissed: Bool { modalMotion == .beingDismissed || (parent?.isBeingDismissed ?? false) }
    /// True while the controller is being added to a container (a push).
    public var isMovingToParent: Bool { containmentMotion == .movingToParent }
    /// True while the controller is being removed from a container (a pop).
    public var isMovingFromParent: Bool { containmentMotion == .movingFromParent }

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
    /// What the tab bar shows for this controller when it is a tab (made on first access, with the title).
    open var tabBarItem: UITabBarItem {
        get {
            let storage = ensureRarelyUsed()
            if let item = storage.tabBarItem { return item }
            let made = UITabBarItem(title: title, image: nil, tag: 0)
            storage.tabBarItem = made
            return made
        }
        set { ensureRarelyUsed().tabBarItem = newValue }
    }

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

    // MARK: Responder chain

    open override var next: UIResponder? {
        if let parent { return parent }
        if let presentingStorage { return presentingStorage }
        return attachedWindow
    }

    // MARK: Presentation

    /// The controller this one, or the closest of its parents that presents something, presents.
    public var presentedViewController: UIViewController? { holderLinks?.presented }
    /// The controller that presents this one (or its container).
    public var presentingViewController: UIViewController? {
        // The presentation anchor's (the engine asks on every dismissal).
        if let anchor = topmostParent { return anchor.presentingStorage }
        return presentingStorage
    }

    /// The presentation controller for this controller's modal presentation (created on first access): a
    /// ``UIPopoverPresentationController`` for a popover or an action sheet.
    public var presentationController: UIPresentationController? {
        if let ownPresentationController { return ownPresentationController }
        let created =
            presentsAsPopover
            ? UIPopoverPresentationController(presentedViewController: self, presenting: nil)
            : UIPresentationController(presentedViewController: self)
        ownPresentationController = created
        return created
    }

    /// The popover's presentation controller, where app code sets what it points from; nil unless the
    /// controller is presented as a popover (an action sheet is one).
    public var popoverPresentationController: UIPopoverPresentationController? {
        presentsAsPopover ? presentationController as? UIPopoverPresentationController : nil
    }

    private var presentsAsPopover: Bool {
        modalPresentationStyle == .popover || (self as? UIAlertController)?.preferredStyle == .actionSheet
    }

    /// For the engine's queue: the transition running in or around this container that a change of its
    /// contents, animated or not, made now would be dropped for, wait for or cut short (S6, S23, S24), so the
    /// queue holds the change back (E19); nil for a controller that is not a container, or when UIKit would
    /// apply the change at once (E21).
    package func transitionHoldingContentChange(animated: Bool) -> SimTransition? {
        nil
    }

    /// For snapshots: whether the controller is on its way out in a dismissal that is decided (animated, or a
    /// swipe the finger let go of without cancelling). S3 keeps its links until the dismissal ends, but what it
    /// removes is gone for everything built on top (the frames it ends, a snapshot taken now, X3).
    package var isLeavingInDismissal: Bool {
        guard modalMotion == .beingDismissed, let transition = presentationTransition else { return false }
        return !transition.isInteractive && !transition.isCancelled && !transition.isFinished
    }

    /// The presentation or dismissal running where this controller presents: the only transition that makes
    /// UIKit refuse a presentation from it (S1). A push or pop does not.
    package var presentationTransitionCoordinator: SimTransition? {
        holderLinks?.transition
    }

    /// What presents this controller and what it presents, from its own links only: the public getters also
    /// walk up its parents, which a controller without a parent does not need (the engine checks every
    /// controller it presents).
    package var ownPresentationLinks: (presenting: UIViewController?, presented: UIViewController?) {
        guard let state = presentationState else { return (nil, nil) }
        return (state.presenting, state.presented)
    }

    /// For the engine's queue: the transition that a presentation from this controller (`dismissing` false), or a
    /// dismissal of what it presents (`dismissing` true), waits for, found in one walk up its presentation chain:
    /// a presentation or dismissal running anywhere in it, which UIKit refuses both for (S1); failing that, for a
    /// dismissal, a push or pop animating in what it takes away (the controllers presented above this one and
    /// their children), which it would cut short. A push or pop below it, on its own stack, holds neither (E21).
    package func transitionHoldingPresentationChange(dismissing: Bool) -> SimTransition? {
        var cutShort: SimTransition?
        var links = presentationLinks
        while true {
            if let running = links.transition { return running }
            guard let presented = links.presented else { return cutShort }
            if dismissing, cutShort == nil { cutShort = presented.stackTransitionWithin }
            links = presented.presentationLinks
        }
    }

    /// The topmost controller presented above this controller's presentation anchor, or the anchor when it presents
    /// nothing: where a presentation that goes on top of a chain is made (A11).
    package var topOfPresentationChain: UIViewController {
        var top = presentationAnchor
        while let presented = top.presentedStorage { top = presented }
        return top
    }

    /// Whether this controller presents `controller` now (a presentation it was asked for was accepted).
    package func presents(_ controller: UIViewController) -> Bool {
        presentedStorage === controller
    }

    /// A push or pop animating on this controller, when it is a navigation controller, or inside one of its
    /// children: what removing this controller would cut short.
    var stackTransitionWithin: SimTransition? {
        if let navigation = self as? UINavigationController, let running = navigation.stackTransitionCoordinator {
            return running
        }
        for child in children {
            if let running = child.stackTransitionWithin { return running }
        }
        return nil
    }

    /// ``presentedViewController`` and ``presentationTransitionCoordinator`` read together, in one walk.
    var presentationLinks: (presented: UIViewController?, transition: SimTransition?) {
        // The holder's, as `holderLinks` finds it, without holding the holder (the walk of a presentation chain reads
        // it at every step).
        if let links = presentationState?.links { return links }
        var current = parent
        while let candidate = current {
            if let links = candidate.presentationState?.links { return links }
            current = candidate.parent
        }
        return (nil, nil)
    }

    /// This controller or the closest of its parents that presents something or is mid-presentation, else
    /// the presentation anchor: the controller whose presentation this one reports and dismisses. It is the
    /// anchor unless a controller inside it defines a presentation context (S2).
    var presentationHolder: UIViewController { holderLinks?.holder ?? presentationAnchor }

    /// The closest of this controller and its parents that presents something or is mid-presentation, with what
    /// it presents and the transition running there, read in the walk that finds it: the presentation getters are
    /// hot (the engine asks them on every start and finish). Nil when none does: then the anchor, the last
    /// controller of the walk, has neither.
    private var holderLinks: (holder: UIViewController, presented: UIViewController?, transition: SimTransition?)? {
        var current: UIViewController? = self
        while let candidate = current {
            if let links = candidate.presentationState?.links { return (candidate, links.presented, links.transition) }
            current = candidate.parent
        }
        return nil
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
        if let tabs = self as? UITabBarController, let transition = tabs.tabTransition { return transition }
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
        present(viewControllerToPresent, animated: flag, restoring: false, completion: completion)
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
}
