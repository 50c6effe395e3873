import ReactiveCore

/// When a form shows a field's message, the same in every form: not on a form nobody has
/// typed in yet, but as soon as the field is left or a save is tried, and while typing once
/// the text has stayed refused for ``typingPause`` (a phone number one digit short, a pasted
/// name too long); from then on the message follows the text as it changes.
public enum FieldMessages {
  /// How long a refused text rests, while it is typed, before its message shows: long
  /// enough not to flash a message at each key of a value being typed.
  public static let typingPause: RxTimeInterval = .milliseconds(500)

  /// `messages` (the problem with the field's text as it is now, `nil` when it is valid) as
  /// the field shows them: `nil` until `reveals` emits (the field left, a save tried) or the
  /// text typed after its first value rests refused for ``typingPause`` on the drivers'
  /// scheduler; then each message as the text changes. Each of `resets` (a form that starts
  /// again, emptied, after a save) hides the message again, as on a new form.
  static func shown(
    texts: Observable<String>, messages: Observable<String?>, reveals: Observable<Void>,
    resets: Observable<Void> = .empty()
  ) -> Driver<String?> {
    let messages = messages.share(replay: 1)
    let refusedWhileTyping = texts.distinctUntilChanged().skip(1)
      .debounce(typingPause, scheduler: SharingScheduler.make())
      .withLatestFrom(messages)
      .compactMap { $0 }
      .map { _ in () }
    let isShown = Observable.merge(.just(()), resets).flatMapLatest { _ in
      Observable.merge(reveals, refusedWhileTyping).take(1).map { _ in true }.startWith(false)
    }
    return Observable.combineLatest(messages, isShown) { message, shown in
      shown ? message : nil
    }
    .asDriver(onErrorJustReturn: nil).distinctUntilChanged()
  }
}
