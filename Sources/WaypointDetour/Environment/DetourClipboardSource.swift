/// Where deferred matching reads a pasted link from.
public protocol DetourClipboardSource: Sendable {
    /// The clipboard's text, or nil when there is none or it may not be read. The adapter
    /// sends only the first http(s) URL found in it, never the surrounding text.
    func text() async -> String?
}
