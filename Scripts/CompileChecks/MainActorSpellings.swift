// expect: compiles
//
// Issue 23 §6: what compiles in main-actor code and in server code, in Swift 6 mode with
// warnings as errors. In a `@MainActor` class, an asynchronous or throwing closure runs on
// the main actor with no annotation; a synchronous one says so with `onMainActor:` or
// `@MainActor`. Servers keep the nonisolated forms.
import Foundation
import Waypoint

@MainActor
final class NavigationModel {
    enum Destination: Hashable { case cart, product(Int), order(Int) }

    var path: [Destination] = []
    let router = Router()

    func start() throws {
        // Asynchronous: runs on the main actor, as in a Task.
        try router.register("/orders/:id") { [weak self] link in
            let id = try link.parameters.require("id", as: Int.self)
            try await Task.sleep(for: .zero)
            self?.path.append(.order(id))
        }
        // Throwing, without await: the asynchronous form too, so also on the main actor.
        try router.register("/products/:id") { [weak self] link in
            self?.path.append(.product(try link.parameters.require("id", as: Int.self)))
        }
        // Synchronous: say main actor, with the label or on the closure.
        try router.register("/cart", onMainActor: { [weak self] _ in self?.path.append(.cart) })
        try router.register("/basket") { @MainActor [weak self] _ in self?.path.append(.cart) }
    }
}

/// A server: nonisolated handlers, synchronous and asynchronous.
struct Server {
    let router = Router()
    let hits = Hits()

    func start() throws {
        try router.register("/health") { [hits] _ in hits.count() }
        try router.register("/events/:name") { link in
            try await Task.sleep(for: .zero)
            print(link.routeParameters["name"] ?? "")
        }
    }
}

final class Hits: Sendable {
    func count() {}
}
