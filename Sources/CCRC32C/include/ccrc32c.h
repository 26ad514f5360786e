#ifndef CCRC32C_H
#define CCRC32C_H

#include <stddef.h>
#include <stdint.h>

/// Whether this CPU computes CRC-32C in hardware (SSE 4.2 on x86-64, the CRC extension on
/// ARMv8); checked once, at run time.
int ccrc32c_hardware(void);

/// CRC-32C of `count` bytes with the CPU's instruction, from the raw register `crc` (the caller
/// inverts before and after, as the portable version does). Only when ccrc32c_hardware().
uint32_t ccrc32c_update(uint32_t crc, const void *bytes, size_t count);

#endif
