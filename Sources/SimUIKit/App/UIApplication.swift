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
    func application(
        _ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]
    ) -> Bool
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
    public func application(
        _ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]
    ) -> Bool { false }
}

/// The app: holds its delegate and its state. ``simulateLaunch(delegate:options:)`` plays what
/// `UIApplicationMain` does on a device.
@MainActor
public final class UIApplication {
    public struct LaunchOptionsKey: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
        public static let sourceApplication = LaunchOptionsKey(
            rawValue: "UIApplicationLaunchOptionsSourceApplicationKey")
        public static let annotation = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsAnnotationKey")
        public static let remoteNotification = LaunchOptionsKey(
            rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey")
        public static let location = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsLocationKey")
        public static let shortcutItem = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsShortcutItemKey")
        public static let userActivityDictionary = LaunchOptionsKey(
            rawValue: "UIApplicationLaunchOptionsUserActivityDictionaryKey")
        public static let userActivityType = LaunchOptionsKey(
            rawValue: "UIApplicationLaunchOptionsUserActivityTypeKey")
    }

    /// The keys of the options `application(_:open:options:)` receives with a URL to open.
    public struct OpenURLOptionsKey: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let sourceApplication = OpenURLOptionsKey(
            rawValue: "UIApplicationOpenURLOptionsSourceApplicationKey")
        public static let annotation = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsAnnotationKey")
        public static let openInPlace = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsOpenInPlaceKey")
        public static let eventAttribution = OpenURLOptionsKey(
            rawValue: "UIApplicationOpenURLOptionsEventAttributionKey")
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

    /// The app's visible and hidden windows that are still alive. UIKit orders them back to front by
    /// window level and leaves the order within a level open; SimUIKit has one level and lists them in
    /// the order they were made.
    public var windows: [UIWindow] { UIWindow.liveWindows }

    /// The key window: the last one made key with `makeKey()` or `makeKeyAndVisible()`, while it lives.
    public var keyWindow: UIWindow? { UIWindow.keyWindow }

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

    /// Hands `url` to the launched app, as the system does when another app or a link opens it: the
    /// delegate's `application(_:open:options:)`. Returns what the delegate returned, or false when the app
    /// has not launched.
    @discardableResult
    public func simulateOpen(_ url: URL, options: [OpenURLOptionsKey: Any] = [:]) -> Bool {
        guard let delegate, applicationState != .background else { return false }
        return delegate.application(self, open: url, options: options)
    }

    /// The URLs app code asked to open with ``open(_:options:completionHandler:)``, oldest first: what a
    /// test checks instead of watching another app come up.
    public private(set) var openedURLs: [URL] = []

    /// Whether a URL can be opened: one with a scheme can.
    public func canOpenURL(_ url: URL) -> Bool { url.scheme != nil }

    /// Asks the system to open `url` in another app: recorded in ``openedURLs``; `completion` is told on the
    /// run loop's next turn whether it could be opened, as UIKit calls it asynchronously on the main queue.
    public func open(
        _ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
        completionHandler completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        let opened = canOpenURL(url)
        if opened { openedURLs.append(url) }
        guard let completion else { return }
        SimRunLoop.main.perform { completion(opened) }
    }

    /// Options of ``open(_:options:completionHandler:)``.
    public struct OpenExternalURLOptionsKey: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let universalLinksOnly = OpenExternalURLOptionsKey(
            rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    /// Ends the simulated app: releases the delegate (and so its windows and coordinators).
    public func simulateTermination() {
        delegate = nil
        openedURLs.removeAll()
        applicationState = .inactive
    }
}
