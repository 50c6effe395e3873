import ViewModels

// The shapes of `--json` output. Their field names are part of the command line's interface:
// scripts read them, so rename nothing here without a major version change.

/// The results of one search: `{"query", "results", "searched"}`; `searched` is `false` for a
/// query too short to be searched.
struct SearchRecord: Encodable, Equatable {
  var query: String
  var searched: Bool
  var results: [FriendRecord]

  init(_ results: SearchViewModel.Results) {
    query = results.query
    searched = results.wasSearched
    self.results = results.friends.map(FriendRecord.init)
  }
}
