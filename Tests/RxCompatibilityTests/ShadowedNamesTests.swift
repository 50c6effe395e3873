import RxCocoa
import RxSwift
import Testing

/// A type of this module that has the name of an RxSwift type: code in this position writes
/// `RxSwift.Observable` to mean the reactive one.
private struct Observable {
  let name: String
}

extension RxSwift.ObservableType where Element == Int {
  /// An extension written on a module-qualified protocol.
  fileprivate func doubled() -> RxSwift.Observable<Int> { map { $0 * 2 } }
}

@Suite struct ShadowedNamesTests {
  @Test func aModuleQualifiedNameReachesPastALocalTypeOfTheSameName() {
    let local = Observable(name: "local")
    let reactive = RxSwift.Observable<Int>.just(21).doubled()
    var received: [Int] = []
    _ = reactive.subscribe(onNext: { received.append($0) })
    #expect(local.name == "local")
    #expect(received == [42])
  }

  @Test func relaysResolveThroughRxCocoaAlone() {
    let relay = RxRelay.PublishRelay<Int>()
    var received: [Int] = []
    _ = relay.subscribe(onNext: { received.append($0) })
    relay.accept(1)
    #expect(received == [1])
  }
}
