import CheckoutSample
import Foundation

// Records the checkout sample's session (a payment effect that refunds more than the total,
// a price watch left running) to the path given, by default checkout-session.jsonl:
// `swift run checkout-sample`, then `replay checkout-session.jsonl --why 6`.
let path = CommandLine.arguments.dropFirst().first ?? "checkout-session.jsonl"
try await CheckoutSession.record(to: URL(fileURLWithPath: path))
print("recorded \(path)")
