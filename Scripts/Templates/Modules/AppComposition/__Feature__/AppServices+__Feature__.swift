import Models
import Services

extension AppServices {
  /// The __phrase__ entries.
  public var __feature__: any RecordsService<__Feature__Item> { records(__Feature__Item.self) }
}
