extension ObservableType {
  /// A sequence that owns a resource for as long as its subscription lives.
  ///
  /// For each subscription, `resourceFactory` creates the resource and `observableFactory` builds
  /// the sequence from it; the resource is disposed once, right after the sequence's terminal
  /// event is delivered or when the subscription is disposed, whichever comes first. An error
  /// thrown by either factory ends the sequence with that error (and still disposes the
  /// resource, if it was created).
  @inlinable
  public static func using<Resource: Disposable>(
    _ resourceFactory: @escaping () throws -> Resource,
    observableFactory: @escaping (Resource) throws -> Observable<Element>
  ) -> Observable<Element> {
    Producer((resourceFactory, observableFactory)) { payload, sink, lifetime in
      let resource: Disposable
      let source: Observable<Element>
      do {
        let created = try payload.0()
        resource = Disposables.create(with: { created.dispose() })
        do { source = try payload.1(created) } catch {
          sink(.error(error))
          resource.dispose()
          return Disposables.create()
        }
      } catch {
        sink(.error(error))
        return Disposables.create()
      }
      let subscription = source.run(
        { event in
          sink(event)
          if event.isStopEvent { resource.dispose() }
        }, lifetime)
      return Disposables.create(with: {
        subscription.dispose()
        resource.dispose()
      })
    }
  }
}
