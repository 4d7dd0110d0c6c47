import TimeTravel

/// The model of the Elm counter whose debugger history `replay --reducer elm-counter`
/// replays: a count and a name.
public struct ElmCounterModel: Codable, Sendable, Equatable {
  /// The count.
  public var count: Int
  /// The name last set.
  public var name: String
  /// A model (0 and `""` by default, Elm's `init`).
  /// - Parameters:
  ///   - count: The count.
  ///   - name: The name.
  public init(count: Int = 0, name: String = "") {
    self.count = count
    self.name = name
  }
}

/// The Elm counter's `Msg`, decoded from Elm's JSON for custom types: `$` is the
/// constructor, `a`, `b`, … its arguments (`{"$":"SetName","a":"bob"}`).
public enum ElmCounterMsg: Decodable, Sendable, Equatable {
  /// `{"$":"Increment"}`.
  case increment
  /// `{"$":"Decrement"}`.
  case decrement
  /// `{"$":"SetName","a":"bob"}`.
  case setName(String)

  private enum Key: String, CodingKey {
    case constructor = "$"
    case a
  }

  /// Decodes `{"$":"Increment"}`, `{"$":"Decrement"}` and `{"$":"SetName","a":…}`.
  /// - Parameter decoder: Holds one message.
  /// - Throws: `DecodingError` for another constructor, as Elm's debugger refuses a
  ///   history whose message type does not match the program.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    let constructor = try container.decode(String.self, forKey: .constructor)
    switch constructor {
    case "Increment": self = .increment
    case "Decrement": self = .decrement
    case "SetName": self = .setName(try container.decode(String.self, forKey: .a))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .constructor, in: container,
        debugDescription: "Main.Msg has no constructor \(constructor)")
    }
  }
}

/// The Elm counter's `update`, commands dropped.
public struct ElmCounterReducer: Reducer {
  /// The reducer.
  public init() {}

  /// Applies one message.
  /// - Parameters:
  ///   - state: The model.
  ///   - action: The message.
  public func reduce(into state: inout ElmCounterModel, action: ElmCounterMsg) {
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    case .setName(let name): state.name = name
    }
  }
}
