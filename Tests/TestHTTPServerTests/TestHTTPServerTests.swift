import Foundation
import TestHTTPServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The test server is itself tested through URLSession, the client the adapters use, so a
/// broken server cannot make adapter tests pass by accident.
@Suite("Loopback test HTTP server")
struct TestHTTPServerTests {
    private func session(timeout: TimeInterval = 5) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        return URLSession(configuration: configuration)
    }

    @Test("records method, target, headers and body, and returns the reply")
    func roundTrip() async throws {
        let server = try TestHTTPServer { request in
            .json(201, #"{"echo":"\#(request.path)"}"#)
        }
        defer { server.stop() }
        var request = URLRequest(url: server.baseURL.appendingPathComponent("api/link/resolve-short"))
        request.httpMethod = "POST"
        request.setValue("Bearer k", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"url":"https://x/y"}"#.utf8)
        let (data, response) = try await session().data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 201)
        #expect(String(decoding: data, as: UTF8.self) == #"{"echo":"/api/link/resolve-short"}"#)
        let recorded = try #require(server.requests.first)
        #expect(recorded.method == "POST")
        #expect(recorded.headers["authorization"] == "Bearer k")
        #expect(recorded.jsonBody?["url"] as? String == "https://x/y")
    }

    @Test("a dropped connection is a transport error")
    func dropped() async throws {
        let server = try TestHTTPServer { _ in .dropConnection }
        defer { server.stop() }
        await #expect(throws: (any Error).self) {
            _ = try await session().data(from: server.baseURL.appendingPathComponent("x"))
        }
        #expect(server.requests.count == 1)
    }

    @Test("a hanging reply ends only by the client's timeout, and the server lets go after it")
    func hang() async throws {
        let server = try TestHTTPServer { _ in .hang }
        defer { server.stop() }
        // FoundationNetworking truncates URLSession timeouts to whole seconds, so the test
        // uses one second; clients that need finer timeouts must enforce them themselves. The
        // server never answers, so however busy the machine, the outcome is a timeout; how
        // long it took is not asserted.
        let error = await #expect(throws: URLError.self) {
            _ = try await session(timeout: 1).data(from: server.baseURL.appendingPathComponent("x"))
        }
        #expect(error?.code == .timedOut)
        #expect(server.requests.map(\.path) == ["/x"])
        // The client closed the connection; the held connection is released (a wait for the
        // server to close it, ``TestSignal``, not a timing bound).
        #expect(await server.waitUntilNoOpenConnections())
    }

    @Test("error statuses and garbled bodies reach the client as sent")
    func misbehaviour() async throws {
        let server = try TestHTTPServer { request in
            request.path == "/500" ? .json(500, #"{"error":"boom"}"#) : .json(200, "{not json")
        }
        defer { server.stop() }
        let (_, failed) = try await session().data(from: server.baseURL.appendingPathComponent("500"))
        #expect((failed as? HTTPURLResponse)?.statusCode == 500)
        let (body, _) = try await session().data(from: server.baseURL.appendingPathComponent("ok"))
        #expect(String(decoding: body, as: UTF8.self) == "{not json")
        server.setHandler { _ in .respond(status: 204) }
        let (_, empty) = try await session().data(from: server.baseURL.appendingPathComponent("z"))
        #expect((empty as? HTTPURLResponse)?.statusCode == 204)
        #expect(server.requests.map(\.path) == ["/500", "/ok", "/z"])
    }
}
