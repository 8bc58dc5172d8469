import Foundation
import Observation

/// The product list and the cart (seed 002's product list → detail → cart): products come
/// from the API; the cart keeps what was added, in order, and its total.
@Observable
@MainActor
public final class CartViewModel {
    public private(set) var products: [Product] = []
    public private(set) var items: [Product] = []
    public private(set) var isLoading = false
    public private(set) var errorMessage: String?
    /// The last order, after checkout.
    public private(set) var lastOrder: [Product]?

    public static let loadFailedMessage = "商品を読み込めませんでした"

    private let api: any ShopAPI
    private let session: UserSession

    public init(api: any ShopAPI, session: UserSession, items: [Product] = []) {
        self.api = api
        self.session = session
        self.items = items
    }

    public var isEmpty: Bool { items.isEmpty }
    public var total: Int { items.reduce(0) { $0 + $1.price } }

    /// Loads the products; on failure keeps the last list and sets ``errorMessage``.
    public func loadProducts() async {
        isLoading = true
        errorMessage = nil
        defer { isLoading = false }
        do {
            products = try await api.products(session: session)
        } catch {
            errorMessage = Self.loadFailedMessage
        }
    }

    /// The products whose name contains `query` (all of them for an empty query).
    public func products(matching query: String) -> [Product] {
        query.isEmpty ? products : products.filter { $0.name.contains(query) }
    }

    public func add(_ product: Product) {
        items.append(product)
    }

    /// Places the order: the cart empties and ``lastOrder`` keeps what was in it.
    public func checkout() {
        guard !items.isEmpty else { return }
        lastOrder = items
        items = []
    }
}
