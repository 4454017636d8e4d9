#if canImport(Glibc)
import Glibc
#endif

/// GnuTLS is in this process only because libcurl's LDAP and RTMP support link it: Debian's
/// libcurl4 speaks TLS through OpenSSL, as libwebsockets does, and the bot uses neither LDAP nor
/// RTMP. Loaded, GnuTLS initializes itself in a library constructor, before `main`: its
/// configuration, its ciphers, p11-kit, about 0.7 MiB that then stays resident for the bot's
/// whole life, for nothing. `GNUTLS_NO_IMPLICIT_INIT=1` turns that off (GnuTLS's manual,
/// `gnutls_global_init`), but only in the environment a process starts with: no code of ours
/// runs before that constructor. So `librarybot run`, the process that stays, starts itself
/// once more with it: the same pid, arguments and standard streams. Code that does use GnuTLS
/// calls `gnutls_global_init` first (OpenLDAP and librtmp do), which still works.
enum GnuTLSStartup {
    static let variable = "GNUTLS_NO_IMPLICIT_INIT"

    /// Starts this program again with the variable set, when the environment does not set it;
    /// returns when it does (ours, or the operator's value, kept as it is) or when `exec`
    /// fails (no /proc), and then nothing differs but the memory.
    static func restartWithoutImplicitInit() {
        guard getenv(variable) == nil, setenv(variable, "1", 0) == 0 else { return }
        _ = execv("/proc/self/exe", CommandLine.unsafeArgv)
    }
}
