import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for tests: it implements whatever endpoints a test
/// gives it and misbehaves on demand (error statuses, replies that hang or drip, bad
/// bodies, dropped connections). Every request it receives is recorded.
///
/// Each connection carries one request and is closed after the reply
/// (`Connection: close`), so a test sees exactly one recorded request per HTTP call.
package final class TestHTTPServer: Sendable {
    /// A request as the server received it.
    package struct Request: Sendable, Hashable {
        /// The method, e.g. `POST`.
        package var method: String
        /// The request target as sent: path and query, e.g. `/resolve/a%26b?x=1`.
        package var target: String
        /// Header fields with lower-cased names; a repeated field keeps its last value.
        package var headers: [String: String]
        /// The body bytes (Content-Length framed).
        package var body: Data

        /// The path part of the target, without the query.
        package var path: String { String(target.prefix { $0 != "?" }) }

        /// The body parsed as a JSON object, or nil.
        package var jsonBody: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        }
    }

    /// What the server does with a request.
    package enum Reply: Sendable {
        /// A normal response. `Content-Length` and `Connection: close` are added.
        case respond(status: Int, headers: [String: String] = [:], body: Data = Data())
        /// Never replies: holds the connection open, sending nothing, until the client goes
        /// away or the server stops. No machine can be slow enough for an answer to arrive, so
        /// only a timeout can end the exchange. (There is deliberately no "reply after a wall
        /// time wait": a test whose outcome depends on one passes or fails with the load.)
        case hang
        /// Closes the connection without sending anything.
        case dropConnection
        /// Sends these bytes verbatim and closes (e.g. a truncated or garbled response).
        case raw(Data)
        /// Sends the status line and headers, then `chunk` `repeats` times, or forever when
        /// `repeats` is nil, waiting `interval` seconds before each chunk, until the client
        /// goes away: an endless body, a slow drip or a huge body. The body is delimited by
        /// the connection's close; with `declaredLength` a `Content-Length` header announces
        /// that many bytes instead.
        case stream(status: Int, chunk: Data, repeats: Int?, interval: Double = 0, declaredLength: Int? = nil)

        /// A JSON response with the given status.
        package static func json(_ status: Int, _ text: String) -> Reply {
            .respond(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
        }

        /// A 200 whose body never ends: `chunk` every millisecond until the client goes away.
        package static func endless(_ chunk: Data) -> Reply {
            .stream(status: 200, chunk: chunk, repeats: nil, interval: 0.001)
        }

        /// A 200 with a body of `chunk` repeated, as fast as the client reads, until it is
        /// at least `bytes` long; with `declaredLength` a `Content-Length` announces that
        /// many bytes.
        package static func huge(_ chunk: Data, bytes: Int, declaredLength: Int? = nil) -> Reply {
            .stream(
                status: 200, chunk: chunk, repeats: (bytes + chunk.count - 1) / chunk.count,
                declaredLength: declaredLength)
        }

        /// A 200 whose body never ends, sent as fast as the client reads: `chunk` again and
        /// again with no pause, until the client goes away.
        package static func flood(_ chunk: Data) -> Reply {
            .stream(status: 200, chunk: chunk, repeats: nil, interval: 0)
        }

        /// A 200 whose body drips forever: one space every 50 ms until the client goes away.
        package static let drip = Reply.stream(
            status: 200, chunk: Data(" ".utf8), repeats: nil, interval: 0.05)
    }

    /// The function deciding each reply; called on the connection's thread.
    package typealias Handler = @Sendable (Request) -> Reply

    /// The port the server listens on.
    package let port: UInt16
    /// `http://127.0.0.1:<port>`.
    package var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private let listener: Int32
    // NSLock rather than Synchronization.Mutex: ThreadSanitizer on Linux sees pthread
    // mutexes (which NSLock uses) but not Mutex's lock.
    private let lock = NSLock()
    private nonisolated(unsafe) var state: State
    private nonisolated(unsafe) var isStopped = false

    private struct State {
        var handler: Handler
        var requests: [Request] = []
        var openConnections = 0
        var streamedBytes = 0
    }

    /// Starts a server on an ephemeral port of 127.0.0.1.
    package init(handler: @escaping Handler = { _ in .respond(status: 404) }) throws {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw ServerError.system("socket", errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw ServerError.system("bind/listen", errno)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        state = State(handler: handler)
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "TestHTTPServer:\(port)"
        thread.start()
    }

    deinit {
        stop()
    }

    /// Replaces the handler; later requests use the new one.
    package func setHandler(_ handler: @escaping Handler) {
        lock.withLock { state.handler = handler }
    }

    /// Every request received so far, in arrival order.
    package var requests: [Request] {
        lock.withLock { state.requests }
    }

    /// How many connections the server is serving now (reading, waiting or replying).
    package var openConnections: Int {
        lock.withLock { state.openConnections }
    }

    /// How many body bytes `stream` replies have written into their connections so far
    /// (the kernel accepted them; the client may not have read them all).
    package var streamedBytes: Int {
        lock.withLock { state.streamedBytes }
    }

    /// Forgets the recorded requests.
    package func clearRequests() {
        lock.withLock { state.requests.removeAll() }
    }

    /// Stops accepting connections. Connections being served finish on their own.
    package func stop() {
        let wasStopped = lock.withLock {
            defer { isStopped = true }
            return isStopped
        }
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while !lock.withLock({ isStopped }) {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    /// Waits until the server has received at least `count` requests (``TestSignal``: no
    /// clock decides it); false only when the hang guard passed first.
    @discardableResult
    package func waitForRequests(_ count: Int) async -> Bool {
        await TestSignal.wait { requests.count >= count }
    }

    /// Waits until the server serves no connection; false only when the hang guard passed
    /// first.
    @discardableResult
    package func waitUntilNoOpenConnections() async -> Bool {
        await TestSignal.wait { openConnections == 0 }
    }

    private func serve(_ connection: Int32) {
        lock.withLock { state.openConnections += 1 }
        TestSignal.changed()
        defer {
            close(connection)
            lock.withLock { state.openConnections -= 1 }
            TestSignal.changed()
        }
        guard let request = readRequest(connection) else { return }
        let handler = lock.withLock { () -> Handler in
            state.requests.append(request)
            return state.handler
        }
        TestSignal.changed()
        send(handler(request), on: connection)
    }

    private func send(_ reply: Reply, on connection: Int32) {
        switch reply {
        case .respond(let status, let headers, let body):
            var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
                head += "\(name): \(value)\r\n"
            }
            head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            writeAll(Data(head.utf8) + body, to: connection)
        case .hang:
            hold(connection)
        case .dropConnection:
            // Reset rather than a clean FIN, so the client sees a transport error.
            var linger = linger(l_onoff: 1, l_linger: 0)
            setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
        case .raw(let bytes):
            writeAll(bytes, to: connection)
        case .stream(let status, let chunk, let repeats, let interval, let declaredLength):
            var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Type: application/json\r\n"
            if let declaredLength { head += "Content-Length: \(declaredLength)\r\n" }
            head += "Connection: close\r\n\r\n"
            guard writeAll(Data(head.utf8), to: connection) else { return }
            var sent = 0
            while repeats.map({ sent < $0 }) ?? true, !lock.withLock({ isStopped }) {
                if interval > 0 { Thread.sleep(forTimeInterval: interval) }
                let written = writeCounting(chunk, to: connection)
                lock.withLock { state.streamedBytes += written }
                TestSignal.changed()
                guard written == chunk.count else { return }
                sent += 1
            }
        }
    }

    /// Waits until the client closes `connection` (or sends more) or the server stops,
    /// checking every 50 ms.
    private func hold(_ connection: Int32) {
        var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        while !lock.withLock({ isStopped }) {
            let ready = poll(&descriptor, 1, 50)
            if ready > 0 || (ready < 0 && errno != EINTR) { return }
        }
    }

    /// Writes as much of `data` as the client takes; returns the bytes written, fewer than
    /// `data.count` when the client has gone away.
    private func writeCounting(_ data: Data, to connection: Int32) -> Int {
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                    let sent = Glibc.send(
                        connection, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                #else
                    let sent = Darwin.send(connection, buffer.baseAddress! + offset, buffer.count - offset, 0)
                #endif
                if sent <= 0 { return offset }
                offset += sent
            }
            return offset
        }
    }

    /// Writes all of `data`; false when the client has gone away.
    @discardableResult
    private func writeAll(_ data: Data, to connection: Int32) -> Bool {
        writeCounting(data, to: connection) == data.count
    }

    /// Reads one request: head up to the blank line, then a Content-Length body.
    private func readRequest(_ connection: Int32) -> Request? {
        var received = Data()
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let separator = Data("\r\n\r\n".utf8)
        var headEnd: Range<Data.Index>?
        while headEnd == nil {
            let count = recv(connection, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            received.append(contentsOf: chunk[0..<count])
            headEnd = received.range(of: separator)
            if received.count > 1 << 20 { return nil }
        }
        guard let headEnd, let head = String(data: received[..<headEnd.lowerBound], encoding: .utf8) else {
            return nil
        }
        let lines = head.components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: true)
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(received[headEnd.upperBound...])
        let expected = Int(headers["content-length"] ?? "0") ?? 0
        while body.count < expected {
            let count = recv(connection, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            body.append(contentsOf: chunk[0..<count])
        }
        return Request(
            method: String(requestLine[0]), target: String(requestLine[1]), headers: headers,
            body: body.prefix(expected))
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 413: "Content Too Large"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }

    /// A failure to start the server.
    package enum ServerError: Error, CustomStringConvertible {
        /// A system call failed with `errno`.
        case system(String, Int32)

        /// What failed and why.
        package var description: String {
            switch self {
            case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
            }
        }
    }
}
