#include "volume.hpp"

#include "common.hpp"

namespace sepax::cli {

namespace {

/// "12.5% of A, 50% of B": the shared volume as a part of each input's.
std::string fractions(const OverlapVolume& v) {
  const auto part = [&](real whole, const char* who) {
    return whole > 0 ? fmt("%.3g", 100 * double(v.volume) / double(whole)) + "% of " + who
                     : std::string(who) + " encloses no volume";
  };
  return part(v.volume_a, "A") + ", " + part(v.volume_b, "B");
}

}  // namespace

void add_volume_flag(CLI::App* cmd, bool& on) {
  cmd->add_flag("--volume", on,
                "Also the volume both shapes enclose: exact for hulls, estimated with a bound for "
                "closed meshes (--mesh), none for open meshes");
}

std::string volume_text(const SharedVolume& v) {
  const OverlapVolume& o = v.overlap;
  std::string s = "  overlap volume: ";
  if (o.method == VolumeMethod::none) return s + "none" + (v.note.empty() ? "" : ": " + v.note);
  if (o.method == VolumeMethod::exact)
    s += fmt("%.9g exact", double(o.volume));
  else
    s += fmt("%.6g", double(o.volume)) + " ± " + fmt("%.2g", double(o.error)) +
         ", estimated from " + std::to_string(o.samples) + " samples";
  s += " (" + fractions(o) + ")";
  if (!v.note.empty()) s += ", " + v.note;
  return s;
}

std::string volume_word(const SharedVolume& v) {
  const OverlapVolume& o = v.overlap;
  switch (o.method) {
    case VolumeMethod::exact:
      return fmt("  volume %.9g", double(o.volume));
    case VolumeMethod::estimate:
      return fmt("  volume %.6g", double(o.volume)) + fmt("±%.2g", double(o.error));
    case VolumeMethod::none:
      break;
  }
  return "  volume none";
}

void add_volume_json(nlohmann::json& j, const SharedVolume& v) {
  const OverlapVolume& o = v.overlap;
  const bool none = o.method == VolumeMethod::none;
  j["overlap_volume"] = none ? nlohmann::json() : nlohmann::json(double(o.volume));
  j["overlap_volume_method"] = to_string(o.method);
  j["overlap_volume_error"] = double(o.error);
  j["overlap_samples"] = o.samples;
  j["volume_a"] = double(o.volume_a);
  j["volume_b"] = double(o.volume_b);
  const auto fraction = [&](real whole) {
    return none || !(whole > 0) ? nlohmann::json() : nlohmann::json(double(o.volume / whole));
  };
  j["overlap_fraction_a"] = fraction(o.volume_a);
  j["overlap_fraction_b"] = fraction(o.volume_b);
  if (!v.note.empty()) j["overlap_volume_note"] = v.note;
}

}  // namespace sepax::cli
