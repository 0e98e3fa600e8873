import Testing
import Waypoint

@testable import WaypointCLI

/// How a route gets the name of its `RouteName` constant: derived from its words, or given
/// by an annotation, and how the Swift declaration writes it.
@Suite("Route names")
struct RouteNamingTests {
    struct Derived: CustomTestStringConvertible, Sendable {
        let route: String
        let name: String?
        var testDescription: String { "\(route) → \(name ?? "none")" }
    }

    static let derived: [Derived] = [
        Derived(route: "/products/:id", name: "productsId"),
        Derived(route: #"/products/:id(\d+)/reviews"#, name: "productsIdReviews"),
        Derived(route: "/user-profile/settings", name: "userProfileSettings"),
        Derived(route: "/a_b/c.d~e", name: "aBCDE"),
        Derived(route: "shop://app/cart", name: "shopAppCart"),
        Derived(route: "campaign.shop.example/:campaign", name: "campaignShopExampleCampaign"),
        Derived(route: "/Products/Featured", name: "productsFeatured"),
        Derived(route: "/API/v2/items", name: "apiV2Items"),
        Derived(route: "/URLScheme/openURL", name: "urlSchemeOpenURL"),
        Derived(route: "/search/:query?", name: "searchQuery"),
        Derived(route: "/file/:name.json", name: "fileNameJson"),
        Derived(route: "/tag/:tag([a-z]+)-:n", name: "tagTagN"),
        Derived(route: "/categories/:category/**", name: "categoriesCategory"),
        Derived(route: "/x/*/y", name: "xY"),
        Derived(route: "/2fa/setup", name: "_2faSetup"),
        Derived(route: "/init", name: "initRoute"),
        Derived(route: "/Self", name: "selfRoute"),
        Derived(route: "/default", name: "default"),
        Derived(route: "/café/menu", name: "menu"),
        Derived(route: "/商品/:id", name: "id"),
        Derived(route: "/", name: nil),
        Derived(route: ".*", name: nil),
        Derived(route: "/(foo|bar)", name: nil),
        Derived(route: "/*/**", name: nil),
        Derived(route: "/café", name: nil),
    ]

    @Test("a name derived from the route's words", arguments: derived)
    func derivedName(_ example: Derived) throws {
        let pattern = try CompiledRoute(example.route, options: RouterOptions()).pattern
        #expect(RouteNaming.derivedName(pattern) == example.name)
    }

    struct Annotation: CustomTestStringConvertible, Sendable {
        let name: String
        let problem: String?
        var testDescription: String { "@\(name)" }
    }

    static let annotations: [Annotation] = [
        Annotation(name: "productDetail", problem: nil),
        Annotation(name: "_private", problem: nil),
        Annotation(name: "default", problem: nil),
        Annotation(name: "v2", problem: nil),
        Annotation(
            name: "",
            problem: #"the name annotation is empty: write the name after "@", such as "@productDetail""#),
        Annotation(
            name: "2fa",
            problem:
                #"route name "2fa" is not an ASCII Swift identifier (letters, digits and "_", not starting with a digit)"#
        ),
        Annotation(
            name: "product-detail",
            problem:
                #"route name "product-detail" is not an ASCII Swift identifier (letters, digits and "_", not starting with a digit)"#
        ),
        Annotation(
            name: "übersicht",
            problem:
                #"route name "übersicht" is not an ASCII Swift identifier (letters, digits and "_", not starting with a digit)"#
        ),
        Annotation(name: "_", problem: #""_" cannot be a route name"#),
        Annotation(
            name: "init",
            problem: #"route name "init" cannot be used: ".init" means something else on RouteName"#),
        Annotation(
            name: "Type",
            problem: #"route name "Type" cannot be used: ".Type" means something else on RouteName"#),
    ]

    @Test("an annotation's name is checked", arguments: annotations)
    func annotation(_ example: Annotation) {
        #expect(RouteNaming.problem(withName: example.name) == example.problem)
    }

    @Test("keywords are declared in backticks, other names as they are")
    func declared() {
        #expect(RouteNaming.declared("default") == "`default`")
        #expect(RouteNaming.declared("class") == "`class`")
        #expect(RouteNaming.declared("productDetail") == "productDetail")
        #expect(RouteNaming.declared("_2fa") == "_2fa")
    }

    struct Literal: CustomTestStringConvertible, Sendable {
        let route: String
        let literal: String
        var testDescription: String { route }
    }

    static let literals: [Literal] = [
        Literal(route: "/products/:id", literal: #""/products/:id""#),
        Literal(route: #"/products/:id(\d+)"#, literal: ##"#"/products/:id(\d+)"#"##),
        Literal(route: #"/q/:q([^"]+)"#, literal: ##"#"/q/:q([^"]+)"#"##),
        Literal(route: ##"/q/:q([^"#]+)"##, literal: ###"##"/q/:q([^"#]+)"##"###),
        Literal(route: "/q/\\##d", literal: "###\"/q/\\##d\"###"),
        Literal(route: "/tab\there", literal: "\"/tab\there\""),
        Literal(route: "/cr\r\\x", literal: #""/cr\u{d}\\x""#),
    ]

    @Test("routes are written as Swift literals that hold them exactly", arguments: literals)
    func literal(_ example: Literal) {
        #expect(RouteNamesSource.literal(example.route) == example.literal)
    }
}
