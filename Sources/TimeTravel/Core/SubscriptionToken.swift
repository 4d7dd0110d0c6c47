/// Identifies one ``Store/subscribe(_:)`` registration, for ``Store/unsubscribe(_:)``.
public struct SubscriptionToken: Hashable, Sendable {
  let id: Int
}
