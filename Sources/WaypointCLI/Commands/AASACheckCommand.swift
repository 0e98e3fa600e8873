import Waypoint
import WaypointAssociation

extension Command {
    /// `waypoint aasa check`: an apple-app-site-association file against the routes.
    static let aasaCheck = Command(
        name: "aasa check",
        summary: "Checks an apple-app-site-association file against the routes of a host",
        usage: "--aasa FILE --app-id ID --host HOST [options] ROUTES...",
        help: [
            """
            Reads the file's applinks section (a bad file is reported with the JSON path of the
            problem) and the routes files (one route per line, registered in order, file after
            file), and reports, for the app ID and the routes that receive HOST's universal
            links (http and https), one line each as LOCATION: KIND: MESSAGE (HOW), then a
            summary:
              routeNeverOpened   every URL the route matches opens the browser
              routePartlyOpened  some paths the route matches open the browser, whatever
                                 their query, others the app
              unroutedURL        a rule opens the app for a URL no route matches: the app
                                 opens and shows nothing (with the URL and the rule)
              deadRule           a rule that never decides: earlier rules, exclusions
                                 included, decide every URL it matches
              noRules            the file names the app in no "details" entry
            """,
            """
            HOW is "by construction" when both sides were compared as automata over every path
            (routes, their regexes read into automata, and rules, on canonically written URLs),
            or "by examples" when the finding rests on example URLs (a regex with syntax the
            checker does not read, such as lookaround or anchors; rules that look at the query
            or fragment). Every URL shown was matched by the router and by the AASA matcher.
            A route receives the host's links when it has no scheme, http or https, and its
            host part, if any, matches HOST; the others are left out and counted. Universal
            links are http and https links alike: when routes name a scheme, both URLs of
            every path are checked. The summary counts the routes compared on examples only
            and the routes not checked, which a hostile file can cause by making the
            comparison outgrow its bound.
            """,
            """
            With --json, prints one JSON object: appID, host, routes, receiving, rules,
            skipped (route, location, reason), findings (kind, method, route and location or
            rule, url, earlier, message), notes, examplesOnly (a count) and unchecked (route,
            location).
            """,
        ],
        options: [AASAInput.aasa, AASAInput.appID, AASAInput.host] + RouterFlags.all + [
            .json("print one JSON object")
        ],
        arguments: Arguments(name: "ROUTES", minimum: 1, maximum: nil),
        exitStatus:
            "0 nothing found and every route checked, 1 findings, 2 bad usage, an unreadable or bad file, or a route that does not compile, 3 some routes not checked (the summary says how many).",
        run: { invocation, console throws(CommandError) in
            guard let path = invocation.value(AASAInput.aasa.name) else {
                throw CommandError("missing --aasa FILE; see \"waypoint aasa check --help\"")
            }
            let appID = try AASAInput.appID(invocation)
            let host = try AASAInput.host(invocation)
            let routes = try AASAInput.routes(invocation)
            let options = try RouterFlags.options(invocation)
            let matcher = try AASAInput.matcher(path: path) ?? UniversalLinkMatcher.empty
            let checker: AASAChecker
            do throws(AASARouteError) {
                checker = try AASAChecker(
                    matcher: matcher, appID: appID, host: host, routes: routes, options: options)
            } catch {
                throw AASAInput.error(error)
            }
            let report = checker.check()
            if invocation.json {
                var json = report.json
                if case .object(var members) = json {
                    members["aasa"] = .string(TextFile.displayName(path))
                    json = .object(members)
                }
                console.print(json.jsonString)
            } else {
                report.print(to: &console)
            }
            return report.exitStatus
        }
    )
}
