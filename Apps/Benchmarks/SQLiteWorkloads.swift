import Foundation
import LocalBackend
import Models

#if SQLite
  import CSQLite
#endif

// The SQLite side of S-load: the same posts (the demo's, 20 friends beside them) in a SQLite
// database in WAL mode, one row a post with the post's five columns, read into memory as
// `Post`s through SQLite's C API. Its checksum equals S-load's at the same size: the same rows
// in the same order. Built only with the package's SQLite trait, so that nothing else needs
// SQLite's library:
//
//   swift run -c release --traits SQLite benchmarks S-load-100k SQL-load-100k

/// For each size, SQL-load: SQLite reading what S-load reads.
func sqliteWorkloads(sizes: [(label: String, posts: Int)]) -> [Workload] {
  sizes.map { size in
    #if SQLite
      Workload.prepared(
        "SQL-load-\(size.label)", size: size.posts, unit: "load",
        "SQLite (WAL): open the database of n posts and read its posts", prepare: sqliteLoad)
    #else
      Workload(
        id: "SQL-load-\(size.label)", size: size.posts,
        summary: "SQLite (WAL): open the database of n posts and read its posts"
      ) { options in
        line(
          "SQL-load-\(size.label)", n: options.size ?? size.posts,
          fields: ["not run: build with --traits SQLite (see Apps/Benchmarks/README.md)"])
      }
    #endif
  }
}

#if SQLite
  /// A failure of SQLite's, with its message.
  struct SQLiteError: Error, CustomStringConvertible {
    let description: String
  }

  /// An open SQLite database, closed when released.
  private final class SQLiteDatabase {
    let handle: OpaquePointer

    init(path: String) throws {
      var handle: OpaquePointer?
      let status = sqlite3_open_v2(
        path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
      guard status == SQLITE_OK, let handle else {
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
        sqlite3_close(handle)
        throw SQLiteError(description: "sqlite3_open_v2 \(path): \(message)")
      }
      self.handle = handle
    }

    deinit { sqlite3_close(handle) }

    /// Runs `sql`, statements that return no rows.
    func execute(_ sql: String) throws {
      var message: UnsafeMutablePointer<CChar>?
      guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
        defer { sqlite3_free(message) }
        throw SQLiteError(description: message.map { String(cString: $0) } ?? "sqlite3_exec")
      }
    }

    /// A prepared statement of `sql`, finalized after `body`.
    func withStatement<Result>(
      _ sql: String, _ body: (OpaquePointer) throws -> Result
    ) throws -> Result {
      var statement: OpaquePointer?
      guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement
      else {
        throw SQLiteError(description: "prepare: \(String(cString: sqlite3_errmsg(handle)))")
      }
      defer { sqlite3_finalize(statement) }
      return try body(statement)
    }

    func error(_ what: String) -> SQLiteError {
      SQLiteError(description: "\(what): \(String(cString: sqlite3_errmsg(handle)))")
    }
  }

  /// The destructor argument that tells SQLite to copy a bound value.
  private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

  /// SQL-load: opens the database of `n` posts and reads every post into memory. Times the
  /// opening and the read, per load.
  func sqliteLoad(_ n: Int) throws -> PreparedWorkload {
    let directory = try TemporaryDirectory()
    let path = directory.url.appendingPathComponent("posts.sqlite").path
    do {
      try seedDatabase(path: path, posts: n)
    } catch {
      directory.remove()
      throw error
    }
    return PreparedWorkload(
      pass: {
        var database: SQLiteDatabase?
        var posts: [Post] = []
        let nanoseconds = try measureThrowing {
          let opened = try SQLiteDatabase(path: path)
          posts = try readPosts(opened)
          database = opened
        }
        // Closed after the measurement, as S-load releases its store.
        withExtendedLifetime(database) {}
        return Pass(nanoseconds: nanoseconds, checksum: postsChecksum(posts), steps: 1)
      }, finish: directory.remove)
  }

  /// Every post of the database, newest first, as a store snapshot lists them.
  private func readPosts(_ database: SQLiteDatabase) throws -> [Post] {
    try database.withStatement(
      "SELECT id, author_id, author_name, text, date FROM posts ORDER BY id DESC"
    ) { statement in
      var posts: [Post] = []
      while true {
        let status = sqlite3_step(statement)
        if status == SQLITE_DONE { break }
        guard status == SQLITE_ROW else { throw database.error("step") }
        posts.append(
          Post(
            id: Int(sqlite3_column_int64(statement, 0)),
            authorId: Int(sqlite3_column_int64(statement, 1)),
            authorName: text(statement, 2), text: text(statement, 3),
            date: Date(timeIntervalSince1970: sqlite3_column_double(statement, 4))))
      }
      return posts
    }
  }

  /// The text in column `column` of the current row.
  private func text(_ statement: OpaquePointer, _ column: Int32) -> String {
    guard let bytes = sqlite3_column_text(statement, column) else { return "" }
    let count = Int(sqlite3_column_bytes(statement, column))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  /// A database in WAL mode at `path` holding the posts of a demo store of `posts` posts.
  private func seedDatabase(path: String, posts count: Int) throws {
    let store = try TemporaryDirectory()
    defer { store.remove() }
    let posts = try LocalStore(
      directory: store.url, seed: .demo(friendCount: 20, postCount: count)
    ).snapshot().posts
    let database = try SQLiteDatabase(path: path)
    try database.execute(
      """
      PRAGMA journal_mode=WAL;
      CREATE TABLE posts (id INTEGER PRIMARY KEY, author_id INTEGER NOT NULL,
        author_name TEXT NOT NULL, text TEXT NOT NULL, date REAL NOT NULL);
      BEGIN;
      """)
    try database.withStatement("INSERT INTO posts VALUES (?, ?, ?, ?, ?)") { statement in
      for post in posts {
        sqlite3_bind_int64(statement, 1, Int64(post.id))
        sqlite3_bind_int64(statement, 2, Int64(post.authorId))
        sqlite3_bind_text(statement, 3, post.authorName, -1, transient)
        sqlite3_bind_text(statement, 4, post.text, -1, transient)
        sqlite3_bind_double(statement, 5, post.date.timeIntervalSince1970)
        guard sqlite3_step(statement) == SQLITE_DONE else { throw database.error("insert") }
        sqlite3_reset(statement)
      }
    }
    try database.execute("COMMIT;")
  }
#endif
