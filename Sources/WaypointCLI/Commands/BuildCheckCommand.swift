import Waypoint
import WaypointTables

extension Command {
    /// `waypoint build-check`: the checks the build tool plugin runs, with compiler-style
    /// diagnostics, and the routes file's `RouteName` constants.
    static let buildCheck = Command(
        name: "build-check",
        summary: "Checks routes files and pattern tables for a build, with compiler-style diagnostics",
        usage: "[--swift-output FILE] [--names-also ROUTES]... [options] FILE...",
        help: [
            """
            What the WaypointRoutesPlugin build tool plugin runs for each routes file and each
            pattern table (*.json) of a target. Every finding is printed on standard error as
            a compiler prints one, FILE:LINE:COLUMN: error|warning: MESSAGE [KIND], so SwiftPM
            and Xcode show it at its line:
              routes files  lint's findings (invalidRoute is an error, the other kinds are
                            warnings), and the route names: invalidName, duplicateName (two
                            routes with one name: an error at both lines) and unnamedRoute
                            (no words to derive a name from: a warning)
              tables        failedCase (a case, or a route's registration, that fails: an
                            error at its line), malformedTable (an error), lint's findings in a
                            router table's routes (warnings), and the aasa member's findings:
                            routeNeverOpened, routePartlyOpened, noRules (errors),
                            unroutedURL, deadRule (warnings), staleFinding (an expected
                            finding no longer reported: a warning)
            """,
            """
            A routes file line may end in a name annotation: spaces or tabs, "@" and the name
            ("/products/:id  @productDetail"). A route without one is named after its words:
            the scheme, the literal text and the parameter names, in camelCase
            ("/products/:id" is "productsId").
            """,
            """
            --swift-output writes the Swift file the build compiles: for a routes file, an
            internal RouteName constant per named route ("static let productDetail =
            RouteName(...)" in "extension RouteName"); for a table, a file with only a
            comment. It takes exactly one FILE. --names-also names the target's other routes
            files: their constants share the module, so their names must differ.
            """,
            """
            With --json, prints one JSON object: diagnostics (file, line, column, severity,
            kind, message), errors, warnings, and names (name, route, line, file) of the
            routes files.
            """,
        ],
        options: [
            .value("--swift-output", "FILE", help: "write the Swift file the build compiles (one FILE only)"),
            .value(
                "--names-also", "ROUTES", repeatable: true,
                help: "another routes file of the target, whose names must differ (repeatable)"),
        ] + RouterFlags.all + [.json("print one JSON object")],
        arguments: Arguments(name: "FILE", minimum: 1, maximum: nil),
        exitStatus:
            "0 no errors (warnings allowed), 1 errors, 2 bad usage or an output that cannot be written.",
        run: { invocation, console throws(CommandError) in
            let output = invocation.value("--swift-output")
            if output != nil && invocation.arguments.count != 1 {
                throw CommandError(
                    "--swift-output takes exactly one FILE; see \"waypoint build-check --help\"")
            }
            let options = try RouterFlags.options(invocation)
            var others: [RoutesFile] = []
            var diagnostics: [BuildDiagnostic] = []
            for path in invocation.allValues("--names-also") {
                do throws(RoutesFile.ReadError) {
                    others.append(try RoutesFile(reading: path))
                } catch {
                    diagnostics.append(BuildDiagnostic(unreadable: path, error))
                }
            }
            var names: [JSONValue] = []
            for path in invocation.arguments {
                if BuildCheck.isTable(path) {
                    diagnostics += TableFileCheck(path: path).diagnostics
                    if let output {
                        try OutputFile.write(BuildCheck.tableSource(path), to: output)
                    }
                    continue
                }
                let file: RoutesFile
                do throws(RoutesFile.ReadError) {
                    file = try RoutesFile(reading: path)
                } catch {
                    diagnostics.append(BuildDiagnostic(unreadable: path, error))
                    continue
                }
                let check = RoutesFileCheck(
                    file: file, others: others.filter { $0.path != file.path }, options: options)
                diagnostics += check.diagnostics
                names += check.constants.map {
                    .object([
                        "name": .string($0.name), "route": .string($0.route),
                        "line": .number(Double($0.line)),
                        "file": .string(file.path),
                    ])
                }
                if let output {
                    let text = RouteNamesSource.text(
                        constants: check.constants, fileName: BuildCheck.lastComponent(path))
                    try OutputFile.write(text, to: output)
                }
            }
            let errors = diagnostics.count { $0.severity == .error }
            if invocation.json {
                console.print(
                    JSONValue.object([
                        "diagnostics": .array(diagnostics.map(\.json)), "errors": .number(Double(errors)),
                        "warnings": .number(Double(diagnostics.count - errors)), "names": .array(names),
                    ]).jsonString)
            } else {
                for diagnostic in diagnostics { console.printError(diagnostic.text) }
            }
            return errors == 0 ? .success : .checkFailed
        }
    )
}

/// What `waypoint build-check` decides from a file's name.
enum BuildCheck {
    /// Whether the file at `path` is a pattern table (`*.json`, such as `App.waypoint.json`)
    /// rather than a routes file.
    static func isTable(_ path: String) -> Bool {
        path.hasSuffix(".json")
    }

    /// The last component of `path`.
    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The Swift file written for a table: a comment, so the build has an output to keep
    /// the check's place in its graph (it runs again only when the table changes).
    static func tableSource(_ path: String) -> String {
        "// Checked by waypoint build-check: \(CommandError.oneLine(lastComponent(path))). Nothing to compile.\n"
    }
}
