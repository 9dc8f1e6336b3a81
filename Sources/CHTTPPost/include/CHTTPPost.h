#ifndef INVITES_CHTTPPOST_H
#define INVITES_CHTTPPOST_H

#include <stddef.h>

/// What one POST came back with.
typedef struct {
    /// The HTTP status, or 0 when no answer came (see `error`).
    long status;
    /// The start of the answer's body (at most 64 KiB), NUL-terminated; free with free().
    char *body;
    /// curl's words for a request that got no answer, or why libcurl could not be loaded.
    char error[512];
} invites_http_answer;

/// POSTs `length` bytes of `body` to `url` with the given header lines (NULL-terminated), only
/// over http or https, following no redirect, within `timeout_ms`. libcurl is loaded on the
/// first call (dlopen), so that the programs linking this pay nothing at start-up.
/// Returns 0 when an HTTP answer came back, -1 when libcurl cannot be loaded, -2 when the
/// request failed before an answer (DNS, connection, TLS, timeout).
int invites_http_post(const char *url, const char *body, size_t length, const char *const *headers,
                      long timeout_ms, invites_http_answer *answer);

#endif
