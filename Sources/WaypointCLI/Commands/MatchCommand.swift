import Waypoint
import WaypointTables

extension Command {
    /// `waypoint match`: the winning route for each URL.
    static let match = Command(
        name: "match",
        summary: "Prints the winning route for each URL, with its parameters and query",
        usage: "(--routes FILE | --route PATTERN...) [options] URL...",
        help: [
            """
            Registers the routes in order and prints, for each URL, the winning route (the
            earliest registered one that matches), its route parameters and the URL's query
            parameters; or that nothing matched and why: "no route matched", "URL too long"
            or "not an absolute URL".
            """,
            """
            A routes file has one route per line, in registration order. Blank lines and
            lines starting with "#" are skipped; any other line is a route exactly as written
            (nothing is trimmed), so a column reported for a route is its column in the file.
            A name annotation at the end of a line (spaces or tabs, "@" and a name, as in
            "/products/:id  @productDetail") is not part of the route.
            """,
            """
            With --json, prints one JSON object per URL, one per line, with the keys of a
            router table expectation (matched, route, routeParameters, queryParameters,
            queryItems, callbackURL; error when nothing matched), so the output can be pasted
            into a pattern table as the expected value.
            """,
        ],
        options: [
            .value("--routes", "FILE", help: "the routes file"),
            .value("--route", "PATTERN", repeatable: true, help: "a route, instead of --routes (repeatable)"),
        ] + RouterFlags.all + [
            RouterFlags.regexBudget, .json("print one JSON object per URL, one per line"),
        ],
        arguments: Arguments(name: "URL", minimum: 1, maximum: nil),
        exitStatus:
            "0 every URL matched, 1 some URL matched nothing, 2 bad usage, an unreadable file or a route that does not compile.",
        run: { invocation, console throws(CommandError) in
            let router = try RouteSource(invocation).router(options: try RouterFlags.options(invocation))
            var status = ExitStatus.success
            for url in invocation.arguments {
                let record = router.tableRecord(url)
                if record["matched"] != true { status = .checkFailed }
                if invocation.json {
                    console.print(JSONValue.object(record).jsonString)
                } else {
                    MatchReport.print(url: url, record: record, router: router, to: &console)
                }
            }
            return status
        }
    )
}
