import Foundation

/// The device's screen.
@MainActor
public final class UIScreen {
    /// The screen of the simulated device (an iPhone's size in points).
    public static let main = UIScreen(bounds: CGRect(x: 0, y: 0, width: 390, height: 844), scale: 3)

    public let bounds: CGRect
    public let scale: CGFloat

    init(bounds: CGRect, scale: CGFloat) {
        self.bounds = bounds
        self.scale = scale
    }
}

/// Told about the app's launch. Every method has a default, as UIKit's are optional.
@MainActor
public protocol UIApplicationDelegate: AnyObject {
    func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool
    func applicationDidBecomeActive(_ application: UIApplication)
}

extension UIApplicationDelegate {
    public func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }
    public func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }
    public func applicationDidBecomeActive(_ application: UIApplication) {}
}

/// The app: holds its delegate and its state. ``simulateLaunch(delegate:options:)`` plays what
/// `UIApplicationMain` does on a device.
@MainActor
public final class UIApplication {
    public struct LaunchOptionsKey: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
    }

    public enum State: Int, Sendable {
        case active, inactive, background
    }

    /// The app.
    public static let shared = UIApplication()

    /// The app delegate, retained as `UIApplicationMain` retains it.
    public private(set) var delegate: (any UIApplicationDelegate)?
    public private(set) var applicationState = State.inactive

    private init() {}

    /// Launches the app with `delegate`: `willFinishLaunching`, `didFinishLaunching`, then the app becomes
    /// active. Returns what `didFinishLaunching` returned. A second launch replaces the first app delegate.
    @discardableResult
    public func simulateLaunch(
        delegate: any UIApplicationDelegate,
        options: [LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        self.delegate = delegate
        applicationState = .inactive
        guard delegate.application(self, willFinishLaunchingWithOptions: options),
            delegate.application(self, didFinishLaunchingWithOptions: options)
        else { return false }
        applicationState = .active
        delegate.applicationDidBecomeActive(self)
        return true
    }

    /// Ends the simulated app: releases the delegate (and so its windows and coordinators).
    public func simulateTermination() {
        delegate = nil
        applicationState = .inactive
    }
}
