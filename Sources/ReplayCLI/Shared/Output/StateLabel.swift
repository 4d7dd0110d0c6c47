/// A state as output names it: `init`, or the number of the entry it follows. The JSON
/// record writes the string `"init"` or the number, so every number can be typed back.
enum StateLabel: Encodable, Equatable, Sendable {
  case initial
  case after(Int)

  /// `init` or the number.
  var name: String {
    switch self {
    case .initial: StateName.initialWord
    case .after(let number): String(number)
    }
  }

  /// "state 53", or "the initial state (init)".
  var text: String {
    switch self {
    case .initial: "the initial state (init)"
    case .after: "state \(name)"
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .initial: try container.encode(StateName.initialWord)
    case .after(let number): try container.encode(number)
    }
  }
}

extension Context {
  /// The label of the state at `position`: `init` for 0, else the entry's number.
  func stateLabel(_ position: Int) -> StateLabel {
    position == 0 ? .initial : .after(log.numbering.number(atPosition: position))
  }
}
