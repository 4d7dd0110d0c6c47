import Foundation
import TimeTravel

/// A checkout whose effects cover every way an effect starts and ends: a payment that
/// sends a refund (cancellable, latest wins), an immediate `.send`, a watcher that never
/// ends, and a throwing effect whose error is caught. The lines marked `// site: NAME` are
/// the sites the tests expect, found with ``Checkout/line(_:)``.
struct Checkout: EffectReducer {
  typealias State = CheckoutState
  typealias Action = CheckoutAction

  enum CancelID: Hashable, Sendable { case payment }

  struct Declined: Error, CustomStringConvertible {
    var description: String { "card declined" }
  }

  /// How long the payment takes before it sends its refund.
  var chargeDelay: Duration = .zero
  /// The refund the payment sends (larger than the total: the bug a log shows).
  var refund = 120

  func reduce(into state: inout CheckoutState, action: CheckoutAction) -> Effect<CheckoutAction> {
    switch action {
    case .add(let amount):
      state.total += amount
      return .none
    case .pay:
      state.status = "paying"
      let (delay, refund) = (chargeDelay, refund)
      return .run(name: "charge") { send in  // site: run charge
        if delay > .zero { try? await Task.sleep(for: delay) }
        guard !Task.isCancelled else { return }
        await send(.refund(refund))  // site: send refund
      }
      .cancellable(id: CancelID.payment, cancelInFlight: true)
    case .refund(let amount):
      state.total -= amount
      state.status = "refunded"
      return .none
    case .cancelPayment:
      state.status = "cancelled"
      return .cancel(id: CancelID.payment)
    case .ping:
      return .send(.pong)  // site: send pong
    case .reorder:
      return .send(.pay)  // site: send pay
    case .pong:
      state.status = "pong"
      return .none
    case .watch:
      return .run(name: "watcher") { _ in  // site: run watcher
        try? await Task.sleep(for: .seconds(86_400))
      }
    case .fail:
      return .run(name: "flaky") { _ in  // site: run flaky
        throw Declined()
      } catch: { error, send in
        await send(.failed("\(error)"))  // site: send failed
      }
    case .failed(let message):
      state.status = message
      return .none
    }
  }

  /// The line of this file marked `// site: NAME`.
  static func line(_ name: String) -> Int {
    let source = try! String(contentsOfFile: #filePath, encoding: .utf8)
    let lines = source.components(separatedBy: "\n")
    return lines.firstIndex { $0.hasSuffix("// site: \(name)") }! + 1
  }

  /// `"site":{"file":"TimeTravelTests/Checkout.swift","line":N,"function":"reduce(into:action:)"}`
  /// for the line marked `NAME`.
  static func site(_ name: String) -> String {
    #""site":{"file":"TimeTravelTests/Checkout.swift","line":\#(line(name)),"function":"reduce(into:action:)"}"#
  }
}

struct CheckoutState: Codable, Equatable, Sendable {
  var total = 0
  var status = ""
}

enum CheckoutAction: Codable, Equatable, Sendable {
  case add(Int)
  case pay
  case refund(Int)
  case cancelPayment
  case ping
  case pong
  case reorder
  case watch
  case fail
  case failed(String)
}
