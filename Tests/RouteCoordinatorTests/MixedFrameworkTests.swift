import CoordinatorBridge
@_spi(Testing) import Insecurity
@_spi(Testing) import ResponderCoordinator
import RouteCoordinator
import SimulationTesting
import TestSupport
import Testing

enum MixedRoute: Route {
    case push, pop, insecurity
}

/// A route coordinator on a navigation controller other coordinators also use.
@MainActor
final class MixedRouteCoordinator: RouteCoordinator.NavigationCoordinator<MixedRoute> {
    var insecurityResults: [String] = []

    override func prepareTransition(for route: MixedRoute) -> NavigationTransition {
        switch route {
        case .push: return .push(titled("Route B"))
        case .pop: return .pop()
        case .insecurity:
            // An Insecurity flow pushed from a route, as an app embeds one mid-journey (A5).
            return NavigationTransition(presentables: [], animationInUse: nil) {
                [unowned self] root, options, completion in
                InsecurityEmbedding.start(InsecurityStep("Insecurity D"), on: root, animated: options.animated) {
                    self.insecurityResults.append($0.value ?? "dismissed")
                }
                completion?()
            }
        }
    }
}

/// An Insecurity coordinator pushing one screen.
@MainActor
final class InsecurityStep: Insecurity.NavigationCoordinator<String> {
    let name: String

    init(_ name: String) {
        self.name = name
        super.init()
    }

    override var viewController: UIViewController { titled(name) }
}

/// An Insecurity coordinator whose screen is a route coordinator's navigation controller.
@MainActor
final class RouteFlowInInsecurity: ModalCoordinator<Void> {
    let route = MixedRouteCoordinator(root: titled("Inner root"))

    override var viewController: UIViewController { route.rootViewController }
}

@MainActor
@Suite(
    "A12, A2, A5: route, ResponderCoordinator and Insecurity coordinators on one navigation controller",
    .cleanSimulatedWorld)
struct MixedFrameworkTests {
    let loop = SimRunLoop.main
    let window = UIWindow()
    let invariants = InsecurityInvariants()

    private func expectSettled(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(invariants.violations(windows: [window], settled: true) == [], sourceLocation: sourceLocation)
        #expect(
            ResponderCoordinatorInvariants().violations(windows: [window], settled: true) == [],
            sourceLocation: sourceLocation)
    }

    @Test(
        "A12, A2, A3: the three share one stack; each one's screens leave by the user's Back or another's pop, and each hears it"
    )
    func oneStackThreeFrameworks() {
        let navigation = UINavigationController(rootViewController: titled("Home"))
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let legacy = ResponderCoordinator.NavigationCoordinator(rootViewController: navigation)
        let route = MixedRouteCoordinator(rootViewController: navigation)
        expectNoWarningsOrDiagnostics {
            legacy.start()
            legacy.show(titled("Legacy A"))
            route.trigger(.push)
            legacy.show(titled("Legacy C"))
            route.trigger(.insecurity)
            loop.runUntilIdle()
        }
        #expect(navigation.viewControllers.map(\.title) == ["Home", "Legacy A", "Route B", "Legacy C", "Insecurity D"])
        expectSettled()
        expectNoWarningsOrDiagnostics {
            #expect(navigation.simulateBackButtonTap())
            loop.runUntilIdle()
        }
        #expect(route.insecurityResults == ["dismissed"], "the Insecurity flow heard the user's Back")
        expectNoWarningsOrDiagnostics {
            #expect(navigation.simulateBackButtonTap())
            loop.runUntilIdle()
        }
        #expect(legacy.viewControllers.map(\.title) == ["Legacy A"], "the legacy coordinator heard the Back")
        expectNoWarningsOrDiagnostics {
            route.trigger(.pop)
            loop.runUntilIdle()
        }
        #expect(navigation.viewControllers.map(\.title) == ["Home", "Legacy A"])
        expectSettled()
        legacy.stop()
    }

    @Test(
        "A12, A5: a route coordinator runs inside an Insecurity chain, and an Insecurity flow inside a route coordinator"
    )
    func nestedBothWays() {
        let home = titled("Home")
        window.rootViewController = home
        window.makeKeyAndVisible()
        let flow = RouteFlowInInsecurity()
        var result: CoordinatorResult<Void>?
        expectNoWarningsOrDiagnostics {
            InsecurityEmbedding.start(flow, on: home, animated: true) { result = $0 }
            loop.runUntilIdle()
            flow.route.trigger(.push)
            flow.route.trigger(.insecurity)
            loop.runUntilIdle()
        }
        let inner = flow.route.rootViewController
        #expect(home.presentedViewController === inner)
        #expect(inner.viewControllers.map(\.title) == ["Inner root", "Route B", "Insecurity D"])
        expectSettled()
        expectNoWarningsOrDiagnostics {
            // The user swipes the whole flow away: the Insecurity chain inside it ends with it.
            #expect(inner.simulateInteractiveDismissal())
            loop.runUntilIdle()
        }
        #expect(result != nil && result?.value == nil, "the outer Insecurity coordinator ended, dismissed")
        #expect(flow.route.insecurityResults == ["dismissed"])
        expectSettled()
    }
}
