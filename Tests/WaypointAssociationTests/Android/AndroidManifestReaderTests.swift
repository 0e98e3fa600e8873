import Testing
import WaypointAssociation

/// Reading `AndroidManifest.xml` with `XMLParser`: valid manifests, malformed and hostile
/// ones, and what a filter holds that matching does not model.
@Suite("AndroidManifest.xml reading")
struct AndroidManifestReaderTests {
    static func manifest(_ filters: String, activity: String = "android:exported=\"true\"") -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android"
            xmlns:tools="http://schemas.android.com/tools" package="com.example.shop">
          <uses-sdk android:minSdkVersion="26" />
          <application android:label="Shop">
            <activity android:name=".MainActivity" \(activity)>
        \(filters)
            </activity>
          </application>
        </manifest>
        """
    }

    static let appLinks = """
              <intent-filter android:autoVerify="true" android:priority="10">
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="https" android:host="shop.example.com" tools:ignore="AppLinkUrlError" />
                <data android:pathPrefix="/products/" />
                <data android:pathPattern="/a\\\\*b" android:path="/help" />
              </intent-filter>
        """

    @Test("a manifest's filters, package and minimum SDK")
    func valid() throws {
        let manifest = try AndroidManifest(xml: Self.manifest(Self.appLinks))
        #expect(manifest.package == "com.example.shop")
        #expect(manifest.minimumSDK == 26)
        let filter = try #require(manifest.intentFilters.first)
        #expect(manifest.intentFilters.count == 1)
        #expect(filter.autoVerify)
        #expect(filter.unsupported.isEmpty)
        #expect(filter.verificationProblems.isEmpty)
        #expect(filter.component == ".MainActivity")
        #expect(filter.schemes == ["https"])
        #expect(filter.authorities.map(\.host) == ["shop.example.com"])
        // The resource compiler's escape: `\\*` in the XML is the pattern `\*`, a literal star.
        #expect(
            filter.paths.map(\.description) == [
                "pathPrefix=\"/products/\"", "path=\"/help\"", "pathPattern=\"/a\\\\*b\"",
            ])
        #expect(filter.paths[2].matches("/a*b"))
        #expect(!filter.paths[2].matches("/aab"))
        #expect(filter.line == 7)
        #expect(filter.data.map(\.line) == [11, 12, 13])
    }

    @Test("filters Android never verifies say why")
    func verification() throws {
        let filters = """
                  <intent-filter>
                    <action android:name="android.intent.action.VIEW" />
                    <data android:scheme="http" android:host="shop.example.com" />
                  </intent-filter>
            """
        let manifest = try AndroidManifest(
            xml: Self.manifest(filters, activity: "android:exported=\"false\""))
        let filter = try #require(manifest.intentFilters.first)
        #expect(
            filter.verificationProblems == [
                .noAutoVerify, .notBrowsable, .noDefaultCategory, .componentUnreachable,
            ])
    }

    @Test("what changes matching and is not modelled is kept as a sentence")
    func unsupported() throws {
        let filters = """
                  <intent-filter android:autoVerify="true" android:foo="1">
                    <action android:name="android.intent.action.VIEW" />
                    <data android:scheme="https" android:host="@string/host" android:mimeType="text/plain" />
                    <data android:sspPrefix="//x" />
                    <uri-relative-filter-group android:allow="false"><data android:query="a=b" /></uri-relative-filter-group>
                  </intent-filter>
            """
        let filter = try #require(try AndroidManifest(xml: Self.manifest(filters)).intentFilters.first)
        #expect(
            filter.unsupported == [
                "the attribute android:foo=\"1\" is not understood",
                "line 9: android:host=\"@string/host\" is a resource reference, which is not resolved",
                "line 9: android:mimeType makes the filter match typed data, which links are not",
                "line 10: the attribute android:sspPrefix is not understood",
                "line 11: the element <uri-relative-filter-group> is not understood",
            ])
    }

    static let malformed: [(String, String)] = [
        ("<manifest><application></manifest>", "notXML"),
        ("", "notXML"),
        ("<queries/>", "notAManifest"),
        (
            "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;&lol;&lol;\">]><manifest>&lol2;</manifest>",
            "documentTypeDeclaration"
        ),
        (
            "<?xml version=\"1.0\"?>\n<!DOCTYPE m [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]><manifest>&xxe;</manifest>",
            "documentTypeDeclaration"
        ),
        (
            "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"><application><activity><intent-filter><data android:pathAdvancedPattern=\"/a{\"/></intent-filter></activity></application></manifest>",
            "invalidPattern"
        ),
    ]

    @Test("malformed and hostile files are refused with a typed error", arguments: malformed)
    func refused(_ xml: String, _ kind: String) {
        do {
            _ = try AndroidManifest(xml: xml)
            Issue.record("\(xml) was read")
        } catch {
            #expect(error.kindName == kind, "\(error)")
        }
    }

    @Test("an entity declaration is refused on the line it is on")
    func doctypeLine() throws {
        let error = try #require(throws: AndroidManifestError.self) {
            try AndroidManifest(xml: "<?xml version=\"1.0\"?>\n<!DOCTYPE m [<!ENTITY a \"b\">]>\n<manifest/>")
        }
        #expect(error.description.hasPrefix("line 2: a document type declaration"))
    }

    @Test("nesting: ten times a real manifest's depth reads; past the bound is refused")
    func depth() throws {
        func nested(_ depth: Int) -> String {
            "<manifest>" + String(repeating: "<x>", count: depth) + String(repeating: "</x>", count: depth)
                + "</manifest>"
        }
        #expect(try AndroidManifest(xml: nested(60)).intentFilters.isEmpty)
        let error = try #require(throws: AndroidManifestError.self) {
            try AndroidManifest(xml: nested(1_000))
        }
        #expect(error.kindName == "tooDeep")
    }

    @Test("size: ten times a large merged manifest reads; past the cap is refused")
    func size() throws {
        // A large merged manifest is about 200 KB; 2 MB of filters still read, every one.
        let filter = Self.appLinks + "\n"
        let count = 2_000_000 / filter.utf8.count
        let manifest = try AndroidManifest(xml: Self.manifest(String(repeating: filter, count: count)))
        #expect(manifest.intentFilters.count == count)
        let huge = String(repeating: " ", count: AndroidManifest.maximumSize + 1)
        let error = try #require(throws: AndroidManifestError.self) { try AndroidManifest(xml: huge) }
        #expect(error.kindName == "fileTooLarge")
    }
}
