import Testing
import Waypoint

/// `waypoint paylisher`: the Paylisher link model of each input.
@Suite("waypoint paylisher")
struct PaylisherCommandTests {
    @Test("prints every key of the model, or that the input does not parse")
    func human() async throws {
        let result = try await CLI.run(["paylisher", "yourapp://promo?keyName=K1", "yourapp:products"])
        #expect(result.status == 1, "yourapp:products does not parse")
        #expect(
            result.output == """
                yourapp://promo?keyName=K1
                  parseOK: true
                  scheme: "yourapp"
                  pathSegments: ["promo"]
                  parameters: {"keyName":"K1"}
                  destination: "promo"
                  campaignKeyName: "K1"
                  jid: null
                  campaignId: null
                  source: null
                  utmMedium: null
                  referrer: null
                  campaignSource: "direct"
                  isShortLink: false
                  authParamRequired: false
                  resolvedDestination: "promo"
                  resolveRequest: "https://api.paylisher.com/campaign/resolve/K1"
                yourapp:products
                  parseOK: false
                  error: the link has no destination

                """)
    }

    @Test("--short-link-host and --api-base configure the model")
    func configuration() async throws {
        let plain = try await CLI.run(["paylisher", "--json", "https://go.example.com/K1"])
        let configured = try await CLI.run(
            [
                "paylisher", "--json", "--short-link-host", "go.example.com",
                "--short-link-host=other.example",
                "--api-base", "https://api.example.test/v2/", "https://go.example.com/K1",
            ])
        #expect(plain.status == 0 && configured.status == 0)
        #expect(try JSONValue(parsing: plain.output)["isShortLink"] == false)
        #expect(try JSONValue(parsing: configured.output)["isShortLink"] == true)
    }

    @Test("--json output pasted into a Paylisher table passes")
    func roundTrip() async throws {
        let inputs = [
            "yourapp://promo?keyName=K1", "https://link.paylisher.com/K1?utm_source=mail", "yourapp:products",
        ]
        let paylisher = try await CLI.run(["paylisher", "--json"] + inputs)
        #expect(paylisher.lines.count == 3)
        let cases = zip(inputs, paylisher.lines).map { input, line in
            "{\"input\": \(JSONValue.string(input).jsonString), \"expect\": \(line)}"
        }
        let directory = try ScratchDirectory()
        try directory.write(
            "paylisher.json", "{\"adapter\": \"paylisher\", \"cases\": [\(cases.joined(separator: ","))]}")
        let result = try await CLI.run(["test", "paylisher.json"], in: directory.url)
        #expect(result.output == "3 passed, 0 failed\n", "\(result)")
    }
}
