import Foundation

// Hand-written only because Foundation's `IndexSet` encoding is not a plain array; the
// shape otherwise matches what the compiler would synthesize, so logs read naturally.
extension TodoAction: Codable {
  private enum CodingKeys: String, CodingKey {
    case addTodo, toggleTodo, deleteTodos, setFilter, setLoading
  }

  private enum AddTodoKeys: String, CodingKey { case id, title }
  private enum ToggleTodoKeys: String, CodingKey { case id }
  private enum DeleteTodosKeys: String, CodingKey { case atOffsets }
  private enum UnlabeledKeys: String, CodingKey { case _0 }

  /// Decodes the single-key object shape described on ``TodoAction``.
  ///
  /// - Parameter decoder: The source.
  /// - Throws: `DecodingError.dataCorrupted` unless exactly one known case key is
  ///   present; other `DecodingError`s for malformed payloads (including negative offsets).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: container.codingPath,
          debugDescription: "Expected exactly one TodoAction case key"))
    }
    switch key {
    case .addTodo:
      let payload = try container.nestedContainer(keyedBy: AddTodoKeys.self, forKey: key)
      self = .addTodo(
        id: try payload.decode(String.self, forKey: .id),
        title: try payload.decode(String.self, forKey: .title))
    case .toggleTodo:
      let payload = try container.nestedContainer(keyedBy: ToggleTodoKeys.self, forKey: key)
      self = .toggleTodo(id: try payload.decode(String.self, forKey: .id))
    case .deleteTodos:
      let payload = try container.nestedContainer(keyedBy: DeleteTodosKeys.self, forKey: key)
      let offsets = try payload.decode([Int].self, forKey: .atOffsets)
      guard offsets.allSatisfy({ $0 >= 0 }) else {
        throw DecodingError.dataCorruptedError(
          forKey: .atOffsets, in: payload, debugDescription: "Offsets must not be negative")
      }
      self = .deleteTodos(atOffsets: IndexSet(offsets))
    case .setFilter:
      let payload = try container.nestedContainer(keyedBy: UnlabeledKeys.self, forKey: key)
      self = .setFilter(try payload.decode(Filter.self, forKey: ._0))
    case .setLoading:
      let payload = try container.nestedContainer(keyedBy: UnlabeledKeys.self, forKey: key)
      self = .setLoading(try payload.decode(Bool.self, forKey: ._0))
    }
  }

  /// Encodes the single-key object shape described on ``TodoAction``.
  ///
  /// - Parameter encoder: The destination.
  /// - Throws: Only what `encoder` throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .addTodo(let id, let title):
      var payload = container.nestedContainer(keyedBy: AddTodoKeys.self, forKey: .addTodo)
      try payload.encode(id, forKey: .id)
      try payload.encode(title, forKey: .title)
    case .toggleTodo(let id):
      var payload = container.nestedContainer(keyedBy: ToggleTodoKeys.self, forKey: .toggleTodo)
      try payload.encode(id, forKey: .id)
    case .deleteTodos(let offsets):
      var payload = container.nestedContainer(keyedBy: DeleteTodosKeys.self, forKey: .deleteTodos)
      try payload.encode(Array(offsets), forKey: .atOffsets)
    case .setFilter(let filter):
      var payload = container.nestedContainer(keyedBy: UnlabeledKeys.self, forKey: .setFilter)
      try payload.encode(filter, forKey: ._0)
    case .setLoading(let isLoading):
      var payload = container.nestedContainer(keyedBy: UnlabeledKeys.self, forKey: .setLoading)
      try payload.encode(isLoading, forKey: ._0)
    }
  }
}
