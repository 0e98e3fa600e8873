import Observation
import Waypoint
import WaypointNavigation
import WaypointPaylisher

/// Navigation state the UI observes. Deep links only write state, so cold-start, foreground
/// and post-login links take one path.
// Observation needs iOS 17 / macOS 14.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor @Observable
final class DeepLinkRouter {
    var selectedTab: AppTab = .home
    var productsPath: [ProductRoute] = []

    func navigate(_ link: PaylisherDeepLink) {  // writes state only
        guard let target = Self.parseTarget(link) else { return }
        selectedTab = target.tab
        if target.tab == .products { productsPath = target.productsPath }
    }

    nonisolated static func parseTarget(_ link: PaylisherDeepLink) -> NavTarget? {
        targets.destination(for: link)
    }

    /// Where each link leads, first matching route first; words compare case-insensitively.
    nonisolated static let targets: DestinationRouter<NavTarget> = {
        let targets = DestinationRouter<NavTarget>(options: RouterOptions(caseInsensitivePaths: true))
        do {
            for products in ["products", "product"] {
                try targets.register("/\(products)/:id/reviews/**") { link in
                    let id = try link.parameters.require("id", as: String.self)
                    return NavTarget(tab: .products, productsPath: [.detail(id), .reviews(id)])
                }
                // The id is the path's, else the query's; without one, the list.
                try targets.register("/\(products)/**") { link in
                    let rest = link.routeParameters["**"].flatMap {
                        $0.split(separator: "/").first.map(String.init)
                    }
                    guard let id = rest ?? link.parameters["id"] else { return NavTarget(tab: .products) }
                    return NavTarget(tab: .products, productsPath: [.detail(id)])
                }
            }
            try targets.register("/wallet/**") { _ in NavTarget(tab: .wallet) }
            try targets.register("/profile/**") { _ in NavTarget(tab: .profile) }
            try targets.register("/**") { _ in NavTarget(tab: .home) }  // home, or unknown: safe default
        } catch {
            preconditionFailure("the example's routes are valid: \(error)")
        }
        return targets
    }()
}
