import CommandLineKit
import ReactiveTesting
import Testing

@Suite struct SpinnerTests {
  @Test func drawsNothingWhenNotATerminal() {
    let errors = BufferOutput(isTerminal: false)
    let spinner = Spinner(message: "Loading", output: errors)
    #expect(!spinner.isEnabled)
    spinner.tick()
    spinner.tick()
    spinner.stop()
    expectEqual(errors.text, "")
  }

  @Test func eachTickRedrawsTheLineWithTheNextFrame() {
    let errors = BufferOutput(isTerminal: true)
    let spinner = Spinner(message: "Loading", output: errors, frames: ["a", "b"])
    spinner.tick()
    spinner.tick()
    spinner.tick()
    #expect(errors.text == "\ra Loading" + "\rb Loading" + "\ra Loading")
  }

  @Test func shorterMessagesOverwriteLongerOnes() {
    let errors = BufferOutput(isTerminal: true)
    let spinner = Spinner(message: "Searching", output: errors, frames: ["*"])
    spinner.tick()
    spinner.update(message: "Done")
    expectEqual(errors.text, "\r* Searching")
    spinner.tick()
    #expect(errors.text == "\r* Searching" + "\r* Done     ")
  }

  @Test func stopErasesTheLineAndTickStartsAgain() {
    let errors = BufferOutput(isTerminal: true)
    let spinner = Spinner(message: "Go", output: errors, frames: ["1", "2"])
    spinner.tick()
    spinner.tick()
    spinner.stop()
    spinner.stop()
    #expect(errors.text == "\r1 Go\r2 Go" + "\r    \r")
    spinner.tick()
    #expect(errors.text.hasSuffix("\r    \r\r1 Go"))
  }

  @Test func stopBeforeAnyTickWritesNothing() {
    let errors = BufferOutput(isTerminal: true)
    Spinner(message: "Idle", output: errors).stop()
    expectEqual(errors.text, "")
  }
}
