import TimeTravel

/// What `--find` reports: the entries on which the expression holds, without their
/// states.
struct FindOutput: ModeOutput {
  var entries: [LogEntry]

  var record: [EntryRecord] { entries.map(EntryRecord.init) }

  var exitCode: Int32 { entries.isEmpty ? ExitCode.notFound : ExitCode.success }

  func text(_ style: TextStyle) -> String {
    var text = FindMode.heading(entries.count)
    for entry in entries { text += "  " + style.listing(entry) + "\n" }
    return text
  }
}
