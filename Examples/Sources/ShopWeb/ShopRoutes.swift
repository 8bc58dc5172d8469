import Foundation
import ShopCore

/// The app's HTTP surface, apart from the socket: the page, the page script's actions, its
/// wait for news, and its previews (`GET /preview/<name>`, one ``ShopPreview`` each). A request the app does not have is a 404 naming it; a malformed action, a 400
/// saying what is wrong.
public enum ShopRoutes {
    public static func answer(method: String, path: String, body: [UInt8], state: ShopAppState) async -> (Int, String, [UInt8]) {
        let route = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        switch (method, route) {
        case ("GET", "/"):
            return (200, "text/html; charset=utf-8", Array(await ShopPage.document(state).utf8))
        case ("GET", _) where route.hasPrefix("/preview/"):
            let name = String(route.dropFirst("/preview/".count))
            guard let preview = ShopPreview(rawValue: name) else {
                return problem(404, "no preview \(name); the app has " + ShopPreview.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return (200, "text/html; charset=utf-8", Array(await page(of: preview, options: state.options).utf8))
        case ("POST", "/action"):
            guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
                  let kind = object["kind"] as? String, let id = object["id"] as? String
            else { return problem(400, "an action is a JSON object with string fields kind and id") }
            let action: ShopAction
            switch kind {
            case "input": action = .input(field: id, value: object["value"] as? String ?? "")
            case "tap": action = .tap(id)
            case "answer": action = .answer(id)
            default: return problem(400, "unknown action kind \(kind); use input, tap or answer")
            }
            await state.handle(action)
            return await screen(state)
        case ("POST", "/screen"):
            let after = ((try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any])?["after"] as? Int ?? -1
            await state.waitForChange(after: after, timeout: .seconds(10))
            return await screen(state)
        default:
            return problem(404, "no \(method) \(route) here")
        }
    }

    /// The preview's still page, from a state of its own: the app's state is not touched.
    @MainActor
    static func page(of preview: ShopPreview, options: LaunchOptions) async -> String {
        ShopPage.document(await preview.state(options: options), interactive: false)
    }

    @MainActor
    static func screen(_ state: ShopAppState) -> (Int, String, [UInt8]) {
        let object: [String: Any] = ["version": state.version, "screen": ShopRenderer.screen(state)]
        let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data("{}".utf8)
        return (200, "application/json", Array(data))
    }

    static func problem(_ status: Int, _ message: String) -> (Int, String, [UInt8]) {
        (status, "text/plain; charset=utf-8", Array((message + "\n").utf8))
    }
}
