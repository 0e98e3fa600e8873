import Waypoint

/// Percent-encoding of one text as exactly one URI path segment (spec §5.1, §8).
package enum PaylisherPathSegmentEncoding {
    /// `segment` written as one path segment: every UTF-8 byte outside the RFC 3986
    /// unreserved set `A-Z a-z 0-9 - . _ ~` becomes `%HH` with uppercase hex digits, and the
    /// dot segments `.` and `..` become `%2E` and `%2E%2E` so they cannot move up the path.
    ///
    /// - Complexity: O(n) in the UTF-8 length of `segment`.
    package static func encode(_ segment: String) -> String {
        if segment == "." { return "%2E" }
        if segment == ".." { return "%2E%2E" }
        return URICharacters.percentEncode(segment, keeping: URICharacters.isUnreserved)
    }
}
