#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A POSIX thread of a scan, with a stack as large as the command line's work thread
/// (1 GB reserved, touched only as used), so that a jq program evaluated on a worker
/// reaches the same nesting depth as on the calling thread and stops with the same error.
///
/// POSIX threads rather than Foundation's `Thread`: on Linux a `Thread` whose stack cannot
/// be allocated never runs and reports nothing, so waiting for it would hang.
final class ScanWorker {
  /// The stack sizes tried, largest first (a low `ulimit -v` refuses the first).
  static let stackSizes = [1 << 30, 1 << 27, 64 << 20]

  private let body: () -> Void
  #if canImport(Darwin)
    private var thread: pthread_t?
  #else
    private var thread = pthread_t()
  #endif
  private var started = false

  private init(_ body: @escaping () -> Void) { self.body = body }

  /// Starts `body` on a new thread, or returns `nil` when no thread can be created.
  static func start(_ body: @escaping () -> Void) -> ScanWorker? {
    let worker = ScanWorker(body)
    for size in stackSizes where worker.start(stackSize: size) { return worker }
    return nil
  }

  private func start(stackSize: Int) -> Bool {
    var attributes = pthread_attr_t()
    guard pthread_attr_init(&attributes) == 0 else { return false }
    defer { pthread_attr_destroy(&attributes) }
    guard pthread_attr_setstacksize(&attributes, stackSize) == 0 else { return false }
    let context = Unmanaged.passRetained(self).toOpaque()
    #if canImport(Darwin)
      let created = pthread_create(
        &thread, &attributes,
        { context in
          Unmanaged<ScanWorker>.fromOpaque(context).takeRetainedValue().body()
          return nil
        }, context)
    #else
      let created = pthread_create(
        &thread, &attributes,
        { context in
          Unmanaged<ScanWorker>.fromOpaque(context!).takeRetainedValue().body()
          return nil
        }, context)
    #endif
    guard created == 0 else {
      Unmanaged<ScanWorker>.fromOpaque(context).release()
      return false
    }
    started = true
    return true
  }

  /// Waits for the thread to end.
  func join() {
    guard started else { return }
    #if canImport(Darwin)
      if let thread { pthread_join(thread, nil) }
    #else
      pthread_join(thread, nil)
    #endif
    started = false
  }
}
