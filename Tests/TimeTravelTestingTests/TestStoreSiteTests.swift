import Foundation
import TestSupport
import Testing
import TimeTravelTesting

@testable import TimeTravel

/// A reducer whose effect sends a wrong action: the lines marked `// site: NAME` are the
/// sites the failures name.
private struct Payment: EffectReducer {
  typealias State = PaymentState
  typealias Action = PaymentAction

  func reduce(into state: inout PaymentState, action: PaymentAction) -> Effect<PaymentAction> {
    switch action {
    case .pay:
      return .run(name: "charge") { send in
        await send(.refund(120))  // site: refund
      }
    case .refund(let amount):
      state.total -= amount
      return .none
    }
  }

  static func line(_ name: String) -> Int {
    let source = try! String(contentsOfFile: #filePath, encoding: .utf8)
    return source.components(separatedBy: "\n").firstIndex { $0.hasSuffix("// site: \(name)") }!
      + 1
  }
}

private struct PaymentState: Codable, Equatable, Sendable { var total = 100 }

private enum PaymentAction: Codable, Equatable, Sendable {
  case pay
  case refund(Int)
}

@MainActor
struct TestStoreSiteTests {
  @Test func aReceivedActionsMismatchNamesTheEffectAndTheSiteOfItsSend() async {
    let store = TestStore(initialState: PaymentState(), reducer: Payment())
    store.send(.pay)
    let site = "TimeTravelTestingTests/TestStoreSiteTests.swift:\(Payment.line("refund"))"
    await withKnownIssue {
      await store.receive(.refund(120)) { $0.total = 80 }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        A state change does not match expectation: …

            {
          −   "total": 80
          +   "total": -20  // /total
            }

        (Expected: −, Actual: +)

        The received action was sent by the effect "charge" at \(site).
        """
      ]
    }
    await store.finish()
  }

  /// A test store records the test's own lines as the sites of its sends.
  @Test func aRecordingTestStoreLogsTheTestsLines() async throws {
    let writer = MemoryLogWriter()
    let recorder = try LogRecorder(
      writer: writer, app: "Pay", stateType: "S", actionType: "A", writesHeader: false,
      recordsSites: true, recordsEffects: true)
    let store = TestStore(
      Store(initialState: PaymentState(), reducer: Payment(), recorder: recorder))
    let line = #line + 1
    store.send(.pay)
    await store.receive(.refund(120)) { $0.total = -20 }
    await store.finish()
    let lines = writer.lines
    #expect(lines.count == 4)
    #expect(
      lines[0].contains(
        #""site":{"file":"TimeTravelTestingTests/TestStoreSiteTests.swift","line":\#(line),"function":"aRecordingTestStoreLogsTheTestsLines()"}"#
      ))
    #expect(
      lines[2].contains(
        #""site":{"file":"TimeTravelTestingTests/TestStoreSiteTests.swift","line":\#(Payment.line("refund")),"function":"reduce(into:action:)"}"#
      ))
  }
}
