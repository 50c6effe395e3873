import Cryptography
import Foundation
import Models
import ReactiveTesting
import Store
import Testing

@testable import LocalBackend

// The demo's friends and posts in the store's snapshot.
extension StoreFileFormatTests {
  func demoSampleFile(friends: [Friend] = [], posts: [Post] = []) -> StoreFile {
    // Every registered collection stays in the file (a feature added beside the demo has one
    // too); only the demo's two are filled.
    var file = sampleFile()
    file.lists[StoreFile.collectionIndex(of: Friend.self)] =
      StoreFile.collection(of: Friend.self).list(friends, nextId: 50)
    file.lists[StoreFile.collectionIndex(of: Post.self)] =
      StoreFile.collection(of: Post.self).list(posts, nextId: 60)
    return file
  }

  @Test func trickyTextInFriendsAndPostsSurvivesARoundTrip() throws {
    let names = [
      "quote \" backslash \\ slash /", "line\nbreak\ttab\r", "control \u{01}\u{1F}",
      "accents éàü", "emoji 🦊👩‍👩‍👧", "CJK 漢字", "",
    ]
    let friends = names.enumerated().map {
      Friend(id: $0.offset + 1, firstName: $0.element, lastName: $0.element, phoneNumber: "1")
    }
    let posts = names.enumerated().map {
      Post(
        id: 100 - $0.offset, authorId: 1, authorName: $0.element, text: $0.element,
        date: Date(timeIntervalSince1970: 0))
    }
    let file = demoSampleFile(friends: friends, posts: posts)
    let bytes = encode(file)
    #expect(try decode(bytes, path: "p") == file)
    // The output is valid JSON for other tools too.
    #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(bytes)) }
  }

  @Test func writesOneRecordPerLine() {
    let file = demoSampleFile(
      friends: [Friend(id: 1, firstName: "A", lastName: "B", phoneNumber: "5550100123")],
      posts: [
        Post(
          id: 3, authorId: 2, authorName: "C", text: "Hi",
          date: Date(timeIntervalSince1970: 86_400.25))
      ])
    let text = String(decoding: encode(file), as: UTF8.self)
    #expect(
      text.contains(
        "\n    {\"id\": 1, \"firstName\": \"A\", \"lastName\": \"B\", \"phoneNumber\": \"5550100123\", \"revision\": 1}\n"
      ))
    #expect(
      text.contains(
        "\n    {\"id\": 3, \"authorId\": 2, \"authorName\": \"C\", \"text\": \"Hi\", \"date\": \"1970-01-02T00:00:00.250Z\"}\n"
      ))
    #expect(text.hasPrefix("{\n  \"account\": {\"email\": \"a@b\", "))
  }

  @Test func acceptsFriendsAndPostsInAnyFieldOrder() throws {
    let text = """
      {"posts":[{"text":"\\u00e9\\ud83e\\udd8a","date":"2024-02-29T23:59:59.5+01:00","extra":[1,{"a":null}],
      "authorName":"N","authorId":4,"id":9}],"nextPostId":10,"friends":[],
      "comment": "ignored", "nextFriendId":\t1, "loggedIn" : false , "password":"x",
      "passwordHash": "pbkdf2-sha256$1$AQID$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
      "account":{"displayName":"D","email":"e@f"},"generation":3,"schemaVersion":1}
      """
    let file = try decode(text)
    expectEqual(file.list(Post.self).nextId, 10)
    #expect(file.passwordHash.iterations == 1 && file.passwordHash.salt == [1, 2, 3])
    expectEqual(file.list(Post.self).records.first?.text, "é🦊")
    expectEqual(
      file.list(Post.self).records.first?.date, Date(timeIntervalSince1970: 1_709_247_599.5))
  }

  @Test func missingFieldInsideAListNamesTheElement() throws {
    let file = demoSampleFile(posts: [
      Post(id: 2, authorId: 1, authorName: "A", text: "t", date: Date(timeIntervalSince1970: 0)),
      Post(id: 1, authorId: 1, authorName: "A", text: "t", date: Date(timeIntervalSince1970: 0)),
    ])
    var text = String(decoding: encode(file), as: UTF8.self)
    text = text.replacingOccurrences(of: "{\"id\": 1, \"authorId\": 1, ", with: "{\"id\": 1, ")
    #expect(
      throws: StoreError.corrupt(path: "/x/store.json", reason: "missing field posts[1].authorId")
    ) {
      try decode(text)
    }
    text = text.replacingOccurrences(of: "1970-01-01T00:00:00Z", with: "yesterday")
    #expect(
      throws: StoreError.corrupt(
        path: "/x/store.json",
        reason: "posts[0].date: expected a date such as 2024-03-01T08:00:00Z at line 9, column 70")
    ) {
      try decode(text)
    }
  }
}

// Friends and posts in other forms than the one the store writes.
extension StoreFileFormatTests {
  @Test func friendsAndPostsSurviveARoundTripOfTheirText() throws {
    let texts = ["plain", "quote \" backslash \\ line\nbreak", "é🦊 漢字", "", "\u{01}"]
    for (index, text) in texts.enumerated() {
      let friend = Friend(
        id: index * 1_000_003, firstName: text, lastName: "L" + text, phoneNumber: text + "1",
        revision: index + 1)
      #expect(try RecordCoding.roundTrip(friend, dates: .timestamp) == friend)
      let post = Post(
        id: Int.max - index, authorId: -index, authorName: text, text: text + " text",
        date: Date(timeIntervalSince1970: 1_709_280_000.25 * Double(index)))
      #expect(try RecordCoding.roundTrip(post, dates: .timestamp) == post)
    }
  }

  /// A post as the store writes it is read straight from its fields, without a keyed
  /// container, to the same post; the fields in another order are read through `Decodable`.
  @Test func postsAsWrittenReadStraightFromTheirFields() throws {
    let records = RecordCoding.Reader(dates: .timestamp)
    for (index, text) in ["plain", "quote \" backslash \\", "é🦊 漢字", ""].enumerated() {
      let post = Post(
        id: index + 1, authorId: 7, authorName: "A " + text, text: text,
        date: Date(timeIntervalSince1970: 1_709_280_000.25 + Double(index)))
      var writer = JSONWriter(capacity: 128)
      try RecordCoding.write(post, to: &writer, dates: .timestamp)
      #expect(records.readsAsWritten(Post.self, from: JSONReader(writer.bytes)))
      var reader = JSONReader(writer.bytes)
      #expect(try records.read(Post.self, from: &reader) == post)
    }
    let reordered = Array(
      #"{"date": "2024-03-01T08:00:00Z", "id": 1, "authorId": 2, "authorName": "A", "text": "t"}"#
        .utf8)
    #expect(!records.readsAsWritten(Post.self, from: JSONReader(reordered)))
    var reader = JSONReader(reordered)
    #expect(
      try records.read(Post.self, from: &reader)
        == Post(
          id: 1, authorId: 2, authorName: "A", text: "t",
          date: Date(timeIntervalSince1970: 1_709_280_000)))
  }

  /// A post's date with or without milliseconds, in an offset, or with escapes in its text,
  /// read from the bytes of the text (in place when it has no escapes).
  @Test(arguments: [
    ("2024-03-01T08:00:00Z", 1_709_280_000), ("2024-03-01T08:00:00.250Z", 1_709_280_000.25),
    ("2024-03-01T08:00:00.1Z", 1_709_280_000.1), ("2024-03-01T10:00:00+02:00", 1_709_280_000),
    (#"2024-03-01T08:00:00\u002e250Z"#, 1_709_280_000.25), ("1969-12-31T23:59:59.999Z", -0.001),
  ])
  func postDatesReadWithOrWithoutMilliseconds(text: String, seconds: Double) throws {
    let json = #"{"id": 1, "authorId": 2, "authorName": "A", "text": "t", "date": "\#(text)"}"#
    let records = RecordCoding.Reader(dates: .timestamp)
    for _ in 0..<2 {
      var reader = JSONReader(Array(json.utf8))
      let date = Date(timeIntervalSince1970: seconds)
      #expect(try records.read(Post.self, from: &reader).date == date)
      var one = JSONReader(Array(json.utf8))
      #expect(try RecordCoding.read(Post.self, from: &one, dates: .timestamp).date == date)
    }
  }

  /// A snapshot in the form version 3 wrote before records were written by their `Codable`
  /// conformance (a post's date before its text, the collections after both next
  /// identifiers) reads as the same data.
  @Test func aSnapshotOfTheEarlierFormReadsTheSame() throws {
    let text = """
      {
        "account": {"email": "a@b", "displayName": "A"},
        "passwordHash": "pbkdf2-sha256$1$AQID$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        "loggedIn": false,
        "nextFriendId": 21,
        "nextPostId": 101,
        "friends": [
          {"id": 17, "firstName": "Samuel", "lastName": "Adeyemi", "phoneNumber": "+234 803 555 0917", "revision": 2},
          {"id": 3, "firstName": "Kenji", "lastName": "Watanabe", "phoneNumber": "+81 3-5550-7720", "revision": 1}
        ],
        "posts": [
          {"id": 100, "authorId": 3, "authorName": "Hanna Virtanen", "date": "2024-03-04T10:15:00Z", "text": "Hi"},
          {"id": 99, "authorId": 1, "authorName": "Rosa Delgado", "date": "2024-03-04T09:30:00.250Z", "text": "Yo"}
        ]
      }
      """
    let file = try decode(text)
    expectEqual(
      file.list(Friend.self).records,
      [
        Friend(id: 3, firstName: "Kenji", lastName: "Watanabe", phoneNumber: "+81 3-5550-7720"),
        Friend(
          id: 17, firstName: "Samuel", lastName: "Adeyemi", phoneNumber: "+234 803 555 0917",
          revision: 2),
      ])
    expectEqual(file.list(Friend.self).nextId, 21)
    expectEqual(
      file.list(Post.self).records,
      [
        Post(
          id: 100, authorId: 3, authorName: "Hanna Virtanen", text: "Hi",
          date: Date(timeIntervalSince1970: 1_709_547_300)),
        Post(
          id: 99, authorId: 1, authorName: "Rosa Delgado", text: "Yo",
          date: Date(timeIntervalSince1970: 1_709_544_600.25)),
      ])
    expectEqual(file.list(Post.self).nextId, 101)
  }

  @Test(arguments: [
    (
      "{\"password\": \"x\",\n  \"nextPostId\": 1.5}",
      "nextPostId: expected a whole number at line 2, column 17"
    ),
    (
      "{\"nextFriendId\": 99999999999999999999}",
      "nextFriendId: number out of range at line 1, column 18"
    ),
  ])
  func problemsOfTheCollectionsAreDescribedWithTheirPlace(text: String, reason: String) {
    #expect(throws: StoreError.corrupt(path: "/x/store.json", reason: reason)) {
      try decode(text)
    }
  }

  @Test(arguments: [
    StoreFileSchema.Change.add(
      Friend(id: 4, firstName: "A \"b\"", lastName: "C\nD", phoneNumber: "1")),
    .update(Friend(id: 5, firstName: "É", lastName: "🦊", phoneNumber: "2")),
    .remove(Friend.self, id: 6),
    .save([
      Post(id: 9, authorId: 1, authorName: "N", text: "a\nb", date: Date(timeIntervalSince1970: 1)),
      Post(id: 8, authorId: 2, authorName: "M", text: "", date: Date(timeIntervalSince1970: 2.5)),
    ]),
  ])
  func changesOfRecordsSurviveARoundTripOnOneLine(change: StoreFileSchema.Change) throws {
    var writer = JSONWriter(capacity: 64)
    StoreFileSchema.encode(change, to: &writer)
    #expect(!writer.bytes.contains(UInt8(ascii: "\n")))
    var reader = JSONReader(writer.bytes)
    #expect(try StoreFileSchema.decodeChange(from: &reader) == change)
    try reader.end()
  }

  /// The journal lines of version 3 before records were written by their `Codable`
  /// conformance read as the same changes.
  @Test func changesOfTheEarlierFormReadTheSame() throws {
    let lines = [
      #"{"type": "addFriend", "friend": {"id": 21, "firstName": "Grace", "lastName": "Hopper", "phoneNumber": "555 0100", "revision": 1}}"#,
      #"{"type": "removeFriend", "id": 4}"#,
      #"{"type": "savePosts", "posts": [{"id": 101, "authorId": 2, "authorName": "Tomás Ibarra", "date": "2024-03-05T08:00:00Z", "text": "New"}]}"#,
    ]
    let expected: [StoreFileSchema.Change] = [
      .add(Friend(id: 21, firstName: "Grace", lastName: "Hopper", phoneNumber: "555 0100")),
      .remove(Friend.self, id: 4),
      .save([
        Post(
          id: 101, authorId: 2, authorName: "Tomás Ibarra", text: "New",
          date: Date(timeIntervalSince1970: 1_709_625_600))
      ]),
    ]
    for (line, change) in zip(lines, expected) {
      var reader = JSONReader(Array(line.utf8))
      #expect(try StoreFileSchema.decodeChange(from: &reader) == change)
    }
    // And the store writes them the same way, but for the order of a post's fields.
    var writer = JSONWriter(capacity: 256)
    StoreFileSchema.encode(expected[0], to: &writer)
    expectEqual(String(decoding: writer.bytes, as: UTF8.self), lines[0])
  }

  /// The written text of one post and one friend, changed by `change`, reads as the post and
  /// friend changed by `expected`: the fast way to read them leaves any other form to the
  /// reading of any form.
  @Test(arguments: [
    ("\"authorId\": 2, ", "\"authorId\":2, ", "post"),
    ("{\"id\": 3, \"authorId\": 2, ", "{\"authorId\": 2, \"id\": 3, ", "post"),
    ("250Z\"}", "250Z\", \"extra\": {\"a\": [1]}}", "post"),
    // A repeated field: the first one counts, in every form.
    ("\"text\": \"Hi\", ", "\"text\": \"Hi\", \"text\": \"Bye\", ", "post"),
    ("\"authorId\": 2, ", "\"authorId\": 7, \"authorId\": 2, ", "authorId 7"),
    ("\"id\": 3, \"authorId\": 2, ", "\"authorId\": 7, \"id\": 3, \"authorId\": 2, ", "authorId 7"),
    ("250Z\"}", "250Z\" }", "post"),
    (
      "\"date\": \"1970-01-02T00:00:00.250Z\"", "\"date\": \"1970-01-02T01:00:00.250+01:00\"",
      "post"
    ),
    (", \"revision\": 1}", "}", "friend"),
    (", \"revision\": 1}", ", \"revision\": 4}", "revision 4"),
    (", \"revision\": 1}", ", \"revision\": 5, \"revision\": 1}", "revision 5"),
    ("{\"id\": 1, \"firstName\"", "{\"id\": 1,\n\"firstName\"", "friend"),
  ])
  func anotherFormOfAnElementIsReadInAnyForm(change: String, into: String, expected: String) throws
  {
    let post = Post(
      id: 3, authorId: 2, authorName: "C", text: "Hi", date: Date(timeIntervalSince1970: 86_400.25))
    let friend = Friend(id: 1, firstName: "A", lastName: "B", phoneNumber: "5550100123")
    let text = String(
      decoding: encode(demoSampleFile(friends: [friend], posts: [post])), as: UTF8.self)
    #expect(text.contains(change))
    let file = try decode(text.replacingOccurrences(of: change, with: into))
    var expectedPost = post
    var expectedFriend = friend
    switch expected {
    case "authorId 7": expectedPost.authorId = 7
    case "revision 4": expectedFriend.revision = 4
    case "revision 5": expectedFriend.revision = 5
    default: break
    }
    expectEqual(file.list(Post.self).records, [expectedPost])
    expectEqual(file.list(Friend.self).records, [expectedFriend])
  }
}
