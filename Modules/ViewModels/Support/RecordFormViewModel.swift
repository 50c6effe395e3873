import Models
import Navigator
import ReactiveCore
import Services

/// The add and edit form of any record whose draft declares its fields
/// (`DeclaredDraft`): one text input, one initial text and one message per declared
/// field, "Save", and an input that takes a whole draft at once and answers with its
/// ``SaveOutcome`` (for a command line).
///
/// Each field's text is read by the field's type: a text that is not one ("abc" for an
/// integer) is the field's message, as is the first rule the field breaks. A message shows
/// once its field was left (``Input/leftFields``), a save tried or a refused text typed and
/// left to rest (``FieldMessages``), so a new form does not open with a problem in each
/// field. "Save" is enabled while every field is valid and
/// nothing is saving; a tap saves the fields of that moment.
///
/// An edit saves from the revision the form loaded, or from the one its last save stored (so
/// does an add form that saves twice: it updates what it added). When the record was changed
/// elsewhere since, the save is refused and ``Output/conflict`` says so.
public struct RecordFormViewModel<Record: DeclaredRecord>: ViewModelType {
  /// The draft: the declared fields.
  public typealias Draft = Record.Draft

  /// Whether the form adds a record or edits one.
  public enum Mode: Hashable, Sendable {
    /// Add a record (a second save updates what the first added).
    case add
    /// Add one record after another, on a form that stays open: each save adds a new
    /// record, and the fields start again from the initial draft.
    case addEach
    /// Edit the record with this id.
    case edit(id: Int)
  }

  /// How a save ended; the fields that break a rule are named as declared.
  public typealias SaveOutcome = FormOutcome<Record, String>

  /// What the user does.
  public struct Input {
    /// Each declared field's text as it is typed, by the field's name; a field not given
    /// keeps its initial value.
    public var fields: [String: Observable<String>]
    /// Taps on "Save".
    public var saveTaps: Observable<Void>
    /// The name of each field the user left: its message shows from then on.
    public var leftFields: Observable<String>
    /// Whole drafts to save at once, each answered in ``Output/outcome``.
    public var drafts: Observable<Draft>

    /// Creates the input; each stream defaults to one that never emits.
    public init(
      fields: [String: Observable<String>] = [:], saveTaps: Observable<Void> = .never(),
      leftFields: Observable<String> = .never(), drafts: Observable<Draft> = .never()
    ) {
      self.fields = fields
      self.saveTaps = saveTaps
      self.leftFields = leftFields
      self.drafts = drafts
    }
  }

  /// What the form shows.
  public struct Output {
    /// The values to fill the fields with: the initial draft to add (again after each save
    /// of ``Mode/addEach``), the record's to edit.
    public var initialValues: Driver<Draft>
    /// Each declared field's initial text, by name.
    public var initialTexts: [String: Driver<String>]
    /// Each declared field's message, by name: `nil` while it is valid, or before it is
    /// shown (see ``FieldMessages``).
    public var messages: [String: Driver<String?>]
    /// Whether "Save" can be tapped.
    public var isSaveEnabled: Driver<Bool>
    /// Whether loading or saving runs.
    public var isLoading: Driver<Bool>
    /// A failed load or save (but a conflict, which is ``conflict``).
    public var errorMessage: Signal<String>
    /// "Entry 3 was changed elsewhere." after a save refused for that; `nil` before and
    /// after the next save.
    public var conflict: Driver<String?>
    /// How each save ended, that of a tap or of a whole draft.
    public var outcome: Signal<SaveOutcome>
    /// Each record saved.
    public var saved: Signal<Record>
    /// "Added flour." or "Saved flour." once a save succeeded (``Confirmation``), naming
    /// the record as a list does.
    public var savedMessage: Signal<String>
    /// Back after a save.
    public var route: Signal<Route>
  }

  /// The form's title for `mode`: "Add entry", "Edit entry".
  public static func title(for mode: Mode) -> String {
    switch mode {
    case .add, .addEach: return "Add \(Draft.recordWord)"
    case .edit: return "Edit \(Draft.recordWord)"
    }
  }

  /// "Entry 3 was changed elsewhere.": a save refused because the record changed since.
  public static func conflictText(id: Int) -> String {
    "\(Draft.recordWord.prefix(1).uppercased() + Draft.recordWord.dropFirst()) \(id) "
      + "was changed elsewhere."
  }

  /// The draft of `texts` (by field name) over `base`, and the message of each field whose
  /// text is not a value of its type.
  public static func read(_ texts: [String: String], over base: Draft) -> (
    draft: Draft, typeErrors: [String: String]
  ) {
    var draft = base
    var typeErrors: [String: String] = [:]
    for field in Draft.fields {
      guard let text = texts[field.name] else { continue }
      do throws(FieldError) {
        try field.set(text, in: &draft)
      } catch {
        typeErrors[field.name] = error.description
      }
    }
    return (draft.trimmed, typeErrors)
  }

  private let service: any RecordsService<Record>
  private let mode: Mode

  /// Creates the form over `service`.
  public init(service: any RecordsService<Record>, mode: Mode) {
    self.service = service
    self.mode = mode
  }

  /// Builds the form's chains.
  public func transform(_ input: Input) -> Output {
    let activity = ActivityTracker()
    let loads: Observable<Outcome<Record, String>>
    switch mode {
    case .add, .addEach: loads = .empty()
    case .edit(let id):
      loads = activity.track(service.record(id: id)).asObservable()
        .outcomes { isNotFound($0) ? Record.missingText(id: id) : describe($0) }
        .share(replay: 1)
    }
    let loaded = loads.values().share(replay: 1)
    // What the next save starts from: the record as loaded, then as each save stored it
    // (but each save of `addEach` adds anew).
    let savedRecords = PublishRelay<Record>()
    let initialValues: Observable<Draft>
    switch mode {
    case .add: initialValues = .just(Draft())
    case .addEach: initialValues = savedRecords.map { _ in Draft() }.startWith(Draft())
    case .edit: initialValues = loaded.map(\.draft).share(replay: 1)
    }

    // The texts typed so far, read over the initial values.
    let typed = Observable.merge(
      input.fields.map { name, texts in texts.map { (name, $0) } }
    )
    .scan([String: String]()) { texts, change in texts.merging([change.0: change.1]) { $1 } }
    .startWith([:])
    let forms = Observable.combineLatest(initialValues, typed) { base, texts in
      let (draft, typeErrors) = Self.read(texts, over: base)
      return (draft: draft, problems: draft.problems.merging(typeErrors) { $1 })
    }
    .share(replay: 1)

    let base =
      mode == .addEach
      ? .just(nil)
      : Observable.merge(loaded, savedRecords.asObservable()).map { Optional($0) }
        .startWith(nil).share(replay: 1)
    let tapped = input.saveTaps.withLatestFrom(forms)
    let whole = input.drafts.map { draft in
      let draft = draft.trimmed
      return (draft: draft, problems: draft.problems)
    }
    let saves = Observable.merge(tapped, whole).withLatestFrom(base) { ($0, $1) }
      .flatMapFirst { [service, mode] form, base -> Observable<SaveOutcome> in
        guard form.problems.isEmpty else { return .just(.refused(form.problems)) }
        let save: Single<Record>
        if let base {
          save = service.update(base.updated(with: form.draft, revision: base.revision))
        } else if case .edit = mode {
          return .just(.failed("The \(Draft.recordWord) is not loaded yet."))
        } else {
          save = service.add(form.draft)
        }
        return activity.track(save).asObservable().map { SaveOutcome.saved($0) }
          .catch { error in
            if case ServiceError.changedElsewhere(let id) = error {
              return .just(.conflict(Self.conflictText(id: id)))
            }
            return .just(.failed("Could not save: \(describe(error))"))
          }
      }
      .do(onNext: { if case .saved(let record) = $0 { savedRecords.accept(record) } })
      .share()
    let saved = saves.compactMap { outcome -> Record? in
      if case .saved(let record) = outcome { return record }
      return nil
    }

    // A field's message shows once the field was left, a save tried or a refused text typed,
    // and stays.
    let leftFields = input.leftFields.share()
    let saveTries = Observable.merge(input.saveTaps, input.drafts.map { _ in () }).share()
    var messages: [String: Driver<String?>] = [:]
    var initialTexts: [String: Driver<String>] = [:]
    for field in Draft.fields {
      let name = field.name
      messages[name] = FieldMessages.shown(
        texts: input.fields[name] ?? .empty(), messages: forms.map { $0.problems[name] },
        reveals: Observable.merge(leftFields.filter { $0 == name }.map { _ in () }, saveTries),
        resets: mode == .addEach ? saved.map { _ in () } : .empty())
      initialTexts[name] = initialValues.map { field.text(of: $0) }
        .asDriver(onErrorDriveWith: .empty())
    }

    return Output(
      initialValues: initialValues.asDriver(onErrorDriveWith: .empty()),
      initialTexts: initialTexts,
      messages: messages,
      isSaveEnabled: Observable.combineLatest(forms, activity.isActive.asObservable()) {
        $0.problems.isEmpty && !$1
      }
      .startWith(false).asDriver(onErrorJustReturn: false).distinctUntilChanged(),
      isLoading: activity.isActive,
      errorMessage: Observable.merge(
        loads.failures(),
        saves.compactMap { outcome -> String? in
          if case .failed(let message) = outcome { return message }
          return nil
        }
      )
      .asSignal(onErrorSignalWith: .empty()),
      conflict: saves.map { outcome -> String? in
        if case .conflict(let message) = outcome { return message }
        return nil
      }
      .startWith(nil).asDriver(onErrorJustReturn: nil).distinctUntilChanged(),
      outcome: saves.asSignal(onErrorSignalWith: .empty()),
      saved: saved.asSignal(onErrorSignalWith: .empty()),
      savedMessage: saved.map { [mode] record in
        let name = RecordListViewModel<Record>.title(of: record)
        return mode == .add || mode == .addEach
          ? Confirmation.added(name) : Confirmation.saved(name)
      }
      .asSignal(onErrorSignalWith: .empty()),
      route: saved.map { _ in Route.back }.asSignal(onErrorSignalWith: .empty()))
  }
}
