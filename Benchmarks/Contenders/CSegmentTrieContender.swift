import CSegmentTrie
import Waypoint

/// The floor: a plain segment trie in C (`Benchmarks/CSegmentTrie`), static segments
/// before parameters with backtracking, captures as offsets into the path. It answers
/// bare paths, like `Router.match(path:)`, and takes only literal and `:name` segments.
final class CSegmentTrieContender: Contender {
    let name = "C segment trie"
    let key = "cSegmentTrie"
    let scansLinearly = false
    /// The most parameters a route may have.
    static let maxCaptures = 16

    private let trie: OpaquePointer
    /// Each route's parameter names, in route order.
    private let names: [[String]]

    /// Builds the trie of `routes`, in registration order.
    ///
    /// - Throws: ``ScanError/unsupported(route:reason:)`` for a route the C trie cannot
    ///   hold (anything but literal and `:name` segments of a path route, two routes that
    ///   are the same to it, or too many parameters).
    init(routes: [String]) throws {
        guard let trie = wp_ctrie_create() else { preconditionFailure("wp_ctrie_create: out of memory") }
        self.trie = trie
        var names: [[String]] = []
        for (index, route) in routes.enumerated() {
            let pattern: RoutePattern
            do { pattern = try RoutePattern(route, strictTrailingSlash: false) } catch {
                wp_ctrie_free(trie)
                throw ScanError.unsupported(route: route, reason: "\(error)")
            }
            var routeNames: [String] = []
            for segment in pattern.segments {
                switch segment.form {
                case .literal where !segment.text.utf8.contains(UInt8(ascii: "%")):
                    break
                case .parameter(let name):
                    routeNames.append(name)
                default:
                    wp_ctrie_free(trie)
                    throw ScanError.unsupported(route: route, reason: "segment \(segment.text)")
                }
            }
            var text = route
            let status = text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) {
                    wp_ctrie_insert(trie, $0.baseAddress, $0.count, Int32(index))
                }
            }
            guard pattern.kind == .path, pattern.scheme == nil, routeNames.count <= Self.maxCaptures,
                status == 0
            else {
                wp_ctrie_free(trie)
                throw ScanError.unsupported(
                    route: route, reason: "a duplicate, a host route or too many parameters")
            }
            names.append(routeNames)
        }
        self.names = names
    }

    deinit {
        wp_ctrie_free(trie)
    }

    func answer(_ lookup: Lookup) -> Answer? {
        var path = lookup.path
        return path.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: wp_ctrie_capture.self, capacity: Self.maxCaptures) { captures in
                var count: Int32 = 0
                let route = bytes.withMemoryRebound(to: CChar.self) {
                    wp_ctrie_match(
                        trie, $0.baseAddress, $0.count, captures.baseAddress, Int32(Self.maxCaptures), &count)
                }
                guard route >= 0 else { return nil }
                var parameters: [String: String] = [:]
                for (name, capture) in zip(names[Int(route)], captures.prefix(Int(count))) {
                    let value = bytes[Int(capture.offset)..<Int(capture.offset + capture.length)]
                    parameters[name] = String(decoding: value, as: UTF8.self)
                }
                return Answer(priority: Int(route), parameters: parameters)
            }
        }
    }

    /// The paths, prepared as a C caller holds them: their bytes one after another in one
    /// buffer, and each path's start and length, so that the timed loop makes no retain,
    /// release or string check per lookup and measures the trie alone.
    func pass(over lookups: [Lookup]) -> () -> Int {
        let prepared = PreparedPaths(lookups.map(\.path))
        let trie = trie
        return {
            var checksum = 0
            withUnsafeTemporaryAllocation(of: wp_ctrie_capture.self, capacity: Self.maxCaptures) { captures in
                let bytes = prepared.bytes
                for (start, length) in prepared.spans {
                    var count: Int32 = 0
                    let route = wp_ctrie_match(
                        trie, bytes + start, length, captures.baseAddress, Int32(Self.maxCaptures), &count)
                    if route >= 0 { checksum &+= Int(route) &+ 1 }
                }
            }
            return checksum
        }
    }
}

/// Strings laid out as a C program holds them: their UTF-8 in one buffer, each as a start
/// and a length.
final class PreparedPaths: @unchecked Sendable {
    // @unchecked Sendable: the buffer is written once, in init, and only read afterwards.
    let bytes: UnsafeMutablePointer<CChar>
    let spans: [(start: Int, length: Int)]

    init(_ paths: [String]) {
        let total = paths.reduce(0) { $0 + $1.utf8.count }
        bytes = .allocate(capacity: max(total, 1))
        var spans: [(start: Int, length: Int)] = []
        spans.reserveCapacity(paths.count)
        var offset = 0
        for path in paths {
            for byte in path.utf8 {
                bytes[offset] = CChar(bitPattern: byte)
                offset += 1
            }
            spans.append((offset - path.utf8.count, path.utf8.count))
        }
        self.spans = spans
    }

    deinit {
        bytes.deallocate()
    }
}
