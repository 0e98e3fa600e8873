import Waypoint

/// What only the builder asks of a link's components: the URL string they make, and
/// whether a string it reads is an absolute URI by RFC 3986.
extension LinkComponents {
    /// The components joined back into a URL string.
    var text: String {
        var result = ""
        if let scheme { result += scheme + ":" }
        if let authority {
            result += "//"
            if let userInfo = authority.userInfo { result += userInfo + "@" }
            result += authority.host
            if let port = authority.port { result += ":" + port }
        }
        result += path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }

    /// Whether the string is an absolute URI by RFC 3986: a valid scheme, and every other
    /// component made only of the characters its grammar allows, with `%` only in valid
    /// `%HH` escapes. Non-ASCII text, spaces and characters such as `[`, `"` or `|` outside
    /// an IP-literal host make it invalid.
    var isStrictlyValid: Bool {
        guard let scheme, Self.isValidScheme(scheme) else { return false }
        if let authority {
            if let userInfo = authority.userInfo,
                !URICharacters.isValid(userInfo, allowing: { URICharacters.isUserInfo($0) })
            {
                return false
            }
            if let port = authority.port, !port.utf8.allSatisfy(URICharacters.isDigit) { return false }
            guard Self.isValidHost(authority.host) else { return false }
        }
        return URICharacters.isValid(path, allowing: URICharacters.isPath)
            && (query.map { URICharacters.isValid($0, allowing: URICharacters.isQuery) } ?? true)
            && (fragment.map { URICharacters.isValid($0, allowing: URICharacters.isQuery) } ?? true)
    }

    private static func isValidHost(_ host: Substring) -> Bool {
        guard host.utf8.first == UInt8(ascii: "[") else {
            return URICharacters.isValid(host, allowing: URICharacters.isRegisteredName)
        }
        guard host.utf8.count >= 2, host.utf8.last == UInt8(ascii: "]") else { return false }
        // IPv6 or IPvFuture: checked loosely as unreserved, sub-delimiters and ':'.
        return host.utf8.dropFirst().dropLast().allSatisfy {
            URICharacters.isUnreserved($0) || URICharacters.isSubDelimiter($0) || $0 == UInt8(ascii: ":")
        }
    }
}
