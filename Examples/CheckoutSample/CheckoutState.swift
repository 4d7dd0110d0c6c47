/// A shopping cart at checkout: its lines, the total to pay (cents), and how the payment
/// went.
public struct CheckoutState: Codable, Equatable, Sendable {
  /// One line of the cart.
  public struct Line: Codable, Equatable, Sendable {
    /// The product's name.
    public var name: String
    /// Its price, in cents.
    public var price: Int

    /// Creates a line.
    public init(name: String, price: Int) {
      self.name = name
      self.price = price
    }
  }

  /// The cart's lines, in the order added.
  public var lines: [Line] = []
  /// What is left to pay, in cents: the lines' prices, less what was paid back.
  public var total = 0
  /// The payment's receipt, once charged.
  public var receipt: String?
  /// Whether the prices are being watched (a long-running effect).
  public var watchingPrices = false

  /// An empty cart.
  public init() {}
}
