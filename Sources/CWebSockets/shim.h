// What Swift cannot import from <libwebsockets.h>: the LWS_PRE headroom, a function-like macro.
#include <libwebsockets.h>

static inline size_t librarybot_lws_pre(void) { return LWS_PRE; }
