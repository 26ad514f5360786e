#include "ccurl.h"

#include <dlfcn.h>
#include <pthread.h>

typedef int (*setopt_fn)(void *, int, ...);
typedef int (*getinfo_fn)(void *, int, ...);

static struct {
  void *(*easy_init)(void);
  void (*easy_cleanup)(void *);
  setopt_fn setopt;
  getinfo_fn getinfo;
  int (*perform)(void *);
  const char *(*strerror)(int);
  void *(*slist_append)(void *, const char *);
  void (*slist_free_all)(void *);
  int (*global_init)(long);
  int ready;
} curl;

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
  void *lib = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
  if (!lib) return;
  curl.easy_init = dlsym(lib, "curl_easy_init");
  curl.easy_cleanup = dlsym(lib, "curl_easy_cleanup");
  curl.setopt = (setopt_fn)dlsym(lib, "curl_easy_setopt");
  curl.getinfo = (getinfo_fn)dlsym(lib, "curl_easy_getinfo");
  curl.perform = dlsym(lib, "curl_easy_perform");
  curl.strerror = dlsym(lib, "curl_easy_strerror");
  curl.slist_append = dlsym(lib, "curl_slist_append");
  curl.slist_free_all = dlsym(lib, "curl_slist_free_all");
  curl.global_init = dlsym(lib, "curl_global_init");
  if (!curl.easy_init || !curl.easy_cleanup || !curl.setopt || !curl.getinfo || !curl.perform
      || !curl.strerror || !curl.slist_append || !curl.slist_free_all || !curl.global_init)
    return;
  // CURL_GLOBAL_ALL, once, before any handle exists.
  if (curl.global_init(3) != 0) return;
  curl.ready = 1;
}

int ccurl_load(void) {
  pthread_once(&once, load);
  return curl.ready ? 0 : -1;
}

void *ccurl_easy_init(void) { return curl.easy_init(); }
void ccurl_easy_cleanup(void *handle) { curl.easy_cleanup(handle); }
int ccurl_setopt_long(void *handle, int option, long value) { return curl.setopt(handle, option, value); }
int ccurl_setopt_pointer(void *handle, int option, const void *value) {
  return curl.setopt(handle, option, value);
}
int ccurl_setopt_offset(void *handle, int option, long long value) { return curl.setopt(handle, option, value); }

// CURLOPT_WRITEFUNCTION 20011, CURLOPT_WRITEDATA 10001.
int ccurl_set_write(void *handle, size_t (*receive)(char *, size_t, size_t, void *), void *context) {
  int code = curl.setopt(handle, 20011, receive);
  return code ? code : curl.setopt(handle, 10001, context);
}

// CURLOPT_HEADERFUNCTION 20079, CURLOPT_HEADERDATA 10029.
int ccurl_set_header(void *handle, size_t (*receive)(char *, size_t, size_t, void *), void *context) {
  int code = curl.setopt(handle, 20079, receive);
  return code ? code : curl.setopt(handle, 10029, context);
}

// CURLOPT_XFERINFOFUNCTION 20219, CURLOPT_XFERINFODATA 10057, CURLOPT_NOPROGRESS 43.
int ccurl_set_progress(
  void *handle, int (*progress)(void *, long long, long long, long long, long long), void *context) {
  int code = curl.setopt(handle, 20219, progress);
  if (!code) code = curl.setopt(handle, 10057, context);
  return code ? code : curl.setopt(handle, 43, 0L);
}

int ccurl_perform(void *handle) { return curl.perform(handle); }

long ccurl_response_code(void *handle) {
  long code = 0;
  curl.getinfo(handle, 0x200002, &code);  // CURLINFO_RESPONSE_CODE
  return code;
}

const char *ccurl_strerror(int code) { return curl.strerror(code); }
void *ccurl_slist_append(void *list, const char *text) { return curl.slist_append(list, text); }
void ccurl_slist_free_all(void *list) { curl.slist_free_all(list); }
