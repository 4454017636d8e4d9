// The floor of the HTTP benchmarks: libcurl driven from C, with the options HTTPClient sets on
// each request, against the native loopback peer. `python3 Benchmarks/python/http_floor.py`
// runs it beside `http-load` (the same measures through HTTPClient), so that the figures show
// how much of a request's time is libcurl's own and how much is the Swift layer's.
//
// Usage: http-floor URL ROUNDS. Prints two lines: one request at a time on a kept-alive
// connection (p50 and p99 of 5,000, after 100 to warm up), then 16 in flight on one multi handle
// (the median of ROUNDS rounds of 1,600 requests), each with a reused easy handle reset and set
// up again, as HTTPClient's pool does.
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static size_t discard(char *data, size_t size, size_t count, void *owner) {
    (void)data; (void)owner;
    return size * count;
}

static double seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static int ascending(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/// The options HTTPClient's `CurlTransfer.prepare` sets for a GET.
static void prepare(CURL *easy, const char *url, struct curl_slist *headers) {
    curl_easy_reset(easy);
    curl_easy_setopt(easy, CURLOPT_URL, url);
    curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, 30000L);
    curl_easy_setopt(easy, CURLOPT_SSL_VERIFYPEER, 1L);
    curl_easy_setopt(easy, CURLOPT_SSL_VERIFYHOST, 2L);
    curl_easy_setopt(easy, CURLOPT_TCP_KEEPALIVE, 1L);
    curl_easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(easy, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, discard);
    curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, discard);
}

/// Runs the multi handle until `target` transfers are done, starting a finished handle again
/// while `started` is short of it.
static void drive(CURLM *multi, const char *url, struct curl_slist *headers, int target, int started) {
    int done = 0;
    while (done < target) {
        int running = 0, left = 0;
        curl_multi_perform(multi, &running);
        CURLMsg *message;
        while ((message = curl_multi_info_read(multi, &left)) != NULL) {
            if (message->msg != CURLMSG_DONE) continue;
            CURL *easy = message->easy_handle;
            curl_multi_remove_handle(multi, easy);
            done += 1;
            if (started < target) {
                prepare(easy, url, headers);
                curl_multi_add_handle(multi, easy);
                started += 1;
            }
        }
        if (done < target) curl_multi_poll(multi, NULL, 0, 1000, NULL);
    }
}

int main(int argc, char **argv) {
    if (argc != 3 || atoi(argv[2]) < 1) {
        fprintf(stderr, "usage: http-floor URL ROUNDS\n");
        return 2;
    }
    const char *url = argv[1];
    int rounds = atoi(argv[2]);
    if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) return 1;
    CURLM *multi = curl_multi_init();
    curl_multi_setopt(multi, CURLMOPT_MAXCONNECTS, 32L);
    curl_multi_setopt(multi, CURLMOPT_MAX_HOST_CONNECTIONS, 32L);
    struct curl_slist *headers = curl_slist_append(NULL, "Expect:");

    enum { warmup = 100, samples = 5000, inFlight = 16, perRound = 1600 };
    static double times[samples];
    CURL *one = curl_easy_init();
    for (int index = 0; index < warmup + samples; index++) {
        prepare(one, url, headers);
        double start = seconds();
        curl_multi_add_handle(multi, one);
        drive(multi, url, headers, 1, 1);
        if (index >= warmup) times[index - warmup] = (seconds() - start) * 1e6;
    }
    qsort(times, samples, sizeof(double), ascending);
    printf("libcurl from C, one at a time: p50 %.0f us, p99 %.0f us\n", times[samples / 2], times[samples * 99 / 100]);

    CURL *handles[inFlight];
    for (int index = 0; index < inFlight; index++) handles[index] = index == 0 ? one : curl_easy_init();
    double *rates = malloc(sizeof(double) * (size_t)rounds);
    if (rates == NULL) return 1;
    for (int round = 0; round < rounds; round++) {
        double start = seconds();
        for (int index = 0; index < inFlight; index++) {
            prepare(handles[index], url, headers);
            curl_multi_add_handle(multi, handles[index]);
        }
        drive(multi, url, headers, perRound, inFlight);
        rates[round] = perRound / (seconds() - start);
    }
    qsort(rates, (size_t)rounds, sizeof(double), ascending);
    printf("libcurl from C, 16 in flight: %.0f requests/s (median of %d rounds)\n", rates[rounds / 2], rounds);
    return 0;
}
