import Foundation
import Waypoint
import WaypointNavigation

/// `waypoint-bench --registration`: registering a table one route at a time against
/// registering it in one call, for both faces (``Router`` with closure handlers,
/// ``DestinationRouter`` with builders and printers), as ratios measured in one run.
///
/// Each registration runs in a child process of its own (this executable with
/// `--registration-child`), so that its peak resident memory is its own and not what an
/// earlier measurement left in the allocator: the child reads its CPU time and its
/// resident memory before, then its CPU time and peak resident memory after, and checks
/// the table it registered (its route count, and a lookup of every hundredth route). Rounds
/// interleave the children; ratios are taken round by round and summarised by their median.
struct OneByOneRegistrationBenchmark {
    /// The routes registered.
    let count: Int
    /// Rounds of every measurement.
    let rounds: Int
    let seed: UInt64
    let log: (String) -> Void

    /// A face of the router.
    enum Face: String, CaseIterable {
        /// `Router.register(_:handler:)` one at a time against `Router.register(_:)`.
        case router
        /// `DestinationRouter.register(_:destination:link:)` one at a time, against the
        /// package bulk registration of the same routes with builders (the public API has
        /// no bulk registration with printers; a printer adds one reference to a route's
        /// entry).
        case destination
    }

    /// The routes' shape.
    enum Shape: String, CaseIterable {
        /// `/r/0/:id`, `/r/1/:id`, …: every route a literal child of one node, the worst case
        /// for a trie that copies a node's edge table to add an edge.
        case flat
        /// The generated REST corpus (``RESTCorpus``).
        case rest
    }

    /// How the routes are registered.
    enum Mode: String, CaseIterable {
        case bulk
        case oneByOne = "one-by-one"
        /// Registered in bulk (not measured), then each route registered again, one at a
        /// time, with a new handler or builder (measured): a replacement keeps the route's
        /// place.
        case again
        /// One at a time while another thread dispatches links without pause (each dispatch
        /// holds the snapshot it started with, so older tables are often still alive when
        /// a route is added).
        case busy
    }

    /// What one child measured.
    struct Sample {
        /// CPU seconds the registration took (the process's CPU clock).
        let cpuSeconds: Double
        /// Peak resident bytes during the registration less resident bytes before it.
        let peakGrowth: Int
    }

    /// The routes of `shape`.
    static func routes(_ shape: Shape, count: Int, seed: UInt64) -> [String] {
        switch shape {
        case .flat: (0..<count).map { "/r/\($0)/:id" }
        case .rest: RESTCorpus.routes(count: count, seed: seed)
        }
    }

    /// The URL that matches route `index` of `routes`: each `:name` segment made `7`.
    static func url(for route: String) -> String {
        "app://h"
            + route.split(separator: "/").map { $0.hasPrefix(":") ? "7" : String($0) }
            .reduce("") { $0 + "/" + $1 }
    }

    // MARK: The parent

    func run() throws -> [String] {
        let executable = try InstructionBenchmark.strippedCopy()
        defer { try? FileManager.default.removeItem(atPath: executable) }
        var samples: [String: [Sample]] = [:]
        for round in 0..<rounds {
            for shape in Shape.allCases {
                for face in Face.allCases {
                    for mode in Mode.allCases {
                        let key = "\(face.rawValue):\(shape.rawValue):\(mode.rawValue)"
                        log("round \(round + 1) of \(rounds): \(key) \(count)")
                        samples[key, default: []].append(try child(executable, spec: "\(key):\(count)"))
                    }
                }
            }
        }
        var lines = [
            "\(count) routes, \(rounds) rounds: CPU time of the registration and peak RSS growth "
                + "(peak resident memory during it less resident memory before it), medians; the "
                + "ratios to bulk are taken round by round (median, min–max). One by one: each route "
                + "registered alone; again: after a bulk registration, each registered again alone; busy: "
                + "one by one while another thread dispatches links (the registering thread's CPU time).",
            "",
            "| face, routes | bulk | one by one | one by one / bulk | again | again / bulk | busy | busy / bulk |",
            "|---|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for shape in Shape.allCases {
            for face in Face.allCases {
                let key = "\(face.rawValue):\(shape.rawValue)"
                let bulk = samples["\(key):bulk"] ?? []
                var row = "| \(face.rawValue), \(shape.rawValue) | \(Self.format(bulk))"
                for mode in [Mode.oneByOne, .again, .busy] {
                    let measured = samples["\(key):\(mode.rawValue)"] ?? []
                    let ratios = zip(measured, bulk).map { $0.cpuSeconds / $1.cpuSeconds }
                    row +=
                        " | \(Self.format(measured)) | "
                        + String(
                            format: "%.2f× (%.2f–%.2f×)", Self.median(ratios), ratios.min() ?? 0,
                            ratios.max() ?? 0)
                }
                lines.append(row + " |")
            }
        }
        return lines
    }

    /// Runs one child and reads its line.
    private func child(_ executable: String, spec: String) throws -> Sample {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--registration-child", spec, "--seed", String(seed)]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError.usage("registration child \(spec) failed: \(errorText)")
        }
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard fields.count == 2, let cpu = Double(fields[0]), let peak = Int(fields[1]) else {
            throw BenchmarkError.usage("registration child \(spec) printed \(text)")
        }
        return Sample(cpuSeconds: cpu, peakGrowth: peak)
    }

    // MARK: The child

    /// Runs the registration `spec` (`face:shape:mode:count`) and prints its CPU seconds and
    /// peak resident growth in bytes.
    static func runChild(spec: String, seed: UInt64) throws {
        let parts = spec.split(separator: ":").map(String.init)
        guard parts.count == 4, let face = Face(rawValue: parts[0]), let shape = Shape(rawValue: parts[1]),
            let mode = Mode(rawValue: parts[2]), let count = Int(parts[3]), count > 0
        else {
            throw BenchmarkError.usage("--registration-child takes face:shape:mode:count, not \(spec)")
        }
        let routes = routes(shape, count: count, seed: seed)
        let measured: (cpu: Double, peak: Int)
        switch face {
        case .router: measured = try registerRouter(routes, mode: mode)
        case .destination: measured = try registerDestinations(routes, mode: mode)
        }
        print(String(format: "%.6f", measured.cpu), measured.peak)
    }

    private static func registerRouter(_ routes: [String], mode: Mode) throws -> (cpu: Double, peak: Int) {
        let router = Router()
        let pairs = routes.map { (RouteName($0), RouteHandler.closure { _ in }) }
        if mode == .again { try router.register(pairs) }
        let urls = Array(routes.prefix(64).map(url(for:)))
        var busy: (@Sendable (Int) -> Void)?
        if mode == .busy { busy = { index in _ = router.handle(urls[index % urls.count]) } }
        let measured = try measure(busy: busy) {
            switch mode {
            case .bulk: try router.register(pairs)
            case .oneByOne, .again, .busy:
                for route in routes { try router.register(RouteName(route)) { _ in } }
            }
        }
        guard router.routes == routes else {
            throw BenchmarkError.usage("the router holds \(router.routes.count) of \(routes.count) routes")
        }
        for index in stride(from: 0, to: routes.count, by: 100) {
            let url = url(for: routes[index])
            guard let match = router.match(url), match.route == routes[index] else {
                throw BenchmarkError.usage("\(url) did not match \(routes[index])")
            }
        }
        return measured
    }

    private static func registerDestinations(
        _ routes: [String], mode: Mode
    ) throws -> (cpu: Double, peak: Int) {
        let router = DestinationRouter<Int>()
        let builders: [DestinationRouter<Int>.Builder] = routes.indices.map { index in { _ in index } }
        if mode == .again {
            try router.register(routes.map { DestinationRouter<Int>.Route(RouteName($0)) { _ in nil } })
        }
        let urls = Array(routes.prefix(64).map(url(for:)))
        var busy: (@Sendable (Int) -> Void)?
        if mode == .busy { busy = { index in _ = router.destination(for: urls[index % urls.count]) } }
        let measured = try measure(busy: busy) {
            switch mode {
            case .bulk:
                try router.register(
                    routes.indices.map { index in
                        DestinationRouter<Int>.Route(RouteName(routes[index]), destination: builders[index]) {
                            $0 == index ? [:] : nil
                        }
                    })
            case .oneByOne, .again, .busy:
                for (index, route) in routes.enumerated() {
                    try router.register(RouteName(route), destination: builders[index]) {
                        $0 == index ? [:] : nil
                    }
                }
            }
        }
        guard router.routes == routes else {
            throw BenchmarkError.usage("the router holds \(router.routes.count) of \(routes.count) routes")
        }
        for index in stride(from: 0, to: routes.count, by: 100) {
            let url = url(for: routes[index])
            guard router.destination(for: url) == index else {
                throw BenchmarkError.usage("\(url) did not give destination \(index)")
            }
        }
        return measured
    }

    /// The CPU seconds `body` took on this thread and the peak resident growth while it ran;
    /// with `busy`, another thread calls it with 0, 1, 2, … until `body` returns.
    private static func measure(
        busy: (@Sendable (Int) -> Void)? = nil, _ body: () throws -> Void
    ) throws -> (cpu: Double, peak: Int) {
        guard resetPeak() else {
            throw BenchmarkError.usage("--registration needs to reset the peak in /proc/self/clear_refs")
        }
        guard let before = MemoryProbe.residentBytes() else {
            throw BenchmarkError.usage("--registration needs /proc/self/statm")
        }
        let stop = Locked(false)
        let stopped = DispatchSemaphore(value: 0)
        if let busy {
            let thread = Thread {
                var index = 0
                while !stop.withLock({ $0 }) {
                    busy(index)
                    index += 1
                }
                stopped.signal()
            }
            thread.start()
        }
        let start = cpuSeconds()
        try body()
        let cpu = cpuSeconds() - start
        if busy != nil {
            stop.withLock { $0 = true }
            stopped.wait()
        }
        guard let peak = peakResidentBytes() else {
            throw BenchmarkError.usage("--registration needs VmHWM in /proc/self/status")
        }
        return (cpu, max(0, peak - before))
    }

    /// The calling thread's CPU time in seconds.
    private static func cpuSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    /// Resets the peak resident memory to the current one (`/proc/self/clear_refs`, value 5),
    /// so that the peak read after a registration is the registration's; false where that
    /// is not allowed.
    private static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    /// The peak resident memory (`VmHWM`) in bytes.
    private static func peakResidentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
            return kilobytes * 1024
        }
        return nil
    }

    private static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        return values.sorted()[values.count / 2]
    }

    /// The median CPU time and peak growth of `samples`.
    private static func format(_ samples: [Sample]) -> String {
        format(seconds: median(samples.map(\.cpuSeconds))) + ", +"
            + format(bytes: median(samples.map { Double($0.peakGrowth) }))
    }

    private static func format(seconds: Double) -> String {
        seconds >= 1 ? String(format: "%.2f s", seconds) : String(format: "%.1f ms", seconds * 1e3)
    }

    private static func format(bytes: Double) -> String {
        String(format: "%.1f MB", bytes / 1e6)
    }
}
