import Waypoint
import WaypointAssociation
import WaypointTables

/// What `waypoint aasa check` and `generate` read from their command line: the app ID, the
/// host, the routes files and the AASA file.
enum AASAInput {
    static let appID = Option.value("--app-id", "ID", help: "the app, as TEAMID.bundle.id")
    static let host = Option.value(
        "--host", "HOST", help: "the domain that serves the file, such as shop.example.com")
    static let aasa = Option.value("--aasa", "FILE", help: "the apple-app-site-association file")

    /// The `--app-id`, checked.
    static func appID(_ invocation: Invocation) throws(CommandError) -> String {
        guard let value = invocation.value(appID.name) else {
            throw CommandError("missing --app-id ID; see \"waypoint \(invocation.command) --help\"")
        }
        guard AppSiteAssociationReader.isApplicationIdentifier(value) else {
            throw CommandError(
                "--app-id \(value.quoted) is not TEAMID.bundle.id (a 10-character team ID of upper-case letters and digits, a dot, a bundle ID)"
            )
        }
        return value
    }

    /// The `--host`, checked and lower-cased.
    static func host(_ invocation: Invocation) throws(CommandError) -> String {
        guard let value = invocation.value(host.name) else {
            throw CommandError("missing --host HOST; see \"waypoint \(invocation.command) --help\"")
        }
        let isHostName =
            !value.isEmpty
            && value.unicodeScalars.allSatisfy { scalar in
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || scalar == "-" || scalar == "."
            }
        guard isHostName else {
            throw CommandError(
                "--host \(value.quoted) is not a host name (letters, digits, \"-\" and \".\"; no scheme, port or path)"
            )
        }
        return value.lowercased()
    }

    /// The routes of the routes files, in order, file after file; a file's UTF-8 byte order
    /// mark is skipped, as `match` skips it.
    static func routes(_ invocation: Invocation) throws(CommandError) -> [AASARoute] {
        var routes: [AASARoute] = []
        for path in invocation.arguments {
            let file = try RoutesFile(path: path).skippingByteOrderMark
            for entry in file.entries {
                routes.append(
                    AASARoute(
                        route: entry.route, index: routes.count, location: file.location(line: entry.line)))
            }
        }
        return routes
    }

    /// The `applinks` section of the AASA file at `path`, compiled; nil when the file has no
    /// `applinks`.
    static func matcher(path: String) throws(CommandError) -> UniversalLinkMatcher? {
        let text = try TextFile.read(path)
        try TextFile.refuseByteOrderMark(text, path: path, verifier: "Apple's CDN")
        let name = TextFile.displayName(path)
        do {
            let file = try AppSiteAssociation(json: text)
            guard let universalLinks = file.universalLinks else { return nil }
            return try UniversalLinkMatcher(universalLinks)
        } catch {
            throw CommandError(error.description, at: name)
        }
    }

    /// The command error of a route that does not compile, at its line and column.
    static func error(_ failure: AASARouteError) -> CommandError {
        CommandError(
            failure.error.message, at: failure.route.location.map { "\($0):\(failure.error.column)" })
    }
}

extension UniversalLinkMatcher {
    /// The matcher of a file without `applinks`: it names no app.
    static let empty: UniversalLinkMatcher = {
        do {
            return try UniversalLinkMatcher(UniversalLinkRules(details: []))
        } catch {
            preconditionFailure("an empty applinks section always compiles")
        }
    }()
}
