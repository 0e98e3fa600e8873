import Observation
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
        let segments = link.pathSegments
        switch segments.first?.lowercased() {
        case nil, "home": return NavTarget(tab: .home)
        case "products", "product":
            guard let id = segments.dropFirst().first ?? link.parameters["id"] else {
                return NavTarget(tab: .products)  // the list
            }
            let toReviews = segments.count >= 3 && segments[2].lowercased() == "reviews"
            return NavTarget(
                tab: .products,
                productsPath: toReviews ? [.detail(id), .reviews(id)] : [.detail(id)])
        case "wallet": return NavTarget(tab: .wallet)
        case "profile": return NavTarget(tab: .profile)
        default: return NavTarget(tab: .home)  // unknown word: safe default
        }
    }
}
