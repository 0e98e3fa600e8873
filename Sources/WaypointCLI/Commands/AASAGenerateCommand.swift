import Waypoint
import WaypointAssociation

extension Command {
    /// `waypoint aasa generate`: the applinks components that open the routes' URLs.
    static let aasaGenerate = Command(
        name: "aasa generate",
        summary: "Writes the apple-app-site-association file that opens the routes of a host",
        usage: "--app-id ID --host HOST [options] ROUTES...",
        help: [
            """
            Prints an apple-app-site-association file whose applinks section opens the app for
            the URLs that the routes (routes files, registered in order) match on
            https://HOST: one component per way a route's paths can be written, in route
            order, each with a comment naming its route. Literals are written canonically
            percent-encoded; a parameter or "*" becomes "?*", a regex "?*" or "*"; "**" and
            ":name?" give two components; a route ending in a literal also gets its
            trailing-slash form (not with --strict-trailing-slash); --case-insensitive-paths
            sets caseSensitive false in the entry's defaults. Components that can never decide
            are left out.
            """,
            """
            The file is then checked against the same routes as "waypoint aasa check" does.
            Where the pattern language cannot say exactly what a route matches (a parameter
            that must not contain "/", a regex), the component is the narrowest one that
            covers it: its comment says so, and the check's finding (unroutedURL, with an
            example URL it lets through) is printed on standard error. "waypoint aasa check"
            of the printed file against the same routes reports exactly those findings.
            """,
            """
            With --json, prints one JSON object: file (the generated file) and report (what
            "waypoint aasa check --json" prints for it).
            """,
        ],
        options: [AASAInput.appID, AASAInput.host] + RouterFlags.all + [.json("print one JSON object")],
        arguments: Arguments(name: "ROUTES", minimum: 1, maximum: nil),
        exitStatus:
            "0 the file opens exactly the routes' URLs, 1 some components open more (findings), 2 bad usage, an unreadable file or a route that does not compile.",
        run: { invocation, console throws(CommandError) in
            let appID = try AASAInput.appID(invocation)
            let host = try AASAInput.host(invocation)
            let routes = try AASAInput.routes(invocation)
            let options = try RouterFlags.options(invocation)
            let generator = AASAGenerator(appID: appID, host: host, routes: routes, options: options)
            let generated: (universalLinks: UniversalLinkRules, report: AASAReport)
            do throws(AASARouteError) {
                generated = try generator.generate()
            } catch {
                throw AASAInput.error(error)
            }
            let file = UniversalLinkCoding.json(AppSiteAssociation(universalLinks: generated.universalLinks))
            if invocation.json {
                console.print(JSONValue.object(["file": file, "report": generated.report.json]).jsonString)
            } else {
                console.print(String(AASAFileText.text(file).dropLast()))
                generated.report.print(to: &console, errors: true)
            }
            return generated.report.findings.isEmpty ? .success : .checkFailed
        }
    )
}
