import Foundation
import Waypoint
import WaypointReverseRouting

// Every route by the RouteName constant the plugin generated from App.routes.
let router = Router()
try router.register(.productDetail) { link in
    print("product", link.routeParameters["id"] ?? "")
}
try router.register(.productsIdReviews) { link in
    print("reviews of", link.routeParameters["id"] ?? "")
}
try router.register(.cart) { _ in
    print("cart")
}
try router.register(.ordersOrder) { link in
    print("order", link.routeParameters["order"] ?? "")
}
try router.register(._2faSetup) { _ in
    print("2fa")
}
try router.register(.quotesQ) { link in
    print("quote", link.routeParameters["q"] ?? "")
}
try router.register(.default) { link in
    print("legacy", link.routeParameters["path"] ?? "")
}
router.handle(URL(string: "shop://app/products/42")!)
router.handle(URL(string: "shop://app/products/42/reviews")!)
router.handle(URL(string: "https://shop.example/cart")!)
router.handle(URL(string: "shop://app/2fa/setup")!)
router.handle(URL(string: "shop://app/quotes/hi%20there")!)
router.handle(URL(string: "shop://app/legacy/a/b")!)
print(try router.url(for: .ordersOrder, parameters: ["order": "A-1"], scheme: "shop", host: "app"))
