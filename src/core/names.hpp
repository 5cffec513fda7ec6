// The name of an enum value, from a table of names in the enum's order:
// every to_string of sepax is one such table (the enumerators' own
// snake_case names; "unknown" for a value beyond the table).
#pragma once

#include <cstddef>

namespace sepax::detail {

template <class Enum, std::size_t N>
[[nodiscard]] constexpr const char* name_of(Enum value, const char* const (&names)[N]) {
  const auto i = static_cast<std::size_t>(value);
  return i < N ? names[i] : "unknown";
}

}  // namespace sepax::detail
