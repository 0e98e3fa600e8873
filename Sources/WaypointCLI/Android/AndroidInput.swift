import Waypoint
import WaypointAssociation
import WaypointTables

/// What `waypoint android check` and `generate` read from their command line, beside what
/// they share with `waypoint aasa` (``AASAInput``: `--host`, the routes files).
enum AndroidInput {
    static let manifest = Option.value(
        "--manifest", "FILE", help: "the app's AndroidManifest.xml (merged or not)")
    static let assetLinks = Option.value(
        "--assetlinks", "FILE",
        help: "the host's /.well-known/assetlinks.json (without it the host is taken as verified)")
    static let package = Option.value("--package", "NAME", help: "the app's package name (application ID)")
    static let fingerprint = Option.value(
        "--sha256", "FINGERPRINT", repeatable: true,
        help: "a SHA-256 signing certificate fingerprint, 32 hex bytes separated by \":\" (repeatable)")
    static let minimumSDK = Option.value(
        "--min-sdk", "N",
        help: "the app's minSdkVersion (default: the manifest's, else 23, the first with App Links)")
    static let print = Option.value(
        "--print", "WHAT", help: "what to print: manifest (the <intent-filter>, the default) or assetlinks")

    /// App Links came with Android 6.0, API level 23.
    static let defaultMinimumSDK = 23

    /// The `--min-sdk`, checked; `fallback` when not given.
    static func minimumSDK(_ invocation: Invocation, fallback: Int?) throws(CommandError) -> Int {
        guard let text = invocation.value(minimumSDK.name) else { return fallback ?? defaultMinimumSDK }
        guard let value = Int(text), (1...1000).contains(value) else {
            throw CommandError(
                "--min-sdk \(text.quoted) is not an API level (a whole number such as 23 or 31)")
        }
        return value
    }

    /// The `--sha256` values, checked and upper-cased.
    static func fingerprints(_ invocation: Invocation) throws(CommandError) -> [String] {
        var result: [String] = []
        for value in invocation.allValues(fingerprint.name) {
            guard AssetLinks.isFingerprint(value) else {
                throw CommandError(
                    "--sha256 \(value.quoted) is not a SHA-256 fingerprint: 32 bytes as hex pairs separated by \":\", as keytool -list -v prints it"
                )
            }
            if !result.contains(value.uppercased()) { result.append(value.uppercased()) }
        }
        return result
    }

    /// The `--package`, checked: two or more dot-separated Java identifiers.
    static func package(_ invocation: Invocation) throws(CommandError) -> String? {
        guard let value = invocation.value(package.name) else { return nil }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        let valid =
            parts.count >= 2
            && parts.allSatisfy { part in
                guard let first = part.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic
                else { return false }
                return part.unicodeScalars.allSatisfy {
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
                }
            }
        guard valid else {
            throw CommandError("--package \(value.quoted) is not a package name (such as com.example.shop)")
        }
        return value
    }

    /// The manifest at `path`.
    static func manifest(path: String) throws(CommandError) -> AndroidManifest {
        let text = try TextFile.read(path)
        do {
            return try AndroidManifest(xml: text)
        } catch {
            throw CommandError(error.description, at: TextFile.displayName(path))
        }
    }

    /// The `assetlinks.json` at `path`.
    static func assetLinks(path: String) throws(CommandError) -> AssetLinks {
        let text = try TextFile.read(path)
        try TextFile.refuseByteOrderMark(text, path: path, verifier: "Google's verifier")
        do {
            return try AssetLinks(json: text)
        } catch {
            throw CommandError(error.description, at: TextFile.displayName(path))
        }
    }
}
