import Foundation
import Testing
import Waypoint
import WaypointReference

@testable import waypoint_bench

/// The corpora are deterministic and their expected answers are right: the REST corpus's
/// shape oracle and the app corpus's construction agree with the reference matcher.
@Suite("Benchmark corpora")
struct CorpusTests {
    @Test("the REST corpus is deterministic and nests across sizes")
    func deterministic() {
        let small = RESTCorpus.routes(count: 200, seed: 7)
        #expect(small == RESTCorpus.routes(count: 200, seed: 7))
        #expect(Array(RESTCorpus.routes(count: 1_000, seed: 7).prefix(200)) == small)
        #expect(small != RESTCorpus.routes(count: 200, seed: 8))
        #expect(Set(small).count == small.count, "routes are distinct")
    }

    @Test("the shape oracle agrees with the reference matcher on hits and misses", arguments: [1, 2, 3])
    func oracle(seed: UInt64) async throws {
        let (corpus, disagreements) = try await offCooperativePool {
            let corpus = RESTCorpus.corpus(count: 250, seed: seed, baseURL: "https://example.com")
            let reference = try ReferenceMatcher(routes: corpus.routes)
            let disagreements = (corpus.hits + corpus.misses).filter {
                reference.match($0.url).map(Answer.init) != $0.expected
            }
            return (corpus, disagreements.map(\.url))
        }
        #expect(corpus.hits.count == 250)
        #expect(corpus.misses.count > 235)
        #expect(disagreements.isEmpty)
        // Literal routes come before their parameter siblings: every lookup wins its own route.
        #expect(corpus.hits.enumerated().allSatisfy { $0.element.expected?.priority == $0.offset })
    }

    @Test("the shape oracle finds an earlier parameter route that shadows a literal one")
    func shadowing() {
        let oracle = ShapeOracle(routes: ["/a/:id", "/a/b", "/a/:id/c", "/:x/b/c"])
        #expect(oracle.winner(of: "/a/b") == Answer(priority: 0, parameters: ["id": "b"]))
        #expect(oracle.winner(of: "/a/b/c") == Answer(priority: 2, parameters: ["id": "b"]))
        #expect(oracle.winner(of: "/z/b/c") == Answer(priority: 3, parameters: ["x": "z"]))
        #expect(oracle.winner(of: "/a") == nil)
        #expect(oracle.winner(of: "/a//c") == nil)
    }

    @Test("the app corpus covers the route language and its misses miss")
    func app() async throws {
        let (corpus, matchedMisses) = try await offCooperativePool {
            let corpus = try AppCorpus.corpus(count: 200, seed: 11)
            let reference = try ReferenceMatcher(routes: corpus.routes)
            return (corpus, corpus.misses.filter { reference.match($0.url) != nil }.map(\.url))
        }
        #expect(corpus.hits.count == 200)
        #expect(corpus.misses.count > 180)
        #expect(matchedMisses.isEmpty)
        for marker in ["://", "(", ".json", "**", "?", "/*/", "\\."] {
            #expect(corpus.routes.contains { $0.contains(marker) }, "no route contains \(marker)")
        }
        #expect(corpus.routes.contains { !$0.hasPrefix("/") && !$0.contains("://") }, "no host route")
    }

    @Test("an external corpus is read, and its lookups are checked against the routes")
    func external() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waypoint-bench-tests")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        func write(_ name: String, _ lines: [String]) throws -> String {
            let path = directory.appendingPathComponent(name).path
            try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let routes = try write("routes.txt", ["/users/:id", "/users/:id/posts", ""])
        let lookups = try write("lookups.txt", ["/users/p1", "myapp://host/users/p1/posts"])
        let misses = try write("misses.txt", ["/zz"])
        let corpus = try FileCorpus.load(
            routes: routes, lookups: lookups, misses: misses, baseURL: "https://example.com")
        #expect(corpus.routes == ["/users/:id", "/users/:id/posts"])
        #expect(corpus.isPathOnly)
        #expect(corpus.hits.map(\.url) == ["https://example.com/users/p1", "myapp://host/users/p1/posts"])
        #expect(corpus.hits.map(\.path) == ["/users/p1", "/users/p1/posts"])
        #expect(corpus.hits.map(\.expected?.priority) == [0, 1])
        let wrong = try write("wrong.txt", ["/users/p1"])
        #expect(throws: CorpusError.self) {
            try FileCorpus.load(
                routes: routes, lookups: lookups, misses: wrong, baseURL: "https://example.com")
        }
    }

    /// The committed GitHub API corpus (Benchmarks/Corpus/GitHubAPI), as the perf gate reads it.
    static func gitHubAPI() throws -> Corpus {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Benchmarks/Corpus/GitHubAPI").standardized
        func file(_ name: String) -> String { directory.appendingPathComponent(name).path }
        return try FileCorpus.load(
            routes: file("github-api-routes.txt"), lookups: file("github-api-lookups.txt"),
            misses: file("github-api-misses.txt"), baseURL: "https://example.com")
    }

    @Test(
        "the committed GitHub API corpus has 142 routes, each hit its own line's route, and misses that miss")
    func gitHubAPICorpus() async throws {
        let (corpus, disagreements) = try await offCooperativePool {
            let corpus = try Self.gitHubAPI()
            let router = Router()
            for route in corpus.routes { try router.register(RouteName(route)) { _ in } }
            // Waypoint's path API agrees with the reference matcher's answers FileCorpus
            // checked the files against.
            let wrong = (corpus.hits + corpus.misses).filter {
                router.match(path: $0.path).map(Answer.init) != $0.expected
            }
            return (corpus, wrong.map(\.path))
        }
        #expect(corpus.routes.count == 142)
        #expect(Set(corpus.routes).count == 142)
        #expect(corpus.isPathOnly)
        #expect(corpus.misses.count == 142)
        #expect(corpus.hits.enumerated().allSatisfy { $0.element.expected?.priority == $0.offset })
        #expect(disagreements.isEmpty)
    }
}
