import BundledReducers
import Foundation
import ReplayCLI

// Prints replay's manual page (`make` writes it to .build/generated/replay.1). Its date is
// SOURCE_DATE_EPOCH's day when that is set (reproducible-builds.org; the Makefile sets it
// to the last commit's time), so the same sources give the same page; today otherwise.
let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(TimeInterval.init)
print(
  ReplayCommand.manualPage(
    reducers: BundledReducers.registry,
    date: epoch.map { Date(timeIntervalSince1970: $0) } ?? Date()),
  terminator: "")
