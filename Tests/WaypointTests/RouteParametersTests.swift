import Testing

@testable import Waypoint

/// `RouteParameters`: route order, dictionary-like reading, order-insensitive equality.
@Suite("RouteParameters")
struct RouteParametersTests {
    @Test("keeps route order and reads by name")
    func order() throws {
        let router = Router()
        try router.register("/:z/:a/:m") { _ in }
        let parameters = try #require(router.match("s://h/1/2/3")?.routeParameters)
        #expect(parameters.names == ["z", "a", "m"])
        #expect(parameters.map(\.value) == ["1", "2", "3"])
        #expect(parameters["a"] == "2" && parameters["q"] == nil)
        #expect(parameters.dictionary == ["z": "1", "a": "2", "m": "3"])
        #expect(parameters.description == #"["z": "1", "a": "2", "m": "3"]"#)
    }

    @Test("any number of parameters keeps every one, in order", arguments: 0...9)
    func overflow(_ count: Int) throws {
        let router = Router()
        let names = (0..<count).map { "p\($0)" }
        try router.register(RouteName("/x" + names.map { "/:\($0)" }.joined())) { _ in }
        let url = "s://h/x" + (0..<count).map { "/v\($0)" }.joined()
        let parameters = try #require(router.match(url)?.routeParameters)
        #expect(parameters.count == count)
        #expect(parameters.names == names)
        for index in 0..<count { #expect(parameters["p\(index)"] == "v\(index)") }
        #expect(
            parameters
                == RouteParameters(
                    Dictionary(uniqueKeysWithValues: zip(names, names.map { "v" + $0.dropFirst() }))))
    }

    @Test("equality and hashing ignore order, as dictionaries do")
    func equality() {
        let forward: RouteParameters = ["a": "1", "b": "2", "c": "3", "d": "4", "e": "5"]
        let backward: RouteParameters = ["e": "5", "d": "4", "c": "3", "b": "2", "a": "1"]
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        #expect(forward != ["a": "1", "b": "2", "c": "3", "d": "4", "e": "6"])
        #expect(forward != ["a": "1", "b": "2", "c": "3", "d": "4"])
        #expect(RouteParameters() == [:] && RouteParameters().description == "[:]")
        #expect(Set([forward, backward]).count == 1)
    }

    /// A match's parameters carry its route string (``RouteMatch/route`` reads it from
    /// them), so this pins that the route stays the match's own however the values move.
    @Test(
        "a match's route is its own, also when its parameters are reused in another match",
        arguments: ["s://h/a/1", "s://h/a/%31", "s://h/a/1/2/3/4/5"])
    func routeTravels(_ url: String) throws {
        let router = Router()
        try router.register("/a/:id") { _ in }
        try router.register("/a/:id/:b/:c/:d/:e") { _ in }
        let match = try #require(router.match(url))
        #expect(match.route.hasPrefix("/a/:id"))
        #expect(match.routeParameters["id"] == "1")
        let moved = RouteMatch(route: "/elsewhere/:id", routeParameters: match.routeParameters, priority: 7)
        #expect(moved.route == "/elsewhere/:id" && moved.priority == 7)
        #expect(moved.routeParameters == match.routeParameters)
        #expect(match.route.hasPrefix("/a/:id"))
        #expect(moved != match)
        let same = RouteMatch(
            route: match.route, routeParameters: match.routeParameters, priority: match.priority)
        #expect(same == match && same.hashValue == match.hashValue)
        #expect(RouteMatch(route: "/x", routeParameters: [:], priority: 0).route == "/x")
    }

    @Test("appending to built parameters keeps the earlier ones and the first of each in order")
    func appending() {
        var parameters = RouteParameters()
        parameters.append(name: "a", value: "1")
        let snapshot = parameters
        parameters.append(name: "b", value: "2")
        #expect(Array(parameters.names) == ["a", "b"] && parameters["b"] == "2")
        #expect(snapshot.names == ["a"] && snapshot["b"] == nil)
    }
}

/// The URL length bound cannot be raised past what the matcher's 32-bit offsets hold.
@Suite("URL length bound")
struct URLLengthBoundTests {
    @Test("huge and negative bounds are clamped, never trapping")
    func clamped() throws {
        #expect(RouterOptions(maxURLLength: .max).urlLengthBound == 1 << 30)
        let open = Router(options: RouterOptions(maxURLLength: .max))
        try open.register("/a/:b") { _ in }
        #expect(open.match("s://h/a/b")?.routeParameters == ["b": "b"])
        let closed = Router(options: RouterOptions(maxURLLength: -5))
        try closed.register(".*") { _ in }
        #expect(closed.matchResult("s:x") == .failure(.urlTooLong))
    }
}
