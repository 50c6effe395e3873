import Cryptography
import Foundation
import Models
import Store

/// The app's data in a ``JournalStore``: its state (``StoreFile``), its changes, and their
/// JSON text.
///
/// The snapshot's `data` is one JSON object: the account's fields, then each feature's, with
/// one element of a list per line, so that it reads well and compares well line by line:
///
/// ```json
/// {
///   "account": {"email": "ada@example.com", "displayName": "Ada"},
///   "passwordHash": "pbkdf2-sha256$600000$<salt, base64>$<hash, base64>",
///   "loggedIn": false,
///   …
/// }
/// ```
///
/// A journal change is one object naming its `type`: `{"type": "logIn"}`, `{"type":
/// "logOut"}`, or a feature's change (the demo's friends and posts describe their fields and
/// changes in their folders).
///
/// Readers accept the fields in any order and ignore fields they do not know; every field
/// shown is required unless its feature says otherwise. The text is written and read by
/// hand rather than with `JSONEncoder`/`JSONDecoder`, which are several times slower on
/// large files.
///
/// Version 1 was the single file of the store before it had a journal: the same object with
/// `schemaVersion` and `generation` in it. Version 2 moved those two into the snapshot's
/// envelope; the migration from version 1 removes them from the data. Version 2 kept the
/// account's password in plain text in `password`; version 3 keeps only `passwordHash`
/// (see `PasswordHash`), and the migration from version 2 hashes the old password with a
/// new random salt and the full iteration count.
enum FriendsSchema: StoreSchema {
  /// One change to the Friends data.
  enum Change: Equatable, Sendable {
    case logIn
    case logOut
    // demo:begin
    case addFriend(Friend)
    case updateFriend(Friend)
    case removeFriend(id: Int)
    /// Posts to add or replace, their dates already at the millisecond.
    case savePosts([Post])
    // demo:end
  }

  static let version = 3
  /// The first version that keeps a password hash instead of the password.
  static let passwordHashVersion = 3

  static var migrations: [StoreMigration] {
    [
      StoreMigration(from: 1) { data in
        data["schemaVersion"] = nil
        data["generation"] = nil
      },
      StoreMigration(from: 2) { data in
        guard case .string(let password)? = data["password"] else {
          throw MigrationFailure("missing field password")
        }
        let hash: PasswordHash
        do {
          hash = try PasswordHash.make(password: password)
        } catch {
          throw MigrationFailure("the password could not be hashed: \(error)")
        }
        data["password"] = nil
        data["passwordHash"] = .string(hash.encoded)
      },
    ]
  }

  // MARK: - Applying

  /// A change that does not fit the data (a damaged or edited journal).
  struct Mismatch: Error, CustomStringConvertible {
    var description: String
  }

  static func apply(_ change: Change, to file: inout StoreFile) throws {
    switch change {
    case .logIn: file.loggedIn = true
    case .logOut: file.loggedIn = false
    // demo:begin
    case .addFriend(let friend):
      guard !file.friends.contains(where: { $0.id == friend.id }) else {
        throw Mismatch(description: "a friend with the identifier \(friend.id) exists")
      }
      file.insertSorted(friend)
      file.nextFriendId = max(file.nextFriendId, friend.id + 1)
    case .updateFriend(let friend):
      guard let index = file.friends.firstIndex(where: { $0.id == friend.id }) else {
        throw Mismatch(description: "no friend has the identifier \(friend.id)")
      }
      file.friends.remove(at: index)
      file.insertSorted(friend)
    case .removeFriend(let id):
      guard let index = file.friends.firstIndex(where: { $0.id == id }) else {
        throw Mismatch(description: "no friend has the identifier \(id)")
      }
      file.friends.remove(at: index)
    case .savePosts(let posts):
      LocalStore.merge(posts, into: &file)
    // demo:end
    }
  }

  static func inconsistency(in file: StoreFile) -> String? {
    file.inconsistency()
  }

  // MARK: - Writing

  static func encode(_ file: StoreFile, to writer: inout JSONWriter) {
    writer.raw("{\n  ")
    writer.key("account")
    writer.raw("{")
    writer.key("email")
    writer.string(file.account.email)
    writer.raw(", ")
    writer.key("displayName")
    writer.string(file.account.displayName)
    writer.raw("},\n  ")
    writer.key("passwordHash")
    writer.string(file.passwordHash.encoded)
    writer.raw(",\n  ")
    writer.key("loggedIn")
    writer.bool(file.loggedIn)
    // demo:begin
    writer.raw(",\n  ")
    writer.key("nextFriendId")
    writer.int(file.nextFriendId)
    writer.raw(",\n  ")
    writer.key("nextPostId")
    writer.int(file.nextPostId)
    writer.raw(",\n  ")
    writer.key("friends")
    writeList(file.friends, to: &writer, write)
    writer.raw(",\n  ")
    writer.key("posts")
    writeList(file.posts, to: &writer, write)
    // demo:end
    writer.raw("\n}")
  }

  /// `elements` as an array of one element a line (as the two-thread reader expects), or `[]`.
  private static func writeList<Element>(
    _ elements: [Element], to writer: inout JSONWriter,
    _ write: (Element, inout JSONWriter) -> Void
  ) {
    writer.raw("[")
    for (index, element) in elements.enumerated() {
      writer.raw(index == 0 ? "\n    " : ",\n    ")
      write(element, &writer)
    }
    writer.raw(elements.isEmpty ? "]" : "\n  ]")
  }

  static func encode(_ change: Change, to writer: inout JSONWriter) {
    writer.raw("{")
    writer.key("type")
    switch change {
    case .logIn: writer.raw("\"logIn\"")
    case .logOut: writer.raw("\"logOut\"")
    // demo:begin
    case .addFriend(let friend), .updateFriend(let friend):
      if case .addFriend = change {
        writer.raw("\"addFriend\", ")
      } else {
        writer.raw("\"updateFriend\", ")
      }
      writer.key("friend")
      write(friend, to: &writer)
    case .removeFriend(let id):
      writer.raw("\"removeFriend\", ")
      writer.key("id")
      writer.int(id)
    case .savePosts(let posts):
      writer.raw("\"savePosts\", ")
      writer.key("posts")
      writer.raw("[")
      for (index, post) in posts.enumerated() {
        if index > 0 { writer.raw(", ") }
        write(post, to: &writer)
      }
      writer.raw("]")
    // demo:end
    }
    writer.raw("}")
  }

  // MARK: - Reading

  /// A required field that is absent, with its place in the document.
  struct MissingField: Error, CustomStringConvertible {
    var path: String
    var description: String { "missing field \(path)" }
  }

  /// A value of the wrong kind or form, with its place in the document.
  struct BadValue: Error, CustomStringConvertible {
    var path: String
    var failure: JSONReader.Failure
    var description: String { "\(path): \(failure.description)" }
  }

  /// Reads one field's value, naming the field when the value is of the wrong kind.
  static func field<Value>(
    _ path: @autoclosure () -> String, _ reader: inout JSONReader,
    _ read: (inout JSONReader) throws -> Value
  ) throws -> Value {
    do {
      return try read(&reader)
    } catch let failure as JSONReader.Failure where failure.isAboutAValue {
      throw BadValue(path: path(), failure: failure)
    }
  }

  static func required<Value>(_ value: Value?, _ path: @autoclosure () -> String) throws
    -> Value
  {
    guard let value else { throw MissingField(path: path()) }
    return value
  }

  static func decodeState(from reader: inout JSONReader) throws -> StoreFile {
    var account: Account?
    var passwordHash: PasswordHash?
    var loggedIn: Bool?
    // demo:begin
    var nextFriendId: Int?
    var nextPostId: Int?
    var friends: [Friend]?
    var posts: [Post]?
    // demo:end
    try reader.object { reader, key in
      switch key {
      case "passwordHash":
        let text = try field(key, &reader) { try $0.string() }
        do {
          passwordHash = try PasswordHash(encoded: text)
        } catch {
          throw Mismatch(description: "passwordHash: \(error)")
        }
      case "loggedIn": loggedIn = try field(key, &reader) { try $0.bool() }
      case "account": account = try readAccount(&reader)
      // demo:begin
      case "nextFriendId": nextFriendId = try field(key, &reader) { try $0.int() }
      case "nextPostId": nextPostId = try field(key, &reader) { try $0.int() }
      case "friends":
        friends = try readList("friends", &reader) { place, reader in
          try readFriend(place, &reader)
        }
      case "posts":
        posts = try readList("posts", &reader) { place, reader in try readPost(place, &reader) }
      // demo:end
      default: try reader.skipValue()
      }
    }
    var file = StoreFile(
      account: try required(account, "account"),
      passwordHash: try required(passwordHash, "passwordHash"),
      loggedIn: try required(loggedIn, "loggedIn"))
    // demo:begin
    file.friends = try required(friends, "friends")
    file.nextFriendId = try required(nextFriendId, "nextFriendId")
    file.posts = try required(posts, "posts")
    file.nextPostId = try required(nextPostId, "nextPostId")
    // demo:end
    file.normalize()
    return file
  }

  static func decodeChange(from reader: inout JSONReader) throws -> Change {
    var type: String?
    // demo:begin
    var friend: Friend?
    var id: Int?
    var posts: [Post]?
    // demo:end
    try reader.object { reader, key in
      switch key {
      case "type": type = try field(key, &reader) { try $0.string() }
      // demo:begin
      case "friend": friend = try readFriend(Place(name: "friend"), &reader)
      case "id": id = try field(key, &reader) { try $0.int() }
      case "posts":
        posts = try readList("posts", &reader) { place, reader in try readPost(place, &reader) }
      // demo:end
      default: try reader.skipValue()
      }
    }
    switch try required(type, "type") {
    case "logIn": return .logIn
    case "logOut": return .logOut
    // demo:begin
    case "addFriend": return .addFriend(try required(friend, "friend"))
    case "updateFriend": return .updateFriend(try required(friend, "friend"))
    case "removeFriend": return .removeFriend(id: try required(id, "id"))
    case "savePosts": return .savePosts(try required(posts, "posts"))
    // demo:end
    case let other: throw Mismatch(description: "unknown change type \"\(other)\"")
    }
  }

  private static func readAccount(_ reader: inout JSONReader) throws -> Account {
    var email: String?
    var displayName: String?
    try field("account", &reader) { reader in
      try reader.object { reader, key in
        switch key {
        case "email": email = try field("account.email", &reader) { try $0.string() }
        case "displayName":
          displayName = try field("account.displayName", &reader) { try $0.string() }
        default: try reader.skipValue()
        }
      }
    }
    return Account(
      email: try required(email, "account.email"),
      displayName: try required(displayName, "account.displayName"))
  }

  /// Where a value is in the document, such as `posts[3]`; said only when something is
  /// wrong with it, so that reading builds no text.
  struct Place: CustomStringConvertible {
    var name: String
    var index: Int?
    var description: String { index.map { "\(name)[\($0)]" } ?? name }
  }

  static func readList<Element: Sendable>(
    _ name: String, _ reader: inout JSONReader,
    _ element: @Sendable (_ place: Place, inout JSONReader) throws -> Element
  ) throws -> [Element] {
    try field(name, &reader) { reader in
      try reader.array(oneElementALine: { index, reader in
        try element(Place(name: name, index: index), &reader)
      })
    }
  }

  /// Reads the object at `place`, calling `read` with each field it knows (others are
  /// skipped) and naming the field when its value is of the wrong kind.
  static func readFields<Field: RawRepresentable<Int>>(
    _ names: JSONReader.FieldNames, _ place: Place, _ reader: inout JSONReader,
    _ read: (Field, inout JSONReader) throws -> Void
  ) throws {
    try field(place.description, &reader) { reader in
      try reader.object(names) { reader, index in
        guard let field = index.flatMap(Field.init(rawValue:)) else {
          return try reader.skipValue()
        }
        do {
          try read(field, &reader)
        } catch let failure as JSONReader.Failure where failure.isAboutAValue {
          throw BadValue(path: "\(place).\(field)", failure: failure)
        }
      }
    }
  }
}
