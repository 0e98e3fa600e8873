@testable import WaypointDetour

/// An input and the link it must give (nil route = the empty result).
struct LinkCase: Sendable, CustomStringConvertible {
    var input: String
    var url: String?
    var route: String?
    var params: [String: String]?
    var type: LinkType?
    var mode: LinkProcessingMode = .all
    var deferred = false

    var description: String { "\(input.debugDescription) [\(mode.rawValue)\(deferred ? ", deferred" : "")]" }

    /// Checks the offline evaluation against this case.
    func check(_ result: DetourResult) -> [String] {
        var problems: [String] = []
        guard let route else {
            if result.link != nil {
                problems.append("expected the empty result, got \(String(describing: result.link))")
            }
            return problems
        }
        guard let link = result.link else { return ["expected route \(route), got the empty result"] }
        if link.route != route { problems.append("route \(link.route) != \(route)") }
        let pathname = String(route.prefix { $0 != "?" })
        if link.pathname != (pathname.isEmpty ? "/" : pathname) {
            problems.append("pathname \(link.pathname)")
        }
        if let url, link.url != url { problems.append("url \(link.url) != \(url)") }
        if let params, link.params != params { problems.append("params \(link.params) != \(params)") }
        if let type, link.type != type { problems.append("type \(link.type) != \(type)") }
        return problems
    }
}
