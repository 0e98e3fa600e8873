/// One `<intent-filter>` of an app's manifest, as far as links are concerned: its actions,
/// categories and `<data>` elements, and whether it asks for App Link verification.
///
/// Android merges every `<data>` element of a filter: the filter accepts each of its schemes
/// with each of its hosts (and ports) and each of its path attributes, whichever element
/// they were written in. Without a scheme the filter takes no link; without a host its paths
/// are ignored and it takes every host; without a path attribute it takes every path.
public struct AndroidIntentFilter: Sendable, Hashable {
    /// One `<data>` element's URI attributes, as Android reads them.
    public struct Data: Sendable, Hashable {
        /// `android:scheme`.
        public var scheme: String?
        /// `android:host`; a leading `*` matches any start of the host.
        public var host: String?
        /// `android:port`, as written.
        public var port: String?
        /// The element's path attributes, in attribute order.
        public var paths: [AndroidPathPattern]
        /// The 1-based line of the element in the manifest; 0 when built in code.
        public var line: Int

        /// A `<data>` element with these attributes.
        public init(
            scheme: String? = nil, host: String? = nil, port: String? = nil, paths: [AndroidPathPattern] = [],
            line: Int = 0
        ) {
            self.scheme = scheme
            self.host = host
            self.port = port
            self.paths = paths
            self.line = line
        }
    }

    /// The action App Links need.
    public static let viewAction = "android.intent.action.VIEW"
    /// The categories App Links need: `DEFAULT`…
    public static let defaultCategory = "android.intent.category.DEFAULT"
    /// … and `BROWSABLE`.
    public static let browsableCategory = "android.intent.category.BROWSABLE"

    /// Whether the filter has `android:autoVerify="true"`.
    public var autoVerify: Bool
    /// The `<action android:name>` values.
    public var actions: [String]
    /// The `<category android:name>` values.
    public var categories: [String]
    /// The `<data>` elements, in order.
    public var data: [Data]
    /// What the filter holds that changes which links it takes and that this library does
    /// not model (a `mimeType`, a `<uri-relative-filter-group>`, a resource reference, …),
    /// one sentence each. A filter with any is left out of matching.
    public var unsupported: [String]
    /// The activity (or alias) the filter belongs to, as its `android:name` is written.
    public var component: String
    /// Whether the component can receive links: not `android:enabled="false"` nor
    /// `android:exported="false"`.
    public var componentReceivesLinks: Bool
    /// The 1-based line of the `<intent-filter>` in the manifest; 0 when built in code.
    public var line: Int

    /// A filter with these parts.
    public init(
        autoVerify: Bool = true, actions: [String] = [Self.viewAction],
        categories: [String] = [Self.defaultCategory, Self.browsableCategory], data: [Data],
        unsupported: [String] = [], component: String = "", componentReceivesLinks: Bool = true, line: Int = 0
    ) {
        self.autoVerify = autoVerify
        self.actions = actions
        self.categories = categories
        self.data = data
        self.unsupported = unsupported
        self.component = component
        self.componentReceivesLinks = componentReceivesLinks
        self.line = line
    }

    /// Every scheme of the filter, from all its `<data>` elements.
    public var schemes: [String] { data.compactMap(\.scheme) }
    /// Every host of the filter, with the port written in the same element.
    public var authorities: [(host: String, port: String?)] {
        data.compactMap { element in element.host.map { ($0, element.port) } }
    }
    /// Every path attribute of the filter, from all its `<data>` elements, in order.
    public var paths: [AndroidPathPattern] { data.flatMap(\.paths) }
}
