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
            every URL that the routes (routes files, registered in order) match on HOST, http
            and https: one component per way a route's paths can be written, each with a
            comment naming its route. Literals are written canonically percent-encoded; a
            parameter or "*" becomes "?*", a regex "?*" or "*"; "**" and ":name?" give two
            components; the trailing-slash forms the router takes get their own (not with
            --strict-trailing-slash); --case-insensitive-paths sets caseSensitive false in the
            entry's defaults. Where "?*" stands for one segment, exclusions before it leave
            out what it matches beyond (more segments, an empty last one); components that
            stand for more segments come first, then the others by depth, deepest first, so
            that no exclusion hides a URL a route matches. Components that can never decide
            are left out.
            """,
            """
            The file is then checked against the same routes as "waypoint aasa check" does.
            What Apple's patterns cannot say (a regex's class, such as [0-9]+; a route that
            takes https only, since universal links arrive as http links too) leaves a
            component that opens URLs no route matches: its comment says so, and the check's
            finding (unroutedURL, with an example URL) is printed on standard error, then a
            summary. "waypoint aasa check" of the printed file against the same routes
            reports exactly those findings.
            """,
            """
            With --json, prints one JSON object: file (the generated file), report (what
            "waypoint aasa check --json" prints for it) and bytes (the file's size).
            """,
        ],
        options: [AASAInput.appID, AASAInput.host] + RouterFlags.all + [
            .flag("--exact", help: "exit with status 1 when a component opens URLs no route matches"),
            .json("print one JSON object"),
        ],
        arguments: Arguments(name: "ROUTES", minimum: 1, maximum: nil),
        exitStatus:
            "0 the file opens every URL the routes match (components that open more, because Apple's patterns cannot say less, are findings on standard error, not failures), 1 with --exact when a component opens URLs no route matches, or when the file is larger than the 128 KB Apple downloads, 2 bad usage, an unreadable file or a route that does not compile, 3 when routes were not checked (the summary says how many).",
        run: { invocation, console throws(CommandError) in
            let appID = try AASAInput.appID(invocation)
            let host = try AASAInput.host(invocation)
            let routes = try AASAInput.routes(invocation)
            let options = try RouterFlags.options(invocation)
            let generator = AASAGenerator(appID: appID, host: host, routes: routes, options: options)
            let generated: AASAGenerator.Generated
            do throws(AASARouteError) {
                generated = try generator.generate()
            } catch {
                throw AASAInput.error(error)
            }
            let text = generated.text
            let bytes = text.utf8.count
            if invocation.json {
                console.print(
                    JSONValue.object([
                        "file": generated.file, "report": generated.report.json,
                        "bytes": .number(Double(bytes)),
                    ]).jsonString)
            } else {
                console.print(String(text.dropLast()))
                generated.report.print(to: &console, errors: true)
                console.printError(generated.summary(bytes: bytes))
            }
            return generated.exitStatus(bytes: bytes, exact: invocation.flag("--exact"))
        }
    )
}

extension AASAGenerator.Generated {
    /// The components that open URLs no route matches.
    var widenedCount: Int {
        report.findings.filter { $0.kind == .unroutedURL }.count
    }

    /// Whether some routed URL is not opened (never, unless the generator is wrong).
    var missesRoutedURLs: Bool {
        report.findings.contains { $0.kind == .routeNeverOpened || $0.kind == .routePartlyOpened }
    }

    /// The line `generate` ends with on standard error.
    func summary(bytes: Int) -> String {
        let components = universalLinks.details.first?.components ?? []
        let exclusions = components.filter { $0.exclude == true }.count
        var text =
            "generate: \(components.count) component\(components.count == 1 ? "" : "s") (\(exclusions) exclusion\(exclusions == 1 ? "" : "s")) for \(report.receivingCount) of \(report.routeCount) route\(report.routeCount == 1 ? "" : "s"), \(bytes) bytes"
        if missesRoutedURLs {
            text += "; some URLs the routes match do not open the app (the findings above)"
        } else {
            text += "; every URL the routes match on \(report.host) opens the app"
        }
        if widenedCount > 0 {
            text +=
                "; \(widenedCount) component\(widenedCount == 1 ? " also opens" : "s also open") URLs no route matches, which Apple's patterns cannot leave out (above)"
        }
        if bytes > AppSiteAssociation.maximumSize {
            text += "; the file is larger than the \(AppSiteAssociation.maximumSize) bytes Apple downloads"
        }
        if !report.uncheckedRoutes.isEmpty {
            text +=
                "; \(report.uncheckedRoutes.count) route\(report.uncheckedRoutes.count == 1 ? " was" : "s were") not checked"
        }
        return text
    }

    /// The exit status (aasa.md §8.5): 3 when routes were not checked; 1 when a routed URL
    /// is not opened, the file is too large for Apple, or, with `exact`, a component opens
    /// URLs no route matches; else 0.
    func exitStatus(bytes: Int, exact: Bool) -> ExitStatus {
        if !report.uncheckedRoutes.isEmpty { return .incomplete }
        if missesRoutedURLs || bytes > AppSiteAssociation.maximumSize || (exact && widenedCount > 0) {
            return .checkFailed
        }
        return .success
    }
}
