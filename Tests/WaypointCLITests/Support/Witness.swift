import Testing
import Waypoint

@testable import WaypointCLI

/// Turns a word of atoms from lint's inclusion check into a URL the router can match.
enum Witness {
    /// A URL whose host and path segments are the atoms' segments: the first atom is the
    /// host, the others path segments. *Other* becomes a segment no route names.
    static func url(_ word: [Atom], scheme: String, strictTrailingSlash: Bool) -> String {
        let segments = word.map(segment)
        let host = segments.first ?? ""
        var path = Array(segments.dropFirst())
        if !strictTrailingSlash, path.last == "" {
            // The router drops one empty last segment: write one more.
            path.append("")
        }
        let pathText = path.isEmpty ? "" : "/" + path.map(encoded).joined(separator: "/")
        return "\(scheme)://\(encoded(host))\(pathText)"
    }

    private static func segment(_ atom: Atom) -> String {
        switch atom {
        case .empty: ""
        case .literal(let key): key
        case .folded(let text): text
        case .other: "q0z"
        case .rest: "q0z/q1z"
        }
    }

    /// Percent-encodes everything but unreserved characters.
    private static func encoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80,
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "-._~".unicodeScalars.contains(scalar)
            {
                result.unicodeScalars.append(scalar)
            } else {
                result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return result
    }

    /// A URL the later route matches and the earlier one does not.
    static func url(earlier: RouteLanguage, later: RouteLanguage, options: RouterOptions) throws -> String {
        let model = try #require(later.asLater.first)
        if let scheme = earlier.scheme, later.scheme != scheme {
            // The schemes tell them apart: any URL of the later route, in another scheme.
            let word = try #require(
                LanguageInclusion.counterexample(
                    later: model, earlier: SegmentAutomaton(),
                    strictTrailingSlash: options.strictTrailingSlash))
            return url(
                word, scheme: later.scheme ?? "zz", strictTrailingSlash: options.strictTrailingSlash)
        }
        let word = try #require(
            LanguageInclusion.counterexample(
                later: model, earlier: earlier.asEarlier, strictTrailingSlash: options.strictTrailingSlash))
        return url(
            word, scheme: later.scheme ?? "x", strictTrailingSlash: options.strictTrailingSlash)
    }
}
