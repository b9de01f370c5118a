/* Large-stack threads for parsing (see wmma/Support/LargeStack.h). */
#include "wmma/Support/LargeStack.h"

#include <pthread.h>

#define MIB ((size_t)1 << 20)
#define STACK_BASE (64 * MIB)

#if defined(__SANITIZE_ADDRESS__)
#define STACK_PER_BYTE 8192
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define STACK_PER_BYTE 8192
#endif
#endif
#ifndef STACK_PER_BYTE
#define STACK_PER_BYTE 2048
#endif

size_t wmma_parse_stack_bytes(size_t input_bytes) {
  if (input_bytes > (WMMA_PARSE_STACK_MAX - STACK_BASE) / STACK_PER_BYTE)
    return WMMA_PARSE_STACK_MAX;
  return STACK_BASE + input_bytes * STACK_PER_BYTE;
}

typedef struct {
  int (*fn)(void *);
  void *arg;
  int result;
} thread_call;

static void *trampoline(void *p) {
  thread_call *c = p;
  c->result = c->fn(c->arg);
  return NULL;
}

int wmma_run_with_stack(size_t stack_bytes, int (*fn)(void *), void *arg) {
  thread_call call = {fn, arg, 0};
  size_t size = stack_bytes < STACK_BASE ? STACK_BASE : stack_bytes;
  for (;;) {
    pthread_attr_t attr;
    if (pthread_attr_init(&attr))
      break;
    pthread_t thread;
    int rc = pthread_attr_setstacksize(&attr, size);
    if (!rc)
      rc = pthread_create(&thread, &attr, trampoline, &call);
    pthread_attr_destroy(&attr);
    if (!rc) {
      pthread_join(thread, NULL);
      return call.result;
    }
    if (size == STACK_BASE)
      break;
    size = size / 2 < STACK_BASE ? STACK_BASE : size / 2;
  }
  return fn(arg);
}
