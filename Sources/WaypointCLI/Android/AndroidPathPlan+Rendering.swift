import WaypointAssociation

extension AndroidPathPlan {
    /// The path attribute that writes the plan, and why it is wider than the route (the
    /// plan's reasons and the attribute's own), for devices from `minimumSDK` on.
    ///
    /// `path` and `pathPrefix` where they say it exactly; else `pathAdvancedPattern` from
    /// API level 31, whose sets say "one segment" (`[^/]+`) and either case (`[aA]`); else
    /// `pathPattern`, whose `.*` followed by `/` stops at the first `/` (one segment, but
    /// possibly empty) and whose `.` is any character.
    func attribute(minimumSDK: Int) -> (kind: AndroidPathPattern.Kind, text: String, widened: [String]) {
        let letters = pieces.contains { piece in
            if case .literal(let text) = piece {
                text.unicodeScalars.contains { Self.isCased($0) }
            } else {
                false
            }
        }
        let plainLiterals = !(foldsCase && letters)
        if plainLiterals, pieces.count == 1, case .literal(let text) = pieces[0] {
            return (.path, text, widened)
        }
        if plainLiterals, pieces.count == 2, case .literal(let text) = pieces[0], pieces[1] == .rest {
            return (.prefix, text, widened)
        }
        if minimumSDK >= 31 {
            var text = ""
            for piece in pieces {
                switch piece {
                case .literal(let literal):
                    for scalar in literal.unicodeScalars {
                        if foldsCase, scalar.isASCII, Self.isCased(scalar) {
                            let lower = Character(scalar).lowercased()
                            text += "[\(lower)\(lower.uppercased())]"
                        } else if "[]{}*+.\\".unicodeScalars.contains(scalar) {
                            text += "\\" + String(scalar)
                        } else {
                            text.unicodeScalars.append(scalar)
                        }
                    }
                case .segment(let nonEmpty): text += nonEmpty ? "[^/]+" : "[^/]*"
                case .rest: text += ".*"
                }
            }
            return (.advancedPattern, text, widened)
        }
        var text = ""
        var reasons = widened
        func widen(_ reason: String) { if !reasons.contains(reason) { reasons.append(reason) } }
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .literal(let literal):
                for scalar in literal.unicodeScalars {
                    if foldsCase, Self.isCased(scalar) {
                        text += "."
                        widen("in pathPattern a letter of either case can only be \".\", any character")
                    } else if scalar == "." {
                        text += "."
                        widen("in pathPattern a \".\" matches any character, escaped or not")
                    } else if scalar == "*" || scalar == "\\" {
                        text += "\\" + String(scalar)
                    } else {
                        text.unicodeScalars.append(scalar)
                    }
                }
            case .segment(let nonEmpty):
                text += ".*"
                if index == pieces.count - 1 {
                    widen(
                        "a last segment becomes \".*\", which also matches deeper paths (pathAdvancedPattern, API 31, says it exactly)"
                    )
                } else if nonEmpty {
                    widen(
                        "a segment becomes \".*\", which also matches an empty one (pathAdvancedPattern, API 31, says it exactly)"
                    )
                }
            case .rest:
                text += ".*"
            }
        }
        return (.pattern, text, reasons)
    }
}
