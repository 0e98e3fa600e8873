/// A clipboard that is always empty: the default where the platform has none (Linux).
public struct DetourNoClipboard: DetourClipboardSource {
    /// Creates the empty clipboard.
    public init() {}

    /// Always nil.
    public func text() async -> String? { nil }
}
