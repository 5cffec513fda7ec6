#include "clearance.hpp"

#include "common.hpp"

#include <cmath>

namespace sepax::cli {

const char* to_string(Clearance c) {
  static constexpr const char* names[] = {"clear", "too_close", "touching", "interfering"};
  return names[int(c)];
}

Clearance clearance_of(const Report& r, double d) {
  switch (r.verdict()) {
    case Verdict::intersecting:
      return Clearance::interfering;
    case Verdict::touching:
      return Clearance::touching;
    case Verdict::separated:
      break;
  }
  return double(r.gap()) >= d ? Clearance::clear : Clearance::too_close;
}

void ClearanceOption::add_to(CLI::App* cmd) {
  cmd->add_option("--clearance", d,
                  "Required gap D (length, >= 0): verdicts clear (apart by D or more), too_close, "
                  "touching, interfering; exit 0 only when clear");
}

bool ClearanceOption::valid(std::string& error) const {
  if (!d || (std::isfinite(*d) && *d >= 0)) return true;
  error = "--clearance " + fmt("%g", *d) + ": the gap must be a finite length >= 0";
  return false;
}

std::string ClearanceTally::text() const {
  std::string s;
  for (int c = 0; c < 4; ++c)
    s += (c ? ", " : "") + std::to_string(counts[std::size_t(c)]) + " " + to_string(Clearance(c));
  return s;
}

nlohmann::json ClearanceTally::json() const {
  nlohmann::json j;
  for (int c = 0; c < 4; ++c) j[to_string(Clearance(c))] = counts[std::size_t(c)];
  return j;
}

std::string clearance_text(const Report& r, double d) {
  const Clearance c = clearance_of(r, d);
  const auto [a, b] = r.gap_points();
  const std::string where = "(A " + vec_text(a) + ", B " + vec_text(b) + ")";
  const std::string gap = fmt("%.9g", double(r.gap()));
  const std::string limit = fmt("%.9g", d);
  switch (c) {
    case Clearance::clear:
      return "  clearance: clear: " + gap + " apart " + where + ", at least " + limit;
    case Clearance::too_close:
      return "  clearance: too close: " + gap + " apart " + where + ", under " + limit;
    case Clearance::touching:
      return "  clearance: touching (the required gap is " + limit + ")";
    case Clearance::interfering:
      break;
  }
  return "  clearance: interfering (the required gap is " + limit + ")";
}

std::string clearance_word(const Report& r, double d) {
  const Clearance c = clearance_of(r, d);
  if (c == Clearance::clear || c == Clearance::too_close)
    return std::string(to_string(c)) + fmt(" %.9g", double(r.gap())) +
           (c == Clearance::clear ? " >= " : " < ") + fmt("%.9g", d);
  return to_string(c);
}

void add_clearance_json(nlohmann::json& j, const Report& r, double d) {
  j["contact"] = to_string(r.verdict());
  j["verdict"] = to_string(clearance_of(r, d));
  j["clearance"] = d;
  j["distance"] = r.gap();
}

}  // namespace sepax::cli
