/// A command-line mistake: exit code 2, the message, then the usage.
struct UsageError: Error, Equatable {
  var message: String
}
