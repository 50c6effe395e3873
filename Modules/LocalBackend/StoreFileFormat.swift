import Foundation
import Models

/// Reads and writes the JSON text of `store.json`.
///
/// The file is one JSON object with one friend or post per line, so that it reads well and
/// compares well line by line:
///
/// ```json
/// {
///   "schemaVersion": 1,
///   "generation": 42,
///   "account": {"email": "ada@example.com", "displayName": "Ada"},
///   "password": "correct horse",
///   "loggedIn": false,
///   "nextFriendId": 21,
///   "nextPostId": 101,
///   "friends": [
///     {"id": 17, "firstName": "Samuel", "lastName": "Adeyemi", "phoneNumber": "+234 803 555 0917"}
///   ],
///   "posts": [
///     {"id": 100, "authorId": 3, "authorName": "Hanna Virtanen", "date": "2024-03-04T10:15:00Z", "text": "…"}
///   ]
/// }
/// ```
///
/// Readers accept the fields in any order and ignore fields they do not know; every field
/// shown is required. The text is written and read by hand rather than with
/// `JSONEncoder`/`JSONDecoder`, which are several times slower on large files.
enum StoreFileFormat {
  /// The JSON text of `file`.
  static func encode(_ file: StoreFile) -> Data {
    var writer = JSONWriter(capacity: 1024 + file.friends.count * 110 + file.posts.count * 170)
    writer.raw("{\n  ")
    writer.key("schemaVersion")
    writer.int(file.schemaVersion)
    writer.raw(",\n  ")
    writer.key("generation")
    writer.int(file.generation)
    writer.raw(",\n  ")
    writer.key("account")
    writer.raw("{")
    writer.key("email")
    writer.string(file.account.email)
    writer.raw(", ")
    writer.key("displayName")
    writer.string(file.account.displayName)
    writer.raw("},\n  ")
    writer.key("password")
    writer.string(file.password)
    writer.raw(",\n  ")
    writer.key("loggedIn")
    writer.bool(file.loggedIn)
    writer.raw(",\n  ")
    writer.key("nextFriendId")
    writer.int(file.nextFriendId)
    writer.raw(",\n  ")
    writer.key("nextPostId")
    writer.int(file.nextPostId)
    writer.raw(",\n  ")
    writer.key("friends")
    writer.raw("[")
    for (index, friend) in file.friends.enumerated() {
      writer.raw(index == 0 ? "\n    {" : ",\n    {")
      writer.key("id")
      writer.int(friend.id)
      writer.raw(", ")
      writer.key("firstName")
      writer.string(friend.firstName)
      writer.raw(", ")
      writer.key("lastName")
      writer.string(friend.lastName)
      writer.raw(", ")
      writer.key("phoneNumber")
      writer.string(friend.phoneNumber)
      writer.raw("}")
    }
    writer.raw(file.friends.isEmpty ? "],\n  " : "\n  ],\n  ")
    writer.key("posts")
    writer.raw("[")
    for (index, post) in file.posts.enumerated() {
      writer.raw(index == 0 ? "\n    {" : ",\n    {")
      writer.key("id")
      writer.int(post.id)
      writer.raw(", ")
      writer.key("authorId")
      writer.int(post.authorId)
      writer.raw(", ")
      writer.key("authorName")
      writer.string(post.authorName)
      writer.raw(", ")
      writer.key("date")
      Timestamp.write(post.date, to: &writer)
      writer.raw(", ")
      writer.key("text")
      writer.string(post.text)
      writer.raw("}")
    }
    writer.raw(file.posts.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
    return Data(writer.bytes)
  }

  /// Reads the JSON text of a store file.
  ///
  /// - Throws: ``StoreError/unsupportedVersion(path:found:supported:)`` when
  ///   `schemaVersion` is not ``StoreFile/currentSchemaVersion``, else
  ///   ``StoreError/corrupt(path:reason:)`` saying what is wrong and where.
  static func decode(_ bytes: [UInt8], path: String) throws(StoreError) -> StoreFile {
    let file: StoreFile
    do {
      file = try read(bytes)
    } catch {
      // A file of another version may fail to read for that reason alone: say so.
      if let version = schemaVersion(in: bytes), version != StoreFile.currentSchemaVersion {
        throw .unsupportedVersion(
          path: path, found: version, supported: StoreFile.currentSchemaVersion)
      }
      throw .corrupt(path: path, reason: describe(error))
    }
    if file.schemaVersion != StoreFile.currentSchemaVersion {
      throw .unsupportedVersion(
        path: path, found: file.schemaVersion, supported: StoreFile.currentSchemaVersion)
    }
    if let problem = file.inconsistency() {
      throw .corrupt(path: path, reason: problem)
    }
    return file
  }

  // MARK: - Reading

  /// A required field that is absent, with its place in the document.
  private struct MissingField: Error {
    var path: String
  }

  /// A value of the wrong kind or form, with its place in the document.
  private struct BadValue: Error {
    var path: String
    var failure: JSONReader.Failure
  }

  private static func describe(_ error: any Error) -> String {
    switch error {
    case let missing as MissingField:
      return "missing field \(missing.path)"
    case let bad as BadValue:
      return "\(bad.path): \(bad.failure.description)"
    case let failure as JSONReader.Failure:
      return "not valid JSON: \(failure.description)"
    default:
      return "\(error)"
    }
  }

  /// Reads one field's value, naming the field when the value is of the wrong kind.
  private static func field<Value>(
    _ path: @autoclosure () -> String, _ reader: inout JSONReader,
    _ read: (inout JSONReader) throws -> Value
  ) throws -> Value {
    do {
      return try read(&reader)
    } catch let failure as JSONReader.Failure where failure.isAboutAValue {
      throw BadValue(path: path(), failure: failure)
    }
  }

  private static func required<Value>(_ value: Value?, _ path: @autoclosure () -> String) throws
    -> Value
  {
    guard let value else { throw MissingField(path: path()) }
    return value
  }

  private static func read(_ bytes: [UInt8]) throws -> StoreFile {
    var reader = JSONReader(bytes)
    var schemaVersion: Int?
    var generation: Int?
    var account: Account?
    var password: String?
    var loggedIn: Bool?
    var nextFriendId: Int?
    var nextPostId: Int?
    var friends: [Friend]?
    var posts: [Post]?
    try reader.object { reader, key in
      switch key {
      case "schemaVersion": schemaVersion = try field(key, &reader) { try $0.int() }
      case "generation": generation = try field(key, &reader) { try $0.int() }
      case "password": password = try field(key, &reader) { try $0.string() }
      case "loggedIn": loggedIn = try field(key, &reader) { try $0.bool() }
      case "nextFriendId": nextFriendId = try field(key, &reader) { try $0.int() }
      case "nextPostId": nextPostId = try field(key, &reader) { try $0.int() }
      case "account": account = try readAccount(&reader)
      case "friends": friends = try readFriends(&reader)
      case "posts": posts = try readPosts(&reader)
      default: try reader.skipValue()
      }
    }
    try reader.end()
    return StoreFile(
      schemaVersion: try required(schemaVersion, "schemaVersion"),
      generation: try required(generation, "generation"),
      account: try required(account, "account"),
      password: try required(password, "password"),
      loggedIn: try required(loggedIn, "loggedIn"),
      friends: try required(friends, "friends"),
      nextFriendId: try required(nextFriendId, "nextFriendId"),
      posts: try required(posts, "posts"),
      nextPostId: try required(nextPostId, "nextPostId"))
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

  private static func readFriends(_ reader: inout JSONReader) throws -> [Friend] {
    var friends: [Friend] = []
    try field("friends", &reader) { reader in
      try reader.array { reader in
        let place = "friends[\(friends.count)]"
        var id: Int?
        var firstName: String?
        var lastName: String?
        var phoneNumber: String?
        try field(place, &reader) { reader in
          try reader.object { reader, key in
            switch key {
            case "id": id = try field("\(place).id", &reader) { try $0.int() }
            case "firstName":
              firstName = try field("\(place).firstName", &reader) { try $0.string() }
            case "lastName": lastName = try field("\(place).lastName", &reader) { try $0.string() }
            case "phoneNumber":
              phoneNumber = try field("\(place).phoneNumber", &reader) { try $0.string() }
            default: try reader.skipValue()
            }
          }
        }
        friends.append(
          Friend(
            id: try required(id, "\(place).id"),
            firstName: try required(firstName, "\(place).firstName"),
            lastName: try required(lastName, "\(place).lastName"),
            phoneNumber: try required(phoneNumber, "\(place).phoneNumber")))
      }
    }
    return friends
  }

  private static func readPosts(_ reader: inout JSONReader) throws -> [Post] {
    var posts: [Post] = []
    try field("posts", &reader) { reader in
      try reader.array { reader in
        var id: Int?
        var authorId: Int?
        var authorName: String?
        var date: Date?
        var text: String?
        let index = posts.count
        try field("posts[\(index)]", &reader) { reader in
          try reader.object { reader, key in
            switch key {
            case "id": id = try field("posts[\(index)].id", &reader) { try $0.int() }
            case "authorId":
              authorId = try field("posts[\(index)].authorId", &reader) { try $0.int() }
            case "authorName":
              authorName = try field("posts[\(index)].authorName", &reader) { try $0.string() }
            case "text": text = try field("posts[\(index)].text", &reader) { try $0.string() }
            case "date":
              date = try field("posts[\(index)].date", &reader) { reader in
                try reader.string(
                  parsedBy: Timestamp.parse,
                  orFail: "expected a date such as 2024-03-01T08:00:00Z")
              }
            default: try reader.skipValue()
            }
          }
        }
        posts.append(
          Post(
            id: try required(id, "posts[\(index)].id"),
            authorId: try required(authorId, "posts[\(index)].authorId"),
            authorName: try required(authorName, "posts[\(index)].authorName"),
            text: try required(text, "posts[\(index)].text"),
            date: try required(date, "posts[\(index)].date")))
      }
    }
    return posts
  }

  /// The top-level `schemaVersion` of a document that may not be a valid store, if any.
  private static func schemaVersion(in bytes: [UInt8]) -> Int? {
    var reader = JSONReader(bytes)
    var version: Int?
    try? reader.object { reader, key in
      if key == "schemaVersion", version == nil {
        version = try reader.int()
      } else {
        try reader.skipValue()
      }
    }
    return version
  }
}

extension Post {
  /// The post with its date at the nearest millisecond, as the store keeps it.
  var storeRounded: Post {
    var post = self
    post.date = Timestamp.rounded(date)
    return post
  }
}
