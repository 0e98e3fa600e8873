import Foundation
import Testing
import Waypoint
import WaypointAssociation

/// aasa.md §2, §4 and §6: bad files get an error naming the JSON path and the problem, with
/// the exact text (C2 unknown services, C4 no details, C5 app IDs, C6 entries without an app,
/// C10 unterminated variables).
@Suite("AASA: errors name the JSON path (aasa.md §6)")
struct AppSiteAssociationErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let json: String
        let kind: String
        let message: String
        var testDescription: String { name }
    }

    static let app = AASA.app

    static let cases: [Case] = [
        Case(
            name: "a query that is a number", json: AASA.file(components: #"[{"/": "/a"}, {"?": 5}]"#),
            kind: "wrongType",
            message:
                #"applinks.details[0].components[1]["?"]: expected a string or an object, found a number"#),
        Case(
            name: "a query item that is not a string", json: AASA.file(components: #"[{"?": {"a": true}}]"#),
            kind: "wrongType",
            message: #"applinks.details[0].components[0]["?"].a: expected a string, found a Boolean"#),
        Case(
            name: "an unknown component key", json: AASA.file(components: #"[{"path": "/a"}]"#),
            kind: "unknownKey",
            message: #"applinks.details[0].components[0].path: unknown key "path""#),
        Case(
            name: "a misspelt appIDs",
            json: #"{"applinks": {"details": [{"appIds": ["\#(app)"]}]}}"#, kind: "unknownKey",
            message: #"applinks.details[0].appIds: unknown key "appIds"; did you mean "appIDs"?"#),
        Case(
            name: "a singular component key",
            json: #"{"applinks": {"details": [{"appID": "\#(app)", "component": []}]}}"#, kind: "unknownKey",
            message: #"applinks.details[0].component: unknown key "component"; did you mean "components"?"#),
        Case(
            name: "an unknown service", json: #"{"applinks": {"details": []}, "applink": {}}"#,
            kind: "unknownKey",
            message: #"applink: unknown key "applink"; did you mean "applinks"?"#),
        Case(
            name: "an appID without a team ID",
            json: #"{"applinks": {"details": [{"appIDs": ["\#(app)", "com.example.app"]}]}}"#,
            kind: "invalidAppID",
            message:
                #"applinks.details[0].appIDs[1]: "com.example.app" is not an application identifier: expected TEAMID.bundle.id, a 10-character team ID of upper-case letters and digits, a dot, and a bundle ID of letters, digits, "-" and ".""#
        ),
        Case(
            name: "an appID with a lower-case team ID",
            json: #"{"applinks": {"details": [{"appID": "abcde12345.com.x"}]}}"#, kind: "invalidAppID",
            message:
                #"applinks.details[0].appID: "abcde12345.com.x" is not an application identifier: expected TEAMID.bundle.id, a 10-character team ID of upper-case letters and digits, a dot, and a bundle ID of letters, digits, "-" and ".""#
        ),
        Case(
            name: "an appID with an underscore",
            json: #"{"applinks": {"details": [{"appID": "ABCDE12345.com.my_app"}]}}"#, kind: "invalidAppID",
            message:
                #"applinks.details[0].appID: "ABCDE12345.com.my_app" is not an application identifier: expected TEAMID.bundle.id, a 10-character team ID of upper-case letters and digits, a dot, and a bundle ID of letters, digits, "-" and ".""#
        ),
        Case(
            name: "an entry without an app",
            json: #"{"applinks": {"details": [{"appIDs": [], "paths": ["*"]}]}}"#,
            kind: "noAppID",
            message: #"applinks.details[0]: the entry names no app: give "appID" or a non-empty "appIDs""#),
        Case(
            name: "details that is an object (the iOS 9 beta form)",
            json: #"{"applinks": {"apps": [], "details": {"9JA89QQLNQ.com.apple.wwdc": {"paths": ["*"]}}}}"#,
            kind: "wrongType", message: "applinks.details: expected an array, found an object"),
        Case(
            name: "no details", json: #"{"applinks": {"apps": []}}"#, kind: "missingKey",
            message: #"applinks: missing key "details""#),
        Case(
            name: "apps that is not empty", json: #"{"applinks": {"apps": ["x"], "details": []}}"#,
            kind: "legacyAppsNotEmpty",
            message: #"applinks.apps: the legacy "apps" key must be an empty array"#),
        Case(
            name: "exclude that is a string", json: AASA.file(components: #"[{"exclude": "true"}]"#),
            kind: "wrongType",
            message: "applinks.details[0].components[0].exclude: expected true or false, found a string"),
        Case(
            name: "a path that is null", json: AASA.file(components: #"[{"/": null}]"#), kind: "wrongType",
            message: #"applinks.details[0].components[0]["/"]: expected a string, found null"#),
        Case(
            name: "a legacy path that is a number",
            json: #"{"applinks": {"details": [{"appID": "\#(app)", "paths": ["/a", 1]}]}}"#,
            kind: "wrongType",
            message: "applinks.details[0].paths[1]: expected a string, found a number"),
        Case(
            name: "an undefined variable", json: AASA.file(components: ##"[{"/": "/a"}, {"#": "$(food)"}]"##),
            kind: "undefinedVariable",
            message:
                ##"applinks.details[0].components[1]["#"]: no substitution variable "food" is defined (predefined: alpha, upper, lower, alnum, digit, xdigit, region, lang)"##
        ),
        Case(
            name: "an undefined variable in a query item",
            json: AASA.file(components: #"[{"?": {"a b": "$(Lang)"}}]"#), kind: "undefinedVariable",
            message:
                #"applinks.details[0].components[0]["?"]["a b"]: no substitution variable "Lang" is defined (predefined: alpha, upper, lower, alnum, digit, xdigit, region, lang)"#
        ),
        Case(
            name: "an unterminated variable", json: AASA.file(components: #"[{"/": "/$(lang"}]"#),
            kind: "unterminatedVariable",
            message:
                #"applinks.details[0].components[0]["/"]: "$(" without the ")" that ends the variable's name"#
        ),
        Case(
            name: "a pattern in section defaults with an undefined variable",
            json: AASA.file(components: #"[{}]"#, section: #""defaults": {"/": "/$(x)"}"#),
            kind: "undefinedVariable",
            message:
                #"applinks.defaults["/"]: no substitution variable "x" is defined (predefined: alpha, upper, lower, alnum, digit, xdigit, region, lang)"#
        ),
        Case(
            name: "a variable using a variable",
            json: AASA.file(
                components: #"[]"#, section: #""substitutionVariables": {"a": ["x", "$(digit)"]}"#),
            kind: "variableInValue",
            message:
                #"applinks.substitutionVariables.a[1]: the value uses the variable "digit", but a substitution variable's values cannot use other variables"#
        ),
        Case(
            name: "a variable name with a parenthesis",
            json: AASA.file(components: #"[]"#, section: #""substitutionVariables": {"a(b": ["x"]}"#),
            kind: "invalidVariableName",
            message:
                #"applinks.substitutionVariables["a(b"]: "a(b" is not a substitution variable name: it must be non-empty and must not contain "$", "(" or ")""#
        ),
        Case(
            name: "a variable that is not an array",
            json: AASA.file(components: #"[]"#, section: #""substitutionVariables": {"a": "x"}"#),
            kind: "wrongType",
            message: "applinks.substitutionVariables.a: expected an array, found a string"),
        Case(
            name: "a file that is an array", json: "[]", kind: "wrongType",
            message: "(root): expected an object, found an array"),
        Case(
            name: "text that is not JSON", json: #"{"applinks": }"#, kind: "invalidJSON",
            message: #"(root): invalid JSON at line 1, column 14: unexpected "}", expected a value"#),
        Case(
            name: "a default that is not a Boolean",
            json: AASA.file(components: "[]", entryDefaults: #"{"caseSensitive": 0}"#),
            kind: "wrongType",
            message: "applinks.details[0].defaults.caseSensitive: expected true or false, found a number"),
    ]

    @Test("each bad file", arguments: cases)
    func badFile(_ testCase: Case) {
        do {
            _ = try AppSiteAssociation(json: testCase.json)
            Issue.record("\(testCase.name) was accepted")
        } catch {
            #expect(error.kindName == testCase.kind)
            #expect(error.description == testCase.message)
        }
    }

    @Test("§2.1, C1: a file over 128 KB is refused before it is parsed; one at the limit is read")
    func size() throws {
        let limit = AppSiteAssociation.maximumSize
        #expect(limit == 131_072)
        let head =
            #"{"applinks": {"details": [{"appID": "\#(AASA.app)", "paths": ["/a"]}]}, "webcredentials": {"x": ""#
        let tail = "\"}}"
        let atLimit = head + String(repeating: "x", count: limit - head.utf8.count - tail.utf8.count) + tail
        #expect(atLimit.utf8.count == limit)
        #expect(try AppSiteAssociation(json: atLimit).universalLinks?.details.count == 1)
        // One byte more, and the broken JSON after it never gets parsed.
        let over = atLimit + "{"
        #expect(throws: AppSiteAssociationError(.fileTooLarge(size: limit + 1, limit: limit), at: "(root)")) {
            try AppSiteAssociation(json: over)
        }
        #expect(throws: AppSiteAssociationError(.fileTooLarge(size: limit + 1, limit: limit), at: "(root)")) {
            try AppSiteAssociation(data: Data(over.utf8))
        }
        #expect(
            (try? AppSiteAssociation(json: over))?.universalLinks == nil)
    }

    @Test("§2.1: bytes that are not UTF-8")
    func notUTF8() {
        #expect(throws: AppSiteAssociationError(.notUTF8, at: "(root)")) {
            try AppSiteAssociation(data: Data([0x7B, 0xFF, 0x7D]))
        }
    }

    @Test("§2.3, C3: nesting deeper than the parser's bound is invalid JSON, not a crash")
    func deepNesting() {
        let deep = String(repeating: "[", count: 100_000)
        do {
            _ = try AppSiteAssociation(json: deep)
            Issue.record("accepted")
        } catch {
            #expect(error.kindName == "invalidJSON")
        }
    }

    @Test("a file that starts with a byte order mark is invalid JSON whose message names the mark")
    func byteOrderMark() {
        let json = "\u{FEFF}" + #"{"applinks": {"details": []}}"#
        for bytes in [false, true] {
            do {
                _ = try bytes ? AppSiteAssociation(data: Data(json.utf8)) : AppSiteAssociation(json: json)
                Issue.record("accepted")
            } catch {
                #expect(error.kindName == "invalidJSON")
                #expect(error.problem.contains("byte order mark (U+FEFF"))
            }
        }
    }

    @Test("§2.2, C2: the other services are kept, not checked")
    func otherServices() throws {
        let file = try AppSiteAssociation(
            json: #"{"activitycontinuation": {"apps": [1, {"any": "thing"}]}, "webcredentials": null}"#)
        #expect(file.universalLinks == nil)
        #expect(file.otherServices["webcredentials"] == .null)
        #expect(file.otherServices["activitycontinuation"] == ["apps": [1, ["any": "thing"]]])
    }

    @Test("an UniversalLinkRules built in code is checked when compiled")
    func builtInCode() {
        let universalLinks = UniversalLinkRules(details: [
            UniversalLinkRules.Details(
                appIDs: [AASA.app], components: [UniversalLinkRules.Component(path: "/$(nope)")])
        ])
        #expect(
            throws: AppSiteAssociationError(
                .undefinedVariable("nope"), at: #"applinks.details[0].components[0]["/"]"#)
        ) {
            try UniversalLinkMatcher(universalLinks)
        }
    }
}
