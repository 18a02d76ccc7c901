// The UIKit that route-based coordinator libraries call (XCoordinator 2.2.1 and apps written against it), in
// their call shapes: an app file like this one compiles against SimUIKit with `import UIKit` replaced by
// `import SimUIKit`. The library's own types come with its adapter; the small stand-ins below have the
// shapes app code meets (an animation object that is the transitioning delegate, animations made from a
// closure, a navigation delegate that asks the controllers' transitioning delegates).
import SimUIKit
import SimulationTesting
import Testing

// MARK: Stand-ins with the library's shapes

@MainActor
protocol ShapeTransitionAnimation: UIViewControllerAnimatedTransitioning {
    var interactionController: ShapePercentDrivenInteraction? { get }
    func start()
    func cleanup()
}

@MainActor
protocol ShapePercentDrivenInteraction: UIViewControllerInteractiveTransitioning {
    func update(_ percentComplete: CGFloat)
    func cancel()
    func finish()
}

extension UIPercentDrivenInteractiveTransition: ShapePercentDrivenInteraction {}

/// An animation pair that is the presented controller's transitioning delegate.
@MainActor
final class ShapeAnimation: NSObject, UIViewControllerTransitioningDelegate {
    var presentationAnimation: ShapeTransitionAnimation?
    var dismissalAnimation: ShapeTransitionAnimation?

    init(presentation: ShapeTransitionAnimation?, dismissal: ShapeTransitionAnimation?) {
        presentationAnimation = presentation
        dismissalAnimation = dismissal
    }

    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        presentationAnimation
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        dismissalAnimation
    }

    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning?
    {
        presentationAnimation?.interactionController
    }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning?
    {
        dismissalAnimation?.interactionController
    }
}

/// An animation made from a closure, interactive once `start()` made its interaction controller.
@MainActor
class ShapeInteractiveAnimation: NSObject, ShapeTransitionAnimation {
    private let duration: TimeInterval
    private let animation: @MainActor (UIViewControllerContextTransitioning) -> Void
    private(set) var interactionController: ShapePercentDrivenInteraction?

    init(duration: TimeInterval, transition: @escaping @MainActor (UIViewControllerContextTransitioning) -> Void) {
        self.duration = duration
        animation = transition
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        animation(transitionContext)
    }

    func start() { interactionController = UIPercentDrivenInteractiveTransition() }
    func cleanup() { interactionController = nil }
}

/// An animation whose work is a property animator (an interruptible transition).
@MainActor
final class ShapeInterruptibleAnimation: ShapeInteractiveAnimation {
    private let makeAnimator: @MainActor (UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating
    private var running: UIViewImplicitlyAnimating?

    init(
        duration: TimeInterval,
        generateAnimator: @escaping @MainActor (UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating
    ) {
        makeAnimator = generateAnimator
        super.init(duration: duration, transition: { _ in })
    }

    override func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: transitionContext).startAnimation()
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning)
        -> UIViewImplicitlyAnimating
    {
        if let running { return running }
        let animator = makeAnimator(transitionContext)
        animator.addCompletion { [weak self] position in
            switch position {
            case .start, .end: self?.running = nil
            case .current: break
            }
        }
        running = animator
        return animator
    }
}

/// A navigation delegate that takes each push's and pop's animation from the controllers' transitioning
/// delegates, and lets a screen-edge recognizer drive the pop.
@MainActor
final class ShapeNavigationAnimationDelegate: NSObject, UINavigationControllerDelegate {
    private(set) var shown: [String] = []

    func forgetShown() { shown.removeAll() }

    func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? {
        (animationController as? ShapeTransitionAnimation)?.interactionController
    }

    func navigationController(
        _ navigationController: UINavigationController,
        animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        switch operation {
        case .push:
            return toVC.transitioningDelegate?.animationController(
                forPresented: toVC, presenting: navigationController, source: fromVC)
        case .pop:
            return fromVC.transitioningDelegate?.animationController(forDismissed: fromVC)
        case .none:
            return nil
        }
    }

    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {
        shown.append(viewController.title ?? "?")
    }
}

/// Pages in order, the shape of a page coordinator's data source.
@MainActor
final class ShapePageDataSource: NSObject, UIPageViewControllerDataSource {
    var pages: [UIViewController]

    init(pages: [UIViewController]) { self.pages = pages }

    func presentationCount(for pageViewController: UIPageViewController) -> Int {
        (pageViewController.viewControllers?.isEmpty ?? true) ? 0 : pages.count
    }

    func presentationIndex(for pageViewController: UIPageViewController) -> Int {
        guard let shown = pageViewController.viewControllers?.first else { return 0 }
        return pages.firstIndex(of: shown) ?? 0
    }

    func pageViewController(
        _ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController
    )
        -> UIViewController?
    {
        guard let index = pages.firstIndex(of: viewController), index > 0 else { return nil }
        return pages[index - 1]
    }

    func pageViewController(
        _ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController
    )
        -> UIViewController?
    {
        guard let index = pages.firstIndex(of: viewController), index + 1 < pages.count else { return nil }
        return pages[index + 1]
    }
}

// MARK: An app's animations, in the example app's call shapes

extension CGAffineTransform {
    mutating func turn(by angle: CGFloat) { self = rotated(by: angle) }
    mutating func shrink(by factor: CGFloat) { self = scaledBy(x: factor, y: factor) }
}

extension UIColor {
    fileprivate static func anyColor(alpha: CGFloat? = 1) -> UIColor {
        UIColor(
            red: CGFloat.random(in: 0...1), green: CGFloat.random(in: 0...1), blue: CGFloat.random(in: 0...1),
            alpha: alpha ?? CGFloat.random(in: 0...1))
    }
}

@MainActor
enum ShapeAnimations {
    static let duration: TimeInterval = 0.3

    /// Slides the new screen in from the right, the old one a little to the left.
    static let slideIn = ShapeInteractiveAnimation(duration: duration) { context in
        let toView = context.view(forKey: .to)!
        let fromView = context.view(forKey: .from)!
        var start = fromView.frame
        start.origin.x += start.width
        context.containerView.addSubview(toView)
        context.containerView.bringSubviewToFront(toView)
        toView.frame = start
        UIView.animate(
            withDuration: duration, delay: 0, options: [.curveEaseOut],
            animations: {
                fromView.frame.origin.x -= fromView.frame.width / 3
                toView.frame = fromView.frame
            },
            completion: { _ in
                context.completeTransition(!context.transitionWasCancelled)
            })
    }

    /// Uncovers the screen below as the top one slides out.
    static let slideOut = ShapeInteractiveAnimation(duration: duration) { context in
        let toView = context.view(forKey: .to)!
        let fromView = context.view(forKey: .from)!
        context.containerView.addSubview(toView)
        context.containerView.sendSubviewToBack(toView)
        UIView.animate(
            withDuration: duration,
            animations: {
                fromView.frame.origin.x += fromView.frame.width
            },
            completion: { _ in
                context.completeTransition(!context.transitionWasCancelled)
            })
    }

    /// Grows the new screen from a point while it fades in, with a property animator.
    static let grow = ShapeInterruptibleAnimation(duration: duration) { context in
        let containerView = context.containerView
        let toView = context.view(forKey: .to)!
        let fromView = context.view(forKey: .from)!
        containerView.backgroundColor = .white
        toView.transform = CGAffineTransform(scaleX: 0.01, y: 0.01)
        toView.alpha = 0
        containerView.addSubview(toView)
        fromView.layer.masksToBounds = true
        let animator = UIViewPropertyAnimator(duration: duration, curve: .easeInOut) {
            toView.transform = .identity
            toView.transform.turn(by: .pi / 2)
            toView.transform.shrink(by: 1)
            toView.alpha = 1
        }
        animator.addCompletion { _ in
            fromView.alpha = 1
            context.completeTransition(!context.transitionWasCancelled)
        }
        return animator
    }

    static let navigation = ShapeAnimation(presentation: slideIn, dismissal: slideOut)
    static let sheet = ShapeAnimation(presentation: grow, dismissal: slideOut)
}

// MARK: The shapes at work

@MainActor
@Suite("Route-based libraries' UIKit calls", .cleanSimulatedWorld)
struct RouteLibraryCallShapesTests {
    let loop = SimRunLoop.main

    /// A window showing a navigation controller whose delegate takes animations from the controllers.
    private func animatedNavigation() -> (UIWindow, UINavigationController, ShapeNavigationAnimationDelegate) {
        let navigation = UINavigationController(rootViewController: UIViewController())
        let delegate = ShapeNavigationAnimationDelegate()
        navigation.delegate = delegate
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        // The navigation controller appearing told its delegate didShow of its root (S7): start from there.
        delegate.forgetShown()
        return (window, navigation, delegate)
    }

    @Test(
        "S22, S23: a push wrapped in a CATransaction, animated by the pushed screen's animation, completes after didShow"
    )
    func transactionAroundCustomPush() {
        let (window, navigation, delegate) = animatedNavigation()
        let detail = UIViewController()
        detail.title = "Detail"
        detail.view.backgroundColor = .anyColor()
        detail.transitioningDelegate = ShapeAnimations.navigation
        var completed: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { completed.append(delegate.shown.joined()) }
        autoreleasepool {
            navigation.pushViewController(detail, animated: true)
        }
        CATransaction.commit()
        loop.advance(by: ShapeAnimations.duration - 0.01)
        #expect(completed.isEmpty)
        loop.advance(by: 0.01)
        #expect(completed == ["Detail"])
        #expect(navigation.topViewController === detail)
        loop.runUntilIdle()
        _ = window
    }

    @Test(
        "S23, S24: a coordinator's screen-edge recognizer drives an interactive pop through the percent-driven controller"
    )
    func recognizerDrivenPop() {
        let (window, navigation, delegate) = animatedNavigation()
        let detail = UIViewController()
        detail.transitioningDelegate = ShapeAnimations.navigation
        navigation.pushViewController(detail, animated: false)
        loop.runUntilIdle()
        let pop = ShapeAnimations.slideOut
        let recognizer = UIScreenEdgePanGestureRecognizer()
        recognizer.edges = .left
        navigation.view.addGestureRecognizer(recognizer)
        recognizer.addTarget { [weak navigation] gesture in
            guard let recognizer = gesture as? UIPanGestureRecognizer else { return }
            let progress = min(
                max(recognizer.translation(in: recognizer.view?.superview).x / UIScreen.main.bounds.width, 0), 1)
            switch recognizer.state {
            case .began:
                pop.start()
                navigation?.popViewController(animated: true)
            case .changed:
                pop.interactionController?.update(progress)
            case .ended:
                if recognizer.velocity(in: recognizer.view).x > UIScreen.main.bounds.width / 2 || progress > 0.5 {
                    pop.interactionController?.finish()
                } else {
                    pop.interactionController?.cancel()
                }
                pop.cleanup()
            case .cancelled:
                pop.interactionController?.cancel()
                pop.cleanup()
            case .possible, .failed:
                break
            }
        }
        #expect(recognizer.simulateBegan())
        #expect(navigation.transitionCoordinator?.isInteractive == true)
        recognizer.simulateChanged(translation: CGPoint(x: 100, y: 0))
        recognizer.simulateEnded(velocity: .zero)
        loop.runUntilIdle()
        #expect(navigation.viewControllers.count == 2, "let go early: the pop is cancelled")
        recognizer.simulateBegan()
        recognizer.simulateChanged(translation: CGPoint(x: 300, y: 0))
        recognizer.simulateEnded(velocity: CGPoint(x: 800, y: 0))
        loop.runUntilIdle()
        #expect(navigation.viewControllers.count == 1)
        #expect(
            delegate.shown.count == 3,
            "didShow for the push, the cancelled pop (the controller that stays, S7) and the pop that happened")
        _ = window
    }

    @Test(
        "S23, S24: a sheet presented with a property-animator animation, dismissed with a closure one; the app opens a URL"
    )
    func propertyAnimatorPresentation() {
        let root = UIViewController()
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = root
        window.makeKeyAndVisible()
        let sheet = UIViewController()
        sheet.modalPresentationStyle = .fullScreen
        sheet.transitioningDelegate = ShapeAnimations.sheet
        var presented = false
        root.present(sheet, animated: true) { presented = true }
        loop.runUntilIdle()
        #expect(presented && sheet.view.alpha == 1 && sheet.view.transform != .identity)
        sheet.dismiss(animated: true) {
            UIApplication.shared.open(URL(string: "https://example.com/")!)
        }
        #expect(root.presentedViewController === sheet && sheet.isBeingDismissed)
        loop.runUntilIdle()
        #expect(root.presentedViewController == nil)
        #expect(UIApplication.shared.openedURLs.count == 1)
    }

    @Test(
        "S24: a page coordinator's shapes: pages set with a direction and a completion, a data source that finds pages by equality"
    )
    func pages() {
        let pages = [UIViewController(), UIViewController()]
        let pageViewController = UIPageViewController(
            transitionStyle: .scroll, navigationOrientation: .horizontal, options: nil)
        let dataSource = ShapePageDataSource(pages: pages)
        pageViewController.dataSource = dataSource
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = pageViewController
        window.makeKeyAndVisible()
        var finished: [Bool] = []
        pageViewController.setViewControllers([pages[0]], direction: .forward, animated: false) { finished.append($0) }
        loop.runUntilIdle()
        #expect(dataSource.presentationIndex(for: pageViewController) == 0)
        #expect(pageViewController.simulateSwipe(.forward))
        loop.runUntilIdle()
        pageViewController.setViewControllers([pages[0]], direction: .reverse, animated: true) { finished.append($0) }
        loop.runUntilIdle()
        #expect(finished == [true, true])
        #expect(dataSource.presentationIndex(for: pageViewController) == 0)
    }

    @Test("S24: an app coordinator made before any window is key waits for UIWindow.didBecomeKeyNotification")
    func waitsForKeyWindow() {
        let tabItem = UITabBarItem(tabBarSystemItem: .recents, tag: 0)
        #expect(tabItem.systemItem == .recents)
        let waiter = KeyWindowWaiter()
        #expect(waiter.keyWindow == nil)
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = UIViewController()
        window.makeKeyAndVisible()
        #expect(waiter.keyWindow === window)
    }
}

/// Waits for a key window as an app coordinator made at launch does.
@MainActor
private final class KeyWindowWaiter {
    private(set) weak var keyWindow: UIWindow?
    private var observer: NSObjectProtocol?

    init() {
        observer = NotificationCenter.default.addObserver(
            forName: UIWindow.didBecomeKeyNotification, object: nil, queue: nil
        ) { [weak self] notification in
            let window = notification.object as? UIWindow
            MainActor.assumeIsolated { self?.keyWindow = window }
        }
    }

    isolated deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }
}
