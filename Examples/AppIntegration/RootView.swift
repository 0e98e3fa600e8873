// The README's SwiftUI snippet: where an app with the SwiftUI life cycle receives links.
// SwiftUI exists on Apple platforms only, so this is empty on Linux.
#if canImport(SwiftUI)
    import SwiftUI
    import Waypoint

    /// The app's first screen.
    @available(iOS 14, macOS 11, tvOS 14, watchOS 7, *)
    struct ContentView: View {
        var body: some View {
            Text("Shop")
        }
    }

    @available(iOS 14, macOS 11, tvOS 14, watchOS 7, *)
    struct RootView: View {
        var body: some View {
            ContentView()
                .onOpenURL { url in
                    AppLinks.router.handle(url)
                }
                .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                    AppLinks.router.handle(userActivity: activity)
                }
        }
    }
#endif
