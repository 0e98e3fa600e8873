import Foundation

/// The credentials and options an app passes to Detour.
///
/// The four-argument initializer of the Detour SDK compiles unchanged; `apiBaseURL` is an
/// addition that points the adapter at another server (a staging server, or a local test
/// server).
public struct DetourConfig: Sendable {
    /// The API key, sent as `Authorization: Bearer <apiKey>` with every request.
    public let apiKey: String
    /// The application identifier, sent as the `X-App-ID` header.
    public let appID: String
    /// Whether deferred matching may read the clipboard for a pasted link.
    public let shouldUseClipboard: Bool
    /// Which links the adapter handles (Documentation/spec/detour.md §3).
    public let linkProcessingMode: LinkProcessingMode
    /// The server every endpoint is relative to; `https://godetour.dev` by default.
    public let apiBaseURL: URL
    /// The device fields deferred matching reads and sends; ``DetourFingerprintFields/all``
    /// by default. A field left out is never read and is sent empty (see
    /// ``DetourFingerprintFields``).
    public var fingerprintFields: DetourFingerprintFields = .all
    /// Whether Detour records analytics on its own: `resolveInitialLink` mounts analytics
    /// with this config (the first mount of a process logs `app_open`) and
    /// `processLink(_:config:)` logs `opened_via_universal_link`. `true` by default, as in the
    /// Detour SDK. With `false`, neither happens, so nothing goes to the analytics endpoints
    /// until the app calls ``DetourAnalytics/mount(config:)`` itself (after consent, say).
    public var sendsAnalytics = true

    /// The Detour server used when no other base URL is given.
    public static let defaultAPIBaseURL: URL = {
        guard let url = URL(string: "https://godetour.dev") else {
            preconditionFailure("the default Detour base URL is a valid URL literal")
        }
        return url
    }()

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - apiKey: the API key (Bearer token).
    ///   - appID: the application identifier (`X-App-ID`).
    ///   - shouldUseClipboard: whether deferred matching may read the clipboard.
    ///   - linkProcessingMode: which links to handle.
    ///   - apiBaseURL: the server; endpoint paths are appended after any trailing `/` is removed.
    public init(
        apiKey: String,
        appID: String,
        shouldUseClipboard: Bool = true,
        linkProcessingMode: LinkProcessingMode = .all,
        apiBaseURL: URL = DetourConfig.defaultAPIBaseURL
    ) {
        self.apiKey = apiKey
        self.appID = appID
        self.shouldUseClipboard = shouldUseClipboard
        self.linkProcessingMode = linkProcessingMode
        self.apiBaseURL = apiBaseURL
    }
}
