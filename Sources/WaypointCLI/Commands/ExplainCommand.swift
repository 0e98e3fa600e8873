import Waypoint
import WaypointExplain

extension Command {
    /// `waypoint explain`: what every route did with one URL.
    static let explain = Command(
        name: "explain",
        summary: "Shows, for every route in order, whether it matches a URL or where it stopped",
        usage: "(--routes FILE | --route PATTERN...) [options] URL",
        help: [
            """
            Registers the routes in order and goes through them for the URL: each route either
            matched (with its parameters) or stopped at a segment, with the reason (scheme
            differs, literal differs, the URL ends early or continues, an empty segment, the
            regex failed, a PCRE2 limit was hit, or the lookup's regex budget was spent before
            the route's regex: "not reached"). The last line names the winner, the earliest
            route that matched. Routes files are read as by "waypoint match".
            """,
            """
            With --json, prints one JSON object: url, winner (the route or null) and routes,
            one object per route in order with route, priority, matched, and either
            routeParameters or stop (the reason's kind), reason (the sentence) and its details
            (at, expected, actual, limit).
            """,
        ],
        options: [
            .value("--routes", "FILE", help: "the routes file"),
            .value("--route", "PATTERN", repeatable: true, help: "a route, instead of --routes (repeatable)"),
        ] + RouterFlags.all + [RouterFlags.regexBudget, .json("print one JSON object")],
        arguments: Arguments(name: "URL", minimum: 1, maximum: 1),
        exitStatus:
            "0 a route matched, 1 none did, 2 bad usage, an unreadable file or a route that does not compile.",
        run: { invocation, console throws(CommandError) in
            let router = try RouteSource(invocation).router(options: try RouterFlags.options(invocation))
            let url = invocation.arguments[0]
            let explanations = router.explain(url)
            let winner = explanations.first(where: \.matched)
            if invocation.json {
                console.print(
                    ExplainReport.json(url: url, explanations: explanations, winner: winner).jsonString)
            } else {
                ExplainReport.print(url: url, explanations: explanations, winner: winner, to: &console)
            }
            return winner == nil ? .checkFailed : .success
        }
    )
}
