import Foundation
import ReactiveCore
import ReactiveTesting
import Testing

@testable import ReactiveCoreBase

@Suite struct DebugTests {
  final class Lines: @unchecked Sendable {  // used from one thread
    var lines: [String] = []
  }

  @Test func logsSubscriptionEventsAndDisposalWithATimestamp() throws {
    try expectNoLeaks { () throws in
      let lines = Lines()
      let subject = PublishSubject<Int>()
      let subscription = subject.debug("numbers", trimOutput: false) { lines.lines.append($0) }
        .subscribe(onNext: { _ in })
      subject.onNext(1)
      subject.onCompleted()
      subscription.dispose()
      let messages = lines.lines.map {
        $0.split(separator: ": ", maxSplits: 1).last.map(String.init)
      }
      expectEqual(
        messages,
        [
          "numbers -> subscribed", "numbers -> Event next(1)", "numbers -> Event completed",
          "numbers -> isDisposed",
        ])
      let stamp = try #require(lines.lines.first?.split(separator: ": ").first)
      expectEqual(stamp.count, "2024-05-01 14:03:07.125".count)
      #expect(stamp.contains("-") && stamp.contains(":") && stamp.contains("."))
    }
  }

  @Test func trimsLongEventsAndStopsLoggingAfterDisposal() {
    expectNoLeaks {
      let lines = Lines()
      let subject = PublishSubject<String>()
      let subscription = subject.debug("id", trimOutput: true) { lines.lines.append($0) }
        .subscribe(onNext: { _ in })
      subject.onNext(String(repeating: "x", count: 100))
      subscription.dispose()
      subject.onNext("after")
      expectEqual(lines.lines.count, 3)
      let event = lines.lines[1]
      #expect(event.contains("..."))
      #expect(event.count < 100)
    }
  }

  @Test func publicDebugMirrorsTheSequence() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      recorder.record(Observable.of(1, 2).debug())
      expectEqual(recorder.log, ["1", "2", "completed"])
    }
  }
}
