// sepax: symbol visibility. The library is built with hidden visibility;
// SEPAX_API marks what it exports.
#pragma once

#if defined(SEPAX_BUILDING)
#define SEPAX_API __attribute__((visibility("default")))
#else
#define SEPAX_API
#endif
