/// Query parameter names with a meaning of their own (DeepLinkKit's, kept for compatibility).
package enum QueryKeys {
    /// A JSON array naming the parameters whose values are JSON.
    package static let jsonEncodedFields = "dpl:json-encoded-fields"
    /// The URL to return to when the app has handled the link.
    package static let callbackURL = "dpl_callback_url"
    /// App Links data, always JSON.
    package static let appLinkData = "al_applink_data"
}
