import Commands

extension Reply {
    /// The reply as the console prints it, which the tests compare with what a member reads.
    public var text: String { PlainRenderer.render(self) }
}
