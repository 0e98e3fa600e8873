import Waypoint

/// An `assetlinks.json` file: the Digital Asset Links statements a domain serves at
/// `/.well-known/assetlinks.json`, which Android reads to verify App Links.
///
/// A statement with the relation `delegate_permission/common.handle_all_urls` and an
/// `android_app` target lets that package, signed with one of the certificates, open the
/// domain's links. Its `relation_extensions` may hold dynamic rules
/// (``AndroidDynamicRules``). Reading checks every member's key and type and names the JSON
/// path of the first problem; only the dynamic rules are treated as Android treats them: a
/// malformed rule list is discarded (``Statement/discardedDynamicRules``), not an error.
///
/// ```swift
/// import WaypointAssociation
///
/// let json = """
///     [{"relation": ["delegate_permission/common.handle_all_urls"],
///       "target": {"namespace": "android_app", "package_name": "com.example.shop",
///         "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}]
///     """
/// let file = try AssetLinks(json: json)
/// print(file.handlesAllURLs(package: "com.example.shop"))
/// // true
/// ```
public struct AssetLinks: Sendable, Hashable {
    /// The relation that lets an app open a domain's links.
    public static let handleAllURLs = "delegate_permission/common.handle_all_urls"
    /// The most bytes a file may have: 1 MiB, a hundred times a large real file.
    public static let maximumSize = 1 << 20

    /// One statement.
    public struct Statement: Sendable, Hashable {
        /// The relations, such as ``AssetLinks/handleAllURLs``.
        public var relations: [String]
        /// The target's `namespace`: `android_app` or `web`.
        public var namespace: String
        /// For an `android_app` target, its `package_name`.
        public var package: String?
        /// For an `android_app` target, its `sha256_cert_fingerprints`, as written.
        public var fingerprints: [String]
        /// For a `web` target, its `site`.
        public var site: String?
        /// The dynamic rules for ``AssetLinks/handleAllURLs``, when the statement has
        /// well-formed ones.
        public var dynamicRules: AndroidDynamicRules?
        /// Why Android discards the statement's dynamic rules, when it does.
        public var discardedDynamicRules: String?

        /// A statement with these parts.
        public init(
            relations: [String], namespace: String = "android_app", package: String? = nil,
            fingerprints: [String] = [], site: String? = nil, dynamicRules: AndroidDynamicRules? = nil,
            discardedDynamicRules: String? = nil
        ) {
            self.relations = relations
            self.namespace = namespace
            self.package = package
            self.fingerprints = fingerprints
            self.site = site
            self.dynamicRules = dynamicRules
            self.discardedDynamicRules = discardedDynamicRules
        }
    }

    /// The statements, in order.
    public var statements: [Statement]
    /// The `include` statements' addresses, which point at statements served elsewhere and
    /// are not followed.
    public var includes: [String]

    /// A file with these statements.
    public init(statements: [Statement], includes: [String] = []) {
        self.statements = statements
        self.includes = includes
    }

    /// Reads the file's text.
    ///
    /// - Throws: ``AssetLinksError``: the text is larger than ``maximumSize``, is not JSON,
    ///   or breaks the format (an unknown key, a wrong type, a missing member, a fingerprint
    ///   that is not 32 colon-separated hex bytes).
    public init(json: String) throws(AssetLinksError) {
        self = try AssetLinksReader.read(json)
    }

    /// The statements that let `package` open the domain's links.
    public func statements(for package: String) -> [Statement] {
        statements.filter {
            $0.relations.contains(Self.handleAllURLs) && $0.namespace == "android_app"
                && $0.package == package
        }
    }

    /// Whether a statement lets `package` open the domain's links; with `fingerprint`, signed
    /// with that certificate (compared without regard to case).
    public func handlesAllURLs(package: String, fingerprint: String? = nil) -> Bool {
        statements(for: package).contains { statement in
            !statement.fingerprints.isEmpty
                && (fingerprint.map { wanted in
                    statement.fingerprints.contains { $0.uppercased() == wanted.uppercased() }
                } ?? true)
        }
    }

    /// Whether `text` is a SHA-256 certificate fingerprint as Digital Asset Links writes one:
    /// 32 bytes as two hex digits each, separated by `:`.
    public static func isFingerprint(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        return parts.count == 32
            && parts.allSatisfy { part in
                part.utf8.count == 2
                    && part.utf8.allSatisfy { byte in
                        (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
                    }
            }
    }
}
