import Waypoint
import WaypointAssociation
import WaypointTables

/// `waypoint android generate`: the `<intent-filter>` that opens the URLs the routes match
/// on a host, and the `assetlinks.json` statement that verifies it
/// (Documentation/android-app-links.md §3).
///
/// Each route that receives the host's links becomes one path attribute per way its paths
/// can be written (``AndroidPathPlan``), the narrowest one Android can say for the app's
/// minimum SDK. Where that is wider than the route, the attribute's comment and a
/// `widenedPath` finding say why. The written element is then read back
/// (``AndroidManifest``) and checked against the same routes (``AndroidChecker``), which adds
/// an example URL to each widened attribute and reports anything else it finds.
struct AndroidGenerator {
    let host: String
    let routes: [AASARoute]
    let options: RouterOptions
    let minimumSDK: Int

    /// One attribute to write.
    struct Entry {
        let kind: AndroidPathPattern.Kind
        let text: String
        var widened: [String]
        let route: Int
    }

    /// The element's text, the attributes, and the report.
    func generate() throws(AASARouteError) -> (xml: String, entries: [Entry], report: AndroidReport) {
        var entries: [Entry] = []
        for route in routes {
            guard
                case .success((let pattern, let exactHost)) = AASAChecker.receivesAppLinks(
                    route, host: host, options: options)
            else { continue }
            let single = Router(options: options)
            _ = try? single.register(RouteName(route.route)) { _ in }
            let routes = { (path: String) in
                single.match(CanonicalURL.url(host: host, path: CanonicalURL.path(path))) != nil
            }
            for plan in AndroidPathPlan.plans(pattern, exactHost: exactHost, options: options, routes: routes)
            {
                let attribute = plan.attribute(minimumSDK: minimumSDK)
                if let existing = entries.firstIndex(where: {
                    $0.kind == attribute.kind && $0.text == attribute.text
                }) {
                    // Exact for one route: every URL it opens is routed.
                    if attribute.widened.isEmpty { entries[existing].widened = [] }
                    continue
                }
                entries.append(
                    Entry(
                        kind: attribute.kind, text: attribute.text, widened: attribute.widened,
                        route: route.index))
            }
        }
        let xml = AndroidManifestText.intentFilter(
            host: host,
            entries: entries.map { entry in
                var comment = "route " + routes[entry.route].route
                if !entry.widened.isEmpty {
                    comment += "; wider than the route: " + entry.widened.joined(separator: "; ")
                }
                return AndroidManifestText.Entry(kind: entry.kind, text: entry.text, comment: comment)
            },
            header: "waypoint android generate: https://\(host), minimum SDK \(minimumSDK)")
        let manifest = Self.readBack(xml, minimumSDK: minimumSDK)
        let checker = try AndroidChecker(
            host: host, routes: routes, options: options, manifest: manifest, manifestName: "intent-filter",
            assetLinks: nil, assetLinksName: "assetlinks.json", package: nil, minimumSDK: minimumSDK)
        var report = checker.check()
        report.notes.removeAll { $0.hasPrefix("no assetlinks.json given") }
        // Unrouted URLs of widened attributes become part of their finding.
        var examples: [Int: String] = [:]
        var others: [AndroidFinding] = []
        let filter = manifest.intentFilters.first
        for finding in report.findings {
            if finding.kind == .unroutedURL, let filter, let url = finding.url,
                let index = entries.indices.first(where: {
                    checker.location(filter, path: $0) == finding.location && !entries[$0].widened.isEmpty
                })
            {
                if examples[index] == nil { examples[index] = url }
                continue
            }
            others.append(finding)
        }
        var widened: [AndroidFinding] = []
        for (index, entry) in entries.enumerated() where !entry.widened.isEmpty {
            let attribute = (try? AndroidPathPattern(entry.kind, entry.text))?.description ?? entry.text
            let example = examples[index].map { ", such as \($0)" } ?? ""
            widened.append(
                AndroidFinding(
                    kind: .widenedPath,
                    location: filter.map { checker.location($0, path: index) } ?? "intent-filter",
                    route: routes[entry.route].route, url: examples[index], devices: .all,
                    message:
                        "\(attribute) for \(routes[entry.route].route.quoted) also opens URLs no route matches\(example): \(entry.widened.joined(separator: "; "))"
                ))
        }
        report.findings = (others + widened).sorted(by: AndroidFinding.inOrder)
        return (xml, entries, report)
    }

    /// The written element, read back as Android reads it, inside a manifest.
    static func readBack(_ xml: String, minimumSDK: Int) -> AndroidManifest {
        // On the element's first line, so that lines are the element's own.
        let document =
            "<manifest xmlns:android=\"\(AndroidManifestReader.androidNamespace)\"><application>"
            + "<activity android:name=\".Links\" android:exported=\"true\">\(xml)</activity></application></manifest>"
        do {
            return try AndroidManifest(xml: document)
        } catch {
            preconditionFailure("a generated intent filter does not read back: \(error)")
        }
    }

    /// The `assetlinks.json` statement that lets `package`, signed with `fingerprints`, open
    /// the host's links.
    static func assetLinks(package: String, fingerprints: [String]) -> JSONValue {
        .array([
            .object([
                "relation": .array([.string(AssetLinks.handleAllURLs)]),
                "target": .object([
                    "namespace": .string("android_app"), "package_name": .string(package),
                    "sha256_cert_fingerprints": .array(fingerprints.map(JSONValue.string)),
                ]),
            ])
        ])
    }
}
