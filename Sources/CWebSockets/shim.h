// What Swift cannot import from <libwebsockets.h>: the LWS_PRE headroom, a function-like macro.
#include <libwebsockets.h>

static inline size_t librarybot_lws_pre(void) { return LWS_PRE; }

// OpenSSL's SSL_OP_NO_COMPRESSION and SSL_CTX_set_mode are macros: what libwebsockets sets on a
// client TLS context of its own, for the one we give it (LWSContext.clientTLS). Idle
// connections give their read and write buffers back (SSL_MODE_RELEASE_BUFFERS).
static inline void librarybot_tls_client_defaults(SSL_CTX *context) {
    SSL_CTX_set_options(context, SSL_OP_NO_COMPRESSION);
    SSL_CTX_set_mode(context, SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER | SSL_MODE_RELEASE_BUFFERS);
}
