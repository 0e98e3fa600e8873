import Foundation
import Waypoint
import WaypointExplain

/// For one route, what ``DestinationRouter/destination(for:)-(URL)`` did with a URL: where
/// matching stopped, or what the route's builder made of the link
/// (``DestinationRouter/explain(_:)-(URL)``).
public struct DestinationExplanation: Sendable, CustomStringConvertible {
    /// Whether the route matched, or where and why it stopped, as `Router.explain(_:)`
    /// says it (`RouteExplanation` is in the `WaypointExplain` product, on which this one is
    /// built: a file that names it or its `RouteStop` imports it).
    public let matching: RouteExplanation
    /// What the route's builder did; nil when the route did not match, or when an earlier
    /// route took the link and the builder was not run.
    public let builder: BuilderOutcome?

    /// What a route's builder made of the link.
    public enum BuilderOutcome: Sendable {
        /// It gave this destination, described as `String(describing:)` writes it.
        case built(String)
        /// It returned nil: the link went on to the next matching route.
        case declined
        /// It threw this error: the link went on to the next matching route.
        case threw(any Error)
        /// It is asynchronous: it takes the link, and only a pushed link runs it
        /// (``DestinationRouter/dispatch(_:isolation:)-(URL,_)``).
        case asynchronous
    }

    /// Creates an explanation.
    public init(matching: RouteExplanation, builder: BuilderOutcome?) {
        self.matching = matching
        self.builder = builder
    }

    /// For example `/orders/:id: matched (id = "x"); builder threw: id is not an Int`.
    public var description: String {
        guard let builder else { return matching.description }
        switch builder {
        case .built(let destination): return "\(matching); built \(destination)"
        case .declined: return "\(matching); builder returned nil"
        case .threw(let error): return "\(matching); builder threw: \(error)"
        case .asynchronous: return "\(matching); builder is asynchronous: only a pushed link runs it"
        }
    }
}

extension DestinationRouter {
    /// Why ``destination(for:)-(URL)`` gives what it gives for `url`: for every route, in
    /// priority order, where matching stopped or, for the routes that match up to the one
    /// that takes the link, what its builder made of it, the error it threw included.
    ///
    /// It runs those builders, as the lookup does.
    public func explain(_ url: URL) -> [DestinationExplanation] {
        explain(url.absoluteString)
    }

    /// ``explain(_:)-(URL)`` for a URL string.
    public func explain(_ url: String) -> [DestinationExplanation] {
        let snapshot = book.snapshot
        let matching = snapshot.table.explain(url)
        var taken = false
        var explained: [DestinationExplanation] = []
        explained.reserveCapacity(matching.count)
        var text = url
        let rawQuery = text.withUTF8 { URLParts.split($0)?.query }.map { URLParts.substring($0, of: url) }
        let query = LinkQuery.of(rawQuery)
        // No builder runs for a string the lookups refuse (`LinkRequest.init(text:)`).
        let parsed = LinkRequest(text: url)?.url
        for explanation in matching {
            guard !taken, case .matched(let parameters) = explanation.outcome, let parsed else {
                explained.append(DestinationExplanation(matching: explanation, builder: nil))
                continue
            }
            let entry = DestinationEntry<Destination>.of(snapshot.value(atPriority: explanation.priority))
            let outcome: DestinationExplanation.BuilderOutcome
            switch entry.build {
            case .asynchronous:
                outcome = .asynchronous
            case .synchronous(let build):
                let link = DeepLink(url: parsed, adaptation: nil, routeParameters: parameters, query: query)
                do {
                    outcome = try build(link).map { .built(String(describing: $0)) } ?? .declined
                } catch {
                    outcome = .threw(error)
                }
            }
            if case .declined = outcome {} else if case .threw = outcome {} else { taken = true }
            explained.append(DestinationExplanation(matching: explanation, builder: outcome))
        }
        return explained
    }
}
