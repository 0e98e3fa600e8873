import Waypoint

/// Finds other routers' parameter syntax in a route and writes the Waypoint spelling.
enum ForeignSyntax {
    /// The regex for a typed URLNavigator / Flask placeholder `<type:name>`; nil for a
    /// plain `:name`.
    private static let typeRegex: [String: String] = [
        "int": "[0-9]+", "uint": "[0-9]+", "float": "[0-9]+(?:\\.[0-9]+)?",
        "double": "[0-9]+(?:\\.[0-9]+)?", "path": ".*", "uuid": "[0-9A-Fa-f-]{36}",
    ]

    /// The first `<name>`, `<type:name>` or `{name}` placeholder (its offset) and the route
    /// with every placeholder rewritten as a Waypoint parameter. A placeholder starts at a
    /// literal `<` or `{` of the route's regex syntax (``RegexSyntax``): not one escaped,
    /// quoted, in a class or a counted repeat.
    static func placeholders(_ bytes: [UInt8]) -> (offset: Int, rewritten: String)? {
        var first: Int?
        var output: [UInt8] = []
        var copied = 0
        for atom in RegexSyntax(bytes, segmentsAreGroups: true).atoms
        where atom.kind == .literal && atom.range.lowerBound >= copied {
            let start = atom.range.lowerBound
            guard bytes[start] == UInt8(ascii: "<") || bytes[start] == UInt8(ascii: "{"),
                let (end, replacement) = placeholder(bytes, at: start)
            else { continue }
            if first == nil { first = start }
            output += bytes[copied..<start]
            output += replacement.utf8
            copied = end
        }
        guard let first else { return nil }
        output += bytes[copied...]
        return (first, String(decoding: output, as: UTF8.self))
    }

    /// The placeholder starting at `start`: where it ends and its Waypoint spelling.
    private static func placeholder(_ bytes: [UInt8], at start: Int) -> (end: Int, replacement: String)? {
        let close = bytes[start] == UInt8(ascii: "<") ? UInt8(ascii: ">") : UInt8(ascii: "}")
        guard let end = bytes[(start + 1)...].firstIndex(of: close) else { return nil }
        let inner = bytes[(start + 1)..<end]
        var type: String?
        var nameBytes = inner
        if close == UInt8(ascii: ">"), let colon = inner.firstIndex(of: UInt8(ascii: ":")) {
            type = String(decoding: inner[..<colon], as: UTF8.self)
            nameBytes = inner[(colon + 1)...]
        }
        guard let head = nameBytes.first, head.isNameStart, nameBytes.allSatisfy(\.isNameByte),
            type.map({ $0.utf8.allSatisfy(\.isNameByte) && !$0.isEmpty }) ?? true
        else { return nil }
        let name = String(decoding: nameBytes, as: UTF8.self)
        let regex = type.flatMap { typeRegex[$0] }
        return (end + 1, ":" + name + (regex.map { "(" + $0 + ")" } ?? ""))
    }

    /// The placeholder text at `offset`, such as `<int:id>`.
    static func token(_ bytes: [UInt8], at offset: Int) -> String {
        let close = bytes[offset] == UInt8(ascii: "<") ? UInt8(ascii: ">") : UInt8(ascii: "}")
        let end = bytes[offset...].firstIndex(of: close) ?? bytes.count - 1
        return String(decoding: bytes[offset...end], as: UTF8.self)
    }

    /// JLRoutes optional groups: a group that starts with `/`, is not a parameter's regex,
    /// and has no quantifier after it, read as groups of the route's regex syntax
    /// (``RegexSyntax``). The first group's offset and text, and every route the groups stand
    /// for (each group present or absent), in JLRoutes' order, from all groups present.
    static func optionalGroups(_ bytes: [UInt8]) -> (offset: Int, group: String, expansions: [String])? {
        let atoms = RegexSyntax(bytes, segmentsAreGroups: true).atoms
        var groups: [Range<Int>] = []
        var index = 0
        while index < atoms.count {
            let atom = atoms[index]
            index += 1
            guard atom.kind == .groupOpen(.capturing), atom.range.upperBound < bytes.count,
                bytes[atom.range.upperBound] == UInt8(ascii: "/"),
                !isParameterGroup(bytes, open: atom.range.lowerBound),
                let close = atom.partner
            else { continue }
            if close + 1 < atoms.count, case .quantifier = atoms[close + 1].kind { continue }
            groups.append(atom.range.lowerBound..<atoms[close].range.upperBound)
            index = close + 1
        }
        guard let first = groups.first else { return nil }
        let text = String(decoding: bytes[first], as: UTF8.self)
        guard groups.count <= 4 else { return (first.lowerBound, text, []) }
        var expansions: [String] = []
        for mask in (0..<(1 << groups.count)).reversed() {
            var output: [UInt8] = []
            var cursor = 0
            for (number, group) in groups.enumerated() {
                output += bytes[cursor..<group.lowerBound]
                if mask & (1 << (groups.count - 1 - number)) != 0 {
                    output += bytes[(group.lowerBound + 1)..<(group.upperBound - 1)]
                }
                cursor = group.upperBound
            }
            output += bytes[cursor...]
            expansions.append(String(decoding: output, as: UTF8.self))
        }
        return (first.lowerBound, text, expansions)
    }

    /// Whether the `(` at `open` is a parameter's regex (`:name(`).
    private static func isParameterGroup(_ bytes: [UInt8], open: Int) -> Bool {
        var start = open
        while start > 0, bytes[start - 1].isNameByte { start -= 1 }
        return start < open && start > 0 && bytes[start - 1] == UInt8(ascii: ":")
    }
}

extension UInt8 {
    fileprivate var isNameStart: Bool {
        ((self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z"))
            || self == UInt8(ascii: "_")
    }
    fileprivate var isNameByte: Bool {
        isNameStart || (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9")) || self == UInt8(ascii: "-")
    }
}
