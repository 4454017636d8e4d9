import Foundation
import LibraryCore
import Transport

/// Open Library's Books API (https://openlibrary.org/dev/docs/api/books) as an `ISBNCatalog`:
/// one GET per ISBN, `jscmd=data` for the names of the authors and publishers.
public struct OpenLibraryCatalog: ISBNCatalog {
    public let name = "Open Library"
    /// Where the API is: https://openlibrary.org, or an emulator in tests (`isbn.lookup_url`).
    public let baseURL: String
    /// How long a lookup may take: a member waits for the reply.
    public let timeout: Duration
    private let http: HTTPClient

    public init(baseURL: String = "https://openlibrary.org", timeout: Duration = .seconds(10), http: HTTPClient = .shared) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.timeout = timeout
        self.http = http
    }

    /// The longest `Retry-After` waited for before asking again; a longer one is a failure to
    /// report (a member is waiting for the reply).
    static let longestRetryWait: TimeInterval = 5

    /// Open Library asks the programs that call it to say who they are.
    static let userAgent = "librarybot (a committee's shared library in team chat; ISBN lookups for `add isbn`)"

    public func book(isbn: String) async throws -> CatalogEntry? {
        // An ISBN is digits and X: nothing else goes into the URL.
        guard !isbn.isEmpty, isbn.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "X") }) else { return nil }
        let bibkey = "ISBN:\(isbn)"
        // A record is a few kilobytes: a megabyte is not one.
        let request = HTTPRequest(url: "\(baseURL)/api/books?bibkeys=\(bibkey)&format=json&jscmd=data",
                                  headers: [("User-Agent", Self.userAgent), ("Accept", "application/json")], timeout: timeout,
                                  maxResponseSize: 1 << 20)
        var response: HTTPResponse
        do {
            response = try await http.execute(request)
            // Asked to slow down, briefly: once, after the time it asks for.
            if [429, 503].contains(response.status), let wait = response.retryAfter, wait <= Self.longestRetryWait {
                try await Task.sleep(for: .milliseconds(Int(wait * 1000)))
                response = try await http.execute(request)
            }
        } catch let error as HTTPError {
            switch error.kind {
            case .timeout: throw ISBNCatalogError(.timeout(seconds: Int(timeout.components.seconds)))
            case .tls: throw ISBNCatalogError(.insecure)
            case .responseTooLarge: throw ISBNCatalogError(.notARecord)
            default: throw ISBNCatalogError(.unreachable)
            }
        }
        guard response.status == 200 else { throw ISBNCatalogError(.status(response.status)) }
        let records: [String: Record]
        do {
            records = try JSONDecoder().decode([String: Record].self, from: response.body)
        } catch {
            throw ISBNCatalogError(.notARecord)
        }
        // Keyed by the bibkey asked for; empty when the ISBN is unknown.
        guard let record = records[bibkey] ?? records.values.first,
              let title = record.title?.trimmingWhitespace(newlines: true), !title.isEmpty else { return nil }
        let names = { (list: [Named]?) in (list ?? []).compactMap { $0.name?.trimmingWhitespace(newlines: true) }.filter { !$0.isEmpty } }
        return CatalogEntry(title: title, authors: names(record.authors), publisher: names(record.publishers).first,
                            subjects: Array(names(record.subjects).prefix(100)))
    }

    /// The fields of a record used here; the others (identifiers, covers, …) are ignored.
    private struct Record: Decodable {
        var title: String?
        var authors: [Named]?
        var publishers: [Named]?
        var subjects: [Named]?
    }

    private struct Named: Decodable {
        var name: String?
    }
}
