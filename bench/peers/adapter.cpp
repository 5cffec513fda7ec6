// The registry of adapter libraries (adapter.hpp).
#include "adapter.hpp"

#include <algorithm>
#include <utility>

namespace peers {
namespace {

struct Library {
  std::string name, version;
  AddAlgorithms add;
};

std::vector<Library>& registry() {
  static std::vector<Library> libraries;
  return libraries;
}

/// The libraries in name order, sepax first.
std::vector<Library> sorted() {
  auto libraries = registry();
  std::sort(libraries.begin(), libraries.end(), [](const Library& a, const Library& b) {
    return (a.name != "sepax") != (b.name != "sepax") ? a.name == "sepax" : a.name < b.name;
  });
  return libraries;
}

}  // namespace

Registration::Registration(const char* library, const char* version, AddAlgorithms add) {
  registry().push_back({library, version, add});
}

std::vector<Algorithm> all_algorithms() {
  std::vector<Algorithm> out;
  for (const Library& library : sorted()) library.add(out);
  return out;
}

std::vector<std::pair<std::string, std::string>> versions() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const Library& library : sorted())
    if (library.name != "sepax") out.emplace_back(library.name, library.version);
  return out;
}

}  // namespace peers
