import Waypoint

/// An `applinks` pattern parsed once: the text of a component's `/`, `?` or `#` key, of a
/// query item's value, or of a legacy path, with its wildcards and substitution variables
/// (Documentation/aasa.md §3).
///
/// - `*` matches zero or more characters, `/` included; `?` exactly one; so `?*` one or
///   more. A character is a Unicode scalar.
/// - `$(name)` matches any one of the strings of the substitution variable `name`, each
///   of which may hold `*` and `?` in turn.
/// - Every other character matches itself. A `$` that does not start `$(` is literal.
///
/// A run of wildcards is normalised when parsed: `*?*?` becomes `??*`, and `**` becomes
/// `*`; both spellings match the same strings, and the normal form keeps matching linear
/// for runs that would otherwise keep many states alive.
package struct UniversalLinkPattern: Sendable, Hashable {
    /// One part of a pattern.
    package enum Element: Sendable, Hashable {
        /// The character itself.
        case scalar(Unicode.Scalar)
        /// `?`: any one character.
        case anyScalar
        /// `*`: any run of characters, the empty one included.
        case anyRun
        /// `$(name)`: any one of the variable's values, each a pattern without variables.
        case variable(name: String, values: [[Element]])
    }

    /// The pattern as written.
    package let text: String
    /// Its parts, in order, wildcard runs normalised.
    package let elements: [Element]

    /// Parses `text`, resolving its variables in `variables`.
    ///
    /// - Throws: ``AppSiteAssociationError/Kind/undefinedVariable(_:)`` or
    ///   ``AppSiteAssociationError/Kind/unterminatedVariable``.
    package init(_ text: String, variables: UniversalLinkVariables) throws(UniversalLinkPatternError) {
        self.text = text
        var elements: [Element] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "$", index + 1 < scalars.count, scalars[index + 1] == "(" {
                guard let close = scalars[(index + 2)...].firstIndex(of: ")") else {
                    throw UniversalLinkPatternError(kind: .unterminatedVariable)
                }
                var name = ""
                name.unicodeScalars.append(contentsOf: scalars[(index + 2)..<close])
                guard let values = variables.values(of: name) else {
                    throw UniversalLinkPatternError(kind: .undefinedVariable(name))
                }
                elements.append(.variable(name: name, values: values))
                index = close + 1
                continue
            }
            elements.append(Self.element(scalar))
            index += 1
        }
        self.elements = Self.normalised(elements)
    }

    /// The elements of a substitution variable's value, which may not use variables.
    ///
    /// - Throws: ``AppSiteAssociationError/Kind/variableInValue(_:)`` when it does.
    package static func valueElements(_ value: String) throws(UniversalLinkPatternError) -> [Element] {
        let scalars = Array(value.unicodeScalars)
        for index in scalars.indices
        where scalars[index] == "$" && index + 1 < scalars.count
            && scalars[index + 1] == "("
        {
            let rest = scalars[(index + 2)...]
            var name = ""
            name.unicodeScalars.append(contentsOf: rest.prefix { $0 != ")" })
            throw UniversalLinkPatternError(kind: .variableInValue(name))
        }
        return normalised(scalars.map(element))
    }

    private static func element(_ scalar: Unicode.Scalar) -> Element {
        switch scalar {
        case "*": .anyRun
        case "?": .anyScalar
        default: .scalar(scalar)
        }
    }

    /// `elements` with each run of wildcards written as its `?`s followed by one `*` when the
    /// run has any.
    private static func normalised(_ elements: [Element]) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        var questions = 0
        var star = false
        func flush() {
            result += repeatElement(.anyScalar, count: questions)
            if star { result.append(.anyRun) }
            questions = 0
            star = false
        }
        for element in elements {
            switch element {
            case .anyScalar: questions += 1
            case .anyRun: star = true
            default:
                flush()
                result.append(element)
            }
        }
        flush()
        return result
    }

    /// Whether the pattern matches every string: it is one `*` (or `**`, …).
    package var matchesEverything: Bool {
        elements == [.anyRun]
    }

    /// How many states ``UniversalLinkProgram`` needs for the pattern.
    package var stateCount: Int {
        Self.stateCount(elements)
    }

    private static func stateCount(_ elements: [Element]) -> Int {
        var count = 1
        for element in elements {
            switch element {
            case .scalar, .anyScalar, .anyRun: count += 1
            case .variable(_, let values): count += 1 + values.reduce(0) { $0 + $1.count + 1 }
            }
        }
        return count
    }
}

/// Why a pattern or a variable's value does not parse: an ``AppSiteAssociationError`` kind,
/// before the caller adds the JSON path.
package struct UniversalLinkPatternError: Error, Sendable {
    package let kind: AppSiteAssociationError.Kind
}
