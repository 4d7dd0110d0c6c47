/// What happens at checkout: the user's taps, and what the payment and price-watch
/// effects report.
public enum CheckoutAction: Codable, Equatable, Sendable {
  /// The checkout screen appeared: prices are watched while it is open.
  case appeared
  /// The user added a product.
  case addItem(name: String, price: Int)
  /// The user tapped Pay.
  case pay
  /// The payment provider charged the card.
  case charged(receipt: String)
  /// The payment provider paid an amount back (cents).
  case refunded(amount: Int)
  /// The price watch saw the prices unchanged.
  case pricesChecked
}
