import Waypoint
import WaypointTables

/// How a route of a routes file gets the name of its `RouteName` constant
/// (Documentation/decisions.md, "Route names").
///
/// - A name annotation (`/products/:id  @productDetail`) gives the name as written. It must
///   be an ASCII Swift identifier (`[A-Za-z_][A-Za-z0-9_]*`), not `_` alone, and not one of
///   the names a member cannot usefully have (``reserved``).
/// - Without one, the name is derived from the route's words: the scheme's, the literal
///   text's and the parameter names', each a run of letters and digits (so `-`, `_`, `.`,
///   `%` and the like separate words, and `*`, `**` and regex text give none), joined in
///   camelCase: `/products/:id` is `productsId`, `/user-profile/settings` is
///   `userProfileSettings`, `shop://app/cart` is `shopAppCart`. A word with a letter or digit
///   outside ASCII is left out (`/café/menu` is `menu`): names are ASCII, so every keyboard
///   types them and no Unicode normalization can make two spellings of one name. A name
///   that would start with a digit gets `_` in front (`/2fa` is `_2fa`); a reserved one gets
///   `Route` behind (`/init` is `initRoute`). A route with no words (`/`, `.*`, `/(a|b)`)
///   gets no derived name.
/// - Swift keywords are legal names: the declaration escapes them (`` `default` ``) and code
///   uses them as `.default`.
enum RouteNaming {
    /// Names a `RouteName` member cannot usefully have: `.init` calls the initializer, and
    /// `.self`, `.Self`, `.Type` and `.Protocol` read as the type's own members.
    static let reserved: Set<String> = ["init", "self", "Self", "Type", "Protocol"]

    /// Swift's keywords, which a declaration must write in backticks.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate",
        "func", "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias",
        "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
        "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await",
        "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "package", "some", "any",
        "Type", "Protocol",
    ]

    /// Why `name`, written in an annotation, cannot be a route name; nil when it can.
    static func problem(withName name: String) -> String? {
        if name.isEmpty {
            return "the name annotation is empty: write the name after \"@\", such as \"@productDetail\""
        }
        guard isIdentifier(name) else {
            return
                "route name \(name.quoted) is not an ASCII Swift identifier (letters, digits and \"_\", not starting with a digit)"
        }
        if name == "_" { return "\"_\" cannot be a route name" }
        if reserved.contains(name) {
            return "route name \(name.quoted) cannot be used: \".\(name)\" means something else on RouteName"
        }
        return nil
    }

    /// The name derived from `pattern`'s words, or nil when it has none.
    static func derivedName(_ pattern: RoutePattern) -> String? {
        var words: [Substring] = []
        if let scheme = pattern.scheme { words += Self.words(scheme) }
        for segment in pattern.segments {
            switch segment.form {
            case .literal:
                words += Self.words(segment.text)
            case .parameter(let name), .optionalParameter(let name):
                words += Self.words(name)
            case .wildcard, .glob:
                break
            case .pattern(let pieces, let isRegex):
                for piece in pieces {
                    switch piece {
                    case .text(let text, _) where !isRegex: words += Self.words(text)
                    case .text: break
                    case .parameter(let name, _, _, _): words += Self.words(name)
                    }
                }
            }
        }
        guard let first = words.first else { return nil }
        var name = leadingWord(first)
        for word in words.dropFirst() {
            name += word.prefix(1).uppercased() + word.dropFirst()
        }
        if let lead = name.utf8.first, lead >= UInt8(ascii: "0") && lead <= UInt8(ascii: "9") {
            name = "_" + name
        }
        if reserved.contains(name) { name += "Route" }
        return name
    }

    /// `name` as a declaration writes it: in backticks when it is a keyword.
    static func declared(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// The runs of letters and digits in `text` that are all ASCII.
    private static func words(_ text: String) -> [Substring] {
        text.split { !($0.isLetter || $0.isNumber) }.filter { $0.allSatisfy(\.isASCII) }
    }

    /// The first word of a name, lower-cased at its start: `Products` is `products`, `API`
    /// is `api`, `URLScheme` is `urlScheme` (an upper-case run is one word, and its last
    /// letter starts the next when a lower-case letter follows).
    private static func leadingWord(_ word: Substring) -> String {
        let upper = word.prefix { $0.isUppercase }
        switch upper.count {
        case 0: return String(word)
        case 1, word.count: return upper.lowercased() + word.dropFirst(upper.count)
        default:
            let rest = word.dropFirst(upper.count)
            if let next = rest.first, next.isLowercase {
                return upper.dropLast().lowercased() + upper.suffix(1) + rest
            }
            return upper.lowercased() + rest
        }
    }

    /// Whether `name` is `[A-Za-z_][A-Za-z0-9_]*`.
    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return name.utf8.allSatisfy {
            $0 == UInt8(ascii: "_") || isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}
