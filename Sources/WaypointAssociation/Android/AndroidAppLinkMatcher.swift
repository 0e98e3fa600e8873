/// Decides which links open an Android app as verified App Links, from its intent filters
/// and, optionally, the hosts whose `assetlinks.json` names it and their dynamic rules.
///
/// A link opens the app when a filter that can be verified
/// (``AndroidIntentFilter/verificationProblems`` is empty) takes it, its host is verified,
/// and, where dynamic rules apply, they let it (Documentation/android-app-links.md §2):
///
/// - the link's scheme is one of the filter's (compared exactly, as Android does);
/// - its host is one of the filter's: compared without regard to case, as Android's matching
///   does (its documentation says hosts are case-sensitive and asks for lower case, so
///   write them in lower case); a host written `*.example.com` takes any host that ends in
///   `.example.com`; a port written with a host must be the link's;
/// - its decoded path matches one of the filter's path attributes (``AndroidPathPattern``),
///   when it has any.
///
/// Filters with an ``AndroidIntentFilter/unsupported`` part are left out.
public struct AndroidAppLinkMatcher: Sendable {
    /// The filters, in order.
    public let filters: [AndroidIntentFilter]
    /// The hosts whose `assetlinks.json` lets the app open links, lower-cased; nil to take
    /// every host as verified.
    public let verifiedHosts: Set<String>?
    /// The dynamic rules that apply, or nil for devices that do not apply any (before
    /// Android 15, or without Google services).
    public let dynamicRules: AndroidDynamicRules?

    /// What matching reads of one filter, computed once.
    private struct Compiled: Sendable {
        let schemes: [String]
        let authorities: [(host: String, port: String?)]
        let paths: [AndroidPathPattern]
        let index: PathIndex
        let verifies: Bool
    }
    private let compiled: [Compiled]
    /// The filters that may take a link, by its path's first segment: a link is tried only
    /// on the filters of its segment and those that ``FilterIndex/always`` takes, so that
    /// checking a manifest's own links is not quadratic in its filters.
    private let filterIndex: FilterIndex

    /// The supported filters by the first segments their path attributes fix; indices in
    /// filter order.
    private struct FilterIndex: Sendable {
        var bySegment: [String: [Int]] = [:]
        /// The filters without hosts, without path attributes, or with one that fixes no
        /// first segment: every link is tried on them.
        var always: [Int] = []

        init(_ compiled: [Compiled], filters: [AndroidIntentFilter]) {
            for (index, filter) in compiled.enumerated() where filters[index].unsupported.isEmpty {
                if filter.authorities.isEmpty || filter.paths.isEmpty || !filter.index.unfixed.isEmpty {
                    always.append(index)
                    continue
                }
                for segment in filter.index.bySegment.keys { bySegment[segment, default: []].append(index) }
            }
        }

        /// The filters that may take a link whose path starts with `segment`, in order.
        func candidates(_ segment: String?) -> [Int] {
            guard let segment, let fixed = bySegment[segment] else { return always }
            var merged: [Int] = []
            merged.reserveCapacity(fixed.count + always.count)
            var (left, right) = (0, 0)
            while left < fixed.count || right < always.count {
                if right == always.count || (left < fixed.count && fixed[left] < always[right]) {
                    merged.append(fixed[left])
                    left += 1
                } else {
                    merged.append(always[right])
                    right += 1
                }
            }
            return merged
        }
    }

    /// A filter's path attributes, by the first segment each fixes (``AndroidPathPattern``'s
    /// `firstSegment`), and those that fix none; indices in attribute order.
    struct PathIndex: Sendable {
        var bySegment: [String: [Int]] = [:]
        var unfixed: [Int] = []

        init(_ paths: [AndroidPathPattern]) {
            for (index, path) in paths.enumerated() {
                if let segment = path.firstSegment {
                    bySegment[segment, default: []].append(index)
                } else {
                    unfixed.append(index)
                }
            }
        }

        /// The first segment of `path`, nil when it does not start with `/`.
        static func segment(_ path: [UInt16]) -> String? {
            let slash = UInt16(UInt8(ascii: "/"))
            guard path.first == slash else { return nil }
            let rest = path.dropFirst()
            return String(decoding: rest[..<(rest.firstIndex(of: slash) ?? rest.endIndex)], as: UTF16.self)
        }

        /// The attributes that may match a path whose first segment is `segment`, in
        /// attribute order.
        func candidates(_ segment: String?) -> [Int] {
            guard let segment, let fixed = bySegment[segment] else { return unfixed }
            return (fixed + unfixed).sorted()
        }
    }

    /// A matcher of `filters`.
    ///
    /// - Parameters:
    ///   - filters: The app's intent filters, in manifest order.
    ///   - verifiedHosts: The hosts whose `assetlinks.json` names the app (see
    ///     ``AssetLinks/handlesAllURLs(package:fingerprint:)``); nil to take every host as
    ///     verified.
    ///   - dynamicRules: The dynamic rules of the link's host, for Android 15 and later.
    public init(
        _ filters: [AndroidIntentFilter], verifiedHosts: Set<String>? = nil,
        dynamicRules: AndroidDynamicRules? = nil
    ) {
        self.filters = filters
        self.verifiedHosts = verifiedHosts.map { Set($0.map { $0.lowercased() }) }
        self.dynamicRules = dynamicRules
        compiled = filters.map { filter in
            let paths = filter.paths
            return Compiled(
                schemes: filter.schemes, authorities: filter.authorities, paths: paths,
                index: PathIndex(paths),
                verifies: filter.verificationProblems.isEmpty)
        }
        filterIndex = FilterIndex(compiled, filters: filters)
    }

    /// What Android does with `url`.
    ///
    /// - Complexity: linear in the path attributes of the filters that may take the link
    ///   (those that fix its first segment or none) times the path's length.
    public func decision(for url: String) -> AndroidAppLinkDecision {
        var filtersTried = 0
        return decision(for: url, filtersTried: &filtersTried)
    }

    /// What Android does with `url`, adding the number of filters it was tried on to
    /// `filtersTried` (tests hold it to the filters that may take the link).
    package func decision(for url: String, filtersTried: inout Int) -> AndroidAppLinkDecision {
        guard let link = AndroidLinkURI(url) else {
            return AndroidAppLinkDecision(outcome: .noFilter, filter: nil, path: nil, dynamicRule: nil)
        }
        var firstTaker: (filter: Int, path: Int?)?
        var verifiedTaker: (filter: Int, path: Int?)?
        let units = Array(link.path.utf16)
        let segment = PathIndex.segment(units)
        for index in filterIndex.candidates(segment) {
            filtersTried += 1
            guard let path = Self.takes(compiled[index], link, units: units, segment: segment) else {
                continue
            }
            if firstTaker == nil { firstTaker = (index, path) }
            if compiled[index].verifies {
                verifiedTaker = (index, path)
                break
            }
        }
        guard let taker = verifiedTaker else {
            return AndroidAppLinkDecision(
                outcome: firstTaker == nil ? .noFilter : .unverifiedFilter, filter: firstTaker?.filter,
                path: firstTaker?.path ?? nil, dynamicRule: nil)
        }
        if let verifiedHosts, !verifiedHosts.contains(link.host.lowercased()) {
            return AndroidAppLinkDecision(
                outcome: .hostNotVerified, filter: taker.filter, path: taker.path, dynamicRule: nil)
        }
        if let dynamicRules {
            let rule = dynamicRules.decidingRule(
                path: link.path, queryItems: link.queryItems, fragment: link.fragment)
            let opens = rule.map { !dynamicRules.components[$0].exclude } ?? false
            return AndroidAppLinkDecision(
                outcome: opens ? .opens : .excludedByDynamicRules, filter: taker.filter, path: taker.path,
                dynamicRule: rule)
        }
        return AndroidAppLinkDecision(
            outcome: .opens, filter: taker.filter, path: taker.path, dynamicRule: nil)
    }

    /// Whether one of `filter`'s hosts (with its port, if written) takes `host` and `port`;
    /// true for a filter without hosts.
    package static func takesAuthority(_ filter: AndroidIntentFilter, host: String, port: Int?) -> Bool {
        takesAuthority(filter.authorities, host: host, port: port)
    }

    private static func takesAuthority(
        _ authorities: [(host: String, port: String?)], host: String, port: Int?
    ) -> Bool {
        guard !authorities.isEmpty else { return true }
        return authorities.contains { authority in
            var wanted = authority.host
            var candidate = host
            if wanted.hasPrefix("*") {
                wanted.removeFirst()
                guard candidate.utf16.count >= wanted.utf16.count else { return false }
                candidate = String(decoding: candidate.utf16.suffix(wanted.utf16.count), as: UTF16.self)
            }
            guard candidate.lowercased() == wanted.lowercased() else { return false }
            if let written = authority.port { return port != nil && Int(written) == port }
            return true
        }
    }

    /// Whether `filter` takes `link`: nil when it does not, else the index of the path
    /// attribute that took it (`.some(nil)` when the filter has none).
    private static func takes(
        _ compiled: Compiled, _ link: AndroidLinkURI, units: [UInt16], segment: String?
    ) -> Int?? {
        guard compiled.schemes.contains(link.scheme) else { return nil }
        // Without a host, any host and any path.
        guard !compiled.authorities.isEmpty else { return .some(nil) }
        guard takesAuthority(compiled.authorities, host: link.host, port: link.port) else { return nil }
        let paths = compiled.paths
        guard !paths.isEmpty else { return .some(nil) }
        guard let taken = compiled.index.candidates(segment).first(where: { paths[$0].matches(units: units) })
        else {
            return nil
        }
        return .some(taken)
    }
}
