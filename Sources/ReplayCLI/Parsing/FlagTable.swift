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

  /// The long spelling closest to `name`, a spelling of no flag of three letters or more,
  /// when it is one slip away (a letter missed, added, changed, or two swapped: `--wacth`,
  /// `--fnd`) or two for a name of more than eight letters, and no other flag's spelling is
  /// as close; `nil` otherwise.
  /// Suggested after an unknown option, as git suggests a command.
  func closestName(to name: String) -> String? {
    // Three letters at least: two are as close to too many names (`--wh`: `--why`? `--where`?).
    guard name.hasPrefix("--"), name.count >= 5 else { return nil }
    let limit = name.count > 10 ? 2 : 1
    var best: (flag: String, spelling: String, distance: Int, tied: Bool)?
    for flag in flags {
      for spelling in flag.names where spelling.hasPrefix("--") {
        let distance = Self.distance(Array(name.utf8), Array(spelling.utf8))
        guard distance <= limit else { continue }
        if let current = best {
          if current.distance < distance { continue }
          if current.distance == distance {
            // Two spellings of one flag (`--color`, `--colour`) are no tie.
            if current.flag != flag.name { best!.tied = true }
            continue
          }
        }
        best = (flag.name, spelling, distance, false)
      }
    }
    guard let best, !best.tied else { return nil }
    return best.spelling
  }

  /// The optimal string alignment distance of `a` and `b`: the insertions, deletions,
  /// substitutions and swaps of two neighbours that turn one into the other.
  /// O(`a.count` × `b.count`).
  static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
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
