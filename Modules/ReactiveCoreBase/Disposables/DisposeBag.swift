/// Disposes everything added to it when it is deallocated.
///
/// The usual owner of a screen's subscriptions: when the screen goes, the bag goes, and every
/// subscription ends. Adding to a bag is thread-safe.
public final class DisposeBag: @unchecked Sendable {  // `disposables` guarded by `lock`
  private let lock = Lock()
  @exclusivity(unchecked) private var disposables: [Disposable] = []

  /// Creates an empty bag.
  public init() {}

  /// Creates a bag holding `disposables`.
  public convenience init(disposing disposables: Disposable...) {
    self.init(disposing: disposables)
  }

  /// Creates a bag holding `disposables`.
  public init(disposing disposables: [Disposable]) {
    self.disposables = disposables
  }

  /// Creates a bag from a builder block of disposables.
  public convenience init(@DisposableBuilder builder: () -> [Disposable]) {
    self.init(disposing: builder())
  }

  /// Adds a disposable to the bag.
  public func insert(_ disposable: Disposable) {
    lock.withLock { disposables.append(disposable) }
  }

  /// Adds disposables to the bag.
  public func insert(_ disposables: Disposable...) {
    insert(disposables)
  }

  /// Adds disposables to the bag.
  public func insert(_ disposables: [Disposable]) {
    lock.withLock { self.disposables.append(contentsOf: disposables) }
  }

  /// Adds the disposables of a builder block to the bag.
  public func insert(@DisposableBuilder builder: () -> [Disposable]) {
    insert(builder())
  }

  deinit {
    for disposable in disposables { disposable.dispose() }
  }

  /// Builds an array of disposables from a block of expressions.
  @resultBuilder
  public struct DisposableBuilder {
    /// Collects the disposables of the block.
    public static func buildBlock(_ disposables: Disposable...) -> [Disposable] { disposables }
  }
}
