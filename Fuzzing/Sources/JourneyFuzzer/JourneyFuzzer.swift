import JourneyTools
import SimUIKit

/// Feeds arbitrary bytes to the journey-script parser, and runs what parses on a small scene (a tab bar of
/// two navigation stacks, the first presenting a sheet): parsing and running must end in a script error or
/// success, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJourney(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let journey = try? JourneyScript(text) else { return 0 }
    MainActor.assumeIsolated {
        let window = UIWindow()
        let (tabs, main) = scene()
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        let sheet = UIViewController()
        sheet.restorationIdentifier = "sheet"
        _ = SimWarnings.capture {
            main.present(sheet, animated: false)
            try? journey.run(on: [window]) { _ in }
        }
        window.rootViewController = nil
        SimRunLoop.main.runUntilIdle()
    }
    return 0
}

/// A tab bar controller ("tabs") of two navigation controllers ("main": home, product; "settings").
@MainActor
private func scene() -> (UITabBarController, UINavigationController) {
    func screen(_ id: String) -> UIViewController {
        let controller = UIViewController()
        controller.restorationIdentifier = id
        return controller
    }
    let main = UINavigationController()
    main.restorationIdentifier = "main"
    main.setViewControllers([screen("home"), screen("product")], animated: false)
    let settings = UINavigationController(rootViewController: screen("settings-home"))
    settings.restorationIdentifier = "settings"
    let tabs = UITabBarController()
    tabs.restorationIdentifier = "tabs"
    tabs.viewControllers = [main, settings]
    return (tabs, main)
}
