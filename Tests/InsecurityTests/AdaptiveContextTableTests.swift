import Insecurity
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// Seed 000's tables, row by row, on modal and navigation parents (E6).
@MainActor
@Suite("Adaptive contexts (seed 000 tables)", .cleanSimulatedWorld)
struct AdaptiveContextTableTests {
    enum Parent: String, CaseIterable, Sendable {
        case modalCoordinator, navigationCoordinator, adaptivePresented, adaptivePushed

        var isPushed: Bool { self == .navigationCoordinator || self == .adaptivePushed }
    }

    enum Context: String, CaseIterable, Sendable {
        case any, current, modal, navigationNew, navigationFallback
    }

    enum Outcome: Equatable {
        /// Presented on top of the parent's context.
        case presented
        /// Pushed onto the parent's navigation controller.
        case pushed
        /// Root of a new navigation controller presented on top of the parent's context.
        case presentedInNewNavigation
    }

    /// The tables: "Parent is presented via present / via push" -> "Child will be presented".
    static func expected(_ context: Context, _ parent: Parent) -> Outcome {
        switch context {
        case .any, .current: parent.isPushed ? .pushed : .presented
        case .modal: .presented
        case .navigationNew: .presentedInNewNavigation
        case .navigationFallback: parent.isPushed ? .pushed : .presentedInNewNavigation
        }
    }

    @Test(
        "E6: each row of .any/.current, .modal, .navigation(new:), .navigation(fallback:)", arguments: Context.allCases,
        Parent.allCases)
    func tableRow(context: Context, parent: Parent) {
        let loop = SimRunLoop.main
        let (scene, navigation) = Scene.navigation()
        let (host, parentNavigation, parentController) = Self.start(parent, on: navigation)
        #expect((parentController()?.parent === navigation) == parent.isPushed)

        var fallbackEvaluations = 0
        func makeFallback() -> UINavigationController {
            fallbackEvaluations += 1
            return UINavigationController()
        }
        let adaptiveContext: AdaptiveContext =
            switch context {
            case .any: .any
            case .current: .current
            case .modal: .modal
            case .navigationNew: .navigation(new: UINavigationController())
            case .navigationFallback: .navigation(fallback: makeFallback())
            }
        let child = AdaptiveScreen("Child")
        parentNavigation.start(child, in: adaptiveContext, animated: true) { _ in }
        loop.runUntilIdle()

        let childController = child.controller
        let outcome = Self.outcome(of: childController, in: navigation)
        #expect(outcome == Self.expected(context, parent))
        if context == .navigationFallback {
            #expect(
                fallbackEvaluations == (parent.isPushed ? 0 : 1),
                "the fallback autoclosure is evaluated only without a navigation controller")
        }
        if outcome != .pushed {
            let presenter = parent.isPushed ? navigation : parentController()
            #expect(
                childController.map { ($0.parent ?? $0).presentingViewController === presenter } == true,
                "presented on top of the parent's context")
        }
        _ = (scene, host)
    }

    /// Starts a parent of the given sort on a host of `navigation`: the host, the parent's navigation and a
    /// way to reach its controller.
    static func start(_ parent: Parent, on navigation: UINavigationController) -> (
        InsecurityHost, any AdaptiveNavigation, () -> UIViewController?
    ) {
        switch parent {
        case .modalCoordinator:
            let host = InsecurityHost(modal: navigation)
            let coordinator = ModalScreen("Parent")
            host.start(coordinator, animated: false) { _ in }
            return (host, coordinator.navigation, { coordinator.controller })
        case .navigationCoordinator:
            let host = InsecurityHost(navigation: navigation)
            let coordinator = PushScreen("Parent")
            host.start(coordinator, animated: false) { _ in }
            return (host, coordinator.navigation, { coordinator.controller })
        case .adaptivePresented, .adaptivePushed:
            let host =
                parent == .adaptivePushed ? InsecurityHost(navigation: navigation) : InsecurityHost(modal: navigation)
            let coordinator = AdaptiveScreen("Parent")
            host.start(coordinator, in: .any, animated: false) { _ in }
            return (host, coordinator.navigation, { coordinator.controller })
        }
    }

    /// How UIKit shows `childController`: pushed onto `navigation`, presented in a new navigation controller,
    /// presented, or not at all.
    static func outcome(of childController: UIViewController?, in navigation: UINavigationController) -> Outcome? {
        if childController?.parent === navigation { return .pushed }
        if let newNavigation = childController?.parent as? UINavigationController,
            newNavigation.presentingViewController != nil
        {
            return .presentedInNewNavigation
        }
        return childController?.presentingViewController != nil ? .presented : nil
    }

    @Test("E6: start without a context means .any")
    func defaultContext() {
        let loop = SimRunLoop.main
        let (scene, navigation) = Scene.navigation()
        let host = InsecurityHost(navigation: navigation)
        let parent = PushScreen("Parent")
        host.start(parent, animated: false) { _ in }
        let child = AdaptiveScreen("Child")
        parent.navigation.start(child, animated: true) { _ in }
        loop.runUntilIdle()
        #expect(navigation.topViewController === child.controller)
        _ = scene
    }
}
