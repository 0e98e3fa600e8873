/// An association file `waypoint-generate-association` writes: the platform's flag, the
/// options it needs, the file's name and the `waypoint` command that generates it.
///
/// Adding a platform (Android's `assetlinks.json`) is one more case here and its command in
/// `waypoint`.
enum AssociationPlatform: CaseIterable {
    /// Apple's universal links: `apple-app-site-association`, by `waypoint aasa generate`.
    case apple

    /// The flag that asks for the file, without dashes.
    var flag: String {
        switch self {
        case .apple: "apple"
        }
    }

    /// The options the file needs, without dashes.
    var requiredOptions: [String] {
        switch self {
        case .apple: ["app-id", "host"]
        }
    }

    /// The file's name in the output directory.
    var fileName: String {
        switch self {
        case .apple: "apple-app-site-association"
        }
    }

    /// The `waypoint` arguments that print the file, given the values of
    /// ``requiredOptions``; the routes files follow them.
    func arguments(_ values: [String: String]) -> [String] {
        switch self {
        case .apple:
            ["aasa", "generate", "--app-id", values["app-id"] ?? "", "--host", values["host"] ?? ""]
        }
    }
}
