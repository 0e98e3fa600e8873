import Waypoint
import WaypointTables

/// The `RouteName` constants a routes file gives, and what keeps a route from having one
/// (Documentation/decisions.md, "Route names"): a name annotation that is not a usable
/// name, a route without words to derive one from, and two routes with the same name.
///
/// Names are checked across the routes files of one target (`--names-also`), since their
/// constants share one module: a name given in another file is an error here too, at this
/// file's line (that file's check reports its own line).
struct RouteNameTable: Sendable {
    /// A constant to generate.
    struct Constant: Sendable, Hashable {
        /// The member's name, as code writes it after a dot.
        let name: String
        /// The route string.
        let route: String
        /// The route's line in the file.
        let line: Int
    }

    /// A route's name and where it comes from, before conflicts are settled.
    private struct Candidate {
        let name: String
        let entry: RoutesFile.Entry
        /// The column of the annotation's `@`, or 1 for a derived name.
        let column: Int
        let isDerived: Bool
    }

    /// The constants, in file order.
    let constants: [Constant]
    /// The problems found, in file order.
    let diagnostics: [BuildDiagnostic]

    /// The names of `file`, checked against each other and against those of `others`,
    /// the target's other routes files; routes are parsed with `options`. Routes that do
    /// not compile get no name and no diagnostic here (lint reports them).
    init(file: RoutesFile, others: [RoutesFile] = [], options: RouterOptions = RouterOptions()) {
        var diagnostics: [BuildDiagnostic] = []
        let candidates = Self.candidates(file, options: options, diagnostics: &diagnostics)
        // Other files' names, for conflicts only: their own problems are theirs to report.
        var ignored: [BuildDiagnostic] = []
        var elsewhere: [String: (file: String, line: Int)] = [:]
        for other in others {
            for candidate in Self.candidates(other, options: options, diagnostics: &ignored)
            where elsewhere[candidate.name] == nil {
                elsewhere[candidate.name] = (other.path, candidate.entry.line)
            }
        }
        // One constant per name; a name repeated for the same route string (a duplicate
        // route, which lint reports) stays one constant.
        var byName: [String: [Candidate]] = [:]
        for candidate in candidates { byName[candidate.name, default: []].append(candidate) }
        var constants: [Constant] = []
        var generated: Set<String> = []
        for candidate in candidates {
            let sameName = byName[candidate.name] ?? []
            let others = sameName.filter { $0.entry.route != candidate.entry.route }
            if !others.isEmpty {
                let lines = others.map { "line \($0.entry.line) (\($0.entry.route.quoted))" }
                diagnostics.append(
                    BuildDiagnostic(
                        .error, "duplicateName", file: file.path, line: candidate.entry.line,
                        column: candidate.column,
                        message:
                            "route name \(candidate.name.quoted)\(Self.origin(candidate)) is also the name of \(lines.joined(separator: ", ")); each name must name one route: \(Self.fix)"
                    ))
                continue
            }
            if let other = elsewhere[candidate.name] {
                diagnostics.append(
                    BuildDiagnostic(
                        .error, "duplicateName", file: file.path, line: candidate.entry.line,
                        column: candidate.column,
                        message:
                            "route name \(candidate.name.quoted)\(Self.origin(candidate)) is also a name in \(other.file):\(other.line), and the constants of one target share one module: \(Self.fix)"
                    ))
                continue
            }
            guard generated.insert(candidate.name).inserted else { continue }
            constants.append(
                Constant(name: candidate.name, route: candidate.entry.route, line: candidate.entry.line))
        }
        self.constants = constants
        self.diagnostics = BuildDiagnostic.byLine(diagnostics)
    }

    /// How to resolve a name conflict.
    private static let fix = "give one of the routes another name with \"@name\" at the end of its line"

    /// ` (derived from the route)` for a derived name, nothing for an annotation.
    private static func origin(_ candidate: Candidate) -> String {
        candidate.isDerived ? " (derived from \(candidate.entry.route.quoted))" : ""
    }

    /// The name of each route of `file` that compiles and has a usable one; the others are
    /// reported in `diagnostics`.
    private static func candidates(
        _ file: RoutesFile, options: RouterOptions, diagnostics: inout [BuildDiagnostic]
    ) -> [Candidate] {
        var candidates: [Candidate] = []
        var seen: Set<String> = []
        for entry in file.entries {
            guard let pattern = try? CompiledRoute(entry.route, options: options).pattern else { continue }
            // A repeated route (which lint reports) is named by its first line unless it
            // gives a name of its own.
            let isRepeat = !seen.insert(entry.route).inserted
            if let annotation = entry.name {
                if let problem = RouteNaming.problem(withName: annotation.text) {
                    diagnostics.append(
                        BuildDiagnostic(
                            .error, "invalidName", file: file.path, line: entry.line,
                            column: annotation.column,
                            message: problem))
                    continue
                }
                candidates.append(
                    Candidate(
                        name: annotation.text, entry: entry, column: annotation.column, isDerived: false))
            } else if isRepeat {
                continue
            } else if let name = RouteNaming.derivedName(pattern) {
                candidates.append(Candidate(name: name, entry: entry, column: 1, isDerived: true))
            } else {
                diagnostics.append(
                    BuildDiagnostic(
                        .warning, "unnamedRoute", file: file.path, line: entry.line, column: 1,
                        message:
                            "\(entry.route.quoted) has no words to name it after, so it gets no RouteName constant; name it with \"@name\" at the end of its line"
                    ))
            }
        }
        return candidates
    }
}
