/// A few strings a route regex matches, for the example URLs of `waypoint aasa check`:
/// literals as written, `\d` as `1`, a class as its first member, a group as its first
/// alternative, each quantifier at its least count (and, for the second sample, one more).
///
/// Only the common syntax is read; anything else gives no sample. A sample is a guess: the
/// checker keeps only the URLs the router really matches.
enum RegexSample {
    /// Samples of `regex`: the shortest it reads, then a longer one; empty when it cannot tell.
    static func samples(_ regex: String) -> [String] {
        let scalars = Array(regex.unicodeScalars)
        var result: [String] = []
        for extra in [0, 1] {
            var index = 0
            guard let text = sequence(scalars, &index, extra: extra, depth: 0), index == scalars.count,
                !result.contains(text)
            else { continue }
            result.append(text)
        }
        return result
    }

    /// A sample of the alternatives from `index` up to a `)` or the end (the first one).
    private static func sequence(
        _ scalars: [Unicode.Scalar], _ index: inout Int, extra: Int, depth: Int
    ) -> String? {
        guard depth < 32 else { return nil }
        var text = ""
        var first: String?
        while index < scalars.count, scalars[index] != ")" {
            if scalars[index] == "|" {
                first = first ?? text
                text = ""
                index += 1
                continue
            }
            guard let atom = atom(scalars, &index, extra: extra, depth: depth) else { return nil }
            guard let (least, more) = quantifier(scalars, &index) else { return nil }
            let count = least + (more ? extra : 0)
            text += String(repeating: atom, count: min(count, 64))
        }
        return first ?? text
    }

    private static func atom(
        _ scalars: [Unicode.Scalar], _ index: inout Int, extra: Int, depth: Int
    ) -> String? {
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case "\\":
            guard index < scalars.count else { return nil }
            let escaped = scalars[index]
            index += 1
            switch escaped {
            case "d": return "1"
            case "w": return "a"
            case "D", "W", "S": return "-"
            case "s": return " "
            default:
                return escaped.properties.isAlphabetic || ("0"..."9").contains(escaped)
                    ? nil : String(escaped)
            }
        case ".":
            return "a"
        case "^", "$":
            return ""
        case "[":
            return characterClass(scalars, &index)
        case "(":
            if index < scalars.count, scalars[index] == "?" {
                guard index + 1 < scalars.count, scalars[index + 1] == ":" else { return nil }
                index += 2
            }
            guard let inner = sequence(scalars, &index, extra: extra, depth: depth + 1), index < scalars.count
            else {
                return nil
            }
            index += 1
            return inner
        case "*", "+", "?", "{", ")", "|":
            return nil
        default:
            return String(scalar)
        }
    }

    /// The first member of the class that starts after `[`.
    private static func characterClass(_ scalars: [Unicode.Scalar], _ index: inout Int) -> String? {
        let negated = index < scalars.count && scalars[index] == "^"
        if negated { index += 1 }
        var members: [Unicode.Scalar] = []
        var start = true
        while index < scalars.count, scalars[index] != "]" || start {
            start = false
            var scalar = scalars[index]
            index += 1
            if scalar == "\\" {
                guard index < scalars.count else { return nil }
                let escaped = scalars[index]
                index += 1
                switch escaped {
                case "d": members += ["0", "1"]
                case "w": members += ["a", "_"]
                case "s": members.append(" ")
                default:
                    if escaped.properties.isAlphabetic { return nil }
                    members.append(escaped)
                }
                continue
            }
            if index + 1 < scalars.count, scalars[index] == "-", scalars[index + 1] != "]" {
                let end = scalars[index + 1]
                index += 2
                guard scalar.value <= end.value else { return nil }
                members.append(scalar)
                members.append(end)
                scalar = end
                continue
            }
            members.append(scalar)
        }
        guard index < scalars.count else { return nil }
        index += 1
        if negated {
            return "azAZ09-_".unicodeScalars.first { !members.contains($0) }.map { String($0) }
        }
        return members.first.map { String($0) }
    }

    /// The least count of the quantifier at `index` (1 without one), and whether it allows
    /// more.
    private static func quantifier(_ scalars: [Unicode.Scalar], _ index: inout Int) -> (Int, Bool)? {
        guard index < scalars.count else { return (1, false) }
        var result: (Int, Bool)
        switch scalars[index] {
        case "?": result = (0, true)
        case "*": result = (0, true)
        case "+": result = (1, true)
        case "{":
            guard let close = scalars[index...].firstIndex(of: "}") else { return nil }
            let body = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
            let parts = body.split(separator: ",", omittingEmptySubsequences: false)
            guard let least = parts.first.flatMap({ Int($0) }), least <= 1_000 else { return nil }
            index = close
            result = (least, parts.count > 1)
        default:
            return (1, false)
        }
        index += 1
        if index < scalars.count, scalars[index] == "?" || scalars[index] == "+" { index += 1 }
        return result
    }
}
