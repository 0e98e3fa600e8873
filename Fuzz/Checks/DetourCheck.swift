import Waypoint
import WaypointDetour

/// Fuzz target `detour-pipeline`: any string through the Detour link pipeline's offline
/// evaluation (Documentation/spec/detour.md §2–§4), in every processing mode, as a runtime and as a deferred
/// link, and the resulting link through the core router (§9).
///
/// Input: the string's bytes decoded as UTF-8.
///
/// Invariants:
/// - The link is empty exactly when §2's infrastructure rule or §3's mode table says so.
/// - `route` starts with `/` and holds no character §2.2 says is percent-encoded (controls,
///   space, `" < > \ ^ `` ` `` { | }`, DEL, non-ASCII) and no `#`; `pathname` is `route` up
///   to its first `?` (`/` when that is empty), so a prefix of it.
/// - `params` are the query part of `route` decoded as WHATWG `URLSearchParams` does
///   (checked against a second, plain implementation); `type` is `deferred` for deferred
///   links, `scheme` for scheme links and `verified` otherwise; `url` is the trimmed input
///   (`https:` before `//`, `/` before a plain path).
/// - The router matches the link as its pathname: `match(link)` equals `match(path:)` on
///   `route` for a table of path routes.
public enum DetourCheck {
    static let routes = ["/", "/products/:id", "/p/**", "/:a/:b", "/x/:v(.*)", "/%3F/:q"]
    static let router: Router = {
        let router = Router()
        for route in routes { try! router.register(RouteName(route)) { _ in } }
        return router
    }()

    /// Checks one fuzz input.
    public static func check(_ data: [UInt8]) throws(FuzzViolation) {
        let text = String(decoding: data, as: UTF8.self)
        for mode in LinkProcessingMode.allCases {
            for deferred in [false, true] {
                try check(text, mode: mode, deferred: deferred)
            }
        }
    }

    static func check(_ text: String, mode: LinkProcessingMode, deferred: Bool) throws(FuzzViolation) {
        let result = DetourLinkPipeline.evaluate(text, mode: mode, deferred: deferred)
        let input = Quoted(text) { " (\(mode.rawValue), \(deferred ? "deferred" : "runtime"))" }
        let expected = expectedKind(text)
        let admitted: Bool
        switch expected {
        case nil: admitted = false
        case .plain?: admitted = true
        case .web?: admitted = mode != .deferredOnly || deferred
        case .scheme?: admitted = mode == .all
        }
        guard let link = result.link else {
            try require(!admitted, "only infrastructure and the mode filter give an empty result", input)
            return
        }
        try require(
            admitted, "infrastructure links and filtered modes give an empty result", "\(input): \(link)")
        let route = link.route
        try require(
            route.utf8.first == UInt8(ascii: "/"), "route starts with /", "\(input): \(quoted(route))")
        try require(
            route.unicodeScalars.allSatisfy { !mustBeEncoded($0) && $0 != "#" },
            "route holds no character §2.2 encodes, and no #", "\(input): \(quoted(route))")
        let beforeQuery = route.utf8.split(
            separator: UInt8(ascii: "?"), maxSplits: 1, omittingEmptySubsequences: false)[0]
        let pathname = beforeQuery.isEmpty ? "/" : String(Substring(beforeQuery))
        try require(
            link.pathname == pathname && route.utf8.starts(with: link.pathname.utf8),
            "pathname is route up to its ?",
            "\(input): \(quoted(link.pathname)) of \(quoted(route))")
        let query =
            route.utf8.firstIndex(of: UInt8(ascii: "?")).map { route[route.utf8.index(after: $0)...] } ?? ""
        try require(
            link.params == searchParams(query), "params are the query decoded as URLSearchParams",
            "\(input): \(link.params) vs \(searchParams(query))")
        let type: LinkType = deferred ? .deferred : (expected == .scheme ? .scheme : .verified)
        try require(link.type == type, "type follows the link's origin and form", "\(input): \(link.type)")
        let trimmed = trim(text)
        let url =
            trimmed.utf8.starts(with: "//".utf8)
            ? "https:" + trimmed
            : (expected == .plain && trimmed.utf8.first != UInt8(ascii: "/") ? "/" + trimmed : trimmed)
        try require(link.url == url, "url is the trimmed, normalised input", "\(input): \(quoted(link.url))")

        // The router refuses the link's URL (`detour:` + route) once it passes the length
        // bound, a few bytes before it refuses the bare path.
        guard route.utf8.count + "detour://".utf8.count <= router.options.maxURLLength else { return }
        let viaLink = router.match(link)
        let viaPath = router.match(path: route)
        try require(
            viaLink == viaPath, "a Detour link is matched as its pathname",
            "\(input): route \(quoted(route)) matched \(String(describing: viaLink)), as a path \(String(describing: viaPath))"
        )
    }

    enum Kind { case web, scheme, plain }

    /// Steps 1–5 of §2: nil for an empty or infrastructure string.
    static func expectedKind(_ text: String) -> Kind? {
        let trimmed = trim(text)
        if trimmed.isEmpty || trimmed == "about:blank" || trimmed.utf8.starts(with: "exp://".utf8)
            || trimmed.utf8.starts(with: "exps://".utf8)
            || trimmed.utf8.count >= 23
                && MatchInvariants.contains(Array(trimmed.utf8), Array("expo-development-client".utf8))
        {
            return nil
        }
        if trimmed.utf8.starts(with: "//".utf8) { return .web }
        let bytes = Array(trimmed.utf8)
        guard let first = bytes.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20) else {
            return .plain
        }
        var index = 1
        while index < bytes.count, bytes[index] != UInt8(ascii: ":") {
            let byte = bytes[index]
            guard
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (0x30...0x39).contains(byte)
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            else { return .plain }
            index += 1
        }
        guard index < bytes.count else { return .plain }
        let scheme = String(decoding: bytes[..<index], as: UTF8.self).lowercased()
        return scheme == "http" || scheme == "https" ? .web : .scheme
    }

    /// §2 step 1: without leading and trailing code points U+0000–U+0020.
    static func trim(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        return String(scalars)
    }

    /// The characters §2.2 percent-encodes when copying into `route`.
    static func mustBeEncoded(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value <= 0x20 || scalar.value >= 0x7F || "\"<>\\^`{|}".unicodeScalars.contains(scalar)
    }

    /// WHATWG `URLSearchParams` decoding (§2.6), written plainly.
    static func searchParams(_ query: Substring) -> [String: String] {
        var result: [String: String] = [:]
        for piece in Array(query.utf8).split(separator: UInt8(ascii: "&")) {
            let equals = piece.firstIndex(of: UInt8(ascii: "="))
            let name = equals.map { piece[..<$0] } ?? piece[...]
            let value = equals.map { piece[($0 + 1)...] } ?? []
            result[decodeComponent(name)] = decodeComponent(value)
        }
        return result
    }

    private static func decodeComponent(_ raw: ArraySlice<UInt8>) -> String {
        var bytes: [UInt8] = []
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            if byte == UInt8(ascii: "%"), index + 2 < raw.endIndex, let high = hex(raw[index + 1]),
                let low = hex(raw[index + 2])
            {
                bytes.append(high * 16 + low)
                index += 3
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
