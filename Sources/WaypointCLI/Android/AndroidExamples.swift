import Foundation
import Waypoint
import WaypointAssociation
import WaypointReverseRouting

/// The decoded paths `waypoint android check` tries: URLs each route matches, paths each
/// path attribute matches, and their neighbours (a trailing `/`, a deeper path, a segment
/// emptied, split or upper-cased), which is where a filter and a route table part ways.
enum AndroidExamples {
    /// Parameter values tried in every route.
    static let values = ["x", "1", "abc", "a.b", "\u{E9}", "a b", "A", "x.json", "a/b"]
    /// The most URLs one check tries.
    static let maximumPaths = 400_000

    /// Decoded paths of `pattern` (registered in `router`), with every parameter set to
    /// each value in turn and to its regex's own samples.
    static func routePaths(_ pattern: RoutePattern, router: Router) -> [String] {
        var names = pattern.parameters.map(\.name)
        if pattern.segments.contains(where: { $0.form == .wildcard }) { names.append("*") }
        var regexSamples: [String: [String]] = [:]
        for segment in pattern.segments {
            guard case .pattern(let pieces, _) = segment.form else { continue }
            for case .parameter(let name, _, let regex?, _) in pieces {
                regexSamples[name] = Self.regexSamples(regex)
            }
        }
        var assignments: [[String: String]] = []
        for sample in 0..<3 where !regexSamples.isEmpty {
            assignments.append(
                Dictionary(
                    names.map { name in
                        (
                            name,
                            regexSamples[name].flatMap { $0.indices.contains(sample) ? $0[sample] : $0.first }
                                ?? "x"
                        )
                    }, uniquingKeysWith: { first, _ in first }))
        }
        for value in values {
            assignments.append(Dictionary(names.map { ($0, value) }, uniquingKeysWith: { first, _ in first }))
        }
        var paths = [filled(pattern)]
        for assignment in assignments {
            let host = pattern.kind == .path ? "example.invalid" : nil
            guard
                let url = try? router.url(
                    for: RouteName(pattern.route), parameters: RouteParameters(assignment), scheme: "https",
                    host: host),
                let link = AndroidLinkURI(url.absoluteString)
            else { continue }
            paths.append(link.path.isEmpty ? "/" : link.path)
        }
        return paths
    }

    /// `path` and its neighbours.
    static func neighbours(_ path: String) -> [String] {
        var result = [path, path + "/", path + "/x", path + "//"]
        if path.count > 1, path.hasSuffix("/") { result.append(String(path.dropLast())) }
        if path.contains(where: \.isLowercase) { result.append(path.uppercased()) }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (index, _) in segments.enumerated().prefix(6) {
            for replacement in ["", "x/y", "X"] {
                var changed = Array(segments.map(String.init))
                changed[index] = replacement
                result.append("/" + changed.joined(separator: "/"))
            }
        }
        return result
    }

    /// A path of `pattern` written from its segments, for routes reverse routing cannot
    /// print (a `*`, a raw regex): literals as themselves, a parameter or `*` as `x`, a
    /// regex as its first sample, an optional parameter left out.
    static func filled(_ pattern: RoutePattern) -> String {
        var segments = pattern.segments[...]
        if pattern.kind == .host { segments = segments.dropFirst() }
        var path = ""
        for segment in segments {
            switch segment.form {
            case .literal: path += "/" + segment.text
            case .parameter, .wildcard, .glob: path += "/x"
            case .optionalParameter: continue
            case .pattern(let pieces, let isRegex):
                guard !isRegex else {
                    path += "/" + (regexSamples(segment.text).first ?? "x")
                    continue
                }
                path += "/"
                for piece in pieces {
                    switch piece {
                    case .text(let text, _): path += text
                    case .parameter(_, _, let regex, _):
                        path += regex.flatMap { regexSamples($0).first } ?? "x"
                    }
                }
            }
        }
        return path.isEmpty ? "/" : path
    }
}

extension AndroidExamples {
    /// A few strings `regex` matches (the shortest first), or none when the regex uses
    /// syntax ``RegexAutomaton`` does not model.
    static func regexSamples(_ regex: String) -> [String] {
        guard let automaton = try? RegexAutomaton(regex, caseless: false) else { return [] }
        return automaton.samples(preferring: Array("x1".unicodeScalars))
    }
}
