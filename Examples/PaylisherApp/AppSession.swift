import Observation
import WaypointPaylisher

/// The signed-in state. A gated link that arrives while logged out waits in `afterLogin`
/// until the user logs in.
// Observation needs iOS 17 / macOS 14.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor @Observable
final class AppSession {
    var isLoggedIn = false
    @ObservationIgnored var afterLogin: PaylisherAuthCompletion?

    /// Called by the login screen on success: approves the link that was waiting, if any.
    func didLogIn() {
        isLoggedIn = true
        let completion = afterLogin
        afterLogin = nil
        completion?(true)
    }

    /// Called when the user gives up on logging in: the waiting link is dropped.
    func didCancelLogin() {
        let completion = afterLogin
        afterLogin = nil
        completion?(false)
    }
}
