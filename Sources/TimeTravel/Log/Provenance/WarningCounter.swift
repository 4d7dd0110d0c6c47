/// Warnings of a few kinds, the first ``listedPerKind`` of each kept and the rest
/// counted: so that a log whose every entry or record has the same problem (a ring log
/// whose causes were dropped, a trimmed log whose effect ends lost their starts) does not
/// bury a summary, and every kind is still named with its lines.
struct WarningCounter<Kind: Hashable> {
  /// How many warnings of a kind are listed before the rest are counted.
  static var listedPerKind: Int { 3 }

  private var order: [Kind] = []
  private var listed: [Kind: [LogWarning]] = [:]
  /// How many there were of each kind, and the last one's line.
  private var counts: [Kind: (count: Int, lastLine: Int?)] = [:]
  /// The line of the first warning of each kind that is counted, not listed.
  private var firstCounted: [Kind: Int] = [:]

  /// Notes `warning`, of `kind`.
  mutating func add(_ kind: Kind, _ warning: LogWarning) {
    var count = counts[kind] ?? (0, nil)
    if count.count == 0 { order.append(kind) }
    count.count += 1
    count.lastLine = warning.line ?? count.lastLine
    counts[kind] = count
    if count.count <= Self.listedPerKind {
      listed[kind, default: []].append(warning)
    } else if count.count == Self.listedPerKind + 1 {
      firstCounted[kind] = warning.line
    }
  }

  /// The listed warnings and, for each kind with more, one that counts the rest (`and 4
  /// more entries whose causes are not in the log, the last on line 90`) at the line of
  /// the first of them; in line order, kinds in the order first seen on a line.
  ///
  /// - Parameter counted: The words after "and N more" for a kind and a count (`"entries
  ///   whose causes are not in the log"`).
  func warnings(counted: (Kind, Int) -> String) -> [LogWarning] {
    var warnings: [LogWarning] = []
    for kind in order {
      let list = listed[kind] ?? []
      warnings += list
      let (count, lastLine) = counts[kind] ?? (0, nil)
      let more = count - list.count
      guard more > 0 else { continue }
      let last = lastLine.map { ", the last on line \($0)" } ?? ""
      warnings.append(
        LogWarning(
          line: firstCounted[kind] ?? list.last?.line,
          message: "and \(more) more \(counted(kind, more))\(last)"))
    }
    return warnings.enumerated().sorted {
      ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset)
    }.map(\.element)
  }
}
