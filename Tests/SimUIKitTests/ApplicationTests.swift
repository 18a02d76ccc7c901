import Foundation
import SimUIKit
import SimulationTesting
import Testing

@MainActor
@Suite("UIApplication, and controllers written the usual way", .cleanSimulatedWorld)
struct ApplicationTests {
    @Test("Launch code's appearance proxies compile and hold what is set on them, one proxy per class")
    func appearanceProxies() {
        UIView.appearance().overrideUserInterfaceStyle = .dark
        UIView.appearance().tintColor = .red
        UINavigationBar.appearance().prefersLargeTitles = true
        #expect(UIView.appearance() === UIView.appearance())
        #expect(UIView.appearance().overrideUserInterfaceStyle == .dark && UIView.appearance().tintColor == .red)
        #expect(UINavigationBar.appearance().prefersLargeTitles)
        #expect(UINavigationBar.appearance() !== UIView.appearance())
        #expect(UINavigationBar.appearance().tintColor == nil, "each class has its own proxy")
        // The proxy is no view on screen, and views made later are not changed by it (nothing is drawn).
        #expect(UIView.appearance().window == nil && UIView().overrideUserInterfaceStyle == .unspecified)
    }

    @Test("Controllers written the usual way compile: init(nibName:bundle:), required init?(coder:), navigation items")
    func usualControllers() throws {
        final class ProductController: UIViewController {
            let sku: String
            init(sku: String) {
                self.sku = sku
                super.init(nibName: nil, bundle: nil)
                navigationItem.title = "Product \(sku)"
                navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Add", primaryAction: UIAction { _ in })
            }
            required init?(coder: NSCoder) { fatalError("not used") }
        }
        var taps = 0
        let product = ProductController(sku: "42")
        product.navigationItem.leftBarButtonItem = UIBarButtonItem(
            systemItem: .close, primaryAction: UIAction { _ in taps += 1 })
        let navigation = UINavigationController(rootViewController: UIViewController())
        navigation.pushViewController(product, animated: false)
        SimRunLoop.main.runUntilIdle()
        #expect(navigation.navigationBar.topItem?.title == "Product 42")
        #expect(navigation.navigationBar.backItem === navigation.viewControllers[0].navigationItem)
        #expect(product.navigationItem.leftBarButtonItem?.simulateTap() == true && taps == 1)
        navigation.setNavigationBarHidden(true, animated: true)
        #expect(navigation.isNavigationBarHidden)

        product.modalTransitionStyle = .crossDissolve
        product.definesPresentationContext = true
        product.tabBarItem = UITabBarItem(tabBarSystemItem: .favorites, tag: 2)
        #expect(product.tabBarItem.systemItem == .favorites && product.tabBarItem.tag == 2)
        let window = UIWindow(frame: UIScreen.main.bounds)
        #expect(window.bounds.size == UIScreen.main.bounds.size)
        #expect(UINavigationController().viewControllers.isEmpty)
        // A nib name and bundle given at creation are kept, though nothing is loaded from them.
        let fromNib = UIViewController(nibName: "ProductView", bundle: .main)
        #expect(fromNib.nibName == "ProductView" && fromNib.nibBundle === Bundle.main)
        #expect(product.nibName == nil && product.nibBundle == nil)
    }

    @Test("UIApplication launches its delegate, which makes the window key and visible")
    func applicationLaunch() {
        final class AppDelegate: UIApplicationDelegate {
            var window: UIWindow?
            func application(
                _ application: UIApplication,
                didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
            ) -> Bool {
                window = UIWindow(frame: UIScreen.main.bounds)
                window?.rootViewController = UINavigationController(rootViewController: UIViewController())
                window?.makeKeyAndVisible()
                return true
            }
        }
        let app = UIApplication.shared
        #expect(app.simulateLaunch(delegate: AppDelegate()))
        #expect(app.applicationState == .active)
        let window = (app.delegate as? AppDelegate)?.window
        #expect(window?.isKeyWindow == true && window?.rootViewController?.children.first?.viewIfLoaded != nil)
        app.simulateTermination()
        #expect(app.delegate == nil)
    }

    @Test("S9: UIApplication lists the app's live windows, visible and hidden, and names the key window")
    func applicationWindows() {
        let app = UIApplication.shared
        let before = app.windows.count
        let main = UIWindow(frame: UIScreen.main.bounds)
        var overlay: UIWindow? = UIWindow(frame: UIScreen.main.bounds)
        #expect(app.windows.suffix(2) == [main, overlay!], "hidden windows are listed, oldest first")
        main.makeKeyAndVisible()
        #expect(app.keyWindow === main)
        overlay?.makeKeyAndVisible()
        #expect(app.keyWindow === overlay && !main.isKeyWindow)
        overlay = nil
        #expect(app.windows.count == before + 1, "the app does not keep its windows alive")
        #expect(
            app.keyWindow == nil, "once the key window is released nothing is key (unsourced: SimUIKit picks no other)")
    }

    @Test("UIApplication hands a URL to the launched app's delegate with its options")
    func applicationOpensURL() {
        final class AppDelegate: UIApplicationDelegate {
            var opened: [(URL, String?)] = []
            func application(
                _ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]
            ) -> Bool {
                opened.append((url, options[.sourceApplication] as? String))
                return url.scheme == "shop"
            }
        }
        let app = UIApplication.shared
        let link = URL(string: "shop://orders/42")!
        #expect(!app.simulateOpen(link), "an app that has not launched opens nothing")
        let delegate = AppDelegate()
        app.simulateLaunch(delegate: delegate, options: [.url: link, .sourceApplication: "com.example.mail"])
        #expect(app.simulateOpen(link, options: [.sourceApplication: "com.example.mail"]))
        #expect(!app.simulateOpen(URL(string: "https://example.com")!))
        #expect(delegate.opened.map(\.0) == [link, URL(string: "https://example.com")!])
        #expect(delegate.opened.first?.1 == "com.example.mail")
    }
}
