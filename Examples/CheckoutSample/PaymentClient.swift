/// The payment provider, injected so tests and the sample run without a network.
public struct PaymentClient: Sendable {
  /// What a charge returns: the receipt, and what the provider says to pay back.
  public struct Charge: Sendable, Equatable {
    /// The receipt's id.
    public var receipt: String
    /// The amount to pay back, in cents (a coupon's discount, say); 0 for none.
    public var refund: Int

    /// Creates a charge.
    public init(receipt: String, refund: Int) {
      self.receipt = receipt
      self.refund = refund
    }
  }

  /// Charges `amount` cents.
  public var charge: @Sendable (_ amount: Int) async throws -> Charge

  /// Creates a client.
  ///
  /// - Parameter charge: Charges an amount in cents.
  public init(charge: @escaping @Sendable (_ amount: Int) async throws -> Charge) {
    self.charge = charge
  }

  /// The sample's provider, with its bug: it pays back the discount of a 10-euro coupon
  /// in euros instead of cents per item, 1,500 cents on any cart, more than a small
  /// cart's total.
  public static let sample = PaymentClient { amount in
    Charge(receipt: "rcpt-\(amount)", refund: 1500)
  }
}
