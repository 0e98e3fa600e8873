import Foundation
import Testing

/// Holds each library target's `PrivacyInfo.xcprivacy` to its sources: a target that calls a
/// required-reason API declares its category with an approved reason, and declares no
/// category it no longer uses; a target without a manifest calls none. The categories and
/// reasons are Apple's "Describing use of required reason API" (Documentation/decisions.md,
/// "Privacy manifest"). Everything is read relative to this file, inside the repository.
@Suite("Privacy manifests")
struct PrivacyManifestTests {
    /// The package root: three levels above this file (Tests/WaypointDetourTests/<file>).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The targets linked into an app through the three library products.
    static let libraryTargets = [
        "Waypoint", "WaypointDetour", "WaypointPaylisher", "WaypointHTTP", "WaypointPOSIX",
    ]

    /// Each required-reason category, the source patterns that use it, and Apple's reasons.
    static let categories: [(name: String, patterns: [String], reasons: Set<String>)] = [
        (
            "NSPrivacyAccessedAPICategoryUserDefaults",
            [#"\bUserDefaults\b"#, #"\bNSUserDefaults\b"#, #"@AppStorage\b"#],
            ["CA92.1", "1C8F.1", "C56D.1", "AC6B.1"]
        ),
        (
            "NSPrivacyAccessedAPICategoryFileTimestamp",
            [
                #"\.creationDate\b"#, #"\.modificationDate\b"#, #"\bfileModificationDate\b"#,
                #"\bcontentModificationDateKey\b"#, #"\bcreationDateKey\b"#, #"\bgetattrlist(bulk|at)?\s*\("#,
                #"\bfgetattrlist\s*\("#, #"\b[fl]?stat\s*\("#, #"\bfstatat\s*\("#,
                #"\battributesOfItem\s*\("#,
            ],
            ["DDA9.1", "C617.1", "3B52.1", "0A2A.1"]
        ),
        (
            "NSPrivacyAccessedAPICategorySystemBootTime",
            [
                #"\bsystemUptime\b"#, #"\bmach_absolute_time\b"#, #"\buptimeNanoseconds\b"#,
                #"\bKERN_BOOTTIME\b"#,
            ],
            ["35F9.1", "8FFB.1", "3D61.1"]
        ),
        (
            "NSPrivacyAccessedAPICategoryDiskSpace",
            [
                #"\bvolumeAvailableCapacity\w*"#, #"\bvolumeTotalCapacity\w*"#, #"\bsystemFreeSize\b"#,
                #"\bsystemSize\b"#, #"\bf?statv?fs\s*\("#, #"\battributesOfFileSystem\s*\("#,
            ],
            ["85F4.1", "E174.1", "7D9E.1", "B728.1"]
        ),
        ("NSPrivacyAccessedAPICategoryActiveKeyboards", [#"\bactiveInputModes\b"#], ["3EC4.1", "54BD.1"]),
    ]

    /// Apple's collected data types that WaypointDetour may declare, and its purposes.
    static let dataTypes: Set<String> = [
        "NSPrivacyCollectedDataTypeOtherDataTypes", "NSPrivacyCollectedDataTypeDeviceID",
        "NSPrivacyCollectedDataTypeProductInteraction",
    ]
    static let purposes: Set<String> = [
        "NSPrivacyCollectedDataTypePurposeThirdPartyAdvertising",
        "NSPrivacyCollectedDataTypePurposeDeveloperAdvertising", "NSPrivacyCollectedDataTypePurposeAnalytics",
        "NSPrivacyCollectedDataTypePurposeProductPersonalization",
        "NSPrivacyCollectedDataTypePurposeAppFunctionality", "NSPrivacyCollectedDataTypePurposeOther",
    ]

    /// The required-reason categories `target`'s Swift and C sources use, with the first
    /// file and pattern that shows each; comments do not count.
    static func usedCategories(in target: String) throws -> [String: String] {
        let directory = root.appendingPathComponent("Sources/\(target)")
        let files = try #require(
            FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil))
        var used: [String: String] = [:]
        for case let file as URL in files where ["swift", "c", "h"].contains(file.pathExtension) {
            let code = stripComments(try String(contentsOf: file, encoding: .utf8))
            for category in categories where used[category.name] == nil {
                for pattern in category.patterns
                where code.range(of: pattern, options: .regularExpression) != nil {
                    used[category.name] = "\(file.lastPathComponent): \(pattern)"
                    break
                }
            }
        }
        return used
    }

    /// `text` without `//` and `/* */` comments (string literals are left as they are).
    static func stripComments(_ text: String) -> String {
        text.replacingOccurrences(of: #"/\*[\s\S]*?\*/"#, with: " ", options: .regularExpression)
            .replacingOccurrences(of: #"//[^\n]*"#, with: "", options: .regularExpression)
    }

    /// The manifest of `target`, or nil when it has none.
    static func manifest(of target: String) throws -> [String: Any]? {
        let url = root.appendingPathComponent("Sources/\(target)/PrivacyInfo.xcprivacy")
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
        return try #require(plist as? [String: Any], "\(target)'s manifest is not a dictionary")
    }

    /// The declared categories and their reasons.
    static func declaredCategories(_ manifest: [String: Any]) throws -> [String: [String]] {
        let entries = try #require(manifest["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        var declared: [String: [String]] = [:]
        for entry in entries {
            let name = try #require(entry["NSPrivacyAccessedAPIType"] as? String)
            let reasons = try #require(entry["NSPrivacyAccessedAPITypeReasons"] as? [String])
            #expect(declared[name] == nil, "\(name) is declared twice")
            declared[name] = reasons
        }
        return declared
    }

    @Test("each library target's manifest declares exactly the required-reason APIs its sources use")
    func requiredReasons() throws {
        var manifests = 0
        for target in Self.libraryTargets {
            let used = try Self.usedCategories(in: target)
            guard let manifest = try Self.manifest(of: target) else {
                #expect(used.isEmpty, "\(target) has no privacy manifest but uses \(used)")
                continue
            }
            manifests += 1
            let declared = try Self.declaredCategories(manifest)
            for (category, evidence) in used {
                #expect(
                    declared[category] != nil, "\(target) uses \(category) (\(evidence)) without declaring it"
                )
            }
            for (category, reasons) in declared {
                let known = try #require(
                    Self.categories.first { $0.name == category },
                    "\(target) declares an unknown category \(category)")
                #expect(
                    used[category] != nil, "\(target) declares \(category) but its sources no longer use it")
                #expect(!reasons.isEmpty, "\(category) needs a reason")
                #expect(
                    Set(reasons).isSubset(of: known.reasons),
                    "\(category): \(reasons) not among \(known.reasons)")
            }
        }
        #expect(manifests >= 1, "WaypointDetour's manifest was not found: the scan read nothing")
    }

    @Test("the scan finds what it looks for and skips comments")
    func scanner() {
        let code =
            "// UserDefaults.standard\n/* mach_absolute_time() */ let t = DispatchTime.now().uptimeNanoseconds"
        let stripped = Self.stripComments(code)
        for category in Self.categories {
            let hit = category.patterns.contains {
                stripped.range(of: $0, options: .regularExpression) != nil
            }
            #expect(
                hit == (category.name == "NSPrivacyAccessedAPICategorySystemBootTime"), "\(category.name)")
        }
        for sample in ["fstat(fd, &info)", "lstat(path, &info)", "stat(path, &info)", "url.creationDate"] {
            #expect(
                sample.range(
                    of: Self.categories[1].patterns.joined(separator: "|"), options: .regularExpression)
                    != nil)
        }
        #expect(
            "statfs(path, &fs)".range(
                of: Self.categories[3].patterns.joined(separator: "|"), options: .regularExpression) != nil)
    }

    @Test("the manifest is well formed: no tracking, and each collected data type fully described")
    func collectedData() throws {
        let manifest = try #require(try Self.manifest(of: "WaypointDetour"))
        #expect(manifest["NSPrivacyTracking"] as? Bool == false)
        #expect((manifest["NSPrivacyTrackingDomains"] as? [String])?.isEmpty == true)
        let types = try #require(manifest["NSPrivacyCollectedDataTypes"] as? [[String: Any]])
        var names: Set<String> = []
        for entry in types {
            let name = try #require(entry["NSPrivacyCollectedDataType"] as? String)
            names.insert(name)
            #expect(entry["NSPrivacyCollectedDataTypeLinked"] is Bool, "\(name)")
            #expect(entry["NSPrivacyCollectedDataTypeTracking"] as? Bool == false, "\(name)")
            let purposes = try #require(entry["NSPrivacyCollectedDataTypePurposes"] as? [String])
            #expect(!purposes.isEmpty && Set(purposes).isSubset(of: Self.purposes), "\(name): \(purposes)")
        }
        #expect(names == Self.dataTypes)
    }

    @Test("Package.swift ships every manifest as its target's resource")
    func packaged() throws {
        let manifest = try String(
            contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for target in Self.libraryTargets where try Self.manifest(of: target) != nil {
            let pattern =
                #"name: ""# + target + #"",[^)]*resources: \[\.(copy|process)\("PrivacyInfo\.xcprivacy"\)\]"#
            #expect(manifest.range(of: pattern, options: .regularExpression) != nil, "\(target)")
        }
    }
}
