// `sepax check`: one pair of mesh files (or every pair of their parts) in
// the mode the flags choose: verdict, numbers, optional SVG.
#include "clearance.hpp"
#include "commands.hpp"
#include "html_report.hpp"
#include "mode.hpp"
#include "volume.hpp"

#include <cstdio>
#include <iostream>

namespace sepax::cli {

namespace {

struct CheckOptions {
  PairArguments pair;
  bool parts = false;
  bool json = false;
  std::string svg;
  std::string html;
  PairQuery query;
  ClearanceOption clearance;
  bool volume = false;
  ModeChoice modes;
};

int run_check(const CheckOptions& o) {
  std::string error;
  if (!o.clearance.valid(error)) {
    std::cerr << "sepax: " << error << "\n";
    return exit_input_error;
  }
  const Mode* mode = o.modes.chosen(!o.svg.empty(), /*casts=*/false, o.query.contacts);
  const std::optional<LoadedPair> pair = mode ? load_pair(*mode, o.pair, o.parts) : std::nullopt;
  if (!pair) return exit_input_error;
  const int indent = pair->as.size() * pair->bs.size() == 1 ? 2 : -1;
  Tally tally;
  ClearanceTally clearances;
  bool svg_written = false, html_written = false;
  for (const auto& a : pair->as) {
    for (const auto& b : pair->bs) {
      const std::unique_ptr<Report> r = mode->check(*a, pair->pose_a, *b, pair->pose_b, o.query);
      if (o.volume) r->volume = mode->shared_volume(*a, pair->pose_a, *b, pair->pose_b);
      tally.add(*r);
      nlohmann::json j = o.json ? r->json() : nlohmann::json();
      if (o.json && r->volume) add_volume_json(j, *r->volume);
      if (o.clearance.d) {
        clearances.add(clearance_of(*r, *o.clearance.d));
        if (o.json) add_clearance_json(j, *r, *o.clearance.d);
      }
      if (o.json)
        std::cout << j.dump(indent) << "\n";
      else
        r->print(stdout);
      std::vector<std::string> extra;  // the lines below the report
      if (o.clearance.d) extra.push_back(clearance_text(*r, *o.clearance.d));
      if (r->volume) extra.push_back(volume_text(*r->volume));
      if (!o.json)
        for (const std::string& line : extra) std::printf("%s\n", line.c_str());
      // The page shows the first pair (with --parts, the first pair of parts).
      if (!o.html.empty() && !html_written) {
        HtmlPage page = pair_page("sepax check " + o.pair.file_a + " " + o.pair.file_b, *mode, *a,
                                  pair->pose_a, *b, pair->pose_b, *r, extra);
        if (o.clearance.d) page.verdict = to_string(clearance_of(*r, *o.clearance.d));
        if (pair->as.size() * pair->bs.size() > 1)
          page.notes.push_back("--parts: the page shows the first pair of parts");
        std::string error;
        if (!write_html(o.html, std::move(page), error)) {
          std::cerr << "sepax: " << error << "\n";
          return exit_input_error;
        }
        html_written = true;
      }
      // The picture shows the first pair (with --parts, the first pair of parts).
      if (!o.svg.empty() && !svg_written) {
        std::string error;
        if (!mode->write_svg(o.svg, *a, *b, *r, error)) {
          std::cerr << "sepax: " << error << "\n";
          return exit_input_error;
        }
        svg_written = true;
      }
    }
  }
  if (svg_written && !o.json) std::printf("wrote %s\n", o.svg.c_str());
  if (html_written && !o.json) std::printf("wrote %s\n", o.html.c_str());
  if (o.clearance.d) return exit_status(tally.disagree > 0, clearances.not_clear() > 0);
  return exit_status(tally.disagree > 0, tally.overlapping > 0);
}

}  // namespace

void add_check_command(CLI::App& app, int& exit_code) {
  const auto [cmd, o] = add_command(
      app, "check", "Check two meshes: intersecting, touching or separated, by SAT and GJK/EPA",
      run_check, exit_code);
  add_pair_arguments(cmd, o->pair);
  cmd->add_flag("--parts", o->parts,
                "One hull per object/part of each file, and every pair of parts checked");
  cmd->add_flag("--json", o->json, "Print JSON (one object per pair; see README)");
  cmd->add_option("--svg", o->svg, "Write a picture of the pair to this SVG file");
  cmd->add_option("--html", o->html,
                  "Write a page to turn the pair in a browser: the meshes, their hulls, the "
                  "answer's points and arrows, the report");
  add_contact_options(cmd, o->query);
  o->clearance.add_to(cmd);
  add_volume_flag(cmd, o->volume);
  o->modes.add_flags(cmd);
  o->modes.add_options(cmd);
}

}  // namespace sepax::cli
