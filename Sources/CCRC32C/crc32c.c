// CRC-32C with the CPU's own instruction: SSE 4.2's crc32 on x86-64, the CRC extension's
// crc32c on ARMv8. The portable slice-by-8 in EventStore's CRC32C.swift is the fallback and
// the reference the tests hold this to.
#include "ccrc32c.h"

#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>
#include <nmmintrin.h>

int ccrc32c_hardware(void) {
  unsigned int a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
  return (c & bit_SSE4_2) != 0;
}

__attribute__((target("sse4.2")))
uint32_t ccrc32c_update(uint32_t crc, const void *bytes, size_t count) {
  const unsigned char *p = bytes;
  uint64_t c = crc;
  while (count >= 8) {
    uint64_t word;
    memcpy(&word, p, 8);
    c = _mm_crc32_u64(c, word);
    p += 8;
    count -= 8;
  }
  uint32_t c32 = (uint32_t)c;
  while (count--) c32 = _mm_crc32_u8(c32, *p++);
  return c32;
}

#elif defined(__aarch64__) && defined(__linux__)
#include <arm_acle.h>
#include <sys/auxv.h>
#ifndef HWCAP_CRC32
#define HWCAP_CRC32 (1 << 7)
#endif

int ccrc32c_hardware(void) { return (getauxval(AT_HWCAP) & HWCAP_CRC32) != 0; }

__attribute__((target("crc")))
uint32_t ccrc32c_update(uint32_t crc, const void *bytes, size_t count) {
  const unsigned char *p = bytes;
  while (count >= 8) {
    uint64_t word;
    memcpy(&word, p, 8);
    crc = __crc32cd(crc, word);
    p += 8;
    count -= 8;
  }
  while (count--) crc = __crc32cb(crc, *p++);
  return crc;
}

#else
int ccrc32c_hardware(void) { return 0; }
uint32_t ccrc32c_update(uint32_t crc, const void *bytes, size_t count) {
  (void)bytes;
  (void)count;
  return crc;
}
#endif
