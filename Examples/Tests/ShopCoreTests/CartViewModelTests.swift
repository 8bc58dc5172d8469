import Scenario
import ShopCore
import Testing

private let fruits = [Product(id: 0, name: "りんご", price: 120), Product(id: 1, name: "みかん", price: 80), Product(id: 2, name: "ぶどう", price: 450)]
private let session = UserSession(token: "t-1", email: "test@example.com")

@Suite("商品一覧とカートの ViewModel", .scenario, .tags(.unit))
@MainActor
struct CartViewModelTests {
    @Test("商品を読み込むと一覧になり、API にはセッションが渡る")
    func loads() async {
        let api = await given("API が 3 つの商品を返す") {
            let api = ShopAPIMock()
            api.productsHandler = { _ in fruits }
            return api
        }
        let viewModel = CartViewModel(api: api, session: session)
        await when("読み込む") { await viewModel.loadProducts() }
        await then("3 つ並ぶ") { #expect(viewModel.products == fruits) }
        await and("セッション付きで一度呼ばれる") {
            #expect(api.productsCallCount == 1)
            #expect(api.productsArgValues == [session])
        }
    }

    @Test("読み込みに失敗するとメッセージが出て、一覧は空のまま")
    func loadFails() async {
        let api = await given("API が失敗する") {
            let api = ShopAPIMock()
            api.productsHandler = { _ in throw ShopAPIError.server(status: 500) }
            return api
        }
        let viewModel = CartViewModel(api: api, session: session)
        await when("読み込む") { await viewModel.loadProducts() }
        await then("メッセージが出る") { #expect(viewModel.errorMessage == "商品を読み込めませんでした") }
        await and("一覧は空") { #expect(viewModel.products.isEmpty) }
    }

    @Test("カートに追加すると合計が増え、購入するとカートは空になり注文が残る")
    func cartAndCheckout() async {
        let viewModel = await given("空のカート") { CartViewModel(api: ShopAPIMock(), session: session) }
        await then("空") { #expect(viewModel.isEmpty && viewModel.total == 0) }
        await when("みかんとぶどうを追加する") {
            viewModel.add(fruits[1])
            viewModel.add(fruits[2])
        }
        await then("2 点で合計 ¥530") { #expect(viewModel.items.count == 2 && viewModel.total == 530) }
        await when("購入する") { viewModel.checkout() }
        await then("カートは空で、注文が残る") {
            #expect(viewModel.isEmpty)
            #expect(viewModel.lastOrder == [fruits[1], fruits[2]])
        }
    }

    @Test("検索語を含む商品だけが残る", arguments: [("", 3), ("ぶ", 1), ("ん", 2), ("メロン", 0)])
    func search(query: String, count: Int) async {
        let api = ShopAPIMock()
        api.productsHandler = { _ in fruits }
        let viewModel = CartViewModel(api: api, session: session)
        await viewModel.loadProducts()
        #expect(viewModel.products(matching: query).count == count)
    }
}
