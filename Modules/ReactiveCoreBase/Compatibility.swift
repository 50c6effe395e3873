import Foundation

/// RxSwift's name for the integer types `range` and `timer` accept.
public typealias RxAbstractInteger = FixedWidthInteger

/// RxSwift's alias of `Observable`, for code that has its own type named `Observable`.
public typealias RxObservable<Element> = Observable<Element>

/// RxSwift's base class of its disposables; kept so that subclasses written for RxSwift compile.
open class DisposeBase {
  /// Creates the base.
  public init() {}
}

/// Something that decodes values from data, such as `JSONDecoder`.
public protocol DataDecoder {
  /// Decodes a value of `type` from `data`.
  func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}

extension ObservableType where Element == Data {
  /// Decodes each element with `decoder`; a decoding error ends the sequence with that error.
  public func decode<Item: Decodable, Decoder: DataDecoder>(type: Item.Type, decoder: Decoder)
    -> Observable<Item>
  {
    map { try decoder.decode(type, from: $0) }
  }
}

extension ObservableType {
  /// Renamed `catch(_:)` in RxSwift 6.
  @available(*, deprecated, renamed: "catch(_:)")
  public func catchError(_ handler: @escaping (Swift.Error) throws -> Observable<Element>)
    -> Observable<Element>
  {
    self.catch(handler)
  }

  /// Renamed `catchAndReturn(_:)` in RxSwift 6.
  @available(*, deprecated, renamed: "catchAndReturn(_:)")
  public func catchErrorJustReturn(_ element: Element) -> Observable<Element> {
    catchAndReturn(element)
  }

  /// Renamed `element(at:)` in RxSwift 6.
  @available(*, deprecated, renamed: "element(at:)")
  public func elementAt(_ index: Int) -> Observable<Element> {
    element(at: index)
  }

  /// Renamed `skip(until:)` in RxSwift 6.
  @available(*, deprecated, renamed: "skip(until:)")
  public func skipUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
    skip(until: other)
  }

  /// Renamed `skip(while:)` in RxSwift 6.
  @available(*, deprecated, renamed: "skip(while:)")
  public func skipWhile(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
    skip(while: predicate)
  }

  /// Renamed `take(until:)` in RxSwift 6.
  @available(*, deprecated, renamed: "take(until:)")
  public func takeUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
    take(until: other)
  }

  /// Renamed `take(until:behavior:)` in RxSwift 6.
  @available(*, deprecated, renamed: "take(until:behavior:)")
  public func takeUntil(
    _ behavior: TakeBehavior, predicate: @escaping (Element) throws -> Bool
  ) -> Observable<Element> {
    take(until: predicate, behavior: behavior)
  }

  /// Renamed `take(while:)` in RxSwift 6.
  @available(*, deprecated, renamed: "take(while:)")
  public func takeWhile(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
    take(while: predicate)
  }
}

/// Foundation objects (and every subclass) have the `.rx` namespace, as in RxSwift, so
/// extensions such as `extension Reactive where Base: NotificationCenter` apply to them.
extension NSObject: ReactiveCompatible {}

#if !canImport(Darwin)
  // Outside Apple's platforms, Foundation's `NotificationCenter` is not an `NSObject`.
  extension NotificationCenter: ReactiveCompatible {}
#endif

extension Reactive where Base: NotificationCenter {
  /// The notifications named `name` (all of them when `nil`) posted by `object` (by anyone
  /// when `nil`), delivered on the posting thread, for as long as the subscription lives.
  public func notification(_ name: Notification.Name?, object: AnyObject? = nil)
    -> Observable<Notification>
  {
    // The center is thread-safe; the observer and the token are used by the posting thread
    // and by `dispose`, as RxSwift does.
    let center = UncheckedSendable(base)
    let sender = UncheckedSendable(object)
    return Observable.create { observer in
      let forward = UncheckedSendable(observer)
      let token = center.value.addObserver(forName: name, object: sender.value, queue: nil) {
        forward.value.on(.next($0))
      }
      let registration = UncheckedSendable(token)
      return Disposables.create(with: { center.value.removeObserver(registration.value) })
    }
  }
}
