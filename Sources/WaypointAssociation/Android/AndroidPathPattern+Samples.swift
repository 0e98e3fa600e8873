extension AndroidPathPattern {
    /// A few paths the pattern matches, for tools that look for what a manifest opens: its
    /// wildcards and repetitions filled with nothing, one character and more (a `.*` also
    /// with a `/`). Every path returned matches; duplicates are removed.
    package func samples() -> [String] {
        var candidates: [String]
        switch kind {
        case .path: candidates = [text]
        case .prefix: candidates = [text, text + "x", text + "x/y", text + "/x"]
        case .suffix: candidates = [text, "/x" + text, "/x/y" + text]
        case .pattern: candidates = (0..<3).map { simpleGlobSample($0) }
        case .advancedPattern:
            candidates = (0..<3).map { variant in
                var path: [UInt16] = []
                for token in tokens {
                    let count = min(token.maximum, variant == 0 ? token.minimum : token.minimum + variant)
                    path += repeatElement(token.sample(variant: variant), count: count)
                }
                return String(decoding: path, as: UTF16.self)
            }
        }
        var seen = Set<String>()
        return candidates.filter { matches($0) && seen.insert($0).inserted }
    }

    /// The simple glob filled: `.*` with "", "x" or "x/y" (stopping before the character
    /// that follows it), `c*` with zero, one or two `c`, `.` with `x`.
    private func simpleGlobSample(_ variant: Int) -> String {
        let pattern = Array(text.unicodeScalars)
        var result = ""
        var index = 0
        while index < pattern.count {
            var character = pattern[index]
            index += 1
            if character == "\\", index < pattern.count {
                character = pattern[index]
                index += 1
                if index < pattern.count, pattern[index] == "*" {
                    result += String(repeating: String(character), count: variant)
                    index += 1
                } else {
                    result.unicodeScalars.append(character == "." ? "x" : character)
                }
                continue
            }
            if index < pattern.count, pattern[index] == "*" {
                index += 1
                if character == "." {
                    result += ["", "x", "x/y"][variant]
                } else {
                    result += String(repeating: String(character), count: variant)
                }
            } else {
                result.unicodeScalars.append(character == "." ? "x" : character)
            }
        }
        return result
    }
}

extension AndroidAdvancedGlob.Token {
    /// A character the token accepts, preferring plain ones.
    func sample(variant: Int) -> UInt16 {
        let preferred: [UInt16] = [0x78, 0x31, 0x61, 0x2D, 0x5F, 0x7E, 0x2E, 0x2F, 0xE9, 0x20, 0x41]
        let order = variant == 2 ? preferred.reversed() : preferred
        if let unit = order.first(where: accepts) { return unit }
        if case .set(let ranges, false) = kind, let first = ranges.first { return first.lowerBound }
        return (0x21...0x7E).first(where: accepts) ?? 0x78
    }
}
