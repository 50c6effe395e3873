import Foundation
import Models
import Navigator
import ReactiveCore
import ReactiveTesting
import Services
import ServicesTesting
import Testing
import ViewModels

/// The __phrase__ form and list, on a virtual clock where one tick is a millisecond, over a
/// fake service whose calls take 100 ms: one input and one message per declared field.
@Suite @MainActor struct __Feature__ViewModelTests {
  typealias Form = RecordFormViewModel<__Feature__Item>
  typealias Draft = __Feature__Draft

  /// Runs the form with each field's text given at `at` ms and "Save" tapped at 500 ms; returns
  /// each field's messages and the outcomes.
  static func run(
    _ clock: TestScheduler, _ service: InMemoryRecordsService<__Feature__Item>,
    texts: [String: String]
  ) -> (messages: [String: TestableObserver<String?>], outcomes: TestableObserver<Form.SaveOutcome>)
  {
    let messages = Dictionary(
      uniqueKeysWithValues: Draft.fields.map { ($0.name, clock.createObserver(String?.self)) })
    let outcomes = clock.createObserver(Form.SaveOutcome.self)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let output = Form(service: service, mode: .add).transform(
        .init(
          fields: texts.mapValues { clock.createHotObservable([.next(200, $0)]).asObservable() },
          saveTaps: clock.createHotObservable([.next(500, ())]).asObservable()))
      clock.scheduleAt(0) {
        for (name, observer) in messages {
          output.messages[name]?.drive(observer).disposed(by: bag)
        }
        output.outcome.emit(to: outcomes).disposed(by: bag)
      }
      clock.start()
    }
    return (messages, outcomes)
  }

  @Test func eachFieldsExampleIsSaved() {
    let clock = TestScheduler.milliseconds()
    let service = InMemoryRecordsService<__Feature__Item>(scheduler: clock)
    let run = Self.run(
      clock, service,
      texts: Dictionary(uniqueKeysWithValues: Draft.fields.map { ($0.name, $0.example) }))

    expectEqual(
      service.items.map { $0.draft.labelledTexts.map(\.text) }, [Draft.fields.map(\.example)])
    expectEqual(run.outcomes.events, service.items.map { .next(600, .saved($0)) })
    for field in Draft.fields {
      expectEqual(run.messages[field.name]?.events, [.next(0, nil)], "\(field.name)")
    }
  }

  @Test func aTextOfTheWrongTypeIsItsFieldsMessageAndSavesNothing() {
    let clock = TestScheduler.milliseconds()
    let service = InMemoryRecordsService<__Feature__Item>(scheduler: clock)
    let run = Self.run(
      clock, service,
      texts: Dictionary(
        uniqueKeysWithValues: Draft.fields.map { ($0.name, $0.typeName == "String" ? "" : "?") }))

    for field in Draft.fields where field.typeName != "String?" {
      let message =
        field.typeName == "String"
        ? "\(field.label) cannot be empty." : "\(field.label) must be \(field.expected), got '?'."
      expectEqual(run.messages[field.name]?.events, [.next(0, nil), .next(500, message)])
    }
    expectEqual(run.outcomes.events.count, 1)
    #expect(service.items.isEmpty)
  }
}
