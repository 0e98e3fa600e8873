import Foundation
import Testing

@testable import WaypointDetour

/// The shipped pattern tables (`Tests/Fixtures/detour.json`), evaluated offline (§4, §10).
@Suite("Detour pattern tables")
struct DetourTableTests {
    @Test("the fixture holds 7 Detour tables with 83 cases")
    func fixtureShape() throws {
        let tables = try DetourTableCase.loadTables()
        #expect(tables.count == 7)
        #expect(tables.allSatisfy { $0["adapter"] as? String == "detour" })
        #expect(DetourTableCase.all().count == 83)
    }

    @Test("table case", arguments: DetourTableCase.all())
    func tableCase(_ testCase: DetourTableCase) throws {
        let mode = try #require(LinkProcessingMode(rawValue: testCase.mode ?? "all"))
        if let override = testCase.typeOverride {
            #expect(override == "deferred", "unknown typeOverride")
        }
        let result = DetourLinkPipeline.evaluate(
            testCase.input, mode: mode, deferred: testCase.typeOverride == "deferred")
        #expect(result.processed)
        if let empty = testCase.empty {
            #expect((result.link == nil) == empty)
        }
        if let url = testCase.url {
            #expect(result.link?.url == url)
        }
        if let route = testCase.route {
            #expect(result.link?.route == route)
        }
        if let pathname = testCase.pathname {
            #expect(result.link?.pathname == pathname)
        }
        if let params = testCase.params {
            #expect(result.link?.params == params)
        }
        if let type = testCase.type {
            #expect(result.link?.type.rawValue == type)
        }
    }
}
