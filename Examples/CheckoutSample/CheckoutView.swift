import TimeTravel

/// The checkout screen's handlers, as a SwiftUI view's buttons would call them: each
/// dispatch records this file and the handler as its site.
@MainActor
public struct CheckoutView {
  /// The store the screen shows.
  public let store: Store<CheckoutReducer>

  /// A screen on `store`.
  public init(store: Store<CheckoutReducer>) { self.store = store }

  /// The screen appeared.
  public func appeared() {
    store.send(.appeared)
  }

  /// The user tapped a product's Add button.
  ///
  /// - Parameters:
  ///   - name: The product.
  ///   - price: Its price in cents.
  public func addTapped(_ name: String, price: Int) {
    store.send(.addItem(name: name, price: price))
  }

  /// The user tapped Pay.
  public func payTapped() {
    store.send(.pay)
  }
}
