import Commands

/// Where a `Notice` for a member goes: a direct message on the platform their user id belongs
/// to, among those enabled. With Slack and Discord both on, a book returned on Discord tells
/// the Slack member waiting for it on Slack.
public struct DirectMessages: Sendable {
    let slack: SlackWebAPI?
    let discord: DiscordREST?

    public init(slack: SlackWebAPI? = nil, discord: DiscordREST? = nil) {
        self.slack = slack
        self.discord = discord
    }

    /// Sends each notice whose member can be reached; one that cannot be sent is logged and
    /// the others still go (the reply to the command named them anyway). Never a token in
    /// `log`: only names and the platform's error. Returns how many were sent.
    @discardableResult
    public func send(_ notices: [Notice], log: (String) -> Void) async -> Int {
        var sent = 0
        for notice in notices {
            guard let userID = notice.to.userID else { continue }
            do {
                if ChatUserID.isDiscord(userID) {
                    guard let discord else { continue }
                    try await discord.createMessage(channel: try await discord.directMessageChannel(with: userID), DiscordRenderer.render(notice.reply))
                } else {
                    guard let slack else { continue }
                    _ = try await slack.postMessage(channel: userID, SlackRenderer.render(notice.reply))
                }
                sent += 1
            } catch {
                log("A message to \(notice.to.name) could not be sent (\(error)).")
            }
        }
        return sent
    }
}
