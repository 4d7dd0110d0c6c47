/// A command's modes and options, from their declarations: what the parser reads, help
/// and the man page list, and the completions offer.
struct FlagTable: Sendable {
  /// The modes, in the order help lists them and messages name them.
  var modes: [ModeDeclaration]
  /// The options, in the order help lists them and the "goes with" checks run.
  var options: [Flag]

  /// `replay`'s: ``ModeTable`` and ``OptionFlags``.
  static let replay = FlagTable(
    modes: ModeTable.all.map { $0.declaration }, options: OptionFlags.all)

  /// Every flag, in help's order: the flags of the modes on a log, the options, then the
  /// flags of the modes without a log.
  var flags: [Flag] {
    modes.filter(\.opensLog).compactMap(\.flag) + options
      + modes.filter { !$0.opensLog }.compactMap(\.flag)
  }

  /// The flag spelled `name` (any of its spellings).
  func flag(named name: String) -> Flag? {
    flags.first { $0.names.contains(name) }
  }

  /// The mode `flag` selects, or `nil` for an option.
  func mode(selectedBy flag: Flag) -> ModeDeclaration? {
    modes.first { $0.flag?.name == flag.name }
  }

  /// The mode without a flag: the summary.
  var defaultMode: ModeDeclaration? { modes.first { $0.flag == nil } }

  /// The modes an option goes with, in table order.
  func modes(of option: Flag) -> [ModeDeclaration] {
    modes.filter { $0.takes(option) }
  }

  /// Whether `option` goes with every mode on a log.
  func goesWithEveryModeOnALog(_ option: Flag) -> Bool {
    modes.filter(\.opensLog).allSatisfy { $0.takes(option) }
  }

  /// The modes with these ids, in table order: "--bisect", "the summary, --find or
  /// --watch".
  func names(of ids: Set<ModeID>, _ conjunction: String = "or") -> String {
    Self.list(modes.filter { ids.contains($0.id) }.map(\.name), conjunction)
  }

  /// "a", "a or b", "a, b or c".
  static func list(_ items: [String], _ conjunction: String) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
  }
}
