import Foundation

extension ReplayCommand {
  /// The manual page `replay.1`: man(7) source for `man`, groff or mandoc, generated from
  /// the declarations `--help` is generated from (every flag of the table with its help,
  /// the modes it goes with and its other spellings; the help's prose on expressions,
  /// exit codes and the log format), with ENVIRONMENT, FILES, EXAMPLES and SEE ALSO.
  ///
  /// `make install` installs it as `share/man/man1/replay.1`, written by the
  /// `replay-manual` executable. The text is the same for the same arguments: only
  /// `date` varies it, so a reproducible build passes a fixed one.
  /// - Parameters:
  ///   - reducers: The reducers this `replay` registers, named under `--reducer` as
  ///     `--help` names them; none by default.
  ///   - date: The day in the page's footer, written `yyyy-MM-dd` in UTC; now by default.
  /// - Returns: The page's roff source, lines ending in `\n`, ASCII only (other
  ///   characters as `\[uXXXX]`).
  public static func manualPage(reducers: ReducerRegistry = ReducerRegistry(), date: Date = Date())
    -> String
  {
    let help = HelpText(table: .replay, reducers: reducers.names)
    return ManualPage(help: help, date: day(date)).text
  }

  /// `date`'s day in UTC: `2026-01-05`.
  private static func day(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: date)
  }
}
