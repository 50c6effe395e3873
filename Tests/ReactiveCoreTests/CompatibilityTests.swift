import Foundation
import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct CompatibilityTests {
  final class Label: ReactiveCompatible {
    var text = ""
  }

  struct Payload: Decodable, Equatable {
    let name: String
  }

  @Test @MainActor func aKeyPathBinderOfTheRxNamespaceSetsTheProperty() {
    let label = Label()
    let subscription = Observable.of("a", "b").bind(to: label.rx.text)
    subscription.dispose()
    expectEqual(label.text, "b")
  }

  @Test func decodeTurnsDataIntoValuesAndFailsOnBadData() {
    var names: [String] = []
    var failure: Error?
    _ = Observable.of(Data(#"{"name":"Ada"}"#.utf8), Data("nope".utf8))
      .decode(type: Payload.self, decoder: JSONDecoder())
      .subscribe(onNext: { names.append($0.name) }, onError: { failure = $0 })
    expectEqual(names, ["Ada"])
    #expect(failure is DecodingError)
  }
}
