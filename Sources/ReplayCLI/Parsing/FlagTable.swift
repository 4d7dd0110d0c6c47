/// The flags of a command, in the order help lists them and the "goes with" checks run.
struct FlagTable: Sendable {
  var flags: [Flag]

  /// The flag spelled `name` (any of its spellings).
  func flag(named name: String) -> Flag? {
    flags.first { $0.names.contains(name) }
  }

  /// The flag that selects `kind`.
  func flag(selecting kind: ModeKind) -> Flag? {
    flags.first { $0.mode == kind }
  }

  /// How messages and help name a mode: its flag, or "the summary" for the mode
  /// without one.
  func name(of kind: ModeKind) -> String {
    flag(selecting: kind)?.name ?? "the summary"
  }

  /// The modes in `modes`, in table order: "--bisect", "the summary, --find or --watch".
  func names(of modes: Set<ModeKind>, _ conjunction: String = "or") -> String {
    Self.list(ModeKind.allCases.filter(modes.contains).map(name(of:)), conjunction)
  }

  /// "a", "a or b", "a, b or c".
  static func list(_ items: [String], _ conjunction: String) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
  }
}
