import Waypoint
import WaypointAssociation
import WaypointTables

extension Command {
    /// `waypoint android generate`: the intent filter and assetlinks.json that open the
    /// routes' URLs as Android App Links.
    static let androidGenerate = Command(
        name: "android generate",
        summary: "Writes the App Links intent filter and assetlinks.json for the routes of a host",
        usage:
            "--host HOST [--min-sdk N] [--package NAME --sha256 FINGERPRINT...] [--print WHAT] [options] ROUTES...",
        help: [
            """
            Prints the <intent-filter android:autoVerify="true"> element (VIEW, DEFAULT,
            BROWSABLE, scheme https, the host) whose path attributes open the app for the URLs
            that the routes (routes files, registered in order) match on https://HOST: one
            attribute per way a route's paths can be written, in route order, each after a
            comment naming its route. Literal paths become android:path; a literal followed by
            "**" or a whole-path regex such as ".*" android:pathPrefix; with --min-sdk 31 or
            more, everything else android:pathAdvancedPattern ("[^/]+" for a parameter, "[aA]"
            with --case-insensitive-paths); below 31, android:pathPattern, whose ".*" also
            matches an empty segment (or, last, deeper paths) and whose "." is any character.
            Without --strict-trailing-slash each form also gets its trailing-slash form.
            """,
            """
            The element is then read back and checked against the same routes as "waypoint
            android check" does. Where Android's attributes cannot say exactly what a route
            matches (a regex class, a last parameter without pathAdvancedPattern), the
            attribute is the narrowest that covers it: its comment says why, and a widenedPath
            finding, with an example URL it lets through when one was found, is printed on
            standard error. Every URL a route matches opens the app.
            """,
            """
            --print assetlinks prints the /.well-known/assetlinks.json statement instead, for
            --package and the --sha256 fingerprints. With --json, prints one JSON object:
            intentFilter (the element's text), assetlinks (when --package is given) and report.
            """,
        ],
        options: [
            AASAInput.host, AndroidInput.minimumSDK, AndroidInput.package, AndroidInput.fingerprint,
            AndroidInput.print,
        ] + RouterFlags.all + [.json("print one JSON object")],
        arguments: Arguments(name: "ROUTES", minimum: 1, maximum: nil),
        exitStatus:
            "0 the filter opens exactly the routes' URLs, 1 some attributes open more (findings), 2 bad usage, an unreadable file or a route that does not compile.",
        run: { invocation, console throws(CommandError) in
            let host = try AASAInput.host(invocation)
            let minimumSDK = try AndroidInput.minimumSDK(invocation, fallback: nil)
            let package = try AndroidInput.package(invocation)
            let fingerprints = try AndroidInput.fingerprints(invocation)
            let printing = invocation.value(AndroidInput.print.name) ?? "manifest"
            guard printing == "manifest" || printing == "assetlinks" else {
                throw CommandError("--print \(printing.quoted) is not manifest or assetlinks")
            }
            if package != nil && fingerprints.isEmpty {
                throw CommandError("--package needs at least one --sha256 FINGERPRINT")
            }
            if package == nil && (!fingerprints.isEmpty || printing == "assetlinks") {
                throw CommandError("--sha256 and --print assetlinks need --package NAME")
            }
            let routes = try AASAInput.routes(invocation)
            let options = try RouterFlags.options(invocation)
            let generated: (xml: String, entries: [AndroidGenerator.Entry], report: AndroidReport)
            do throws(AASARouteError) {
                generated = try AndroidGenerator(
                    host: host, routes: routes, options: options, minimumSDK: minimumSDK
                )
                .generate()
            } catch {
                throw AASAInput.error(error)
            }
            let assetLinks = package.map {
                AndroidGenerator.assetLinks(package: $0, fingerprints: fingerprints)
            }
            if invocation.json {
                var members: [String: JSONValue] = [
                    "intentFilter": .string(generated.xml), "report": generated.report.json,
                ]
                if let assetLinks { members["assetlinks"] = assetLinks }
                console.print(JSONValue.object(members).jsonString)
            } else {
                if printing == "assetlinks", let assetLinks {
                    console.print(String(AASAFileText.text(assetLinks).dropLast()))
                } else {
                    console.print(String(generated.xml.dropLast()))
                }
                generated.report.print(to: &console, errors: true)
            }
            return generated.report.findings.isEmpty ? .success : .checkFailed
        }
    )
}
