import TimeTravel

/// The checkout of a shop: a cart, a payment effect (`charge`) whose provider sends back a
/// refund, and a price watch (`priceWatch`) that runs as long as the screen is open.
///
/// The sample of where an action came from: the refund, sent by the payment effect of the
/// Pay tap, is larger than the total, which goes negative; the price watch is still
/// running when the session's log ends.
public struct CheckoutReducer: EffectReducer {
  /// The cart.
  public typealias State = CheckoutState
  /// Taps and effect reports.
  public typealias Action = CheckoutAction

  private let payments: PaymentClient
  private let watchInterval: Duration

  /// Creates the reducer.
  ///
  /// - Parameters:
  ///   - payments: The payment provider; the sample's by default.
  ///   - watchInterval: How often the price watch looks (it sends nothing in the sample's
  ///     session, which ends first).
  public init(payments: PaymentClient = .sample, watchInterval: Duration = .seconds(3600)) {
    self.payments = payments
    self.watchInterval = watchInterval
  }

  /// Applies `action`; `appeared` starts the price watch and `pay` the payment.
  ///
  /// - Parameters:
  ///   - state: The cart on input, the next cart on output.
  ///   - action: What happened.
  /// - Returns: The price watch, the payment, or ``Effect/none``.
  public func reduce(into state: inout CheckoutState, action: CheckoutAction)
    -> Effect<CheckoutAction>
  {
    switch action {
    case .appeared:
      state.watchingPrices = true
      let interval = watchInterval
      return .run(name: "priceWatch") { send in
        while !Task.isCancelled {
          try? await Task.sleep(for: interval)
          guard !Task.isCancelled else { return }
          await send(.pricesChecked)
        }
      }
    case .addItem(let name, let price):
      state.lines.append(.init(name: name, price: price))
      state.total += price
      return .none
    case .pay:
      let (amount, payments) = (state.total, payments)
      return .run(name: "charge") { send in
        guard let charge = try? await payments.charge(amount) else { return }
        await send(.charged(receipt: charge.receipt))
        if charge.refund > 0 { await send(.refunded(amount: charge.refund)) }
      }
    case .charged(let receipt):
      state.receipt = receipt
      return .none
    case .refunded(let amount):
      state.total -= amount
      return .none
    case .pricesChecked:
      return .none
    }
  }
}
