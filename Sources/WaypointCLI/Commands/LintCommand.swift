import Waypoint

extension Command {
    /// `waypoint lint`: checks a routes file.
    static let lint = Command(
        name: "lint",
        summary: "Checks a routes file: invalid, duplicate and shadowed routes, and likely mistakes",
        usage: "[options] FILE",
        help: [
            """
            Reads a routes file (as "waypoint match" does) and reports, one line each as
            FILE:LINE:COLUMN: KIND: MESSAGE, then "N routes, M findings":
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
            later regex that cannot match "/" under an earlier parameter. Like routing.md, lint
            takes ".*" to match every string.
            """,
            """
            With --json, prints one JSON object: file, routes (the number of routes) and
            findings, each with kind, line, column, route, message, and earlierLine and
            earlierRoute (duplicate, shadowed) or error (invalidRoute: the error's kind).
            """,
        ],
        options: RouterFlags.all + [.json("print one JSON object")],
        arguments: Arguments(name: "FILE", minimum: 1, maximum: 1),
        exitStatus: "0 nothing found, 1 findings, 2 bad usage or an unreadable file.",
        run: { invocation, console throws(CommandError) in
            let file = try RoutesFile(path: invocation.arguments[0])
            let findings = RouteLinter(options: RouterFlags.options(invocation)).lint(file)
            if invocation.json {
                console.print(LintReport.json(file: file, findings: findings).jsonString)
            } else {
                LintReport.print(file: file, findings: findings, to: &console)
            }
            return findings.isEmpty ? .success : .checkFailed
        }
    )
}
