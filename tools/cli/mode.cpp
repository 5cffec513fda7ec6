#include "mode.hpp"

namespace sepax::cli {

std::string Report::batch_line() const {
  return std::string("  ") + to_string(verdict());
}

void Tally::add(const Report& r) {
  ++verdicts[std::size_t(r.verdict())];
  overlapping += r.intersecting();
  disagree += r.disagree();
}

int exit_status(bool any_disagree, bool any_intersecting) {
  if (any_disagree) return exit_disagree;
  return any_intersecting ? exit_intersecting : exit_clear;
}

}  // namespace sepax::cli
