#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The thread `replay` does its work on: one with a large stack, so deeply
/// nested JSON and recursive jq functions (`walk`, `recurse`, `tostream`)
/// reach realistic depths before the evaluator's nesting guard stops them.
///
/// POSIX threads rather than Foundation's `Thread`: on Linux a `Thread` whose
/// stack cannot be allocated never runs and reports nothing, so waiting for
/// it would hang.
enum WorkThread {
  /// The stack size asked for first (1 GB). Only the pages a run touches
  /// cost memory; the rest is reserved address space.
  static let stackSize = 1 << 30

  /// Runs `body` on a new thread with a ``stackSize`` stack and waits for it
  /// to finish. Where that stack cannot be reserved (a low `ulimit -v`) it
  /// tries smaller ones, and in the end runs `body` on the calling thread:
  /// deep programs then fail sooner, with the same error, but still run.
  static func run<T>(_ body: @escaping () -> T) -> T {
    var result: T?
    let job = Job { result = body() }
    for size in [stackSize, stackSize / 8, 64 << 20] where start(job, stackSize: size) {
      return result!
    }
    job.body()
    return result!
  }

  /// The work handed to the thread's C entry point.
  private final class Job {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
  }

  /// Runs `job` on a new thread with a `stackSize` stack and joins it.
  /// - Returns: `false` when the thread could not be created.
  private static func start(_ job: Job, stackSize: Int) -> Bool {
    var attributes = pthread_attr_t()
    guard pthread_attr_init(&attributes) == 0 else { return false }
    defer { pthread_attr_destroy(&attributes) }
    guard pthread_attr_setstacksize(&attributes, stackSize) == 0 else { return false }
    let context = Unmanaged.passRetained(job).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
      let created = pthread_create(
        &thread, &attributes,
        { context in
          Unmanaged<Job>.fromOpaque(context).takeRetainedValue().body()
          return nil
        }, context)
      guard created == 0, let thread else {
        Unmanaged<Job>.fromOpaque(context).release()
        return false
      }
    #else
      var thread = pthread_t()
      let created = pthread_create(
        &thread, &attributes,
        { context in
          Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().body()
          return nil
        }, context)
      guard created == 0 else {
        Unmanaged<Job>.fromOpaque(context).release()
        return false
      }
    #endif
    pthread_join(thread, nil)
    return true
  }
}
