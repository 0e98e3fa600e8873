extension DeepLink: Hashable {
    /// Whether two links have equal URLs. Route parameters, and how the links were made,
    /// do not count.
    public static func == (lhs: DeepLink, rhs: DeepLink) -> Bool {
        lhs.url == rhs.url
    }

    /// Hashes the URL only, consistently with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(url)
    }
}
