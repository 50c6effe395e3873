/// What a ``JournalStore`` keeps: the type of its state, the type of one change, how both
/// are written as JSON, how a change is applied, and how files of older versions are
/// brought up to date.
///
/// The store writes the state whole into the snapshot and each change as one record of the
/// journal; opening the store reads the snapshot and applies the journal's changes in order.
/// ``apply(_:to:)`` must therefore depend on nothing but the change and the state: applying
/// the same changes to the same state always gives the same state.
public protocol StoreSchema: Sendable {
  /// Everything the store holds.
  associatedtype State: Sendable
  /// One change to the state: what one journal record says.
  associatedtype Change: Sendable

  /// The schema version this code writes. Files of a lower version are migrated with
  /// ``migrations`` when the store opens them.
  static var version: Int { get }

  /// The steps from each older version to the next, in any order; ``version`` minus one
  /// steps reach ``version`` from version 1. Empty (the default) when there is only one
  /// version.
  static var migrations: [StoreMigration] { get }

  /// Appends the JSON text of `state`. Putting one element of a long list per line keeps
  /// the snapshot readable.
  static func encode(_ state: State, to writer: inout JSONWriter)

  /// Reads a state written by ``encode(_:to:)``. Errors may be ``JSONReader/Failure``s or
  /// any error whose description says what is wrong; the store adds the file's name.
  ///
  /// A long list is read fastest with ``JSONReader/array(oneElementALine:)``, which reads it
  /// in parts on several threads, its elements with
  /// ``JSONReader/object(asWritten:otherwise:)``, which reads the encoder's own form by
  /// comparing the text between the values and leaves any other form to a reader of fields
  /// in any order.
  static func decodeState(from reader: inout JSONReader) throws -> State

  /// Appends the JSON text of `change`, on one line (``JSONWriter`` escapes line breaks in
  /// strings, so that means: no line break between tokens).
  static func encode(_ change: Change, to writer: inout JSONWriter)

  /// Reads a change written by ``encode(_:to:)``.
  static func decodeChange(from reader: inout JSONReader) throws -> Change

  /// Applies `change` to `state`. Throws (leaving `state` as it was) when the change cannot
  /// apply, which only a damaged or edited journal can cause.
  static func apply(_ change: Change, to state: inout State) throws

  /// The first reason a decoded state cannot be trusted (two records with one identifier,
  /// say), or `nil`. The default accepts every state.
  static func inconsistency(in state: State) -> String?
}

extension StoreSchema {
  /// No migrations.
  public static var migrations: [StoreMigration] { [] }

  /// Every state is consistent.
  public static func inconsistency(in state: State) -> String? { nil }
}

/// How to turn the files of one schema version into those of the next.
///
/// A migration works on JSON values, not on the schema's types, which know only the current
/// version. The store reads an older snapshot's data and journal changes as ``JSONValue``s,
/// runs each migration in turn from the file's version up to the current one, decodes the
/// result, and then writes a new snapshot of the current version (an older file is kept, as
/// `<name>.json.v<version>`, next to it).
///
/// To change the format: raise ``StoreSchema/version`` to N+1, make the encoders write and
/// the decoders read version N+1, and add a migration `from: N` that rewrites a version-N
/// snapshot's data and journal change into their version-N+1 form.
public struct StoreMigration: Sendable {
  /// The version this migration reads; it produces version `from + 1`.
  public var from: Int
  /// Rewrites the data of a version-`from` snapshot.
  public var state: @Sendable (inout JSONValue) throws -> Void
  /// Rewrites one change of a version-`from` journal.
  public var change: @Sendable (inout JSONValue) throws -> Void

  /// Creates a migration from version `from` to version `from + 1`.
  public init(
    from: Int, state: @escaping @Sendable (inout JSONValue) throws -> Void,
    change: @escaping @Sendable (inout JSONValue) throws -> Void = { _ in }
  ) {
    self.from = from
    self.state = state
    self.change = change
  }
}

/// A problem found by a migration, for its ``StoreMigration/state`` or
/// ``StoreMigration/change`` closures to throw.
public struct MigrationFailure: Error, Sendable, CustomStringConvertible {
  /// What is wrong with the old data.
  public var description: String

  /// Creates the failure.
  public init(_ description: String) {
    self.description = description
  }
}

/// When a store folds its journal into a new snapshot, and how large a file it reads.
public struct StoreOptions: Sendable, Hashable {
  /// The journal is folded once it holds more bytes than this…
  public var minimumJournalBytes: Int
  /// …and more than this fraction of the snapshot's size, so that folding (whose cost grows
  /// with the data) happens less often as the data grows and each write costs the same on
  /// average.
  public var journalToSnapshotRatio: Double
  /// The largest snapshot or journal the store reads; a larger file is refused with
  /// ``StorageError/tooLarge(path:size:limit:)``.
  public var maximumFileBytes: Int
  /// Whether a snapshot that is missing once the store is open (deleted by hand, by
  /// `rm dir/*`) is created again with the initial state (`true`), or every read and write
  /// fails with ``StorageError/deleted(path:)`` until it is put back (`false`). Opening a
  /// store creates a missing snapshot either way.
  public var createsSnapshotAfterOpening: Bool
  /// For tests: an `errno` value (`EROFS`, `EACCES`) that every attempt to open the lock and
  /// wait files for writing fails with, as on a read-only file system or in a directory the
  /// process may not write, which tests running as root cannot otherwise arrange. `nil`, the
  /// default, opens them as the system allows.
  public var simulatedWriteFailure: Int32?

  /// Creates options; the defaults fold past 256 KiB and a quarter of the snapshot, read
  /// files up to 1 GiB, and create a deleted snapshot again.
  public init(
    minimumJournalBytes: Int = 256 * 1024, journalToSnapshotRatio: Double = 0.25,
    maximumFileBytes: Int = 1 << 30, createsSnapshotAfterOpening: Bool = true,
    simulatedWriteFailure: Int32? = nil
  ) {
    self.minimumJournalBytes = minimumJournalBytes
    self.journalToSnapshotRatio = journalToSnapshotRatio
    self.maximumFileBytes = maximumFileBytes
    self.createsSnapshotAfterOpening = createsSnapshotAfterOpening
    self.simulatedWriteFailure = simulatedWriteFailure
  }

  /// Whether a journal of `journalBytes` beside a snapshot of `snapshotBytes` is due to be
  /// folded.
  public func shouldCompact(journalBytes: Int, snapshotBytes: Int) -> Bool {
    journalBytes > minimumJournalBytes
      && Double(journalBytes) > Double(snapshotBytes) * journalToSnapshotRatio
  }
}
