import CommandLineKit
import ReactiveTesting
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct WriteFailureTests {
  /// A descriptor every write to fails (EBADF): /dev/null opened for reading only.
  private static func unwritableDescriptor() throws -> Int32 {
    let descriptor = open("/dev/null", O_RDONLY)
    try #require(descriptor >= 0)
    return descriptor
  }

  @Test func aFailedWriteIsRememberedAndStopsFurtherWrites() throws {
    let descriptor = try Self.unwritableDescriptor()
    defer { close(descriptor) }
    let output = FileOutput(descriptor: descriptor)
    #expect(output.writeFailure == nil)
    output.writeLine("Ada Lovelace")
    let copy = output
    expectEqual(copy.writeFailure, String(cString: strerror(EBADF)))
  }

  @Test func lostOutputIsAnErrorWithStatusOne() async throws {
    let descriptor = try Self.unwritableDescriptor()
    defer { close(descriptor) }
    let errors = BufferOutput()
    let console = Console(output: FileOutput(descriptor: descriptor), errors: errors)
    let code = await SampleProgram.program.run(["list"], console: console) { _ in
      console.output.writeLine("1  Ada Lovelace")
      return .success
    }
    expectEqual(code, .failure)
    expectEqual(errors.text, "error: write error: \(String(cString: strerror(EBADF)))\n")
    // Help that cannot be written fails the same way.
    let helpErrors = BufferOutput()
    let help = Console(output: FileOutput(descriptor: descriptor), errors: helpErrors)
    expectEqual(
      SampleProgram.program.runSynchronously(["--help"], console: help) { _ in .success }, .failure)
    #expect(helpErrors.text.hasPrefix("error: write error: "))
  }

  @Test func outputThatArrivesIsNotAnError() async {
    let errors = BufferOutput()
    let console = Console(output: BufferOutput(), errors: errors)
    let code = await SampleProgram.program.run(["list"], console: console) { _ in .success }
    #expect(code == .success && errors.text == "")
  }
}
