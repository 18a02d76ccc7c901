import Insecurity
import SimUIKit

/// The app's handlers for the actions of restored alerts (X11), by the alert's `restorationIdentifier`
/// (its id in the snapshot) and the action's title. An action without a handler only dismisses its alert.
@MainActor
public struct AlertActionHandlers {
    private var handlers: [Key: @MainActor (UIAlertAction) -> Void] = [:]

    private struct Key: Hashable {
        let alert: String
        let action: String?
    }

    public init() {}

    /// Runs `handler` when the user taps the action titled `action` of the restored alert whose
    /// `restorationIdentifier` is `alert`.
    public mutating func register(
        alert: String, action: String?, _ handler: @escaping @MainActor (UIAlertAction) -> Void
    ) {
        handlers[Key(alert: alert, action: action)] = handler
    }

    func handler(alert: String, action: String?) -> (@MainActor (UIAlertAction) -> Void)? {
        handlers[Key(alert: alert, action: action)]
    }
}

extension BridgedAlert {
    /// The content of `alert`.
    @MainActor
    init(_ alert: UIAlertController) {
        self.init(
            message: alert.message, style: alert.preferredStyle.name,
            actions: alert.actions.map { action in
                BridgedAlertAction(
                    title: action.title, style: action.style.name, isPreferred: alert.preferredAction === action)
            })
    }

    /// Gives `alert` this content's actions, with the app's handlers for them. Returns what does not
    /// match: an alert made by the app's factory must have the recorded style, and either no actions or
    /// the recorded ones.
    @MainActor
    func restore(into alert: UIAlertController, id: String, handlers: AlertActionHandlers) -> String? {
        guard alert.preferredStyle.name == style else {
            return "the factory made an alert of style \(alert.preferredStyle.name), not \(style)"
        }
        alert.message = message
        if !alert.actions.isEmpty {
            let made = alert.actions.map { BridgedAlertAction(title: $0.title, style: $0.style.name) }
            guard made == actions.map({ BridgedAlertAction(title: $0.title, style: $0.style) }) else {
                return "the factory made an alert with other actions than the recorded ones"
            }
        } else {
            for recorded in actions {
                alert.addAction(
                    UIAlertAction(
                        title: recorded.title, style: UIAlertAction.Style(name: recorded.style) ?? .default,
                        handler: handlers.handler(alert: id, action: recorded.title)))
            }
        }
        if let preferred = actions.firstIndex(where: \.isPreferred), alert.actions.indices.contains(preferred) {
            alert.preferredAction = alert.actions[preferred]
        }
        return nil
    }
}

/// Stands in for an alert type the importer has no factory for: a real alert with the recorded content.
@MainActor
public final class RestoredAlertController: UIAlertController, BridgeTypeNamed {
    public private(set) var bridgedTypeName = "UIAlertController"

    /// An alert of `style` that reports `typeName`.
    public static func make(typeName: String, style: UIAlertController.Style) -> RestoredAlertController {
        let alert = RestoredAlertController(title: nil, message: nil, preferredStyle: style)
        alert.bridgedTypeName = typeName
        return alert
    }
}
