import ResponderCoordinator

// The README's "Before" block, with the types it needs around it.
struct Product {
    let name: String
}

final class Cart {
    private(set) var products: [Product] = []

    func add(_ product: Product) { products.append(product) }
}

extension UIResponder {
    func cartAdd(product: Product, sender: Any?) {
        send(CartAddProduct(product: product, sender: sender))
    }
}

/// `cartAdd(product:sender:)`, sent up the coordinating-responder chain.
struct CartAddProduct: CoordinatingMessage {
    let product: Product
    let sender: Any?
}
final class AppCoordinator: NavigationCoordinator {
    let cart = Cart()

    func handleCartAddProduct(product: Product, sender: Any?) { cart.add(product) }

    override func handle(_ message: any CoordinatingMessage) -> Bool {
        switch message {
        case let message as CartAddProduct:
            handleCartAddProduct(product: message.product, sender: message.sender)
            return true
        default:
            return super.handle(message)
        }
    }
}

final class ProductViewController: UIViewController {
    var product = Product(name: "Teapot")

    func addToCartTapped() {
        cartAdd(product: product, sender: self)
    }
}
