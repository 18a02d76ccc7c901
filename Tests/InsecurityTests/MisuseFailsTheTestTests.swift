import Foundation
import Insecurity
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// Fixtures the test below runs in a process of their own: one test makes UIKit raise, one is fine, one
/// makes SimUIKit warn and one makes the engine report a diagnostic. They run only when `MISUSE_FIXTURES` is set, so a normal run never fails on them.
@MainActor
@Suite(
    "Misuse fixtures", .cleanSimulatedWorld, .enabled(if: ProcessInfo.processInfo.environment["MISUSE_FIXTURES"] != nil)
)
struct MisuseFixtures {
    @Test("fixture: pushes the same controller twice")
    func pushesTwice() {
        let window = UIWindow()
        let navigation = UINavigationController(rootViewController: UIViewController())
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let screen = UIViewController()
        navigation.pushViewController(screen, animated: false)
        navigation.pushViewController(screen, animated: false)
        SimRunLoop.main.runUntilIdle()
    }

    @Test("fixture: does nothing wrong")
    func passes() {
        let window = UIWindow()
        window.rootViewController = UIViewController()
        window.makeKeyAndVisible()
        #expect(window.isKeyWindow)
    }

    @Test("fixture: finishes a coordinator twice")
    func finishesTwice() {
        final class Screen: ModalCoordinator<String> {
            override var viewController: UIViewController { UIViewController() }
        }
        let window = UIWindow()
        window.rootViewController = UIViewController()
        window.makeKeyAndVisible()
        let host = InsecurityHost(modal: window.rootViewController!)
        let screen = Screen()
        host.start(screen, animated: false) { _ in }
        SimRunLoop.main.runUntilIdle()
        screen.finish("done")
        screen.finish("again")
        SimRunLoop.main.runUntilIdle()
    }

    @Test("fixture: presents while already presenting")
    func warns() {
        let window = UIWindow()
        let home = UIViewController()
        window.rootViewController = home
        window.makeKeyAndVisible()
        home.present(UIViewController(), animated: false)
        home.present(UIViewController(), animated: false)
        SimRunLoop.main.runUntilIdle()
    }
}

@Suite("S17, E20: misuse fails the test that made it, and only that test")
struct MisuseFailsTheTestTests {
    @Test(
        "S17, E12, E20: under .cleanSimulatedWorld a UIKit exception fails its test with the exception's text, a warning or a double finish fails its own, and the run goes on",
        .enabled(if: ProcessInfo.processInfo.environment["MISUSE_FIXTURES"] == nil))
    func misuseFailsOnlyItsTest() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0])
        let result = try run(
            binary, ["--testing-library", "swift-testing", "--filter", "MisuseFixtures"],
            environment: ["MISUSE_FIXTURES": "1"])
        // Without the terminal colours Swift Testing writes.
        let output = (result.output + result.error).replacing(/\u{1B}\[[0-9;]*m/, with: "")
        #expect(!output.contains("Program crashed"), "the run went on")
        #expect(output.contains("UIKit raised NSInvalidArgumentException"))
        #expect(output.contains("✘ Test \"fixture: pushes the same controller twice\" failed"))
        #expect(output.contains("✔ Test \"fixture: does nothing wrong\" passed"))
        #expect(output.contains("✘ Test \"fixture: presents while already presenting\" failed"))
        #expect(output.contains("SimUIKit warned:"))
        #expect(output.contains("✘ Test \"fixture: finishes a coordinator twice\" failed"))
        #expect(output.contains("diagnostic: [endAfterEnd]"))
        #expect(output.contains("4 tests in 1 suite failed"), "\(output.suffix(400))")
    }
}
