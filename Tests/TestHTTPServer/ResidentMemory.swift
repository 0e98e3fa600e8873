import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's resident memory, read from `/proc/self/status` (Linux), for tests that
/// check a bound on memory rather than on time.
package enum ResidentMemory {
    /// `VmRSS` in bytes, or nil where `/proc` is not available.
    package static func current() -> Int? {
        // Read with plain system calls: /proc files report a size of 0, which Foundation's
        // file readers trust.
        let fd = open("/proc/self/status", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        let status = String(decoding: bytes, as: UTF8.self)
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let kilobytes = line.dropFirst("VmRSS:".count).split(whereSeparator: { $0 == " " || $0 == "\t" })
                .first
                .flatMap { Int($0) }
            return kilobytes.map { $0 * 1024 }
        }
        return nil
    }

    /// Starts a thread that samples the resident size every 2 ms, until ``Meter/stop()``.
    package static func startMeter() -> Meter? {
        guard let baseline = current() else { return nil }
        let meter = Meter(baseline: baseline)
        let thread = Thread { meter.run() }
        thread.start()
        return meter
    }

    /// A running sampler of the resident size.
    package final class Meter: Sendable {
        // NSLock-guarded, like the server's state.
        private let lock = NSLock()
        private let baseline: Int
        private nonisolated(unsafe) var peak: Int
        private nonisolated(unsafe) var stopped = false
        private let done = DispatchSemaphore(value: 0)

        fileprivate init(baseline: Int) {
            self.baseline = baseline
            peak = baseline
        }

        fileprivate func run() {
            while !lock.withLock({ stopped }) {
                if let size = ResidentMemory.current() { lock.withLock { peak = max(peak, size) } }
                Thread.sleep(forTimeInterval: 0.002)
            }
            done.signal()
        }

        /// Stops sampling and returns the largest growth seen over the size at the start,
        /// in bytes, including one last sample.
        package func stop() -> Int {
            lock.withLock { stopped = true }
            done.wait()
            let last = ResidentMemory.current() ?? 0
            return lock.withLock { max(peak, last) } - baseline
        }
    }
}

extension ResidentMemory {
    /// A generous bound on the process's growth while a client reads an endless body under a
    /// response cap: the cap plus what FoundationNetworking queues for the delegate before
    /// the cancel lands on a loaded machine, plus whatever the tests running beside it
    /// allocate: the suite runs in one process, and its table-building and decoding suites
    /// beside it reached 325 MB on a loaded 2-core machine, so the bound is 640 MB. An
    /// uncapped endless body grows to gigabytes within seconds, and its call never returns.
    package static let responseLimitBound = 640 << 20

    /// How much the resident size grew over one operation.
    package struct Growth: Sendable, CustomStringConvertible {
        /// What was measured, for the message.
        package let label: String
        /// The largest growth seen over the size at the start, in bytes; nil where `/proc`
        /// is not available.
        package let bytes: Int?

        /// Whether the growth stayed under ``ResidentMemory/responseLimitBound``; true where
        /// it cannot be measured.
        package var isWithinResponseLimitBound: Bool {
            bytes.map { $0 < ResidentMemory.responseLimitBound } ?? true
        }

        /// `<label>: resident memory grew by N bytes`, or that it was not measured.
        package var description: String {
            bytes.map { "\(label): resident memory grew by \($0) bytes" }
                ?? "\(label): resident memory not measured (no /proc)"
        }
    }

    /// Runs `operation` while a meter samples the resident size, prints the growth (in KiB,
    /// under `label`) and returns it with the operation's result; check it with
    /// ``Growth/isWithinResponseLimitBound``.
    package static func measuringGrowth<Value>(
        _ label: String, isolation: isolated (any Actor)? = #isolation,
        during operation: () async throws -> Value
    ) async rethrows -> (value: Value, growth: Growth) {
        let meter = startMeter()
        let value: Value
        do {
            value = try await operation()
        } catch {
            _ = meter?.stop()
            throw error
        }
        let growth = Growth(label: label, bytes: meter?.stop())
        if let bytes = growth.bytes {
            print("\(label): resident memory grew by at most \(bytes >> 10) KiB")
        }
        return (value, growth)
    }
}
