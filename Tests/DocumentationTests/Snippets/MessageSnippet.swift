// The README's message-migration example ("After"), compiled with the declarations it assumes.
import ResponderCoordinator
import SimUIKit

struct Product {
    let name: String
}

final class Cart {
    private(set) var products: [Product] = []
    func add(_ product: Product) { products.append(product) }
}

// After (this package)
struct CartAdd: CoordinatingMessage { let product: Product }

final class AppCoordinator: NavigationCoordinator {
    let cart = Cart()

    override func handle(_ message: any CoordinatingMessage) -> Bool {
        guard let add = message as? CartAdd else { return false }   // not ours: pass it on
        cart.add(add.product)
        return true
    }
}

final class ProductViewController: UIViewController {
    var product = Product(name: "Teapot")

    func addToCartTapped() {
        send(CartAdd(product: product))
    }
}
