@_spi(Adapters) import Insecurity
@_spi(Adapters) import SimUIKit

/// A message that travels up the coordinating-responder chain, from any controller to the
/// coordinators above it (A4). Declare one type per message; payloads are its properties.
public protocol CoordinatingMessage {}

/// A question that travels up the coordinating-responder chain and comes back with an answer (A9): the
/// library's responder methods that return a value, such as a data source question asked by a
/// controller. Declare one type per question, with its `Answer` type; parameters are its properties.
///
/// ```swift
/// struct ObjectCount: CoordinatingQuestion { typealias Answer = Int }
///
/// let count = coordinatingResponder?.ask(ObjectCount()) ?? 0
/// ```
public protocol CoordinatingQuestion {
    associatedtype Answer
}

/// A responder that may handle coordinating messages and answer questions. ``Coordinator`` conforms;
/// controllers may too.
@MainActor
public protocol CoordinatingMessageHandling: AnyObject {
    /// Handles `message` and returns true, or returns false to pass it on.
    func handle(_ message: any CoordinatingMessage) -> Bool

    /// Answers `question` with a value of its `Answer` type, or returns nil to pass it on.
    func answer(_ question: any CoordinatingQuestion) -> Any?
}

extension CoordinatingMessageHandling {
    /// Answers no question.
    public func answer(_ question: any CoordinatingQuestion) -> Any? { nil }
}

/// The Swift form of the original's overridable `@objc` property (Objective-C overriding of an extension
/// member is not available on Linux): a responder type chooses where coordinating messages go after it
/// by conforming to this protocol, and subclasses override ``nextCoordinatingResponder``.
@MainActor
public protocol CoordinatingResponderRouting: AnyObject {
    var nextCoordinatingResponder: UIResponder? { get }
}

extension UIResponder {
    /// Where coordinating messages go after this responder: what a ``CoordinatingResponderRouting`` type
    /// says (a coordinator's parent); a controller's `parentCoordinator` when it has one; else `next`.
    public var coordinatingResponder: UIResponder? {
        if let routing = self as? CoordinatingResponderRouting {
            return routing.nextCoordinatingResponder
        }
        if let controller = self as? UIViewController, let coordinator = controller.parentCoordinator as? UIResponder {
            return coordinator
        }
        return next
    }

    /// Offers `message` to this responder and then up the coordinating-responder chain until a handler
    /// takes it. Returns whether one did. Call it as `coordinatingResponder?.send(message)` from a
    /// controller, as the original framework calls its message methods. A message nobody handles is
    /// reported (`unhandledCoordinatingMessage`) with its type, the responder it started from and the
    /// path it took, and dropped.
    @discardableResult
    public func send(_ message: some CoordinatingMessage) -> Bool {
        guard let path = offerAlongCoordinatingChain({ $0.handle(message) }) else { return true }
        InsecurityDiagnostics.report(
            .unhandledCoordinatingMessage,
            "No coordinator handled \(type(of: message)) sent from \(coordinatingDescription); it passed "
                + path.joined(separator: " → ")
                + ". Override handle(_:) in a coordinator on that path to handle it, or return false there to pass it on."
        )
        return false
    }

    /// Asks `question` of this responder and then up the coordinating-responder chain; the first handler
    /// whose ``CoordinatingMessageHandling/answer(_:)`` returns a value answers (A9). Call it as
    /// `coordinatingResponder?.ask(question)`, as the original framework calls a message method that
    /// returns a value. A question nobody answers returns nil and is reported
    /// (`unhandledCoordinatingMessage`) with the path it took; an answer of another type than the
    /// question's `Answer` is reported and the question goes on up.
    public func ask<Question: CoordinatingQuestion>(_ question: Question) -> Question.Answer? {
        var answer: Question.Answer?
        let path = offerAlongCoordinatingChain { handler in
            guard let given = handler.answer(question) else { return false }
            if let typed = given as? Question.Answer {
                answer = typed
                return true
            }
            InsecurityDiagnostics.report(
                .unhandledCoordinatingMessage,
                "\(type(of: handler)) answered \(Question.self) with a \(type(of: given)), not a \(Question.Answer.self); the answer is ignored and the question goes on up."
            )
            return false
        }
        guard let path else { return answer }
        InsecurityDiagnostics.report(
            .unhandledCoordinatingMessage,
            "No coordinator answered \(Question.self) asked from \(coordinatingDescription); it passed "
                + path.joined(separator: " → ")
                + ". Override answer(_:) in a coordinator on that path to answer it, or return nil there to pass it on."
        )
        return nil
    }

    /// Offers this responder and those up the coordinating-responder chain to `take`, until it returns
    /// true; returns nil then, or the path of responders it went through when none took it.
    private func offerAlongCoordinatingChain(_ take: (CoordinatingMessageHandling) -> Bool) -> [String]? {
        var current: UIResponder? = self
        var visited = Set<ObjectIdentifier>()
        var path: [String] = []
        while let responder = current, visited.insert(ObjectIdentifier(responder)).inserted {
            if let handler = responder as? CoordinatingMessageHandling, take(handler) { return nil }
            path.append(responder.coordinatingDescription)
            current = responder.coordinatingResponder
        }
        return path
    }

    /// How a responder is named in messages: a controller's simulation description, else its type.
    private var coordinatingDescription: String {
        (self as? UIViewController)?.simDescription ?? String(describing: type(of: self))
    }
}

extension InsecurityDiagnostic.Code {
    /// A coordinating message or question reached the top of the responder chain without a handler, or got
    /// an answer of another type than it asked for (the adapter's own code).
    public static let unhandledCoordinatingMessage = Self(rawValue: "unhandledCoordinatingMessage")
}

/// Where a controller keeps its `parentCoordinator`.
private let parentCoordinatorKey = AssociationKey<Weak<AnyObject>>()

extension UIViewController {
    /// The coordinator that shows this controller (not retained).
    public var parentCoordinator: Coordinating? {
        get { self[associated: parentCoordinatorKey]?.value as? Coordinating }
        set { self[associated: parentCoordinatorKey] = newValue.map { Weak($0) } }
    }

    /// The closest coordinator up the containment and presentation chain.
    public var containingCoordinator: Coordinating? {
        var current: UIViewController? = self
        while let controller = current {
            if let coordinator = controller.parentCoordinator { return coordinator }
            current = controller.parent ?? controller.presentingViewController
        }
        return nil
    }
}
