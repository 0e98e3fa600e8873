import Waypoint

/// Runs router tables (`"adapter": "router"`, the default): registers the table's routes in
/// order with the table's options, then compares each case's expectation with
/// `Router.tableRecord` of its input.
///
/// Registration is checked too, and each check counts as one case:
/// - a route object `{ "route": …, "expectError": KIND }` passes when registering the
///   route throws an error of that kind, and fails when it registers or throws another
///   kind (key `expectError`, actual `null` or the kind thrown); a route that registered
///   against expectation is removed again, so it cannot change the other cases;
/// - a route string that fails to register is a failed check (expected `expectError`
///   `null`), with the error message as its note; the cases still run without it.
///
/// A ``RouterTableSection`` adds a member beyond the spec, such as the command line's `aasa`.
package struct RouterTableAdapter: TableAdapter {
    package let name = "router"

    /// The keys a router expectation may name (Documentation/spec/tables.md).
    package static let expectationKeys: Set<String> = [
        "matched", "route", "routeParameters", "queryParameters", "queryItems", "callbackURL", "error",
    ]

    /// The JSON type of each router expectation's value, as ``Router/tableRecord(_:)``
    /// gives it (`null` aside).
    package static let expectationTypes: [String: JSONType] = [
        "matched": .bool, "route": .string, "routeParameters": .object, "queryParameters": .object,
        "queryItems": .array, "callbackURL": .string, "error": .string,
    ]

    /// The table options a router table may set.
    package static let optionTypes: [String: JSONType] = [
        "caseInsensitivePaths": .bool, "strictTrailingSlash": .bool, "regexBudget": .number,
        "matchLimit": .number,
    ]

    /// The regex budget every table runs with, over the table's own `regexBudget`
    /// (`waypoint test --regex-budget`); nil to keep the table's.
    package var regexBudget: UInt32?

    /// The member beyond the spec that the tables may have; nil for none, so a table that
    /// has one is rejected for an unknown key.
    package var section: (any RouterTableSection.Type)?

    /// A runner with the given regex budget over every table's own (nil to keep the
    /// table's) that reads `section` beside the spec's members.
    package init(regexBudget: UInt32? = nil, section: (any RouterTableSection.Type)? = nil) {
        self.regexBudget = regexBudget
        self.section = section
    }

    /// The router options a table's `options` set.
    ///
    /// - Throws: ``TableError`` when `regexBudget` or `matchLimit` is not a whole number
    ///   from 0 to 4294967295 (1 to 4294967295 for `matchLimit`).
    package static func routerOptions(_ options: [String: JSONValue]) throws(TableError) -> RouterOptions {
        var routerOptions = RouterOptions(
            caseInsensitivePaths: options["caseInsensitivePaths"]?.boolValue ?? false,
            strictTrailingSlash: options["strictTrailingSlash"]?.boolValue ?? false)
        func whole(_ name: String, minimum: UInt32) throws(TableError) -> UInt32? {
            guard let value = options[name] else { return nil }
            guard let number = value.doubleValue, number.rounded() == number, number >= Double(minimum),
                number <= Double(UInt32.max)
            else {
                throw TableError(
                    "option \(name.quoted) must be a whole number from \(minimum) to \(UInt32.max)")
            }
            return UInt32(number)
        }
        if let budget = try whole("regexBudget", minimum: 0) { routerOptions.regexBudget = budget }
        if let limit = try whole("matchLimit", minimum: 1) { routerOptions.matchLimit = limit }
        return routerOptions
    }

    package func run(_ table: PatternTable) throws(TableError) -> [CheckResult] {
        let members: Set<String> = ["routes"]
        try table.checkKeys(extra: section.map { members.union([$0.member]) } ?? members)
        var extra: (any RouterTableSection)?
        if let section { extra = try section.init(table) }
        let options = try table.options(allowed: Self.optionTypes)
        var routerOptions = try Self.routerOptions(options)
        if let regexBudget { routerOptions.regexBudget = regexBudget }
        let routes = try Self.routes(of: table)
        let cases = try table.cases(
            expectationKeys: extra.map { Self.expectationKeys.union(type(of: $0).expectationKeys) }
                ?? Self.expectationKeys,
            expectationTypes: Self.expectationTypes)

        // The table's routes go in with one call, which builds the table once; only when
        // some route fails does each go in on its own, so the failures can be named.
        let router = Router(options: routerOptions)
        let plain = routes.filter { $0.1 == nil }.map { (RouteName($0.0), RouteHandler.closure { _ in }) }
        let registeredAtOnce = (try? router.register(plain)) != nil
        // Routes that must fail are tried on a router of their own, so one that registers
        // anyway cannot change the other cases.
        let scratch = Router(options: routerOptions)
        var results: [CheckResult] = []
        for (offset, (route, expectedKind)) in routes.enumerated()
        where expectedKind != nil || !registeredAtOnce {
            results += Self.register(
                route, expecting: expectedKind, in: expectedKind == nil ? router : scratch,
                place: [.key("routes"), .index(offset)])
        }
        for tableCase in cases {
            var actual = router.tableRecord(tableCase.input)
            if let extra { actual.merge(extra.caseValues(tableCase.input)) { _, section in section } }
            results.append(
                CheckResult(
                    name: tableCase.name, label: tableCase.label, input: tableCase.input,
                    mismatches: TableExpectation.mismatches(expected: tableCase.expect, actual: actual),
                    place: tableCase.place))
        }
        if let extra { results.append(extra.check(routes: plain.map(\.0.route), options: routerOptions)) }
        return results
    }

    /// Registers `route`, at `place` in its table; the check results it gives (none for a
    /// plain route that registers).
    private static func register(
        _ route: String, expecting expectedKind: RouteError.Kind?, in router: Router,
        place: [JSONLineMap.Step]
    ) -> [CheckResult] {
        let name = "route \(route.quoted)"
        let expected: JSONValue = expectedKind.map { .string($0.rawValue) } ?? .null
        let wasRegistered = router.routes.contains(route)
        do {
            try router.register(RouteName(route)) { _ in }
            guard let expectedKind else { return [] }
            if !wasRegistered { router.remove(RouteName(route)) }
            return [
                CheckResult(
                    name: name, label: name, input: route,
                    mismatches: registrationMismatches(expected, .null),
                    note: "the route registered; expected the error kind \(expectedKind.rawValue)",
                    place: place)
            ]
        } catch {
            if error.kind == expectedKind {
                return [CheckResult(name: name, label: name, input: route, mismatches: [], place: place)]
            }
            let mismatches = registrationMismatches(expected, .string(error.kind.rawValue))
            return [
                CheckResult(
                    name: name, label: name, input: route, mismatches: mismatches, note: error.message,
                    place: place)
            ]
        }
    }

    /// The mismatches of a registration check, compared by the tables' rule under the key
    /// `expectError`.
    private static func registrationMismatches(
        _ expected: JSONValue, _ actual: JSONValue
    ) -> [TableExpectation.Mismatch] {
        TableExpectation.mismatches(expected: ["expectError": expected], actual: ["expectError": actual])
    }

    /// The table's `routes`: strings, or objects naming a route that must fail.
    private static func routes(of table: PatternTable) throws(TableError) -> [(String, RouteError.Kind?)] {
        guard let list = table.members["routes"]?.arrayValue else {
            throw TableError("\"routes\" must be an array")
        }
        var routes: [(String, RouteError.Kind?)] = []
        for (offset, item) in list.enumerated() {
            let number = offset + 1
            if let route = item.stringValue {
                routes.append((route, nil))
                continue
            }
            guard let object = item.objectValue, let route = object["route"]?.stringValue,
                let kindName = object["expectError"]?.stringValue
            else {
                throw TableError(
                    "route \(number) must be a string or an object with \"route\" and \"expectError\" strings"
                )
            }
            if let unknown = object.keys.sorted().first(where: { $0 != "route" && $0 != "expectError" }) {
                let hint = Suggestion.phrase(for: unknown, in: ["route", "expectError"])
                throw TableError("route \(number): unknown key \(unknown.quoted)\(hint)")
            }
            guard let kind = RouteError.Kind(rawValue: kindName) else {
                let known = RouteError.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                throw TableError("route \(number): unknown error kind \(kindName.quoted) (known: \(known))")
            }
            routes.append((route, kind))
        }
        return routes
    }
}
