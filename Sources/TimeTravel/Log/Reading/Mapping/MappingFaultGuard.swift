#if os(Linux)
  import Glibc
  import Synchronization

  /// Keeps a read-only file mapping from killing the process when its file shrinks.
  ///
  /// A page of a mapping that lies past its file's end raises `SIGBUS` when it is touched:
  /// a log truncated while it is read (a copytruncate rotation, a recorder starting a new
  /// session over it) would kill `replay` mid-scan. The guard's `SIGBUS` handler, when
  /// the faulting address lies in a mapping registered here, maps a page of zeros over
  /// the faulting page (`mmap(2)` with `MAP_FIXED | MAP_ANONYMOUS`, a system call, safe in
  /// a handler), records the lowest such page in the mapping's slot, and returns, so the
  /// access is retried and reads zeros. The reader then checks ``firstCut(_:)`` after
  /// each stretch it read and reads again, with `pread(2)`, whatever lay at or past it:
  /// no zero byte is ever taken for the log's.
  ///
  /// Any other `SIGBUS` goes to the handler installed before (the Swift runtime's crash
  /// reporter, say), or, when that was the default, ends the process as it would have.
  ///
  /// The registry is a fixed array of ``slotCount`` slots of atomics: the handler reads
  /// it without locks or allocation. A mapping that finds no free slot is not used.
  enum MappingFaultGuard {
    /// The most mappings registered at once: one per open log file.
    static let slotCount = 64

    /// What ``firstCut(_:)`` says of a mapping no fault has cut.
    static let uncut = Int.max

    /// Per slot: the mapping's base address (0 when free), its length in bytes, and the
    /// offset of the lowest page a fault replaced (``uncut`` when none).
    // Unsafe: the pointers never change; what they point to is atomic.
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<Atomic<Int>> = {
      let slots = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: slotCount * 3)
      for i in 0..<slotCount {
        (slots + 3 * i).initialize(to: Atomic(0))
        (slots + 3 * i + 1).initialize(to: Atomic(0))
        (slots + 3 * i + 2).initialize(to: Atomic(uncut))
      }
      return slots
    }()

    /// Which slots are taken (registration only; the handler reads the base addresses).
    nonisolated(unsafe) private static let taken: UnsafeMutablePointer<Atomic<Bool>> = {
      let taken = UnsafeMutablePointer<Atomic<Bool>>.allocate(capacity: slotCount)
      for i in 0..<slotCount { (taken + i).initialize(to: Atomic(false)) }
      return taken
    }()

    /// The page size, read once before the handler is installed.
    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// The disposition of `SIGBUS` before the guard's, for the faults that are not its (set
    /// once as the guard installs; a test's child process sets its own).
    nonisolated(unsafe) static var previous = sigaction()

    /// Whether the handler is installed; the first use installs it.
    private static let installed: Bool = {
      // Touch what the handler reads, so that no lazy initialisation runs in it.
      _ = slots
      _ = pageSize
      var action = sigaction()
      action.__sigaction_handler.sa_sigaction = { signal, info, context in
        MappingFaultGuard.handle(signal, info, context)
      }
      action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART
      sigemptyset(&action.sa_mask)
      return sigaction(SIGBUS, &action, &previous) == 0
    }()

    /// Registers the mapping at `base` of `length` bytes, installing the handler on first
    /// use; returns its slot, or `nil` when every slot is taken or the handler cannot be
    /// installed (the caller then reads without a mapping).
    static func register(base: UnsafeRawPointer, length: Int) -> Int? {
      guard installed else { return nil }
      for i in 0..<slotCount
      where taken[i].compareExchange(expected: false, desired: true, ordering: .acquiring)
        .exchanged
      {
        slots[3 * i + 1].store(length, ordering: .relaxed)
        slots[3 * i + 2].store(uncut, ordering: .relaxed)
        slots[3 * i].store(Int(bitPattern: base), ordering: .releasing)
        return i
      }
      return nil
    }

    /// Forgets slot `slot`'s mapping; call it before unmapping, so that the handler never
    /// claims a later mapping at the same addresses.
    static func unregister(_ slot: Int) {
      slots[3 * slot].store(0, ordering: .sequentiallyConsistent)
      taken[slot].store(false, ordering: .releasing)
    }

    /// The offset in slot `slot`'s mapping of the lowest page a fault replaced with zeros
    /// (its file was cut there or below), or ``uncut``.
    static func firstCut(_ slot: Int) -> Int {
      slots[3 * slot + 2].load(ordering: .acquiring)
    }

    /// The handler: zeros over a faulting page of a registered mapping, else the previous
    /// disposition. Async-signal-safe: atomics and system calls only.
    private static func handle(
      _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?,
      _ context: UnsafeMutableRawPointer?
    ) {
      if let info, info.pointee.si_code > 0 {
        let address = Int(bitPattern: info.pointee._sifields._sigfault.si_addr)
        for i in 0..<slotCount {
          let base = slots[3 * i].load(ordering: .acquiring)
          guard base != 0, address >= base,
            address - base < slots[3 * i + 1].load(ordering: .relaxed)
          else { continue }
          let page = (address - base) & ~(pageSize - 1)
          // Recorded before the zeros are mapped: a reader that sees them sees this.
          var first = slots[3 * i + 2].load(ordering: .relaxed)
          while page < first {
            let (exchanged, now) = slots[3 * i + 2].compareExchange(
              expected: first, desired: page, ordering: .sequentiallyConsistent)
            if exchanged { break }
            first = now
          }
          let zeros = mmap(
            UnsafeMutableRawPointer(bitPattern: base + page), pageSize, PROT_READ,
            MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
          if zeros != MAP_FAILED { return }
          break
        }
      }
      forward(signal, info, context)
    }

    /// Hands a `SIGBUS` that is not the guard's to the disposition before it.
    private static func forward(
      _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?,
      _ context: UnsafeMutableRawPointer?
    ) {
      if previous.sa_flags & SA_SIGINFO != 0,
        let handler = previous.__sigaction_handler.sa_sigaction
      {
        handler(signal, info, context)
        return
      }
      let handler = previous.__sigaction_handler.sa_handler
      let bits = unsafeBitCast(handler, to: Int.self)
      if let handler, bits != unsafeBitCast(SIG_IGN, to: Int.self) {
        handler(signal)
        return
      }
      // The default (or ignoring, which the kernel overrides for a fault): put it back
      // and raise again; the signal, blocked while this runs, ends the process on return.
      sigaction(SIGBUS, &previous, nil)
      raise(signal)
    }
  }
#endif
