import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct EventTests {
  struct Boom: Error {}

  @Test func accessorsDescribeEachCase() {
    let next = Event<Int>.next(3)
    let failed = Event<Int>.error(Boom())
    let done = Event<Int>.completed
    #expect(next.element == 3 && next.error == nil && !next.isStopEvent && !next.isCompleted)
    #expect(
      failed.element == nil && failed.error is Boom && failed.isStopEvent && !failed.isCompleted)
    #expect(done.element == nil && done.error == nil && done.isStopEvent && done.isCompleted)
  }

  @Test func mapTurnsAThrowIntoAnError() {
    expectEqual(Event.next(2).map { $0 * 10 }.element, 20)
    let thrown = Event.next(2).map { _ -> Int in throw Boom() }
    #expect(thrown.error is Boom)
  }
}
