import Foundation
import ReactiveTesting
import Testing

@testable import Store

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading a whole file, which reads a large one in two halves side by side: the same bytes,
/// from the file's offset, whatever size was expected.
@Suite struct ReadAllTests {
  private func withFile<T>(_ bytes: [UInt8], _ body: (String) throws -> T) throws -> T {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("read-all-\(UUID().uuidString)").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
  }

  private func read(_ path: String, from offset: Int = 0, sizeHint: Int) throws -> [UInt8] {
    let descriptor = try POSIXFile.openForReading(path)
    defer { close(descriptor) }
    expectEqual(lseek(descriptor, off_t(offset), SEEK_SET), off_t(offset))
    let bytes = try POSIXFile.readAll(descriptor, sizeHint: sizeHint)
    // The offset is left at the end of the file.
    expectEqual(lseek(descriptor, 0, SEEK_CUR), off_t(offset + bytes.count))
    return bytes
  }

  /// Where two byte lists first differ, said in a few words: two lists of megabytes compared
  /// with `==` in an expectation would be printed whole.
  private func difference(_ read: [UInt8], _ expected: [UInt8]) -> String? {
    if let index = (0..<min(read.count, expected.count)).first(where: { read[$0] != expected[$0] })
    {
      return "byte \(index) is \(read[index]), not \(expected[index])"
    }
    return read.count == expected.count ? nil : "\(read.count) bytes, not \(expected.count)"
  }

  @Test func aLargeFileReadsTheSameInHalves() throws {
    let size = 3 * CRC32.twoThreadsFrom + 7
    // No two neighbouring mebibytes alike, so that a half read into the wrong place shows.
    let bytes = (0..<size).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 11) }
    try withFile(bytes) { path throws in
      let whole = try read(path, sizeHint: size)
      #expect(difference(whole, bytes) == nil)
      // From an offset; a file larger than expected, or smaller.
      let rest = try read(path, from: 12_345, sizeHint: size - 12_345)
      #expect(difference(rest, Array(bytes[12_345...])) == nil)
      let larger = try read(path, sizeHint: CRC32.twoThreadsFrom)
      #expect(difference(larger, bytes) == nil)
      let smaller = try read(path, sizeHint: 2 * size)
      #expect(difference(smaller, bytes) == nil)
      let tail = try read(path, from: size - 10, sizeHint: 2 * CRC32.twoThreadsFrom)
      #expect(difference(tail, Array(bytes[(size - 10)...])) == nil)
    }
  }
}
