/// Where a dispatched action came from, when an effect sent it rather than the user.
///
/// Recorded as an entry's `origin` member, `{"cause":3,"effect":"login","id":2}`: the
/// `seq` of the entry whose reducer returned the effect, the effect's name (or
/// cancellation id), and, when the recorder writes effect records, the id of the effect's
/// run, which names its start and end records (see <doc:LogFormat#Effect-records>). It
/// makes asynchronous chains readable in a log, and tells replay that the action is fed
/// from the log, not re-created by running the effect again.
public struct ActionOrigin: Sendable, Equatable, Codable {
  /// The effect's name, its cancellation id, or `"send"` for `Effect.send`.
  public var effect: String
  /// The `seq` of the entry whose effect sent the action.
  public var cause: Int
  /// The number of the effect's run in its store (1, 2, …), as its effect records name it;
  /// `nil` when unknown.
  public var id: Int?

  /// Creates an origin.
  ///
  /// - Parameters:
  ///   - effect: The effect's name.
  ///   - cause: The `seq` of the entry whose reducer returned the effect.
  ///   - id: The effect run's number, when there is one.
  public init(effect: String, cause: Int, id: Int? = nil) {
    self.effect = effect
    self.cause = cause
    self.id = id
  }

  private enum CodingKeys: String, CodingKey {
    case cause, effect, id
  }

  /// Decodes `{"cause":K,"effect":NAME}` with an optional integer `id`.
  ///
  /// - Parameter decoder: Holds the object.
  /// - Throws: `DecodingError` when `cause` or `effect` is missing or mistyped.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    effect = try container.decode(String.self, forKey: .effect)
    cause = try container.decode(Int.self, forKey: .cause)
    id = try container.decodeIfPresent(Int.self, forKey: .id)
  }

  /// Encodes `cause`, `effect` and, when known, `id`; a `nil` id is left out, whatever
  /// the encoder does with other `nil`s, so origins without one keep their old bytes.
  ///
  /// - Parameter encoder: Receives the object.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(cause, forKey: .cause)
    try container.encode(effect, forKey: .effect)
    if let id { try container.encode(id, forKey: .id) }
  }
}
