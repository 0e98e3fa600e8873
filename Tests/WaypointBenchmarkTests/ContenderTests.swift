import Testing
import Waypoint
import WaypointReference

@testable import waypoint_bench

/// Every contender answers the app corpus exactly as the reference matcher does, and the
/// timed series refuses a contender that answers wrongly.
@Suite("Benchmark contenders")
struct ContenderTests {
    @Test("every contender agrees with the expected answers on the app corpus")
    func agree() async throws {
        let disagreements = try await offCooperativePool {
            let corpus = try AppCorpus.corpus(count: 100, seed: 5)
            let sink = DispatchSink()
            let router = Router()
            try router.register(
                zip(corpus.routes, sink.handlers(count: corpus.routes.count)).map {
                    (RouteName($0), RouteHandler.closure($1))
                })
            let reference = try ReferenceMatcher(routes: corpus.routes)
            let contenders: [any Contender] = [
                WaypointURLContender(router: router),
                WaypointDispatchContender(router: router, routes: corpus.routes, sink: sink),
                PCRE2ScanContender(reference: reference),
                try NSRegularExpressionScanContender(routes: corpus.routes, reference: reference),
            ]
            var disagreements: [String] = []
            for contender in contenders {
                for lookup in corpus.hits + corpus.misses where contender.answer(lookup) != lookup.expected {
                    disagreements.append("\(contender.name): \(lookup.url)")
                }
                if contender.pass(over: corpus.hits)() != Answer.checksum(of: corpus.hits.map(\.expected)) {
                    disagreements.append("\(contender.name): checksum")
                }
            }
            return disagreements
        }
        #expect(disagreements.isEmpty)
    }

    @Test("the path contender answers the REST corpus")
    func path() async throws {
        let disagreements = try await offCooperativePool {
            let corpus = RESTCorpus.corpus(count: 200, seed: 9, baseURL: "https://example.com")
            let router = Router()
            for route in corpus.routes { try router.register(RouteName(route)) { _ in } }
            let contender = WaypointPathContender(router: router)
            return (corpus.hits + corpus.misses).filter { contender.answer($0) != $0.expected }.map(\.path)
        }
        #expect(disagreements.isEmpty)
    }

    @Test("the stack contenders answer the REST corpus's 3-deep hits, with whole stacks")
    func stacks() async throws {
        let (hits, disagreements) = try await offCooperativePool {
            let corpus = RESTCorpus.corpus(count: 1_000, seed: 9, baseURL: "https://example.com")
            let hits = corpus.lookups(for: "waypointStack", hits: true)
            var disagreements: [String] = []
            for mode in [WaypointStackContender.Mode.destination, .stack, .machinery] {
                let contender = try WaypointStackContender(routes: corpus.routes, mode: mode)
                for lookup in hits + corpus.misses where contender.answer(lookup) != lookup.expected {
                    disagreements.append("\(contender.name): \(lookup.url)")
                }
                if contender.pass(over: hits)() != Answer.checksum(of: hits.map(\.expected)) {
                    disagreements.append("\(contender.name): checksum")
                }
            }
            return (hits, disagreements)
        }
        #expect(hits.count > 100)
        #expect(hits.allSatisfy { $0.path.split(separator: "/").count >= 4 })
        #expect(disagreements.isEmpty)
    }

    @Test("a stack tree's parent is the route without its last segment, registered before it")
    func stackTree() {
        let routes = [
            "/v1/orders", "/v1/orders/:id", "/v1/orders/:id/refund", "/v1/carts/:id", "/v1/orders/:id",
        ]
        let parents = StackTree.parents(of: routes)
        #expect(parents == [nil, 0, 1, nil, 0])
        #expect(StackTree.depths(of: parents) == [1, 2, 3, 1, 2])
    }

    @Test("a contender that answers wrongly is never timed")
    func wrong() throws {
        let corpus = RESTCorpus.corpus(count: 50, seed: 1, baseURL: "https://example.com")
        let router = Router()
        // Registered in reverse: the winners' indices differ from the expected ones.
        for route in corpus.routes.reversed() { try router.register(RouteName(route)) { _ in } }
        #expect(throws: BenchmarkError.self) {
            _ = try TimedSeries(
                contender: WaypointPathContender(router: router), isHits: true, set: corpus.hits,
                plan: MeasurementPlan())
        }
    }

    @Test("a linear scan over a large set is timed on an evenly spread sample")
    func spread() {
        let set = (0..<1_000).map { Lookup(url: "u\($0)", path: "/\($0)", expected: nil) }
        let sample = TimedSeries.spread(set, count: 10)
        #expect(sample.map(\.path) == stride(from: 50, to: 1_000, by: 100).map { "/\($0)" })
        #expect(TimedSeries.spread(set, count: 2_000).count == 1_000)
    }
}
