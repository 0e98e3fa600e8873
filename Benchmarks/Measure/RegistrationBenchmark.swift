import Waypoint

/// Times registering a corpus, and the memory the registered router holds per route.
struct RegistrationBenchmark {
    let routes: [String]
    let handlers: [@Sendable (DeepLink) -> Void]
    let plan: MeasurementPlan

    /// Registers the routes in bulk several times and one by one when the table is small
    /// enough, and returns the figures with the first bulk-registered router.
    func run() throws -> (report: RegistrationReport, router: Router) {
        let pairs = zip(routes, handlers).map { (RouteName($0), RouteHandler.closure($1)) }
        // The first registration also measures memory: what the live router holds.
        MemoryProbe.trim()
        let heapBefore = MemoryProbe.heapBytes()
        let residentBefore = MemoryProbe.residentBytes()
        let router = Router()
        var bulk = [try Stopwatch.measure { try router.register(pairs) }.seconds]
        let heapAfter = MemoryProbe.heapBytes()
        let residentAfter = MemoryProbe.residentBytes()
        guard router.routes.count == routes.count else {
            throw CorpusError.generator("registered \(router.routes.count) of \(routes.count) routes")
        }
        for _ in 1..<plan.bulkRepetitions(routes.count) {
            let fresh = Router()
            bulk.append(try Stopwatch.measure { try fresh.register(pairs) }.seconds)
        }
        var oneByOne: Double?
        if routes.count <= plan.oneByOneLimit {
            let fresh = Router()
            oneByOne = try Stopwatch.measure {
                for (route, handler) in zip(routes, handlers) {
                    try fresh.register(RouteName(route), handler: handler)
                }
            }.seconds
        }
        // Register and remove one more route beside the table, as an app that adds a route
        // at run time does; timed cycle by cycle, the median is kept.
        var cycles: [Double] = []
        for index in 0..<plan.cycles {
            let route = "/waypoint-bench-cycle/\(index)/:id"
            cycles.append(
                try Stopwatch.measure {
                    try router.register(RouteName(route)) { _ in }
                    guard router.remove(RouteName(route)) else {
                        throw CorpusError.generator("\(route) was not registered")
                    }
                }.seconds)
        }
        let count = Double(routes.count)
        let report = RegistrationReport(
            bulkMilliseconds: Summary(bulk).scaled(by: 1e3), bulkRepetitions: bulk.count,
            oneByOneMilliseconds: oneByOne.map { $0 * 1e3 },
            cycleMicroseconds: cycles.isEmpty ? nil : Summary(cycles).median * 1e6,
            heapBytesPerRoute: heapBefore.flatMap { before in heapAfter.map { Double($0 - before) / count } },
            residentBytesPerRoute: residentBefore.flatMap { before in
                residentAfter.map { Double($0 - before) / count }
            })
        return (report, router)
    }
}
