import Foundation
import SimUIKit

/// One navigation event of the engine (E18), for logging and analytics.
public struct NavigationEvent: Sendable, Hashable, CustomStringConvertible {
    /// How a frame's controller is put on screen.
    public enum Presentation: String, Sendable, Hashable {
        case present, push, presentNavigation, windowRoot
    }

    /// Why a frame ended.
    public enum EndCause: String, Sendable, Hashable {
        /// `finish(_:)` with a value.
        case value
        /// `dismiss()` on the coordinator.
        case dismissCall
        /// The user swiped the sheet down.
        case swipe
        /// The user tapped the back button.
        case backButton
        /// The user completed an interactive pop.
        case interactivePop
        /// App code outside the engine popped the controller.
        case poppedByApp
        /// App code outside the engine dismissed the controller.
        case dismissedByApp
        /// The controller was deallocated while the frame was live (E11).
        case deallocation
        /// A frame below ended, which tore this one down without its completion (E8).
        case teardownOfFramesAbove
        /// UIKit refused to show the controller.
        case refusedByUIKit
        /// App code took away the hierarchy that showed (or was to show) the controller: it replaced a
        /// window's root, or dismissed the controller's presenter.
        case hierarchyRemoved
    }

    public enum Action: Sendable, Hashable {
        /// The coordinator started; its controller is on its way to the screen.
        case started(Presentation)
        /// The controller was put on screen (after any wait for a running transition, E17).
        case shown
        /// The frame ended.
        case ended(EndCause)
    }

    /// The frame's id, unique in the process.
    public let frameID: Int
    /// The coordinator's type name.
    public let coordinatorType: String
    public let action: Action
    /// Virtual time (`SimRunLoop.main.now`).
    public let time: TimeInterval

    public var description: String {
        switch action {
        case .started(let presentation): "frame \(frameID) \(coordinatorType) started (\(presentation.rawValue))"
        case .shown: "frame \(frameID) \(coordinatorType) shown"
        case .ended(let cause): "frame \(frameID) \(coordinatorType) ended (\(cause.rawValue))"
        }
    }
}

/// A subscription to ``InsecurityEvents``; it lasts until ``cancel()`` or until released.
@MainActor
public final class EventSubscription {
    fileprivate var handler: (@MainActor (NavigationEvent) -> Void)?
    fileprivate var engineHandler: (@MainActor (EngineEvent) -> Void)?

    fileprivate init(handler: @escaping @MainActor (NavigationEvent) -> Void) {
        self.handler = handler
    }

    fileprivate init(engineHandler: @escaping @MainActor (EngineEvent) -> Void) {
        self.engineHandler = engineHandler
    }

    public func cancel() {
        handler = nil
        engineHandler = nil
    }

    fileprivate var isCancelled: Bool { handler == nil && engineHandler == nil }
}

/// What the engine's own checks observe: the objects behind the public events, and the hosts it makes.
enum EngineEvent {
    case hostMade(InsecurityHost)
    case frame(Frame, NavigationEvent.Action)
}

/// The engine's event stream (E18): a callback subscription and an `AsyncSequence`.
@MainActor
public enum InsecurityEvents {
    private struct Entry {
        weak var subscription: EventSubscription?
    }

    // Read on every event, without exclusivity checks (see the host's state).
    @exclusivity(unchecked) private static var entries: [Entry] = []

    /// Calls `handler` for every event while the returned subscription is retained.
    public static func observe(_ handler: @escaping @MainActor (NavigationEvent) -> Void) -> EventSubscription {
        add(EventSubscription(handler: handler))
    }

    /// Every event from now on, as an `AsyncStream`; the subscription ends when iteration stops.
    public static func stream() -> AsyncStream<NavigationEvent> {
        let (stream, continuation) = AsyncStream<NavigationEvent>.makeStream()
        let subscription = observe { continuation.yield($0) }
        continuation.onTermination = { _ in
            Task { @MainActor in subscription.cancel() }
        }
        return stream
    }

    /// Calls `handler` with the engine's objects behind every event, and with every host made.
    static func observeEngine(_ handler: @escaping @MainActor (EngineEvent) -> Void) -> EventSubscription {
        add(EventSubscription(engineHandler: handler))
    }

    private static func add(_ subscription: EventSubscription) -> EventSubscription {
        entries.removeAll { $0.subscription?.isCancelled ?? true }
        entries.append(Entry(subscription: subscription))
        return subscription
    }

    static func hostMade(_ host: InsecurityHost) {
        for entry in entries {
            entry.subscription?.engineHandler?(.hostMade(host))
        }
    }

    static func publish(_ frame: Frame, _ action: NavigationEvent.Action) {
        guard !entries.isEmpty else { return }
        let event = NavigationEvent(
            frameID: frame.id, coordinatorType: frame.typeName, action: action, time: SimRunLoop.main.now)
        for entry in entries {
            entry.subscription?.handler?(event)
            entry.subscription?.engineHandler?(.frame(frame, action))
        }
    }
}
