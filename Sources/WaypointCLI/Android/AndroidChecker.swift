import Waypoint
import WaypointAssociation
import WaypointTables

/// `waypoint android check`: an app's intent filters and its host's `assetlinks.json`
/// against a route table (Documentation/android-app-links.md §4).
///
/// The filters' own problems are read off the manifest (a filter that can never be
/// verified, `http` only, an upper-case host, what is not modelled, attributes older
/// devices ignore, a host without a statement). What opens is decided by examples: URLs
/// built from the routes and from the filters' path attributes, and their neighbours, each
/// matched by the router and by ``AndroidAppLinkMatcher`` (with the dynamic rules and
/// without, when the file has some).
struct AndroidChecker {
    let host: String
    let routes: [AASARoute]
    let options: RouterOptions
    let manifest: AndroidManifest
    let manifestName: String
    let assetLinks: AssetLinks?
    let assetLinksName: String
    let package: String?
    let minimumSDK: Int
    let router: Router

    init(
        host: String, routes: [AASARoute], options: RouterOptions, manifest: AndroidManifest,
        manifestName: String, assetLinks: AssetLinks?, assetLinksName: String, package: String?,
        minimumSDK: Int
    ) throws(AASARouteError) {
        self.host = host.lowercased()
        self.routes = routes
        self.options = options
        self.manifest = manifest
        self.manifestName = manifestName
        self.assetLinks = assetLinks
        self.assetLinksName = assetLinksName
        self.package = package
        self.minimumSDK = minimumSDK
        let router = Router(options: options)
        for route in routes {
            do {
                try router.register(RouteName(route.route)) { _ in }
            } catch {
                throw AASARouteError(route: route, error: error)
            }
        }
        self.router = router
    }

    /// A filter's path attribute, by filter index and path index.
    struct PathKey: Hashable {
        let filter: Int
        let path: Int
    }

    func check() -> AndroidReport {
        var report = AndroidReport(host: host, routeCount: routes.count)
        var receiving: [(route: AASARoute, pattern: RoutePattern)] = []
        for route in routes {
            switch AASAChecker.receivesAppLinks(route, host: host, options: options) {
            case .success((let pattern, _)): receiving.append((route, pattern))
            case .failure(let skip): report.skipped.append((route, skip.rawValue))
            }
        }
        report.receivingCount = receiving.count
        let filters = manifest.intentFilters
        let forHost = filters.indices.filter { index in
            let schemes = filters[index].schemes
            return (schemes.contains("https") || schemes.contains("http"))
                && AndroidAppLinkMatcher.takesAuthority(filters[index], host: host, port: nil)
        }
        report.filterCount = forHost.count
        var findings = forHost.flatMap { filterFindings(filters[$0]) }

        // The host's statement and dynamic rules.
        var verifiedHosts: Set<String>?
        var dynamicRules: AndroidDynamicRules?
        if let assetLinks {
            let statements = package.map { assetLinks.statements(for: $0) } ?? []
            if statements.contains(where: { !$0.fingerprints.isEmpty }) {
                verifiedHosts = [host]
            } else {
                verifiedHosts = []
                findings.append(
                    AndroidFinding(
                        kind: .hostWithoutStatement, location: assetLinksName, route: nil, url: nil,
                        devices: .all,
                        message:
                            "no statement lets \((package ?? "the app").quoted) open https://\(host) links (relation \(AssetLinks.handleAllURLs), namespace android_app, a fingerprint): no filter for the host verifies"
                    ))
            }
            let withRules = statements.filter { $0.dynamicRules != nil }
            dynamicRules = withRules.first?.dynamicRules
            if withRules.count > 1 {
                report.notes.append(
                    "\(withRules.count) statements for the app declare dynamic rules; Android does not say which it uses, so the first is checked"
                )
            }
            for statement in statements {
                guard let reason = statement.discardedDynamicRules else { continue }
                findings.append(
                    AndroidFinding(
                        kind: .dynamicRulesDiscarded, location: assetLinksName, route: nil, url: nil,
                        devices: .withDynamicRules,
                        message:
                            "Android discards the dynamic rules, and only the manifest decides: \(reason)"))
            }
            if !assetLinks.includes.isEmpty {
                report.notes.append("\(assetLinks.includes.count) include statements are not followed")
            }
        } else {
            report.notes.append("no assetlinks.json given: https://\(host) is taken as verified for the app")
        }

        // What opens, by examples.
        var scopes: [(AndroidFinding.Devices, AndroidAppLinkMatcher)] = [
            (
                dynamicRules == nil ? .all : .withoutDynamicRules,
                AndroidAppLinkMatcher(filters, verifiedHosts: verifiedHosts)
            )
        ]
        if let dynamicRules {
            scopes.append(
                (
                    .withDynamicRules,
                    AndroidAppLinkMatcher(filters, verifiedHosts: verifiedHosts, dynamicRules: dynamicRules)
                ))
        }
        // Every route and attribute gets its share of the examples, its own URLs first.
        let sources = receiving.count + forHost.reduce(0) { $0 + filters[$1].paths.count }
        let share = max(4, AndroidExamples.maximumPaths / max(1, sources))
        var paths: [String] = []
        var seen = Set<String>()
        var capped = false
        func add(_ bases: [String]) {
            var taken = 0
            let candidates = bases + bases.flatMap { AndroidExamples.neighbours($0).dropFirst() }
            for path in candidates where path.hasPrefix("/") && taken < share {
                guard paths.count < AndroidExamples.maximumPaths else {
                    capped = true
                    return
                }
                if seen.insert(path).inserted {
                    paths.append(path)
                    taken += 1
                }
            }
        }
        for (_, pattern) in receiving { add(AndroidExamples.routePaths(pattern, router: router)) }
        for index in forHost {
            for pattern in filters[index].paths { add(pattern.samples()) }
        }
        add(["/"])
        if capped {
            report.notes.append("only the first \(AndroidExamples.maximumPaths) example paths were tried")
        }
        report.urlCount = paths.count
        let routeIndex = Dictionary(
            receiving.enumerated().map { ($1.route.route, $0) }, uniquingKeysWith: { first, _ in first })
        for (devices, matcher) in scopes {
            var opened: [Int: String] = [:]
            var notOpened: [Int: (url: String, outcome: AndroidAppLinkDecision.Outcome)] = [:]
            var unrouted: [PathKey: String] = [:]
            for path in paths {
                let url = CanonicalURL.url(host: host, path: CanonicalURL.path(path))
                let matched = Set(router.matches(url).compactMap { routeIndex[$0.route] })
                let decision = matcher.decision(for: url)
                for route in matched {
                    if decision.opensApp {
                        if opened[route] == nil { opened[route] = url }
                    } else if notOpened[route] == nil {
                        notOpened[route] = (url, decision.outcome)
                    }
                }
                if matched.isEmpty, decision.opensApp, let filter = decision.filter {
                    let key = PathKey(filter: filter, path: decision.path ?? -1)
                    if unrouted[key] == nil { unrouted[key] = url }
                }
            }
            let unchecked = receiving.indices.filter { opened[$0] == nil && notOpened[$0] == nil }
            if !unchecked.isEmpty {
                let names = unchecked.prefix(3).map { receiving[$0].route.route.quoted }.joined(
                    separator: ", ")
                findings.append(
                    AndroidFinding(
                        kind: .routesNotChecked, location: receiving[unchecked[0]].route.location ?? "routes",
                        route: nil, url: nil, devices: devices,
                        message:
                            "\(unchecked.count) route\(unchecked.count == 1 ? "" : "s") (\(names)\(unchecked.count > 3 ? ", …" : "")) matched no example URL on \(host), so \(unchecked.count == 1 ? "it was" : "they were") not checked"
                    ))
            }
            for (index, (route, _)) in receiving.enumerated() {
                guard let missed = notOpened[index] else { continue }
                let why = Self.reason(missed.outcome)
                let partly = opened[index] != nil
                findings.append(
                    AndroidFinding(
                        kind: partly ? .routePartlyOpened : .routeNeverOpened,
                        location: route.location ?? route.route.quoted, route: route.route, url: missed.url,
                        devices: devices,
                        message: partly
                            ? "\(route.route.quoted) is opened only in part: \(missed.url) \(why)"
                            : "no verified filter opens \(route.route.quoted): \(missed.url) \(why)"))
            }
            for (key, url) in unrouted.sorted(by: {
                ($0.key.filter, $0.key.path) < ($1.key.filter, $1.key.path)
            }) {
                let filter = filters[key.filter]
                let what =
                    key.path >= 0 ? filter.paths[key.path].description : "the filter (no path attribute)"
                findings.append(
                    AndroidFinding(
                        kind: .unroutedURL, location: location(filter, path: key.path), route: nil, url: url,
                        devices: devices,
                        message:
                            "\(what) opens the app for \(url), which no route matches: the app opens and shows nothing"
                    ))
            }
        }
        report.findings = findings.sorted(by: AndroidFinding.inOrder)
        return report
    }

    /// The problems of one filter for the host, read off the manifest.
    private func filterFindings(_ filter: AndroidIntentFilter) -> [AndroidFinding] {
        var findings: [AndroidFinding] = []
        let here = location(filter, path: -1)
        func add(_ kind: AndroidFinding.Kind, _ message: String, at place: String? = nil) {
            findings.append(
                AndroidFinding(
                    kind: kind, location: place ?? here, route: nil, url: nil, devices: .all, message: message
                ))
        }
        for sentence in filter.unsupported {
            add(.unsupportedFilter, "left out of the check: \(sentence)")
        }
        let schemes = filter.schemes
        if schemes.contains("http") && !schemes.contains("https") {
            add(.httpOnly, "the filter takes http links only: https://\(host) links never open the app")
        }
        let problems = filter.verificationProblems
        if !problems.isEmpty {
            add(
                .filterNotVerified,
                "the filter for \(host) is never verified: \(problems.map(\.phrase).joined(separator: "; ")); on Android 12 and later its links open the browser"
            )
        }
        for authority in filter.authorities where authority.host != authority.host.lowercased() {
            add(
                .hostCase,
                "android:host=\(authority.host.quoted) has upper-case letters; Android documents host matching as case-sensitive: write \(authority.host.lowercased().quoted)"
            )
        }
        for (index, pattern) in filter.paths.enumerated() where pattern.kind.minimumAPILevel > minimumSDK {
            let others = filter.paths.filter { $0.kind.minimumAPILevel <= minimumSDK }.count
            add(
                .attributeIgnored,
                "\(pattern) needs API level \(pattern.kind.minimumAPILevel); below it (the app supports \(minimumSDK)) the attribute is ignored, and the filter keeps \(others) other path attribute\(others == 1 ? "" : "s")\(others == 0 ? ", so it opens every path of the host" : "")",
                at: location(filter, path: index))
        }
        return findings
    }

    /// `AndroidManifest.xml:12`: the `<data>` element of path `path`, or the filter.
    func location(_ filter: AndroidIntentFilter, path: Int) -> String {
        var remaining = path
        if path >= 0 {
            for element in filter.data {
                if remaining < element.paths.count { return "\(manifestName):\(element.line)" }
                remaining -= element.paths.count
            }
        }
        return "\(manifestName):\(filter.line)"
    }

    private static func reason(_ outcome: AndroidAppLinkDecision.Outcome) -> String {
        switch outcome {
        case .opens: "opens the app"
        case .noFilter: "matches no filter and opens the browser"
        case .unverifiedFilter: "matches only filters that are never verified and opens the browser"
        case .hostNotVerified: "matches a filter whose host has no statement and opens the browser"
        case .excludedByDynamicRules: "is kept in the browser by the dynamic rules"
        }
    }
}
