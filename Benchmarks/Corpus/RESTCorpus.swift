import Waypoint

/// Corpus (a): REST-style routes made of literal and `:name` segments, grouped by
/// resource the way an API's route file is written.
///
/// A *block* is one resource under one prefix (`/v3/admin/orders`): its list route, some
/// collection routes (`search`, `count`, …), the member route `:id`, member actions and
/// nested resources with their own members and actions. Within a block literal routes
/// come before the parameter routes beside them, as an app registers them, so every
/// lookup is won by the route it was made from; ``ShapeOracle`` computes the winners
/// anyway, independently of Waypoint. Blocks are shuffled, and a corpus of n routes is
/// the first n routes of the sequence for its seed, so sizes nest.
enum RESTCorpus {
    /// Resources as (plural segment, parameter name stem).
    static let resources: [(plural: String, singular: String)] = [
        ("orders", "order"), ("items", "item"), ("users", "user"), ("accounts", "account"),
        ("invoices", "invoice"), ("payments", "payment"), ("refunds", "refund"), ("products", "product"),
        ("reviews", "review"), ("carts", "cart"), ("shipments", "shipment"), ("addresses", "address"),
        ("sessions", "session"), ("tokens", "token"), ("teams", "team"), ("members", "member"),
        ("projects", "project"), ("issues", "issue"), ("comments", "comment"), ("labels", "label"),
        ("milestones", "milestone"), ("releases", "release"), ("assets", "asset"), ("files", "file"),
        ("folders", "folder"), ("events", "event"), ("webhooks", "webhook"),
        ("subscriptions", "subscription"), ("plans", "plan"), ("coupons", "coupon"),
        ("discounts", "discount"), ("reports", "report"), ("exports", "export"), ("imports", "import"),
        ("jobs", "job"), ("tasks", "task"), ("notes", "note"), ("tags", "tag"), ("categories", "category"),
        ("brands", "brand"), ("stores", "store"), ("locations", "location"), ("warehouses", "warehouse"),
        ("suppliers", "supplier"), ("customers", "customer"), ("contacts", "contact"), ("leads", "lead"),
        ("deals", "deal"), ("tickets", "ticket"), ("messages", "message"), ("threads", "thread"),
        ("channels", "channel"), ("devices", "device"), ("apps", "app"), ("keys", "key"),
        ("secrets", "secret"), ("policies", "policy"), ("roles", "role"), ("groups", "group"),
        ("audits", "audit"), ("metrics", "metric"), ("alerts", "alert"), ("dashboards", "dashboard"),
        ("invitations", "invitation"), ("notifications", "notification"), ("bookings", "booking"),
        ("rooms", "room"), ("trips", "trip"), ("drivers", "driver"), ("vehicles", "vehicle"),
    ]
    /// Member actions: `/…/:id/refund`.
    static let actions = [
        "approve", "archive", "cancel", "capture", "close", "confirm", "duplicate", "lock", "merge",
        "publish", "refund", "reject", "reopen", "restore", "resend", "sync", "unlock", "verify",
        "activate", "preview",
    ]
    /// Collection routes: `/…/orders/search`.
    static let collectionActions = ["search", "count", "recent", "stats", "bulk"]
    /// Segments between the version and the resource; "" for none.
    static let namespaces = ["", "admin", "partner", "internal", "mobile", "public", "beta", "legacy"]
    /// API versions.
    static let versions = (1...16).map { "v\($0)" }

    /// The first `count` routes of the sequence for `seed`.
    static func routes(count: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        var prefixes: [(prefix: String, resource: Int)] = []
        for version in versions {
            for namespace in namespaces {
                let prefix = namespace.isEmpty ? "/\(version)" : "/\(version)/\(namespace)"
                for resource in resources.indices { prefixes.append((prefix, resource)) }
            }
        }
        prefixes.shuffle(using: &random)
        var routes: [String] = []
        routes.reserveCapacity(count)
        for (prefix, resource) in prefixes {
            routes += block(prefix: prefix, resource: resource, random: &random)
            if routes.count >= count { break }
        }
        precondition(routes.count >= count, "the REST generator makes at most \(routes.count) routes")
        return Array(routes.prefix(count))
    }

    /// The routes of one resource under `prefix`, literal routes before their parameter
    /// siblings.
    private static func block(prefix: String, resource: Int, random: inout SplitMix64) -> [String] {
        let (plural, _) = resources[resource]
        let base = "\(prefix)/\(plural)"
        var routes = [base]
        for action in collectionActions where random.chance(30) { routes.append("\(base)/\(action)") }
        let member = "\(base)/:id"
        routes.append(member)
        for action in sample(actions, count: random.int(in: 1...5), random: &random) {
            routes.append("\(member)/\(action)")
        }
        let others = resources.indices.filter { $0 != resource }
        for sub in sample(others, count: random.int(in: 1...4), random: &random) {
            let (subPlural, subSingular) = resources[sub]
            let collection = "\(member)/\(subPlural)"
            let subMember = "\(collection)/:\(subSingular)"
            routes += [collection, subMember]
            for action in sample(actions, count: random.int(in: 0...2), random: &random) {
                routes.append("\(subMember)/\(action)")
            }
        }
        return routes
    }

    /// `count` distinct elements of `items` in a random order.
    private static func sample<T>(_ items: [T], count: Int, random: inout SplitMix64) -> [T] {
        var items = items
        items.shuffle(using: &random)
        return Array(items.prefix(count))
    }

    /// A parameter value: digits, or hexadecimal with at least one digit, so it never
    /// equals a literal segment (every literal is lower-case letters only).
    static func parameterValue(random: inout SplitMix64) -> String {
        if random.chance(60) { return String(random.int(in: 1...9_999_999)) }
        let hex = String(random.next() & 0xFFFF_FFFF, radix: 16)
        return hex.contains(where: \.isNumber) ? hex : hex + "0"
    }

    /// The concrete path for `route`: each `:name` replaced by a value.
    static func lookupPath(for route: String, random: inout SplitMix64) -> String {
        route.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix(":") ? parameterValue(random: &random) : String(segment)
        }.joined(separator: "/")
    }

    /// A path near `path` that no route matches, per `oracle`: the last segment renamed,
    /// one segment more, one segment fewer under an unknown name, or an unknown version
    /// or resource. Nil when every variant matches a route.
    static func missPath(near path: String, oracle: ShapeOracle, random: inout SplitMix64) -> String? {
        var segments = path.split(separator: "/").map(String.init)
        let original = segments
        var candidates: [String] = []
        segments[segments.count - 1] = "zz" + segments[segments.count - 1]
        candidates.append("/" + segments.joined(separator: "/"))
        candidates.append(path + "/zzextra")
        segments = original
        segments[0] = "v0"
        candidates.append("/" + segments.joined(separator: "/"))
        segments = original
        if segments.count > 2 {
            segments[segments.count - 2] = "zzunknown"
            candidates.append("/" + segments.joined(separator: "/"))
        }
        let start = Int(random.next() % UInt64(candidates.count))
        for offset in candidates.indices {
            let candidate = candidates[(start + offset) % candidates.count]
            if oracle.winner(of: candidate) == nil { return candidate }
        }
        return nil
    }

    /// The corpus of `count` routes: one lookup per route and as many misses, with the
    /// winners computed by ``ShapeOracle``.
    static func corpus(count: Int, seed: UInt64, baseURL: String) -> Corpus {
        let routes = routes(count: count, seed: seed)
        let oracle = ShapeOracle(routes: routes)
        var random = SplitMix64(seed: seed ^ 0x100C_0F5E)
        var hits: [Lookup] = []
        var misses: [Lookup] = []
        for route in routes {
            let path = lookupPath(for: route, random: &random)
            hits.append(Lookup(url: baseURL + path, path: path, expected: oracle.winner(of: path)))
            if let miss = missPath(near: path, oracle: oracle, random: &random) {
                misses.append(Lookup(url: baseURL + miss, path: miss, expected: nil))
            }
        }
        return Corpus(
            name: "rest-\(count)", family: .rest, routes: routes, hits: hits, misses: misses, isPathOnly: true
        )
    }
}
