import Testing
@testable import TimeTravel

@Test func formatVersion() { #expect(TimeTravel.logFormatVersion == 1) }
