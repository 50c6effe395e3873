import Cryptography
import Foundation
import Models
import Store
import Testing

@testable import LocalBackend

// The demo's friends and posts in the store's snapshot.
extension StoreFileFormatTests {
  func demoSampleFile(friends: [Friend] = [], posts: [Post] = []) -> StoreFile {
    var file = sampleFile()
    file.friends = friends
    file.nextFriendId = 50
    file.posts = posts
    file.nextPostId = 60
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
    var normalized = file
    normalized.normalize()
    #expect(try decode(bytes, path: "p") == normalized)
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
        "\n    {\"id\": 3, \"authorId\": 2, \"authorName\": \"C\", \"date\": \"1970-01-02T00:00:00.250Z\", \"text\": \"Hi\"}\n"
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
    #expect(file.nextPostId == 10)
    #expect(file.passwordHash.iterations == 1 && file.passwordHash.salt == [1, 2, 3])
    #expect(file.posts.first?.text == "é🦊")
    #expect(file.posts.first?.date == Date(timeIntervalSince1970: 1_709_247_599.5))
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
        reason: "posts[0].date: expected a date such as 2024-03-01T08:00:00Z at line 9, column 57")
    ) {
      try decode(text)
    }
  }
}

// Friends and posts in the form the store writes them are read the fast way.
extension StoreFileFormatTests {
  /// `element` as `write` writes it, read back by `readAsWritten` alone.
  fileprivate func readAsWritten<Element>(
    _ element: Element, _ write: (Element, inout JSONWriter) -> Void,
    _ readAsWritten: (inout JSONReader) -> Element?
  ) throws -> Element {
    var writer = JSONWriter(capacity: 64)
    write(element, &writer)
    var reader = JSONReader(writer.bytes)
    let read = try reader.object(asWritten: readAsWritten) { reader in
      Issue.record("not read as written: \(String(decoding: writer.bytes, as: UTF8.self))")
      throw reader.failure("not read as written")
    }
    try reader.end()
    return read
  }

  @Test func friendsAndPostsAreReadAsWrittenTheFastWay() throws {
    let texts = ["plain", "quote \" backslash \\ line\nbreak", "é🦊 漢字", "", "\u{01}"]
    for (index, text) in texts.enumerated() {
      let friend = Friend(
        id: index * 1_000_003, firstName: text, lastName: "L" + text, phoneNumber: text + "1",
        revision: index + 1)
      #expect(
        try readAsWritten(friend, FriendsSchema.write, FriendsSchema.readFriendAsWritten) == friend)
      let post = Post(
        id: Int.max - index, authorId: -index, authorName: text, text: text + " text",
        date: Date(timeIntervalSince1970: 1_709_280_000.25 * Double(index)))
      #expect(try readAsWritten(post, FriendsSchema.write, FriendsSchema.readPostAsWritten) == post)
    }
  }

  /// The written text of one post and one friend, changed by `change`, reads as the post and
  /// friend changed by `expected`: the fast way to read them leaves any other form to the
  /// reading of any form.
  @Test(arguments: [
    ("\"authorId\": 2, ", "\"authorId\":2, ", "post"),
    ("{\"id\": 3, \"authorId\": 2, ", "{\"authorId\": 2, \"id\": 3, ", "post"),
    ("\"text\": \"Hi\"}", "\"text\": \"Hi\", \"extra\": {\"a\": [1]}}", "post"),
    ("\"text\": \"Hi\"}", "\"text\": \"Hi\", \"text\": \"Bye\"}", "text Bye"),
    ("\"authorId\": 2, ", "\"authorId\": 2, \"authorId\": 7, ", "authorId 7"),
    ("\"text\": \"Hi\"}", "\"text\": \"Hi\" }", "post"),
    (
      "\"date\": \"1970-01-02T00:00:00.250Z\"", "\"date\": \"1970-01-02T01:00:00.250+01:00\"",
      "post"
    ),
    (", \"revision\": 1}", "}", "friend"),
    (", \"revision\": 1}", ", \"revision\": 4}", "revision 4"),
    (", \"revision\": 1}", ", \"revision\": 1, \"revision\": 5}", "revision 5"),
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
    case "text Bye": expectedPost.text = "Bye"
    case "authorId 7": expectedPost.authorId = 7
    case "revision 4": expectedFriend.revision = 4
    case "revision 5": expectedFriend.revision = 5
    default: break
    }
    #expect(file.posts == [expectedPost])
    #expect(file.friends == [expectedFriend])
  }
}
