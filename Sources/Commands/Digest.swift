import Foundation
import LibraryCore

/// "Who has what": the books out, grouped by borrower, overdue ones marked; the holds waiting;
/// how many books are on the shelf.
struct Digest: Sendable {
    let library: LibraryService
    let words: Words

    func reply() async throws -> Reply {
        let l = words.language
        let loans = try await library.openLoans()
        let counts = try await library.counts()
        let shelf = l == .en ? "\(words.books(counts.available)) on the shelf." : "\(words.books(counts.available)) sur l'étagère."
        guard !loans.isEmpty else {
            return Reply(.info, RichText(stringLiteral: l.pick("Nobody has a book right now. ", "Personne n'a de livre en ce moment. ") + shelf), language: l)
        }
        var order: [String] = []
        var byBorrower: [String: [LoanedBook]] = [:]
        for loaned in loans {
            let key = loaned.loan.borrower.userID ?? TextKey.fold(loaned.loan.borrower.name)
            if byBorrower[key] == nil { order.append(key) }
            byBorrower[key, default: []].append(loaned)
        }
        var lines: [RichText] = []
        for key in order {
            guard let group = byBorrower[key], let first = group.first else { continue }
            let items = group.map { words.loanLine($0) }
            var line: RichText = "\(bold: first.loan.borrower.name)\(l.pick(": ", " : "))"
            for (index, item) in items.enumerated() {
                if index > 0 { line.spans.append(.text(l.pick("; ", " ; "))) }
                line.spans += item.spans
            }
            lines.append(line)
        }
        var waiting: [RichText] = []
        let queues = try await library.holdQueues()
        for loaned in loans {
            if let holds = queues[loaned.book.id], !holds.isEmpty {
                waiting.append(l == .en
                    ? "\(bold: loaned.book.title): \(holds.map(\.holder.name).joined(separator: ", ")) waiting"
                    : "\(bold: loaned.book.title) : \(holds.map(\.holder.name).joined(separator: ", ")) en attente")
            }
        }
        if !waiting.isEmpty { lines.append(RichText(stringLiteral: l.pick("Holds:", "Réservations :"))) }
        lines += waiting
        lines.append(RichText(stringLiteral: shelf))
        return Reply(.info, l == .en ? "Who has what: \(words.books(loans.count)) out"
                                     : "Qui a quoi : \(words.books(loans.count)) \(loans.count == 1 ? "emprunté" : "empruntés")",
                     lines: lines, language: l)
    }
}
