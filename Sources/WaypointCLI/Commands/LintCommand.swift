import Waypoint

extension Command {
    /// `waypoint lint`: checks a routes file.
    static let lint = Command(
        name: "lint",
        summary: "Checks a routes file: invalid, duplicate and shadowed routes, and likely mistakes",
        usage: "[options] FILE...",
        help: [
            """
            Reads each routes file (as "waypoint match" does; "-" is standard input) and
            reports, one line each as FILE:LINE:COLUMN: KIND: MESSAGE, then "N routes, M
            findings" (with several files, "FILE: N routes, M findings" after each):
              invalidRoute   a route that does not compile, at the column of the problem
              duplicate      a route already on an earlier line (registering it again only
                             replaces the handler)
              shadowed       a route that can never win: an earlier route matches every URL
                             it matches
              parameterName  a parameter name ending in "-" (":from-:to" names "from-")
              percentEscape  a literal with a %XX escape: segments are compared decoded
              notAScheme     "https?://..." and the like: the text before "://" is not a
                             scheme, so it is matched against the host
              port           "h.com:8080/x": ports are never matched, ":8080" is a parameter
              query          "/search\\?q=\\w+", "alert?title=...": the query is never matched
              pseudoScheme   "tel:[^\\s]+": "tel:" without "//" is not a scheme
              foreignSyntax  "<int:id>", "<path:p>", "{id}", JLRoutes "(/foo/:a)" groups:
                             other routers' syntax, with the Waypoint spelling
              whitespace     spaces or tabs at the start or end of a route
              byteOrderMark  the file starts with a UTF-8 byte order mark
              lineEndings    CR-only line endings, which join lines into one route
            """,
            """
            Shadowing is exact for routes without regex: literals, :name, *, :name?, **,
            schemes, path and host routes, case folding and trailing slashes as the router
            applies them. A route with a regex is reported only when it is certain: a ".*" or
            ".+" tail, or an earlier route with the same regex after a covering prefix, or a
            later regex that cannot match "/" under an earlier parameter. Like the route language, lint
            takes ".*" to match every string.
            """,
            """
            With --json, prints one JSON object per file, one per line: file, routes (the
            number of routes) and findings, each with kind, line, column, route, message, and
            earlierLine and earlierRoute (duplicate, shadowed) or error (invalidRoute: the
            error's kind). A file that cannot be read is reported on standard error; the
            others are still linted, and the exit status is 2.
            """,
        ],
        options: RouterFlags.all + [RouterFlags.regexBudget, .json("print one JSON object")],
        arguments: Arguments(name: "FILE", minimum: 1, maximum: nil),
        exitStatus: "0 nothing found, 1 findings, 2 bad usage or an unreadable file.",
        run: { invocation, console throws(CommandError) in
            let linter = RouteLinter(options: try RouterFlags.options(invocation))
            let several = invocation.arguments.count > 1
            var found = false
            var unreadable = false
            for path in invocation.arguments {
                let file: RoutesFile
                do throws(CommandError) {
                    file = try RoutesFile(path: path)
                } catch {
                    console.printError(error.line(command: "lint"))
                    unreadable = true
                    continue
                }
                let findings = linter.lint(file)
                found = found || !findings.isEmpty
                if invocation.json {
                    console.print(LintReport.json(file: file, findings: findings).jsonString)
                } else {
                    LintReport.print(file: file, findings: findings, namingFile: several, to: &console)
                }
            }
            if unreadable { return .usageError }
            return found ? .checkFailed : .success
        }
    )
}
