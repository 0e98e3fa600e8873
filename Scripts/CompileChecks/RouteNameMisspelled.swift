// expect-error: type 'RouteName' has no member 'prodcut'
//
// Issue 23 §2: a route named once with RouteName and misspelled where it is used is a
// compile error, not a run-time unknownRoute. (With the String and RouteName overloads of
// url(for:), Swift names no type in the message.)
import Waypoint
import WaypointReverseRouting

extension RouteName {
    static let product = RouteName("/products/:id([0-9]+)")
}

let router = Router()
try router.register(.product) { _ in }
_ = try router.url(for: .prodcut, parameters: ["id": "42"], scheme: "myapp")
