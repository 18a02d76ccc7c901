import ResponderCoordinator

final class ShopCoordinator: NavigationCoordinator {
    var signedOut = false

    func handleAppSignOut(sender: Any? = nil) {
        signedOut = true
    }

    func answerProductTitle(for sku: String, sender: Any?) -> String? {
        sku == "tea" ? "Green tea" : nil
    }

    override func handle(_ message: any CoordinatingMessage) -> Bool {
        switch message {
        case let message as AppSignOut:
            handleAppSignOut(sender: message.sender)
            return true
        default:
            return super.handle(message)
        }
    }

    override func answer(_ question: any CoordinatingQuestion) -> Any? {
        switch question {
        case let question as ProductTitle:
            return answerProductTitle(for: question.sku, sender: question.sender)
        default:
            return super.answer(question)
        }
    }
}

class CartCoordinator: NavigationCoordinator {
    var items: [String] = []

    func handleCartAddQuantity(_ product: String, quantity: Int = 1, sender: Any?) {
        guard quantity > 0 else { return }
        items += Array(repeating: product, count: quantity)
    }

    func answerCartItemCount(sender: Any?) -> Int {
        return items.count
    }

    override func handle(_ message: any CoordinatingMessage) -> Bool {
        switch message {
        case let message as CartAddQuantity:
            handleCartAddQuantity(message.product, quantity: message.quantity, sender: message.sender)
            return true
        default:
            return super.handle(message)
        }
    }

    override func answer(_ question: any CoordinatingQuestion) -> Any? {
        switch question {
        case let question as CartItemCount:
            return answerCartItemCount(sender: question.sender)
        default:
            return super.answer(question)
        }
    }
}

/// A cart that wraps gifts, then adds them as any cart does.
final class GiftCartCoordinator: CartCoordinator {
    var wrapped: [String] = []

    override func handleCartAddQuantity(_ product: String, quantity: Int = 1, sender: Any?) {
        wrapped.append(product)
        super.handleCartAddQuantity(product, quantity: quantity, sender: sender)
    }
}

final class AccountCoordinator: NavigationCoordinator {
    var signedIn: String?

    func handleAccountLogin(_ email: String, onSuccess: @escaping (Bool) -> Void, sender: Any?) {
        let valid = email.contains("@")
        if valid { signedIn = email }
        onSuccess(valid)
    }

    /// Signing out here also tells the coordinators above.
    func handleAppSignOut(sender: Any? = nil) {
        signedIn = nil
        coordinatingResponder?.appSignOut(sender: sender)
    }

    override func handle(_ message: any CoordinatingMessage) -> Bool {
        switch message {
        case let message as AccountLogin:
            handleAccountLogin(message.email, onSuccess: message.onSuccess, sender: message.sender)
            return true
        case let message as AppSignOut:
            handleAppSignOut(sender: message.sender)
            return true
        default:
            return super.handle(message)
        }
    }
}
