import Foundation

/// An image, known by name only (the simulation draws nothing).
public struct UIImage: Sendable, Hashable {
    public let name: String

    public init?(named name: String) { self.name = name }
    public init?(systemName name: String) { self.name = name }
}

/// A tab's title and image in the tab bar.
@MainActor
open class UITabBarItem {
    open var title: String?
    open var image: UIImage?
    open var tag: Int
    /// The small text over the tab, such as an item count.
    open var badgeValue: String?

    /// The system's standard tab items.
    public enum SystemItem: Int, Sendable {
        case more, favorites, featured, topRated, recents, contacts, history, bookmarks, search, downloads,
            mostRecent, mostViewed
    }

    /// The system item this tab shows, if it was made with ``init(tabBarSystemItem:tag:)``.
    public private(set) var systemItem: SystemItem?

    public init(title: String?, image: UIImage?, tag: Int) {
        self.title = title
        self.image = image
        self.tag = tag
    }

    /// A standard system tab item.
    public convenience init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
        self.init(title: nil, image: nil, tag: tag)
        self.systemItem = systemItem
    }
}

/// Told when the user taps a tab, and asked for custom transition animators (S23). Every method is optional,
/// as in UIKit.
@MainActor
public protocol UITabBarControllerDelegate: AnyObject {
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
    /// The animator of a switch from `fromVC` to `toVC` (programmatic or tapped), or nil for none.
    func tabBarController(
        _ tabBarController: UITabBarController,
        animationControllerForTransitionFrom fromVC: UIViewController,
        to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)?
    /// The object that drives a custom switch interactively, asked only when an animator was returned.
    func tabBarController(
        _ tabBarController: UITabBarController,
        interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)?
}

extension UITabBarControllerDelegate {
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController)
        -> Bool
    { true }
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
    public func tabBarController(
        _ tabBarController: UITabBarController,
        animationControllerForTransitionFrom fromVC: UIViewController,
        to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func tabBarController(
        _ tabBarController: UITabBarController,
        interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)? { nil }
}

/// A container that shows one of its controllers at a time, chosen with the tab bar (S13).
///
/// Every tab is a child and keeps its own state (a tab's navigation stack survives switching away and
/// back). Switching tabs ends nothing: the two tabs' shown controllers get their appearance callbacks
/// in the order logged on devices (new `viewWillAppear`, old `viewWillDisappear`, old `viewDidDisappear`,
/// new `viewDidAppear`; S19).
/// A tab bar controller: one controller (often a navigation controller) per tab, each kept while another is
/// shown (S13). A switch calls the new tab's `viewWillAppear` first and its `viewDidAppear` last, the order
/// device logs record (S19); only a user's tap (`simulateTabTap`) is reported to the delegate. It presents
/// like any container (S2).
@MainActor
open class UITabBarController: UIViewController {
    /// Told about taps on tabs (not about programmatic selection, as in UIKit); not retained.
    public weak var delegate: (any UITabBarControllerDelegate)?
    private var selected: UIViewController?
    /// A custom switch animating now (S23).
    var tabTransition: SimTransition?

    /// The tabs, in order. Setting it selects the previously selected controller if it is still a tab, else
    /// the tab at the previously selected index, else the first tab.
    open var viewControllers: [UIViewController]? {
        get { children.isEmpty ? nil : children }
        set { setViewControllers(newValue, animated: false) }
    }

    /// Replaces the tabs, selecting as ``viewControllers`` does. When the selection changes on screen and
    /// `animated` is true, the switch runs as a selection's does: through the delegate's animation controller,
    /// if it gives one (iOS 26.1 UIKitCore, `_setViewControllers:animated:` selects through
    /// `setSelectedIndex:`, outside `performWithoutAnimation:` only when animated).
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        let tabs = viewControllers ?? []
        let old = selected
        let oldIndex = children.firstIndex { $0 === old }
        let kept =
            tabs.first { $0 === old } ?? oldIndex.flatMap { tabs.indices.contains($0) ? tabs[$0] : nil } ?? tabs.first
        switchTab(to: kept, tabs: tabs, animated: animated)
    }

    /// Selects `new` among `tabs` (the tabs stay, or `setViewControllers` replaces them): through the
    /// delegate's animation controller when `animated`, on screen, and the delegate gives one; at once
    /// otherwise.
    private func switchTab(to new: UIViewController?, tabs: [UIViewController], animated: Bool) {
        if animated, let old = selected, let new, new !== old, isOnScreen,
            let animator = delegate?.tabBarController(self, animationControllerForTransitionFrom: old, to: new)
        {
            tabTransition?.end()
            runCustomSwitch(from: old, to: new, animator: animator, tabs: tabs)
        } else {
            changeContainedChildren(to: tabs) { selected = new }
        }
    }

    /// The shown tab.
    open var selectedViewController: UIViewController? {
        get { selected }
        set {
            guard let newValue, newValue !== selected else { return }
            guard children.contains(where: { $0 === newValue }) else {
                SimWarnings.emit("\(newValue.simDescription) is not a tab of \(simDescription) and cannot be selected.")
                return
            }
            tabTransition?.end()
            switchTab(to: newValue, tabs: children, animated: true)
        }
    }

    /// A switch the delegate animates to `tabs`: the selection changes at once, the two tabs' appearance callbacks span the transition, and a cancelled
    /// transition selects the old tab again if it is still a tab (unsourced: a replaced one cannot be).
    private func runCustomSwitch(
        from old: UIViewController, to new: UIViewController, animator: any UIViewControllerAnimatedTransitioning,
        tabs: [UIViewController]
    ) {
        let interaction = delegate?.tabBarController(self, interactionControllerFor: animator)
        var change: ContainedChange?
        let transition = SimTransition(
            from: old, to: new, animated: true, duration: animator.transitionDuration(using: nil)
        ) { [weak self] transition in
            guard let self else { return }
            if tabTransition === transition { tabTransition = nil }
            if transition.isCancelled, children.contains(where: { $0 === old }) {
                if selected === new { selected = old }
                change?.finishCancelled()
            } else {
                change?.finish(in: self)
            }
        }
        transition.prepare(animatedBy: animator, interaction: interaction)
        // The transition is the tab bar's before the appearance callbacks begin, so they can join it.
        tabTransition = transition
        changeContainedChildren(to: tabs, update: { selected = new }, animated: true, spanning: { change = $0 })
        transition.run()
    }

    /// The index of the shown tab, or `NSNotFound` when there are no tabs.
    open var selectedIndex: Int {
        get { children.firstIndex { $0 === selected } ?? NSNotFound }
        set {
            guard children.indices.contains(newValue) else {
                SimWarnings.emit(
                    "Tab index \(newValue) is out of range for \(simDescription) (\(children.count) tabs).")
                return
            }
            selectedViewController = children[newValue]
        }
    }

    override var appearanceChildren: [UIViewController] { selected.map { [$0] } ?? [] }

    /// A custom switch still animating: a new selection would end it at once (S23).
    package override func transitionHoldingContentChange(animated: Bool) -> SimTransition? {
        tabTransition
    }

    override func detach(_ child: UIViewController) {
        super.detach(child)
        if child === selected { selected = children.first }
    }

    /// Simulates the user tapping tab `index`. The delegate may refuse; tapping the shown tab pops its
    /// navigation controller to the root, as UIKit does. Returns false when the tab bar cannot be tapped
    /// (no such tab, not on screen, covered by a presented controller) or the delegate refused.
    @discardableResult
    public func simulateTabTap(_ index: Int) -> Bool {
        guard children.indices.contains(index), isOnScreen, presentationAnchor.presentedStorage == nil else {
            return false
        }
        let tab = children[index]
        if delegate?.tabBarController(self, shouldSelect: tab) == false { return false }
        if tab === selected {
            (tab as? UINavigationController)?.popToRootViewController(animated: true)
        } else {
            selectedViewController = tab
        }
        delegate?.tabBarController(self, didSelect: tab)
        return true
    }
}
