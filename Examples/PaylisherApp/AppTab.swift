/// The app's tabs.
enum AppTab: Hashable { case home, products, wallet, profile }
