import Foundation
import Waypoint

/// The substitution variables patterns can use: a file's own (`substitutionVariables`) and
/// Apple's predefined ones (Documentation/aasa.md §4).
///
/// A file's variable named like a predefined one replaces it for that file.
package struct UniversalLinkVariables: Sendable {
    /// The file's own variables, parsed.
    private let custom: [String: [[UniversalLinkPattern.Element]]]

    /// The predefined variables' names, in the order Apple lists them.
    package static let predefinedNames = [
        "alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang",
    ]

    /// No variables but the predefined ones.
    package static let predefinedOnly = UniversalLinkVariables(parsed: [:])

    private init(parsed: [String: [[UniversalLinkPattern.Element]]]) {
        custom = parsed
    }

    /// The variables of `definitions` (an `applinks.substitutionVariables` object) beside
    /// the predefined ones.
    ///
    /// - Throws: ``AppSiteAssociationError`` at the variable (under `path`) whose name or
    ///   value is not allowed.
    package init(_ definitions: [String: [String]], at path: JSONPath) throws(AppSiteAssociationError) {
        var parsed: [String: [[UniversalLinkPattern.Element]]] = [:]
        for (name, values) in definitions.sorted(by: { $0.key < $1.key }) {
            let variablePath = path.appending(name)
            guard !name.isEmpty, !name.unicodeScalars.contains(where: { "$()".unicodeScalars.contains($0) })
            else {
                throw AppSiteAssociationError(.invalidVariableName(name), at: variablePath)
            }
            var elements: [[UniversalLinkPattern.Element]] = []
            for (index, value) in values.enumerated() {
                do {
                    elements.append(try UniversalLinkPattern.valueElements(value))
                } catch {
                    throw AppSiteAssociationError(error.kind, at: variablePath.appending(index: index))
                }
            }
            parsed[name] = elements
        }
        custom = parsed
    }

    /// The parsed values of the variable `name`, or nil when there is none.
    package func values(of name: String) -> [[UniversalLinkPattern.Element]]? {
        custom[name] ?? Self.predefined[name]
    }

    /// The strings of each predefined variable (Apple's list, Documentation/aasa.md §4).
    package static let predefinedStrings: [String: [String]] = {
        let upper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
        let lower = upper.map { $0.lowercased() }
        let digits = (0...9).map(String.init)
        // `isoRegions` also lists UN M.49 areas such as "001" on some platforms; Apple's
        // `isoRegionCodes` are the two-letter codes.
        let regions = Locale.Region.isoRegions.map(\.identifier).filter { identifier in
            identifier.count == 2 && identifier.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
        }
        let languages = Locale.LanguageCode.isoLanguageCodes.map(\.identifier)
        return [
            "alpha": upper + lower, "upper": upper, "lower": lower, "alnum": upper + lower + digits,
            "digit": digits, "xdigit": digits + ["A", "B", "C", "D", "E", "F", "a", "b", "c", "d", "e", "f"],
            "region": regions.sorted(), "lang": languages.sorted(),
        ]
    }()

    private static let predefined: [String: [[UniversalLinkPattern.Element]]] = predefinedStrings.mapValues {
        values in
        values.map { value in value.unicodeScalars.map { .scalar($0) } }
    }
}
