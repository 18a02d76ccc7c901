import ResponderCoordinator

// The messages of a shop app, in the library's idiom: each one forwards to the next coordinating responder
// until a coordinator overrides it.
extension UIResponder {
    func cartAdd(_ product: String, quantity: Int = 1, sender: Any?) {
        send(CartAddQuantity(product: product, quantity: quantity, sender: sender))
    }

    /// A data-source question asked up the chain.
    func cartItemCount(sender: Any?) -> Int {
        return ask(CartItemCount(sender: sender)) ?? 0
    }

    func accountLogin(_ email: String, onSuccess: @escaping (Bool) -> Void, sender: Any?) {
        send(AccountLogin(email: email, onSuccess: onSuccess, sender: sender))
    }

    func appSignOut(sender: Any? = nil) {
        send(AppSignOut(sender: sender))
    }

    func productTitle(for sku: String, sender: Any?) -> String? {
        ask(ProductTitle(sku: sku, sender: sender))
    }
}

/// `cartAdd(_:quantity:sender:)`, sent up the coordinating-responder chain.
struct CartAddQuantity: CoordinatingMessage {
    let product: String
    let quantity: Int
    let sender: Any?
}

/// `cartItemCount(sender:)`, sent up the coordinating-responder chain.
struct CartItemCount: CoordinatingQuestion {
    typealias Answer = Int
    let sender: Any?
}

/// `accountLogin(_:onSuccess:sender:)`, sent up the coordinating-responder chain.
struct AccountLogin: CoordinatingMessage {
    let email: String
    let onSuccess: (Bool) -> Void
    let sender: Any?
}

/// `appSignOut(sender:)`, sent up the coordinating-responder chain.
struct AppSignOut: CoordinatingMessage {
    let sender: Any?
}

/// `productTitle(for:sender:)`, sent up the coordinating-responder chain.
struct ProductTitle: CoordinatingQuestion {
    typealias Answer = String
    let sku: String
    let sender: Any?
}
