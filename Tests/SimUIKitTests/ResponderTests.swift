import SimUIKit
import SimulationTesting
import Testing

@MainActor
@Suite("Responders and identity", .cleanSimulatedWorld)
struct ResponderTests {
    @Test("S10: next is the parent, else the presenter, else the window")
    func responderChain() {
        let home = Screen("Home")
        let navigation = UINavigationController(rootViewController: home)
        let window = makeVisibleWindow(root: navigation)
        let sheet = Screen("Sheet")
        home.present(sheet, animated: false)
        SimRunLoop.main.runUntilIdle()
        #expect(home.next === navigation)
        #expect(navigation.next === window)
        #expect(sheet.next === navigation)
        #expect(window.next == nil)
        #expect(home.view.next === home)
    }

    @Test("S10: walking next from a deep controller reaches the window")
    func walkToWindow() {
        let root = Screen("Root")
        let window = makeVisibleWindow(root: root)
        let form = Screen("Form")
        let navigation = UINavigationController(rootViewController: form)
        root.present(navigation, animated: false)
        SimRunLoop.main.runUntilIdle()
        var chain: [UIResponder] = []
        var responder: UIResponder? = form
        while let current = responder {
            chain.append(current)
            responder = current.next
        }
        #expect(chain == [form, navigation, root, window])
    }

    @Test("S11: responders are equal and hash by identity; identifiers and titles name controllers without addresses")
    func identity() {
        let a = Screen("A")
        let b = Screen("A")
        #expect(a != b)
        #expect(Set<UIViewController>([a, a, b]).count == 2)
        let navigation = UINavigationController()
        navigation.setViewControllers([a, b], animated: false)
        SimRunLoop.main.runUntilIdle()
        #expect(navigation.viewControllers == [a, b])
        #expect(a.simDescription == "<Screen #a \"A\">")
        let plain = UIViewController()
        #expect(plain.simDescription == "<UIViewController>")
        let window = makeVisibleWindow(root: navigation)
        #expect(
            window.hierarchyDescription() == """
                UIWindow (key, visible)
                  UINavigationController
                    Screen #a "A"
                    Screen #a "A" (top)
                """)
    }
}
