// CCurl: libcurl's easy interface, loaded at run time with dlopen("libcurl.so.4") (the
// library FoundationNetworking itself links; no development headers are needed). Each
// variadic curl_easy_setopt is called here, in C, with the right argument type.
#ifndef CCURL_H
#define CCURL_H

#include <stddef.h>

/// Loads libcurl once (thread-safe) and initialises it; 0 when it is usable.
int ccurl_load(void);

void *ccurl_easy_init(void);
void ccurl_easy_cleanup(void *handle);
/// A curl_easy_setopt with a long, a pointer (a string or a list) or a curl_off_t value.
int ccurl_setopt_long(void *handle, int option, long value);
int ccurl_setopt_pointer(void *handle, int option, const void *value);
int ccurl_setopt_offset(void *handle, int option, long long value);
/// The body's and the headers' receivers and the progress callback, each with its context.
int ccurl_set_write(void *handle, size_t (*receive)(char *, size_t, size_t, void *), void *context);
int ccurl_set_header(void *handle, size_t (*receive)(char *, size_t, size_t, void *), void *context);
int ccurl_set_progress(
  void *handle, int (*progress)(void *, long long, long long, long long, long long), void *context);
int ccurl_perform(void *handle);
/// CURLINFO_RESPONSE_CODE.
long ccurl_response_code(void *handle);
const char *ccurl_strerror(int code);
void *ccurl_slist_append(void *list, const char *text);
void ccurl_slist_free_all(void *list);

#endif
