// The platform-specific part of the MEM workload.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's resident memory in bytes, or `nil` where it cannot be read.
func residentBytes() -> UInt64? {
  #if os(Linux)
    // /proc/self/statm: total program size, then resident pages, …
    guard let file = fopen("/proc/self/statm", "r") else { return nil }
    defer { fclose(file) }
    var size: UInt64 = 0
    var resident: UInt64 = 0
    guard
      withUnsafeMutablePointer(
        to: &size,
        { sizePointer in
          withUnsafeMutablePointer(to: &resident) { residentPointer in
            readTwoNumbers(file, sizePointer, residentPointer)
          }
        })
    else { return nil }
    return resident * UInt64(sysconf(Int32(_SC_PAGESIZE)))
  #elseif canImport(Darwin)
    var info = mach_task_basic_info()
    var count = mach_msg_type_number_t(
      MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
    let status = withUnsafeMutablePointer(to: &info) {
      $0.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
        task_info(mach_task_self_, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
      }
    }
    return status == KERN_SUCCESS ? UInt64(info.resident_size) : nil
  #else
    return nil
  #endif
}

/// Returns freed heap memory to the system where the allocator allows it, so that each pass
/// of MEM starts from the same resident size.
func releaseFreeMemory() {
  #if os(Linux)
    // glibc's malloc_trim, looked up at run time: the C module does not export it.
    typealias Trim = @convention(c) (Int) -> Int32
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
      _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }
  #endif
}

#if os(Linux)
  /// Reads the first two decimal numbers of `file`.
  private func readTwoNumbers(
    _ file: UnsafeMutablePointer<FILE>, _ first: UnsafeMutablePointer<UInt64>,
    _ second: UnsafeMutablePointer<UInt64>
  ) -> Bool {
    var numbers: [UInt64] = []
    var current: UInt64 = 0
    var inNumber = false
    while numbers.count < 2 {
      let character = fgetc(file)
      if character >= 48 && character <= 57 {
        current = current * 10 + UInt64(character - 48)
        inNumber = true
      } else {
        if inNumber { numbers.append(current) }
        current = 0
        inNumber = false
        if character == EOF { break }
      }
    }
    guard numbers.count == 2 else { return false }
    first.pointee = numbers[0]
    second.pointee = numbers[1]
    return true
  }
#endif
