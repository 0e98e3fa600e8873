/// The parts of an `AndroidManifest.xml` that decide which links open the app: every
/// `<intent-filter>` of every activity and activity alias, the package name and the minimum
/// SDK.
///
/// Reading is strict about what changes matching and it does not model: such a filter keeps
/// a sentence in ``AndroidIntentFilter/unsupported`` (and ``AndroidAppLinkMatcher`` leaves
/// it out) rather than being read as something it is not. Attribute values are read the way
/// Android's resource compiler reads them: `\\` is a backslash, `\*` a star (so a literal
/// `*` in a `pathPattern` is written `\\*`), double quotes are dropped, and a value starting
/// with `@` or `?` is a resource reference, which is not resolved.
///
/// ```swift
/// import WaypointAssociation
///
/// let xml = """
///     <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.shop">
///       <application><activity android:name=".Main" android:exported="true">
///         <intent-filter android:autoVerify="true">
///           <action android:name="android.intent.action.VIEW"/>
///           <category android:name="android.intent.category.DEFAULT"/>
///           <category android:name="android.intent.category.BROWSABLE"/>
///           <data android:scheme="https" android:host="shop.example.com"/>
///           <data android:pathPrefix="/products/"/>
///         </intent-filter>
///       </activity></application>
///     </manifest>
///     """
/// let manifest = try AndroidManifest(xml: xml)
/// let matcher = AndroidAppLinkMatcher(manifest.intentFilters)
/// print(matcher.decision(for: "https://shop.example.com/products/42").opensApp)
/// // true
/// ```
public struct AndroidManifest: Sendable, Hashable {
    /// The most bytes a manifest may have: 8 MiB, forty times a large merged manifest.
    public static let maximumSize = 8 << 20
    /// The deepest element nesting read: 256 levels, where manifests use about six.
    public static let maximumDepth = 256

    /// The `package` attribute of `<manifest>`, when present.
    public var package: String?
    /// `<uses-sdk android:minSdkVersion>`, when present and a number.
    public var minimumSDK: Int?
    /// Every intent filter of every activity and activity alias, in document order.
    public var intentFilters: [AndroidIntentFilter]

    /// A manifest with these parts.
    public init(package: String? = nil, minimumSDK: Int? = nil, intentFilters: [AndroidIntentFilter]) {
        self.package = package
        self.minimumSDK = minimumSDK
        self.intentFilters = intentFilters
    }

    /// Reads the manifest's XML.
    ///
    /// - Throws: ``AndroidManifestError``: the text is larger than ``maximumSize``, is not
    ///   well-formed XML, has a document type declaration, nests deeper than
    ///   ``maximumDepth``, has a root other than `<manifest>`, or has a path attribute
    ///   Android refuses.
    public init(xml: String) throws(AndroidManifestError) {
        self = try AndroidManifestReader.read(xml)
    }
}
