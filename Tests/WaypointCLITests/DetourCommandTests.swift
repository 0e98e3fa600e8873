import Testing
import Waypoint

/// `waypoint detour`: Detour's offline link model of each input.
@Suite("waypoint detour")
struct DetourCommandTests {
    @Test("prints the link or empty")
    func human() async throws {
        let result = try await CLI.run(
            [
                "detour", "https://acme.godetour.link/AbC/products/42?color=red", "myapp://product/123",
                "exp://x",
            ])
        #expect(result.status == 1, "exp://x gives the empty result")
        #expect(
            result.output == """
                https://acme.godetour.link/AbC/products/42?color=red
                  url: https://acme.godetour.link/AbC/products/42?color=red
                  route: /products/42?color=red
                  pathname: /products/42
                  params: {"color":"red"}
                  type: verified
                myapp://product/123
                  url: myapp://product/123
                  route: /product/123
                  pathname: /product/123
                  params: {}
                  type: scheme
                exp://x
                  empty

                """)
    }

    @Test("--mode and --json")
    func json() async throws {
        let result = try await CLI.run(
            ["detour", "--mode", "web-only", "--json", "myapp://product/123", "https://h.example/app/p/1"])
        #expect(result.status == 1)
        #expect(
            result.lines == [
                #"{"empty":true,"params":null,"pathname":null,"route":null,"type":null,"url":null}"#,
                #"{"empty":false,"params":{},"pathname":"/p/1","route":"/p/1","type":"verified","url":"https://h.example/app/p/1"}"#,
            ])
    }

    @Test("--json output pasted into a Detour table passes")
    func roundTrip() async throws {
        let inputs = ["https://h.example/app/p/1?q=a+b", "myapp://x/y", "/promo/summer", "about:blank"]
        let detour = try await CLI.run(["detour", "--json"] + inputs)
        let cases = zip(inputs, detour.lines).map { input, line in
            "{\"input\": \(JSONValue.string(input).jsonString), \"expect\": \(line)}"
        }
        let directory = try ScratchDirectory()
        try directory.write(
            "detour.json", "{\"adapter\": \"detour\", \"cases\": [\(cases.joined(separator: ","))]}")
        let result = try await CLI.run(["test", "detour.json"], in: directory.url)
        #expect(result.output == "4 passed, 0 failed\n", "\(result)")
    }
}
