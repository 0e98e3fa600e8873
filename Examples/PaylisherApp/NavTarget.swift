/// Where a deep link leads: a tab and, for products, the screens to push.
struct NavTarget: Equatable { var tab: AppTab; var productsPath: [ProductRoute] = [] }
