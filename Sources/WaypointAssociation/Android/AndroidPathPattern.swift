import Waypoint

/// One path attribute of an Android `<data>` element, compiled: how Android's intent matching
/// compares it with a link's decoded path (Documentation/android-app-links.md §2).
///
/// Android reads each attribute with its own rule (`android.os.PatternMatcher`):
///
/// | attribute | matches the path when |
/// |---|---|
/// | `path` | it is the whole path |
/// | `pathPrefix` | the path starts with it |
/// | `pathSuffix` (API 31) | the path ends with it |
/// | `pathPattern` | the simple glob matches the whole path |
/// | `pathAdvancedPattern` (API 31) | the advanced glob matches the whole path |
///
/// Both globs run left to right without backtracking, which is how Android runs them and
/// where they differ from regular expressions: in `pathPattern`, `.*` followed by a
/// character skips to the first occurrence of that character, `x*` takes every `x` there is,
/// and `\.` still matches any character; in `pathAdvancedPattern` every repetition takes as
/// many characters as it can. Characters are compared as UTF-16 code units, case-sensitively.
///
/// ```swift
/// import WaypointAssociation
///
/// let pattern = try AndroidPathPattern(.pattern, "/products/.*/reviews")
/// print(pattern.matches("/products/42/reviews"), pattern.matches("/products/4/2/reviews"))
/// // true false
/// ```
public struct AndroidPathPattern: Sendable, Hashable, CustomStringConvertible {
    /// Which attribute the pattern comes from.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `android:path`: the whole path.
        case path
        /// `android:pathPrefix`: the start of the path.
        case prefix = "pathPrefix"
        /// `android:pathSuffix`: the end of the path (API level 31).
        case suffix = "pathSuffix"
        /// `android:pathPattern`: Android's simple glob.
        case pattern = "pathPattern"
        /// `android:pathAdvancedPattern`: Android's advanced glob (API level 31).
        case advancedPattern = "pathAdvancedPattern"

        /// The attribute's name without the `android:` prefix.
        public var attribute: String { rawValue }

        /// The API level that introduced the attribute: 31 for `pathSuffix` and
        /// `pathAdvancedPattern`, 1 for the others. Older versions ignore the attribute.
        public var minimumAPILevel: Int {
            switch self {
            case .suffix, .advancedPattern: 31
            case .path, .prefix, .pattern: 1
            }
        }
    }

    /// The attribute.
    public let kind: Kind
    /// The pattern as Android reads it (after the resource compiler's escapes).
    public let text: String
    private let units: [UInt16]
    let tokens: [AndroidAdvancedGlob.Token]
    /// The first path segment every path the pattern matches starts with, when the pattern
    /// fixes it: `products` for `/products/.*`; nil otherwise. Matchers index by it.
    package let firstSegment: String?

    /// Compiles `text` as the attribute `kind`.
    ///
    /// - Throws: ``AndroidPatternError`` when an advanced pattern does not parse (Android
    ///   refuses it too) or a pattern is longer than ``maximumLength`` UTF-16 code units.
    public init(_ kind: Kind, _ text: String) throws(AndroidPatternError) {
        self.kind = kind
        self.text = text
        units = Array(text.utf16)
        guard units.count <= Self.maximumLength else {
            throw AndroidPatternError(.tooLong(length: units.count, limit: Self.maximumLength), pattern: text)
        }
        tokens = kind == .advancedPattern ? try AndroidAdvancedGlob.parse(units, text: text) : []
        firstSegment = Self.firstSegment(kind: kind, units: units, tokens: tokens)
    }

    /// The literal text every match starts with, and whether it is the whole of every match.
    private static func firstSegment(
        kind: Kind, units: [UInt16], tokens: [AndroidAdvancedGlob.Token]
    ) -> String? {
        let slash = UInt16(UInt8(ascii: "/"))
        var prefix: [UInt16] = []
        var whole = false
        switch kind {
        case .path:
            prefix = units
            whole = true
        case .prefix:
            prefix = units
        case .suffix:
            return nil
        case .pattern:
            var index = 0
            let star = UInt16(UInt8(ascii: "*"))
            let dot = UInt16(UInt8(ascii: "."))
            let backslash = UInt16(UInt8(ascii: "\\"))
            while index < units.count {
                var unit = units[index]
                var next = index + 1
                if unit == backslash {
                    guard next < units.count else { break }
                    unit = units[next]
                    next += 1
                }
                if unit == dot || (next < units.count && units[next] == star) { break }
                prefix.append(unit)
                index = next
            }
            whole = index >= units.count
        case .advancedPattern:
            var complete = true
            for token in tokens {
                guard case .character(let unit) = token.kind, token.minimum >= 1 else {
                    complete = false
                    break
                }
                prefix += repeatElement(unit, count: min(token.minimum, 2))
                if token.maximum != token.minimum || token.minimum > 2 {
                    complete = false
                    break
                }
            }
            whole = complete
        }
        guard prefix.first == slash else { return nil }
        let rest = prefix.dropFirst()
        if let end = rest.firstIndex(of: slash) {
            return String(decoding: rest[..<end], as: UTF16.self)
        }
        return whole ? String(decoding: rest, as: UTF16.self) : nil
    }

    /// The most UTF-16 code units a pattern may have: 2,048, the size of the table Android
    /// parses an advanced pattern into, and far beyond any real path.
    public static let maximumLength = 2048

    /// Whether the pattern matches `path`, a decoded path such as `/caf\u{E9}/1`.
    ///
    /// - Complexity: O(*n* + *m*) for the path's and the pattern's lengths: neither glob
    ///   backtracks.
    public func matches(_ path: String) -> Bool {
        matches(units: Array(path.utf16))
    }

    /// ``matches(_:)`` of a path as UTF-16 code units.
    package func matches(units path: [UInt16]) -> Bool {
        switch kind {
        case .path: return path == units
        case .prefix: return path.starts(with: units)
        case .suffix: return path.count >= units.count && Array(path.suffix(units.count)) == units
        case .pattern: return AndroidSimpleGlob.matches(pattern: units, path)
        case .advancedPattern: return AndroidAdvancedGlob.matches(tokens, path)
        }
    }

    /// `pathPattern="…"`, as the attribute is written in a manifest (without escapes).
    public var description: String {
        "\(kind.attribute)=\(DiagnosticText.quoted(text))"
    }
}
