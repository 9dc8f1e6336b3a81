// A POST through libcurl, loaded when first needed. The curl_* entry points and the option
// numbers below are libcurl's stable ABI (curl/curl.h: CURLOPTTYPE_LONG 0, OBJECTPOINT 10000,
// FUNCTIONPOINT 20000, OFF_T 30000; CURLINFO_LONG 0x200000); declaring them here keeps the
// build free of curl's headers and every start of `invites` free of libcurl and the ~30
// libraries it brings (Foundation's URLSession would load them all at start-up).
#include "CHTTPPost.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    OPT_WRITEDATA = 10001,
    OPT_URL = 10002,
    OPT_ERRORBUFFER = 10010,
    OPT_POSTFIELDS = 10015,
    OPT_USERAGENT = 10018,
    OPT_HTTPHEADER = 10023,
    OPT_WRITEFUNCTION = 20011,
    OPT_POSTFIELDSIZE_LARGE = 30120,
    OPT_POST = 47,
    OPT_FOLLOWLOCATION = 52,
    OPT_NOSIGNAL = 99,
    OPT_TIMEOUT_MS = 155,
    OPT_CONNECTTIMEOUT_MS = 156,
    OPT_PROTOCOLS = 181,
    PROTO_HTTP = 1,
    PROTO_HTTPS = 2,
    INFO_RESPONSE_CODE = 0x200002,
    GLOBAL_ALL = 3,
    ERROR_SIZE = 256,
    KEPT_BODY = 65536,
};

typedef void CURL;
struct slist;

static struct {
    int (*global_init)(long);
    CURL *(*easy_init)(void);
    int (*easy_setopt)(CURL *, int, ...);
    int (*easy_perform)(CURL *);
    int (*easy_getinfo)(CURL *, int, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(int);
    struct slist *(*slist_append)(struct slist *, const char *);
    void (*slist_free_all)(struct slist *);
    char failure[256];
} curl;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
#ifdef __APPLE__
    const char *names[] = {"libcurl.4.dylib", "libcurl.dylib", NULL};
#else
    const char *names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so", NULL};
#endif
    void *library = NULL;
    for (int index = 0; names[index] != NULL && library == NULL; index++) {
        library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        snprintf(curl.failure, sizeof curl.failure, "cannot load libcurl (install libcurl4): %s", dlerror());
        return;
    }
#define FIND(field, symbol)                                                                  \
    *(void **)(&curl.field) = dlsym(library, symbol);                                        \
    if (curl.field == NULL) {                                                                \
        snprintf(curl.failure, sizeof curl.failure, "libcurl has no %s", symbol);            \
        return;                                                                              \
    }
    FIND(global_init, "curl_global_init")
    FIND(easy_init, "curl_easy_init")
    FIND(easy_setopt, "curl_easy_setopt")
    FIND(easy_perform, "curl_easy_perform")
    FIND(easy_getinfo, "curl_easy_getinfo")
    FIND(easy_cleanup, "curl_easy_cleanup")
    FIND(easy_strerror, "curl_easy_strerror")
    FIND(slist_append, "curl_slist_append")
    FIND(slist_free_all, "curl_slist_free_all")
#undef FIND
    if (curl.global_init(GLOBAL_ALL) != 0) {
        snprintf(curl.failure, sizeof curl.failure, "libcurl could not initialise");
    }
}

typedef struct {
    char *data;
    size_t length;
} received;

static size_t keep(char *bytes, size_t size, size_t count, void *context) {
    received *body = context;
    size_t total = size * count;
    size_t room = KEPT_BODY - body->length;
    size_t taken = total < room ? total : room;
    if (taken > 0) {
        memcpy(body->data + body->length, bytes, taken);
        body->length += taken;
    }
    return total;
}

int invites_http_post(const char *url, const char *body, size_t length, const char *const *headers,
                      long timeout_ms, invites_http_answer *answer) {
    memset(answer, 0, sizeof *answer);
    pthread_once(&loaded, load);
    if (curl.failure[0] != '\0') {
        snprintf(answer->error, sizeof answer->error, "%s", curl.failure);
        return -1;
    }
    CURL *handle = curl.easy_init();
    if (handle == NULL) {
        snprintf(answer->error, sizeof answer->error, "libcurl could not make a request");
        return -1;
    }
    struct slist *list = NULL;
    for (int index = 0; headers != NULL && headers[index] != NULL; index++) {
        list = curl.slist_append(list, headers[index]);
    }
    received kept = {malloc(KEPT_BODY + 1), 0};
    char words[ERROR_SIZE] = "";
    curl.easy_setopt(handle, OPT_URL, url);
    curl.easy_setopt(handle, OPT_PROTOCOLS, (long)(PROTO_HTTP | PROTO_HTTPS));
    curl.easy_setopt(handle, OPT_FOLLOWLOCATION, 0L);
    curl.easy_setopt(handle, OPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, OPT_TIMEOUT_MS, timeout_ms);
    curl.easy_setopt(handle, OPT_CONNECTTIMEOUT_MS, timeout_ms);
    curl.easy_setopt(handle, OPT_POST, 1L);
    curl.easy_setopt(handle, OPT_POSTFIELDS, body);
    curl.easy_setopt(handle, OPT_POSTFIELDSIZE_LARGE, (long long)length);
    curl.easy_setopt(handle, OPT_HTTPHEADER, list);
    curl.easy_setopt(handle, OPT_ERRORBUFFER, words);
    curl.easy_setopt(handle, OPT_WRITEFUNCTION, keep);
    curl.easy_setopt(handle, OPT_WRITEDATA, &kept);
    int code = kept.data == NULL ? -1 : curl.easy_perform(handle);
    int result = 0;
    if (code == 0) {
        curl.easy_getinfo(handle, INFO_RESPONSE_CODE, &answer->status);
        kept.data[kept.length] = '\0';
        answer->body = kept.data;
        kept.data = NULL;
    } else {
        snprintf(answer->error, sizeof answer->error, "%s",
                 words[0] != '\0' ? words : (code < 0 ? "out of memory" : curl.easy_strerror(code)));
        result = -2;
    }
    free(kept.data);
    curl.slist_free_all(list);
    curl.easy_cleanup(handle);
    return result;
}
