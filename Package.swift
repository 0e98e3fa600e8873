// swift-tools-version:6.1
import PackageDescription

/// Settings shared by every Swift target.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// Whether the plugins are part of the package: always, except while `./dev api-check`
/// compares the libraries' API (`WAYPOINT_API_CHECK` set). With a plugin that runs the
/// command line, SwiftPM 6.3 builds the libraries for the host too, and its API comparison
/// then finds none of their declarations (decisions.md, "The plugins and the API check").
let withPlugins = Context.environment["WAYPOINT_API_CHECK"] == nil

/// The plugins, as products.
let pluginProducts: [Product] =
    withPlugins
    ? [
        .plugin(name: "WaypointRoutesPlugin", targets: ["WaypointRoutesPlugin"]),
        .plugin(name: "WaypointGenerateAssociation", targets: ["WaypointGenerateAssociation"]),
    ] : []

/// The plugins' targets.
let pluginTargets: [Target] =
    withPlugins
    ? [
        // The build tool plugin a target applies to check its routes files and pattern tables
        // while it builds and to generate RouteName constants from its routes files; it runs
        // `waypoint build-check` (the DocC article "CheckingRoutesAtBuildTime").
        .plugin(
            name: "WaypointRoutesPlugin",
            capability: .buildTool(),
            dependencies: ["WaypointCLI"]
        ),
        // `swift package waypoint-generate-association`: writes the association files that
        // open a package's routes (`waypoint aasa generate`) into the package.
        .plugin(
            name: "WaypointGenerateAssociation",
            capability: .command(
                intent: .custom(
                    verb: "waypoint-generate-association",
                    description:
                        "Writes the association files that open the routes of the package's routes files"),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "writes the association files (apple-app-site-association)")
                ]
            ),
            dependencies: ["WaypointCLI"]
        ),
    ] : []

let package = Package(
    name: "Waypoint",
    // Apple minimums: what the library targets need. WaypointPaylisher's API is built on
    // `Duration` and `Clock` (iOS 16 / macOS 13 / tvOS 16 / watchOS 9); the Waypoint core and
    // WaypointDetour need only Swift concurrency (iOS 13). Tests and examples that need more
    // (Observation in the Paylisher example app) say so with `@available`. Linux has none.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "Waypoint", targets: ["Waypoint"]),
        .library(name: "WaypointCoding", targets: ["WaypointCoding"]),
        .library(name: "WaypointLinkBuilder", targets: ["WaypointLinkBuilder"]),
        .library(name: "WaypointNavigation", targets: ["WaypointNavigation"]),
        .library(name: "WaypointReverseRouting", targets: ["WaypointReverseRouting"]),
        .library(name: "WaypointExplain", targets: ["WaypointExplain"]),
        .library(name: "WaypointAssociation", targets: ["WaypointAssociation"]),
        .executable(name: "waypoint", targets: ["WaypointCLI"]),
        .library(name: "WaypointDetour", targets: ["WaypointDetour"]),
        .library(name: "WaypointPaylisher", targets: ["WaypointPaylisher"]),
    ] + pluginProducts,
    // The regex engine (Documentation/regex-engines.md). By default PCRE2 where the package
    // builds it (Linux) and Foundation's NSRegularExpression everywhere else; the
    // `FoundationRegex` trait selects NSRegularExpression on Linux too, without PCRE2.
    traits: [
        .trait(
            name: "PCRE2",
            description: "Match route regexes with the system PCRE2 where it is available (Linux)."),
        .trait(
            name: "FoundationRegex",
            description: "Match route regexes with Foundation's NSRegularExpression, without PCRE2."),
        .default(enabledTraits: ["PCRE2"]),
    ],
    targets: [
        // PCRE2 from the system (libpcre2-dev on Debian/Ubuntu, pcre2 from Homebrew).
        // Not a product: the C module is an implementation detail of Waypoint.
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
        ),
        // The router's lock-free publication (Sources/CWaypointAtomics/include): C11 atomics,
        // which every platform's toolchain has, where Swift's `Atomic` needs iOS 18; and the
        // thread-local slots the PCRE2 engine reads its match data and JIT stack from, since
        // Swift imports no C thread-local variable. Not a product.
        .target(name: "CWaypointAtomics"),
        .target(
            name: "Waypoint",
            // Never on Apple platforms: their SDKs ship no pcre2.h, and an app cannot ship
            // Homebrew's dylib.
            dependencies: [
                "CWaypointAtomics",
                .target(name: "CPCRE2", condition: .when(platforms: [.linux], traits: ["PCRE2"])),
            ],
            swiftSettings: swiftSettings
        ),
        // JSONValue to and from Codable types (`JSONValue(encoding:)`, `decode(_:)`, and
        // `JSONValue: Codable`). A product of its own, so that an app that only routes links
        // links none of it: a Decoder and an Encoder are kept whole by their conformances
        // whether called or not (Documentation/decisions.md, "Codable is its own product").
        // It writes and reads scalars in the JSON forms the link builder gives them
        // (`JSONValue.queryForm`, in the core), without depending on the builder.
        .target(
            name: "WaypointCoding",
            dependencies: ["Waypoint"],
            swiftSettings: swiftSettings
        ),
        // DeepLinkBuilder: building and editing deep link URLs (DeepLinkKit's mutable deep
        // link). A product of its own, so that an app that only routes links links none of
        // it: every public declaration of a module is linked into every app that imports it
        // (Documentation/decisions.md, "The link builder is its own product").
        // Reverse routing: `Router.url(for:parameters:scheme:host:)`, the URL a route matches
        // with given parameters, checked by matching it back. A product of its own, so that
        // an app that only routes links links none of it (Documentation/decisions.md,
        // "Reverse routing is its own product"); the destination face's printers use it.
        .target(
            name: "WaypointReverseRouting",
            dependencies: ["Waypoint"],
            swiftSettings: swiftSettings
        ),
        // `explain`: for every route, whether it matches a link or where and why it stopped.
        // A product of its own, so that an app that only routes links links none of it
        // (Documentation/decisions.md, "Explain is its own product"); the destination face's
        // `explain` and the command line use it.
        .target(
            name: "WaypointExplain",
            dependencies: ["Waypoint"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WaypointLinkBuilder",
            dependencies: ["Waypoint"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WaypointNavigation",
            dependencies: ["Waypoint", "WaypointReverseRouting", "WaypointExplain"],
            swiftSettings: swiftSettings
        ),
        // The association files a domain publishes for its app links: Apple's
        // apple-app-site-association (a Codable model and the system's matcher). A product of
        // its own, so that a router-only app links none of it: the command line, and apps that
        // check their files in tests, use it (Documentation/decisions.md, "The association
        // files are their own product").
        .target(
            name: "WaypointAssociation",
            dependencies: ["Waypoint", "WaypointCoding"],
            swiftSettings: swiftSettings
        ),
        // The `waypoint` command line; the target is not named `waypoint` because
        // `Sources/waypoint` and `Sources/Waypoint` collide on case-insensitive file systems.
        .executableTarget(
            name: "WaypointCLI",
            dependencies: [
                "Waypoint", "WaypointAssociation", "WaypointDetour", "WaypointPaylisher", "WaypointPOSIX",
                "WaypointExplain", "WaypointReverseRouting", "WaypointTables",
            ],
            swiftSettings: swiftSettings
        ),
        // What both adapters' URLSession transports share: streaming a body under a byte
        // limit. Not a product; FoundationNetworking stays out of the core.
        .target(
            name: "WaypointHTTP",
            dependencies: ["Waypoint"],
            swiftSettings: swiftSettings
        ),
        // POSIX read and write through each platform's C library, for WaypointDetour's durable
        // files and the command line's input and output. Not a product.
        .target(
            name: "WaypointPOSIX",
            swiftSettings: swiftSettings
        ),
        // The privacy manifest Xcode merges into an app's privacy report: the required-reason
        // APIs WaypointDetour calls and the data it sends (the DocC article "Privacy").
        // PrivacyManifestTests holds it to the sources.
        .target(
            name: "WaypointDetour",
            dependencies: ["Waypoint", "WaypointHTTP", "WaypointPOSIX"],
            resources: [.copy("PrivacyInfo.xcprivacy")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WaypointPaylisher",
            dependencies: ["Waypoint", "WaypointHTTP"],
            swiftSettings: swiftSettings
        ),
        // Pattern tables (Documentation/spec/tables.md): reading a table, the values each
        // adapter's cases compare, the comparison rule and the three adapters' runners. The
        // `waypoint` command line (`test`, and `match`, `detour` and `paylisher` with --json)
        // and the test suites that replay Tests/Fixtures share it. Not a product: an app has
        // no use for it, so the libraries carry none of it.
        .target(
            name: "WaypointTables",
            dependencies: ["Waypoint", "WaypointDetour", "WaypointPaylisher"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PaylisherExampleApp",
            dependencies: ["WaypointNavigation", "WaypointPaylisher"],
            path: "Examples/PaylisherApp",
            swiftSettings: swiftSettings
        ),
        // The README's app snippets: where a UIKit or SwiftUI app hands links to the router.
        // Apple-only code; on Linux only the shared router compiles.
        .target(
            name: "AppIntegrationExample",
            dependencies: ["Waypoint"],
            path: "Examples/AppIntegration",
            swiftSettings: swiftSettings
        ),
        // The test oracle: a slow, obviously correct matcher the trie is checked against
        // (Documentation/spec/routing.md §1, §4). Not a product and not in the library: the
        // tests, the fuzz checks and the benchmark's linear-scan baseline use it.
        .target(
            name: "WaypointReference",
            dependencies: ["Waypoint"],
            path: "Tests/WaypointReference",
            swiftSettings: swiftSettings
        ),
        // A loopback HTTP server that tests drive, shared by the adapters' test targets.
        .target(
            name: "TestHTTPServer",
            dependencies: ["Waypoint", "WaypointHTTP"],
            path: "Tests/TestHTTPServer",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WaypointTests",
            dependencies: [
                "Waypoint", "WaypointCoding", "WaypointExplain", "WaypointLinkBuilder", "WaypointNavigation",
                "WaypointReverseRouting", "WaypointReference",
                "WaypointTables",
            ],
            swiftSettings: swiftSettings
        ),
        // The invariants the fuzz targets check (Fuzz/README in the README's "Hostile input"),
        // shared with the test suite, which replays every seed and crasher through them.
        // Not a product; the libFuzzer entry points in Fuzz/Targets are built by Fuzz/run.
        .target(
            name: "FuzzChecks",
            dependencies: [
                "Waypoint", "WaypointDetour", "WaypointExplain", "WaypointLinkBuilder", "WaypointPaylisher",
                "WaypointReference",
            ],
            path: "Fuzz/Checks",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FuzzChecksTests",
            dependencies: ["FuzzChecks", "Waypoint", "WaypointReference"],
            swiftSettings: swiftSettings
        ),
        // Counts heap allocations for the benchmark by interposing malloc (glibc only).
        .target(
            name: "CMallocCounter",
            path: "Benchmarks/CMallocCounter"
        ),
        // The benchmark's floor: a plain segment trie in C, timed beside Waypoint.
        .target(
            name: "CSegmentTrie",
            path: "Benchmarks/CSegmentTrie"
        ),
        // The match-throughput benchmark: `swift run -c release waypoint-bench --help`. Not a
        // product, so packages that depend on Waypoint never see it: `swift run` finds an
        // executable target of the root package by its name, which is why the target is
        // named `waypoint-bench` (its module is `waypoint_bench`).
        .executableTarget(
            name: "waypoint-bench",
            dependencies: [
                "Waypoint", "WaypointCoding", "WaypointLinkBuilder", "WaypointNavigation",
                "WaypointReverseRouting", "WaypointReference", "CMallocCounter", "CSegmentTrie",
            ],
            path: "Benchmarks",
            exclude: ["CMallocCounter", "CSegmentTrie", "results", "Corpus/GitHubAPI"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WaypointBenchmarkTests",
            dependencies: ["waypoint-bench", "Waypoint", "WaypointReference"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WaypointCodingTests",
            dependencies: ["WaypointCoding", "Waypoint", "WaypointLinkBuilder"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WaypointAssociationTests",
            dependencies: ["WaypointAssociation", "Waypoint"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WaypointCLITests",
            dependencies: ["WaypointCLI"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WaypointDetourTests",
            dependencies: ["WaypointDetour", "WaypointNavigation", "TestHTTPServer"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WaypointPaylisherTests",
            dependencies: ["WaypointPaylisher", "WaypointTables", "PaylisherExampleApp", "TestHTTPServer"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TestHTTPServerTests",
            dependencies: ["TestHTTPServer"],
            swiftSettings: swiftSettings
        ),
    ] + pluginTargets,
    swiftLanguageModes: [.v6]
)
