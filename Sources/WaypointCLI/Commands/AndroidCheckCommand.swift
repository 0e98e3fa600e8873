import Waypoint
import WaypointAssociation

extension Command {
    /// `waypoint android check`: an app's manifest and its host's assetlinks.json against
    /// the routes.
    static let androidCheck = Command(
        name: "android check",
        summary: "Checks an AndroidManifest.xml and assetlinks.json against the routes of a host",
        usage:
            "--manifest FILE --host HOST [--assetlinks FILE] [--package NAME] [--min-sdk N] [options] ROUTES...",
        help: [
            """
            Reads the manifest's intent filters (XML; a filter with something that changes
            matching and is not modelled, such as a mimeType or a resource reference, is
            reported and left out), the host's assetlinks.json if given, and the routes files
            (one route per line, registered in order, file after file), and reports, for the
            routes that receive https://HOST links, one line each as LOCATION: KIND: MESSAGE:
              routeNeverOpened     no URL the route matches opens the app
              routePartlyOpened    some URLs the route matches open the browser
              routesNotChecked     routes no example URL matches (how many)
              unroutedURL          a path attribute opens the app for a URL no route
                                   matches: the app opens and shows nothing
              filterNotVerified    a filter for the host can never be verified (no
                                   autoVerify, no VIEW, BROWSABLE or DEFAULT, no host)
              httpOnly             a filter for the host takes http links only
              hostCase             a host with upper-case letters
              unsupportedFilter    what a filter holds that is not modelled
              attributeIgnored     pathAdvancedPattern or pathSuffix below API level 31
              hostWithoutStatement assetlinks.json has no statement for the package
              dynamicRulesDiscarded  malformed dynamic rules, which Android discards
            """,
            """
            What opens is decided by examples: URLs built from the routes and from the
            filters' path attributes, and their neighbours, each matched by the router and by
            an Android App Links matcher written from Android's documentation. When the
            statement has dynamic rules (Android 15 and later), findings that hold only with
            or only without them say so in brackets. --package defaults to the manifest's
            package attribute; --min-sdk to its uses-sdk.
            """,
            """
            With --json, prints one JSON object: host, routes, receiving, filters, urls,
            skipped, findings (kind, location, route, url, devices, message) and notes.
            """,
        ],
        options: [
            AndroidInput.manifest, AASAInput.host, AndroidInput.assetLinks, AndroidInput.package,
            AndroidInput.minimumSDK,
        ] + RouterFlags.all + [.json("print one JSON object")],
        arguments: Arguments(name: "ROUTES", minimum: 1, maximum: nil),
        exitStatus:
            "0 nothing found, 1 findings, 2 bad usage, an unreadable or bad file, or a route that does not compile.",
        run: { invocation, console throws(CommandError) in
            guard let manifestPath = invocation.value(AndroidInput.manifest.name) else {
                throw CommandError("missing --manifest FILE; see \"waypoint android check --help\"")
            }
            let host = try AASAInput.host(invocation)
            let routes = try AASAInput.routes(invocation)
            let options = try RouterFlags.options(invocation)
            let manifest = try AndroidInput.manifest(path: manifestPath)
            let minimumSDK = try AndroidInput.minimumSDK(invocation, fallback: manifest.minimumSDK)
            let package = try AndroidInput.package(invocation) ?? manifest.package
            let assetLinksPath = invocation.value(AndroidInput.assetLinks.name)
            let assetLinks = try assetLinksPath.map { path throws(CommandError) in
                try AndroidInput.assetLinks(path: path)
            }
            if assetLinks != nil && package == nil {
                throw CommandError(
                    "the manifest has no package attribute: give --package NAME to read assetlinks.json")
            }
            let checker: AndroidChecker
            do throws(AASARouteError) {
                checker = try AndroidChecker(
                    host: host, routes: routes, options: options, manifest: manifest,
                    manifestName: TextFile.displayName(manifestPath), assetLinks: assetLinks,
                    assetLinksName: assetLinksPath.map(TextFile.displayName) ?? "assetlinks.json",
                    package: package,
                    minimumSDK: minimumSDK)
            } catch {
                throw AASAInput.error(error)
            }
            let report = checker.check()
            if invocation.json {
                console.print(report.json.jsonString)
            } else {
                report.print(to: &console)
            }
            return report.findings.isEmpty ? .success : .checkFailed
        }
    )
}
