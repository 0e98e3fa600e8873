// expect-error: main actor-isolated property 'path' can not be mutated from a Sendable closure
//
// Issue 23 §6: the closure an iOS developer writes first. A synchronous handler written
// without an annotation in main-actor code still reaches the nonisolated (server) form,
// because Swift chooses between overloads without looking at the caller's isolation (see
// Documentation/decisions.md). This pins the message the compiler gives, so that a
// toolchain that changes it, or starts accepting the snippet, is noticed. The fixes are in
// MainActorSpellings.swift.
import Waypoint

@MainActor
final class CartModel {
    var path: [String] = []
    let router = Router()

    func start() throws {
        try router.register("/cart") { [weak self] _ in self?.path.append("cart") }
    }
}
