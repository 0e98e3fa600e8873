// swift-tools-version:6.1
import PackageDescription

// The downstream package `./dev plugin-check` builds with Waypoint's build tool plugin: an
// app target with a routes file and a pattern table, in Swift 6 with warnings as errors.
// `./dev plugin-check` puts it beside the checkout, named `waypoint` as in the README.
let package = Package(
    name: "PluginFixture",
    dependencies: [
        .package(path: "../waypoint")
    ],
    targets: [
        .executableTarget(
            name: "App",
            dependencies: [
                .product(name: "Waypoint", package: "waypoint"),
                .product(name: "WaypointReverseRouting", package: "waypoint"),
            ],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])],
            plugins: [.plugin(name: "WaypointRoutesPlugin", package: "waypoint")]
        )
    ],
    swiftLanguageModes: [.v6]
)
