import Foundation
import Testing
import WaypointAssociation

/// `waypoint android generate` and `waypoint android check` (Documentation/android-app-links.md)
/// as a user runs them.
@Suite("waypoint android")
struct AndroidCommandTests {
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    static func manifest(_ filters: String) -> String {
        """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.shop">
          <application>
            <activity android:name=".Main" android:exported="true">
        \(filters)
            </activity>
          </application>
        </manifest>
        """
    }

    /// The start of a filter that verifies for shop.example, up to its paths.
    static let verifiedFilterStart = """
        <intent-filter android:autoVerify="true">
          <action android:name="android.intent.action.VIEW" />
          <category android:name="android.intent.category.DEFAULT" />
          <category android:name="android.intent.category.BROWSABLE" />
          <data android:scheme="https" android:host="shop.example" />

        """

    @Test("generate: exact routes with pathAdvancedPattern exit 0")
    func generateExact() async throws {
        let scratch = try ScratchDirectory()
        let routes = try scratch.write("routes.txt", "/products/:id\n/help\n/docs/**\nmyapp://settings\n")
        let result = try await CLI.run([
            "android", "generate", "--host", "shop.example", "--min-sdk", "31", routes,
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.errors.isEmpty)
        #expect(result.output.contains(#"<data android:pathAdvancedPattern="/products/[^/]+" />"#))
        #expect(result.output.contains(#"<data android:path="/help/" />"#))
        #expect(result.output.contains(#"<data android:pathPrefix="/docs/" />"#))
        #expect(result.output.contains(#"<intent-filter android:autoVerify="true">"#))
        // The printed element, checked as a manifest against the same routes, finds nothing.
        let manifest = try scratch.write("AndroidManifest.xml", Self.manifest(result.output))
        let check = try await CLI.run([
            "android", "check", "--manifest", manifest, "--host", "shop.example", "--min-sdk", "31", routes,
        ])
        #expect(check.status == 0, "\(check)")
    }

    @Test("generate: what the format cannot say is a finding with an example URL, exit 1")
    func generateWidened() async throws {
        let scratch = try ScratchDirectory()
        let routes = try scratch.write("routes.txt", "/products/:id\n/v/:n([0-9]+)/x\n")
        let result = try await CLI.run(["android", "generate", "--host", "shop.example", routes])
        #expect(result.status == 1, "\(result)")
        #expect(result.output.contains(#"<data android:pathPattern="/products/.*" />"#))
        let lines = result.errors.split(separator: "\n")
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "intent-filter:9: widenedPath: pathPattern=\"/products/.*\" for \"/products/:id\" also opens URLs no route matches, such as https://shop.example/products/"
                )
            }, "\(result)")
        #expect(lines.contains { $0.contains("\":n([0-9]+)\" becomes any characters but \"/\"") })
    }

    @Test("generate --print assetlinks: the statement for the package and fingerprints")
    func generateAssetLinks() async throws {
        let scratch = try ScratchDirectory()
        let routes = try scratch.write("routes.txt", "/help\n")
        let result = try await CLI.run([
            "android", "generate", "--host", "shop.example", "--package", "com.example.shop", "--sha256",
            Self.fingerprint.lowercased(), "--print", "assetlinks", routes,
        ])
        #expect(result.status == 0, "\(result)")
        let file = try AssetLinks(json: result.output)
        #expect(file.handlesAllURLs(package: "com.example.shop", fingerprint: Self.fingerprint))
        #expect(file.statements.first?.fingerprints == [Self.fingerprint])
    }

    static let usage: [([String], String)] = [
        (
            ["--sha256", "AB:CD", "--package", "com.example.shop"],
            "waypoint android generate: --sha256 \"AB:CD\" is not a SHA-256 fingerprint: 32 bytes as hex pairs separated by \":\", as keytool -list -v prints it"
        ),
        (
            ["--package", "com.example.shop"],
            "waypoint android generate: --package needs at least one --sha256 FINGERPRINT"
        ),
        (
            ["--print", "assetlinks"],
            "waypoint android generate: --sha256 and --print assetlinks need --package NAME"
        ),
        (
            ["--package", "shop"],
            "waypoint android generate: --package \"shop\" is not a package name (such as com.example.shop)"
        ),
        (
            ["--min-sdk", "new"],
            "waypoint android generate: --min-sdk \"new\" is not an API level (a whole number such as 23 or 31)"
        ),
    ]

    @Test("generate: bad options exit 2 with one line", arguments: usage)
    func generateUsage(_ options: [String], _ message: String) async throws {
        let scratch = try ScratchDirectory()
        let routes = try scratch.write("routes.txt", "/help\n")
        let result = try await CLI.run(
            ["android", "generate", "--host", "shop.example"] + options + [routes])
        #expect(result.status == 2)
        #expect(result.errors == message + "\n")
    }

    @Test("check: routes no filter opens, URLs no route matches, filters that never verify")
    func check() async throws {
        let scratch = try ScratchDirectory()
        let routes = try scratch.write("routes.txt", "/products/:id\n/help\n/cart\n")
        let filters =
            Self.verifiedFilterStart + """
                        <data android:pathPrefix="/products/" />
                        <data android:path="/help" />
                      </intent-filter>
                      <intent-filter>
                        <action android:name="android.intent.action.VIEW" />
                        <category android:name="android.intent.category.BROWSABLE" />
                        <data android:scheme="http" android:host="Shop.example" android:path="/cart" />
                      </intent-filter>
                """
        let manifest = try scratch.write("AndroidManifest.xml", Self.manifest(filters))
        let result = try await CLI.run([
            "android", "check", "--manifest", manifest, "--host", "shop.example", routes,
        ])
        #expect(result.status == 1, "\(result)")
        let kinds = result.lines.filter { !$0.hasPrefix("note: ") }.dropLast().compactMap { line in
            line.split(separator: ": ").dropFirst().first.map(String.init)
        }
        #expect(
            kinds == [
                "routeNeverOpened", "routePartlyOpened", "unroutedURL", "filterNotVerified", "httpOnly",
                "hostCase",
            ], "\(result)")
        #expect(
            result.lines.contains {
                $0.hasPrefix(
                    "\(routes):3: routeNeverOpened: no verified filter opens \"/cart\": https://shop.example/cart"
                )
            })
        #expect(
            result.lines.contains {
                $0.hasPrefix(
                    "\(routes):2: routePartlyOpened: \"/help\" is opened only in part: https://shop.example/help/ "
                )
            })
        #expect(
            result.lines.contains {
                $0.hasPrefix(
                    "\(manifest):9: unroutedURL: pathPrefix=\"/products/\" opens the app for https://shop.example/products/"
                )
            })
        #expect(
            result.lines.contains {
                $0.contains(
                    "filterNotVerified: the filter for shop.example is never verified: it has no android:autoVerify=\"true\"; it has no category android.intent.category.DEFAULT; on Android 12"
                )
            })
        #expect(
            result.lines.last?.hasPrefix(
                "6 findings; 3 of 3 routes receive https://shop.example links; 2 intent filters for the host;"
            ) == true)
    }

    @Test("check: a host without a statement, and dynamic rules that narrow the manifest")
    func assetLinks() async throws {
        let scratch = try ScratchDirectory()
        let routes = try scratch.write("routes.txt", "/products/:id\n")
        let filters =
            Self.verifiedFilterStart + """
                      </intent-filter>
                """
        let manifest = try scratch.write("AndroidManifest.xml", Self.manifest(filters))
        let other = try scratch.write(
            "other.json",
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.other", "sha256_cert_fingerprints": ["\#(Self.fingerprint)"]}}]"#
        )
        let unverified = try await CLI.run([
            "android", "check", "--manifest", manifest, "--host", "shop.example", "--assetlinks", other,
            routes,
        ])
        #expect(unverified.status == 1)
        #expect(
            unverified.lines.contains {
                $0.hasPrefix(
                    "\(other): hostWithoutStatement: no statement lets \"com.example.shop\" open https://shop.example links"
                )
            })
        #expect(
            unverified.lines.contains {
                $0.contains("routeNeverOpened") && $0.contains("whose host has no statement")
            })
        // The manifest takes every path; the dynamic rules open one segment under /products.
        let dynamic = try scratch.write(
            "assetlinks.json",
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.shop", "sha256_cert_fingerprints": ["\#(Self.fingerprint)"]}, "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"/": "/products/?*/*", "exclude": true}, {"/": "/products/?*"}]}}}]"#
        )
        let result = try await CLI.run([
            "android", "check", "--manifest", manifest, "--host", "shop.example", "--assetlinks", dynamic,
            routes,
        ])
        #expect(result.status == 1, "\(result)")
        // Without the rules (before Android 15) the whole host opens; with them, a "?" that
        // takes the "/" still opens an empty segment, and the trailing-slash form of the route
        // is excluded.
        #expect(
            result.lines.contains {
                $0.contains("unroutedURL") && $0.hasSuffix("[without dynamic rules (before Android 15)]")
            })
        #expect(
            result.lines.contains {
                $0.contains(
                    "unroutedURL: the filter (no path attribute) opens the app for https://shop.example/products//b,"
                )
                    && $0.hasSuffix("[with dynamic rules (Android 15 and later)]")
            }, "\(result)")
        #expect(
            result.lines.contains {
                $0.contains("routePartlyOpened") && $0.contains("kept in the browser by the dynamic rules")
            })
    }

    @Test("check: a bad manifest or assetlinks.json exits 2 naming the file")
    func badFiles() async throws {
        let scratch = try ScratchDirectory()
        let routes = try scratch.write("routes.txt", "/help\n")
        let manifest = try scratch.write("AndroidManifest.xml", "<manifest><application></manifest>")
        let result = try await CLI.run([
            "android", "check", "--manifest", manifest, "--host", "a.com", routes,
        ])
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("\(manifest): line 1: not well-formed XML"), "\(result)")
        let good = try scratch.write("good.xml", Self.manifest(""))
        let links = try scratch.write("assetlinks.json", "[{\"relation\": 1}]")
        let bad = try await CLI.run([
            "android", "check", "--manifest", good, "--host", "a.com", "--assetlinks", links, routes,
        ])
        #expect(bad.status == 2)
        #expect(bad.errors == "\(links): [0].relation: expected an array, found a number\n")
    }
}
