/// The association files `waypoint-generate-association` writes for a platform: the
/// platform's flag, the options it needs, and each file's name with the `waypoint` command
/// that prints it.
///
/// Adding a platform is one more case here and its command in `waypoint`.
enum AssociationPlatform: CaseIterable {
    /// Apple's universal links: `apple-app-site-association`, by `waypoint aasa generate`.
    case apple
    /// Android App Links: `assetlinks.json` and the `<intent-filter>` element for the app's
    /// manifest, by `waypoint android generate`.
    case android

    /// The flag that asks for the files, without dashes.
    var flag: String {
        switch self {
        case .apple: "apple"
        case .android: "android"
        }
    }

    /// The options the files need, without dashes.
    var requiredOptions: [String] {
        switch self {
        case .apple: ["app-id", "host"]
        case .android: ["host", "package", "sha256"]
        }
    }

    /// Each file's name in the output directory, with the `waypoint` arguments that print
    /// it, given the values of ``requiredOptions``; the routes files follow them.
    func files(_ values: [String: String]) -> [(name: String, arguments: [String])] {
        switch self {
        case .apple:
            [
                (
                    "apple-app-site-association",
                    ["aasa", "generate", "--app-id", values["app-id"] ?? "", "--host", values["host"] ?? ""]
                )
            ]
        case .android:
            [
                (
                    "assetlinks.json",
                    [
                        "android", "generate", "--host", values["host"] ?? "", "--package",
                        values["package"] ?? "", "--sha256", values["sha256"] ?? "", "--print", "assetlinks",
                    ]
                ),
                ("app-links-intent-filter.xml", ["android", "generate", "--host", values["host"] ?? ""]),
            ]
        }
    }
}
