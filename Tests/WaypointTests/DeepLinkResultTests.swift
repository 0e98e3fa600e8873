import Foundation
import Testing
import Waypoint

/// Whether a result is handled is derived from its failure and its pending
/// delivery, so no result is handled and failed at once.
@Suite("Deep link result")
struct DeepLinkResultTests {
    @Test(
        "handled exactly when there is no failure",
        arguments: [RoutingFailure?.none] + RoutingFailure.allCases.map(Optional.some))
    func derived(failure: RoutingFailure?) {
        let result = DeepLinkResult(deepLink: nil, route: "/r", failure: failure)
        #expect(result.isHandled == (failure == nil))
        #expect(result.failure == failure)
        #expect(result.pending == nil)
    }

    /// The deprecated form takes both; where they disagree the failure decides, and a
    /// result that is not handled always says why.
    @Test(
        "the deprecated initialiser: the failure decides",
        arguments: [
            (true, nil, true, nil), (false, .routeNotFound, false, .routeNotFound),
            (true, .handlerHasNoTarget, false, .handlerHasNoTarget), (false, nil, false, .routeNotFound),
        ] as [(Bool, RoutingFailure?, Bool, RoutingFailure?)])
    func deprecatedInitialiser(
        isHandled: Bool, failure: RoutingFailure?, expectedHandled: Bool, expectedFailure: RoutingFailure?
    ) {
        let result = Self.legacy(DeepLinkResult.self, isHandled: isHandled, failure: failure)
        #expect(result.isHandled == expectedHandled)
        #expect(result.failure == expectedFailure)
    }

    @Test("a dispatch that is on its way is neither handled nor failed")
    func pending() async throws {
        let router = Router()
        try router.register("/slow") { (_: DeepLink) async throws in }
        let result = router.handle("s://h/slow")
        #expect(!result.isHandled)
        #expect(result.failure == nil)
        #expect(result.pending != nil)
        let missed = router.handle("s://h/elsewhere")
        #expect(!missed.isHandled && missed.failure == .routeNotFound)
    }

    /// Calls the deprecated initialiser through a protocol requirement, which it satisfies,
    /// so that the test builds without a deprecation warning.
    private static func legacy<Result: LegacyResultInitialiser>(
        _ type: Result.Type, isHandled: Bool, failure: RoutingFailure?
    ) -> Result {
        Result(isHandled: isHandled, deepLink: nil, route: nil, failure: failure)
    }
}

/// The deprecated `DeepLinkResult.init(isHandled:deepLink:route:failure:)`.
protocol LegacyResultInitialiser {
    init(isHandled: Bool, deepLink: DeepLink?, route: String?, failure: RoutingFailure?)
}

extension DeepLinkResult: LegacyResultInitialiser {}
