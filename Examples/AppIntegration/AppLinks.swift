import Waypoint

/// The app's one router, made at launch. The scene delegate (`SceneDelegate.swift`) and the
/// SwiftUI root view (`RootView.swift`) hand it every link the app receives; routes are
/// registered on it as the README's "The library in five minutes" shows.
enum AppLinks {
    /// The router every entry point hands links to.
    static let router = Router()
}
