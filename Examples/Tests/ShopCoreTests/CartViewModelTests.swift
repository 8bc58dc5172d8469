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

    @Test("読み込み中は isLoading で、応答の後に戻る")
    func loadingState() async {
        let gate = Gate<[Product]>()
        let api = await given("API の応答を止めておく") {
            let api = ShopAPIMock()
            api.productsHandler = { _ in try await gate.pass() }
            return api
        }
        let viewModel = CartViewModel(api: api, session: session)
        let load = Task { await viewModel.loadProducts() }
        await when("要求が API に届く") { await gate.waitForArrival() }
        await then("読み込み中") { #expect(viewModel.isLoading) }
        gate.open(returning: fruits)
        await load.value
        await and("応答の後は読み込み中でなく、一覧が並ぶ") {
            #expect(!viewModel.isLoading)
            #expect(viewModel.products == fruits)
        }
    }

    @Test("再読み込みに失敗しても前の一覧は残り、次に成功すればメッセージは消える")
    func reloadKeepsTheLastList() async {
        let api = ShopAPIMock()
        let viewModel = await given("一度読み込んだ一覧") {
            api.productsHandler = { _ in fruits }
            let viewModel = CartViewModel(api: api, session: session)
            await viewModel.loadProducts()
            return viewModel
        }
        await when("再読み込みが失敗する") {
            api.productsHandler = { _ in throw ShopAPIError.network }
            await viewModel.loadProducts()
        }
        await then("メッセージが出て、前の一覧は残る") {
            #expect(viewModel.errorMessage == CartViewModel.loadFailedMessage)
            #expect(viewModel.products == fruits)
        }
        await when("もう一度読み込み、今度は成功する") {
            api.productsHandler = { _ in Array(fruits.prefix(1)) }
            await viewModel.loadProducts()
        }
        await then("メッセージは消え、新しい一覧になる") {
            #expect(viewModel.errorMessage == nil)
            #expect(viewModel.products == [fruits[0]])
        }
    }

    @Test("空のカートで購入しても何も起きず、前の注文も消えない")
    func checkoutOfAnEmptyCart() async {
        let viewModel = await given("一度購入した後の空のカート") {
            let viewModel = CartViewModel(api: ShopAPIMock(), session: session, items: [fruits[0]])
            viewModel.checkout()
            return viewModel
        }
        await when("もう一度購入する") { viewModel.checkout() }
        await then("前の注文が残る") {
            #expect(viewModel.isEmpty)
            #expect(viewModel.lastOrder == [fruits[0]])
        }
    }

    @Test("同じ商品を二度追加すると 2 点として数え、合計にも二度入る")
    func sameProductTwice() async {
        let viewModel = CartViewModel(api: ShopAPIMock(), session: session)
        viewModel.add(fruits[0])
        viewModel.add(fruits[0])
        #expect(viewModel.items.count == 2)
        #expect(viewModel.total == 240)
    }

    @Test("起動時のカート (満杯のシナリオ) はそのまま並び、合計が出る")
    func initialItems() async {
        let viewModel = CartViewModel(api: ShopAPIMock(), session: session, items: fruits)
        #expect(viewModel.items == fruits && !viewModel.isEmpty)
        #expect(viewModel.total == 650)
        #expect(viewModel.lastOrder == nil)
    }
}
