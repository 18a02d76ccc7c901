import Foundation

/// A storyboard, as the app's code opens it: `UIStoryboard(name:bundle:)`, then
/// ``instantiateViewController(withIdentifier:)`` or ``instantiateInitialViewController()``.
///
/// The simulation reads no storyboard files. What a storyboard contains is registered once, like a
/// resource of the app's bundle, with ``simulateStoryboard(named:initial:scenes:)``: a factory per storyboard
/// identifier, which stands in for the controller's `init(coder:)`. Opening a name that was never
/// registered, or asking for an identifier the storyboard lacks, raises UIKit's
/// `NSInvalidArgumentException` (S17).
///
/// ```swift
/// UIStoryboard.simulateStoryboard(named: "Shop", initial: "catalog", scenes: [
///     "catalog": { CatalogViewController() },
///     "product": { ProductViewController() },
/// ])
/// let product = UIStoryboard(name: "Shop", bundle: nil)
///     .instantiateViewController(withIdentifier: "product") as! ProductViewController
/// ```
@MainActor
open class UIStoryboard {
    /// A controller factory, standing in for the scene's archived controller.
    public typealias Scene = @MainActor () -> UIViewController

    private struct Contents {
        let initial: String?
        let scenes: [String: Scene]
    }

    private static var registered: [String: Contents] = [:]

    /// The name the storyboard was opened with.
    public let name: String
    private let contents: Contents

    /// Registers the storyboard `name`: its `scenes` by storyboard identifier, and the identifier of its
    /// initial controller. Registering a name again replaces its contents.
    public static func simulateStoryboard(named name: String, initial: String? = nil, scenes: [String: Scene]) {
        registered[name] = Contents(initial: initial, scenes: scenes)
    }

    /// Opens the storyboard registered as `name`; the bundle is accepted and ignored. A name that was never
    /// registered raises `NSInvalidArgumentException`, as UIKit does for a missing storyboard file; when
    /// the exception is captured, the storyboard returned is empty.
    public init(name: String, bundle storyboardBundleOrNil: Bundle?) {
        self.name = name
        if let contents = Self.registered[name] {
            self.contents = contents
        } else {
            contents = Contents(initial: nil, scenes: [:])
            SimExceptions.raise(
                "NSInvalidArgumentException",
                "Could not find a storyboard named '\(name)' in bundle NSBundle <main> (loaded)")
        }
    }

    /// A new instance of the controller with storyboard identifier `identifier`, with this storyboard as its
    /// ``UIViewController/storyboard``. An identifier the storyboard lacks raises
    /// `NSInvalidArgumentException`; when the exception is captured, a plain controller is returned.
    open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
        guard let scene = contents.scenes[identifier] else {
            SimExceptions.raise(
                "NSInvalidArgumentException",
                "Storyboard (<UIStoryboard \"\(name)\">) doesn't contain a view controller with identifier '\(identifier)'"
            )
            return UIViewController()
        }
        return instantiate(scene)
    }

    /// A new instance of the storyboard's initial controller, or nil when it has none.
    open func instantiateInitialViewController() -> UIViewController? {
        guard let initial = contents.initial else { return nil }
        return instantiateViewController(withIdentifier: initial)
    }

    private func instantiate(_ scene: Scene) -> UIViewController {
        let controller = scene()
        controller.storyboard = self
        return controller
    }
}
