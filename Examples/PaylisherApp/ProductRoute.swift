/// A screen pushed on the products tab.
enum ProductRoute: Hashable { case detail(String), reviews(String) }
