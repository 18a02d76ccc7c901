import RouteCoordinator
import SimulationTesting
import TestSupport
import Testing

// Code in the shapes XCoordinator's example app writes it (its own Transition extensions, interruptible
// and closure animations over the view layer, a router as the app delegate's root), compiled and run here.

let exampleDuration: TimeInterval = 0.35

extension CGFloat {
    static let tiny: CGFloat = 0.0001
}

extension Transition {
    /// The example app's own full-screen presentation.
    static func presentFullScreen(_ presentable: Presentable, animation: Animation? = nil) -> Transition {
        presentable.viewController?.modalPresentationStyle = .fullScreen
        return .present(presentable, animation: animation)
    }

    /// The example app's own dismissal of everything the root presents, one level at a time, in UIKit calls.
    static func dismissAll() -> Transition {
        Transition(presentables: [], animationInUse: nil) { rootViewController, options, completion in
            guard let presented = rootViewController.presentedViewController else {
                completion?()
                return
            }
            presented.dismiss(animated: options.animated) {
                Transition.dismissAll().perform(on: rootViewController, with: options, completion: completion)
            }
        }
    }
}

/// Counts the runs of the example-shaped animations.
@MainActor
enum AnimationRuns {
    static var swirls = 0
    static var slides = 0
}

extension Animation {
    static let swirl = Animation(presentation: InterruptibleTransitionAnimation.swirl, dismissal: nil)
    static let slide = Animation(
        presentation: InteractiveTransitionAnimation.slide, dismissal: InteractiveTransitionAnimation.slide)
}

extension InterruptibleTransitionAnimation {
    fileprivate static let swirl = InterruptibleTransitionAnimation(duration: exampleDuration) { context in
        AnimationRuns.swirls += 1
        let toView = context.view(forKey: .to)!
        let fromView = context.view(forKey: .from)!
        context.containerView.backgroundColor = .white
        toView.transform = CGAffineTransform(scaleX: .tiny, y: .tiny)
        toView.alpha = 0
        context.containerView.addSubview(toView)
        context.containerView.bringSubviewToFront(toView)
        let animator = UIViewPropertyAnimator(duration: exampleDuration, curve: .easeInOut) {
            toView.transform = CGAffineTransform.identity.rotated(by: .pi - .tiny)
            toView.alpha = 1
            fromView.alpha = 0
        }
        animator.addCompletion { _ in
            fromView.alpha = 1
            context.completeTransition(!context.transitionWasCancelled)
        }
        return animator
    }
}

extension InteractiveTransitionAnimation {
    fileprivate static let slide = InteractiveTransitionAnimation(duration: exampleDuration) { context in
        AnimationRuns.slides += 1
        let toView: UIView = context.view(forKey: .to)!
        let fromView: UIView = context.view(forKey: .from)!
        var start = fromView.frame
        start.origin.y += start.height
        context.containerView.addSubview(toView)
        toView.frame = start
        UIView.animate(
            withDuration: exampleDuration,
            animations: {
                toView.frame = fromView.frame
            },
            completion: { _ in
                context.completeTransition(!context.transitionWasCancelled)
            })
    }
}

enum ShapesRoute: Route {
    case detail, sheet, fullScreen, closeAll
}

@MainActor
final class ShapesCoordinator: NavigationCoordinator<ShapesRoute> {
    init() {
        super.init(root: titled("Root"))
    }

    override func prepareTransition(for route: ShapesRoute) -> NavigationTransition {
        switch route {
        case .detail: .push(titled("Detail"), animation: .swirl)
        case .sheet: .present(titled("Sheet"), animation: .slide)
        case .fullScreen: .presentFullScreen(titled("Cover"), animation: .slide)
        case .closeAll: .dismissAll()
        }
    }
}

/// The example's app delegate, as written: its launch code sets an appearance proxy, then the root.
@MainActor
final class ShapesAppDelegate: UIResponder, UIApplicationDelegate {
    private lazy var mainWindow = UIWindow()
    private let router = ShapesCoordinator().strongRouter

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        configureUI()
        router.setRoot(for: mainWindow)
        return true
    }

    var window: UIWindow { mainWindow }

    private func configureUI() {
        UIView.appearance().overrideUserInterfaceStyle = .light
    }
}

@MainActor
@Suite("A12: code in the example app's shapes compiles and runs", .cleanSimulatedWorld)
struct ExampleAppShapesTests {
    @Test("A12: the example's launch code (an appearance proxy, then setRoot(for:)) compiles and shows the root")
    func exampleLaunch() {
        let delegate = ShapesAppDelegate()
        expectNoWarningsOrDiagnostics {
            #expect(delegate.application(UIApplication.shared, didFinishLaunchingWithOptions: nil))
            SimRunLoop.main.runUntilIdle()
        }
        #expect(UIView.appearance().overrideUserInterfaceStyle == .light)
        #expect((delegate.window.rootViewController as? UINavigationController)?.viewControllers.map(\.title) == ["Root"])
    }

    @Test("A12, S23, S24: an app's own transitions and view-layer animations run through the adapter")
    func exampleShapes() {
        AnimationRuns.swirls = 0
        AnimationRuns.slides = 0
        let window = UIWindow()
        let router = ShapesCoordinator().strongRouter
        let loop = SimRunLoop.main
        expectNoWarningsOrDiagnostics {
            router.setRoot(for: window)
            loop.runUntilIdle()
            router.trigger(.detail)
            router.trigger(.sheet)
            router.trigger(.fullScreen)
            loop.runUntilIdle()
        }
        let navigation = window.rootViewController as? UINavigationController
        #expect(navigation?.viewControllers.map(\.title) == ["Root", "Detail"])
        #expect(navigation?.presentedViewController?.title == "Sheet")
        #expect(navigation?.presentedViewController?.presentedViewController?.title == "Cover")
        #expect(navigation?.presentedViewController?.presentedViewController?.modalPresentationStyle == .fullScreen)
        #expect(AnimationRuns.swirls == 1 && AnimationRuns.slides == 2)
        var closed = false
        expectNoWarningsOrDiagnostics {
            router.trigger(.closeAll) { closed = true }
            loop.runUntilIdle()
        }
        #expect(closed)
        #expect(navigation?.presentedViewController == nil)
    }
}
