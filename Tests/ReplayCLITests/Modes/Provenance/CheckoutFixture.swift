import Foundation
import TestSupport

/// `Fixtures/checkout-session.jsonl`: a checkout whose payment effect (`charge`, started by
/// entry 4, `pay`) sends a refund larger than the total (entry 6), with a price watch
/// (started by entry 1) still running when the log ends.
enum CheckoutFixture {
  static let path = Repo.root.appendingPathComponent("Fixtures/checkout-session.jsonl").path

  /// The `site` member of a call in the checkout sample's `file` at `line`.
  static func site(_ file: String, _ line: Int, _ function: String) -> String {
    #"{"file":"CheckoutSample/\#(file)","line":\#(line),"function":"\#(function)"}"#
  }

  static let payTapped = site("CheckoutView.swift", 29, "payTapped()")
  static let addTapped = site("CheckoutView.swift", 24, "addTapped(_:price:)")
  static let refundSend = site("CheckoutReducer.swift", 58, "reduce(into:action:)")
  static let chargeRun = site("CheckoutReducer.swift", 55, "reduce(into:action:)")
  static let priceWatchRun = site("CheckoutReducer.swift", 42, "reduce(into:action:)")
}
