// `sepax batch`: many pairs from a TSV file, checked on all cores, reported
// in input order whatever the number of jobs.
//
// Workers take the next case from an atomic counter and store its result in
// its slot; the main thread prints the slots in order as soon as each one
// and all before it are done, and draws the progress bar. Shapes are loaded
// once per path (FileCache): the first worker to need a file loads it, the
// others wait on the same shared_future. With --cast each case is a cast
// (cast_report.hpp) to a sixth column's pose.
#include "cast_report.hpp"
#include "clearance.hpp"
#include "commands.hpp"
#include "mode.hpp"
#include "volume.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <future>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

namespace sepax::cli {

namespace {

/// Width of the progress bar on stderr, in characters.
constexpr int progress_width = 30;

struct BatchOptions {
  std::string tsv;
  int jobs = 0;  // 0: one per hardware thread
  bool json = false;
  std::string shard;  // "K/N", empty: every case
  bool cast = false;  // each case a cast of B to poseB1
  PairQuery query;
  ClearanceOption clearance;
  bool volume = false;
  ModeChoice modes;
};

struct Case {
  std::string id;
  std::string file_a;
  std::string file_b;
  std::string pose_a = "0,0,0";
  std::string pose_b = "0,0,0";
  std::string pose_b1;  // --cast: B's pose at the end of its motion
  std::string error;    // malformed line
};

/// The K-th of N slices of the case list (1 <= K <= N): the cases whose
/// position (0-based, comments and the header not counted) is K - 1 modulo
/// N. Round robin, so that every slice gets a share of each part of the list.
struct Shard {
  int k = 1;
  int n = 1;
};

/// Parses "K/N"; false (and `error`) on anything else.
bool parse_shard(const std::string& text, Shard& shard, std::string& error) {
  const std::size_t slash = text.find('/');
  try {
    std::size_t used_k = 0, used_n = 0;
    if (slash != std::string::npos) {
      shard.k = std::stoi(text.substr(0, slash), &used_k);
      shard.n = std::stoi(text.substr(slash + 1), &used_n);
    }
    if (slash != std::string::npos && used_k == slash && used_n == text.size() - slash - 1 &&
        shard.n >= 1 && shard.k >= 1 && shard.k <= shard.n)
      return true;
  } catch (const std::exception&) {  // not a number, or out of int's range
  }
  error = "bad shard \"" + text + "\": expected K/N with 1 <= K <= N";
  return false;
}

/// The cases of one shard, in their order.
std::vector<Case> slice(std::vector<Case> cases, const Shard& shard) {
  std::vector<Case> mine;
  for (std::size_t i = std::size_t(shard.k - 1); i < cases.size(); i += std::size_t(shard.n))
    mine.push_back(std::move(cases[i]));
  return mine;
}

/// One line of the TSV: paths already resolved against the TSV's folder.
struct CaseResult {
  bool done = false;
  std::string id;
  std::string error;  // one line naming the case, the file and the problem
  std::unique_ptr<Report> report;
  std::unique_ptr<CastReport> cast;  // --cast
};

/// A file's shape in the run's mode, or why there is none.
struct Cached {
  std::shared_ptr<const Shape> shape;
  std::string error;
};

/// Thread-safe cache of whole-file shapes by path: each file is loaded once,
/// by the first worker that needs it; the others wait for it. With `casts`,
/// a file of one vertex is a point (load_mover).
class FileCache {
 public:
  using Entry = std::shared_ptr<const Cached>;
  FileCache(const Mode& mode, bool casts) : mode_(mode), casts_(casts) {}

  Entry get(const std::string& path) {
    std::unique_lock lock(mutex_);
    auto found = entries_.find(path);
    if (found != entries_.end()) {
      auto future = found->second;
      lock.unlock();
      return future.get();
    }
    std::promise<Entry> promise;
    entries_.emplace(path, promise.get_future().share());
    lock.unlock();
    Entry value = load(path);
    promise.set_value(value);
    return value;
  }

 private:
  Entry load(const std::string& path) const {
    auto entry = std::make_shared<Cached>();
    if (casts_) {
      if (!load_mover(mode_, path, entry->shape, entry->error)) entry->shape = nullptr;
      return entry;
    }
    Shapes loaded;
    if (mode_.load(path, false, loaded, entry->error)) entry->shape = loaded.front();
    return entry;
  }

  const Mode& mode_;
  const bool casts_;
  std::mutex mutex_;
  std::map<std::string, std::shared_future<Entry>> entries_;
};

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> fields;
  std::size_t start = 0;
  while (true) {
    const std::size_t tab = line.find('\t', start);
    fields.push_back(line.substr(start, tab - start));
    if (tab == std::string::npos) return fields;
    start = tab + 1;
  }
}

std::string resolve(const std::filesystem::path& dir, const std::string& file) {
  const std::filesystem::path p(file);
  if (p.is_absolute() || dir.empty()) return file;
  return (dir / p).lexically_normal().string();
}

/// One case: 3 to 5 columns, or with `cast` exactly 6, poseB1 not empty.
Case parse_case(const std::string& line, int number, const std::filesystem::path& dir, bool cast) {
  const std::vector<std::string> f = split_tabs(line);
  Case c;
  c.id = f[0].empty() ? "line " + std::to_string(number) : f[0];
  const bool columns = cast ? f.size() == 6 : f.size() >= 3 && f.size() <= 5;
  if (!columns || f[0].empty() || f[1].empty() || f[2].empty()) {
    c.error = "line " + std::to_string(number) + ": expected tab-separated columns id, fileA, " +
              (cast ? "fileB, poseA, poseB, poseB1 (poseA and poseB may be empty)"
                    : "fileB[, poseA[, poseB]]") +
              ", got " + std::to_string(f.size()) + " column(s)";
    return c;
  }
  c.file_a = resolve(dir, f[1]);
  c.file_b = resolve(dir, f[2]);
  if (f.size() > 3 && !f[3].empty()) c.pose_a = f[3];
  if (f.size() > 4 && !f[4].empty()) c.pose_b = f[4];
  if (cast) c.pose_b1 = f[5];
  if (cast && c.pose_b1.empty())
    c.error = "line " + std::to_string(number) +
              ": poseB1 is empty: --cast needs B's pose at "
              "the end of its motion";
  return c;
}

/// Reads the cases; false (and `error`) when the TSV cannot be read. A first
/// line whose first column is "id" is a header.
bool read_cases(const std::string& path, bool cast, std::vector<Case>& cases, std::string& error) {
  std::ifstream in(path);
  if (!in || std::filesystem::is_directory(path)) {
    error = path + ": cannot read the cases file";
    return false;
  }
  const std::filesystem::path dir = std::filesystem::path(path).parent_path();
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos || line[0] == '#') continue;
    if (cases.empty() && split_tabs(line)[0] == "id") continue;
    cases.push_back(parse_case(line, number, dir, cast));
  }
  return true;
}

CaseResult run_case(const Case& c, const Mode& mode, FileCache& cache, const BatchOptions& o) {
  CaseResult r;
  const std::string prefix = "case " + c.id + ": ";
  if (!c.error.empty()) {
    r.error = prefix + c.error;
    return r;
  }
  Pose pose_a, pose_b;
  std::string error;
  if (!parse_pose(c.pose_a, pose_a, error)) {
    r.error = prefix + "poseA: " + error;
    return r;
  }
  if (!parse_pose(c.pose_b, pose_b, error)) {
    r.error = prefix + "poseB: " + error;
    return r;
  }
  Pose pose_b1;
  if (o.cast && !parse_pose(c.pose_b1, pose_b1, error)) {
    r.error = prefix + "poseB1: " + error;
    return r;
  }
  const auto a = cache.get(c.file_a), b = cache.get(c.file_b);
  if (!a->error.empty() || !b->error.empty()) {
    r.error = prefix + (a->error.empty() ? b->error : a->error);
    return r;
  }
  if (o.cast) {
    const double clearance = o.clearance.d ? *o.clearance.d : -1.0;
    r.cast =
        cast_pair(mode, *a->shape, pose_a, *b->shape, Sweep{pose_b, pose_b1}, clearance, error);
    if (r.cast)
      r.cast->id = c.id;
    else
      r.error = prefix + error;
    return r;
  }
  r.report = mode.check(*a->shape, pose_a, *b->shape, pose_b, o.query);
  r.report->id = c.id;
  if (o.volume) r.report->volume = mode.shared_volume(*a->shape, pose_a, *b->shape, pose_b);
  return r;
}

/// Counts for the summary: the answers' tally (casts' by status), the cases
/// and the errors.
struct Counts {
  Tally answers;
  ClearanceTally clearances;   // with --clearance
  std::array<int, 5> casts{};  // by CastStatus
  int cases = 0, errors = 0;

  void add(const CaseResult& r, const std::optional<double>& clearance) {
    ++cases;
    if (r.report && clearance) clearances.add(clearance_of(*r.report, *clearance));
    if (r.cast && clearance) clearances.add(r.cast->clearance_verdict());
    if (r.report)
      answers.add(*r.report);
    else if (r.cast)
      ++casts[std::size_t(r.cast->result.status)];
    else
      ++errors;
  }
  [[nodiscard]] int count(CastStatus s) const { return casts[std::size_t(s)]; }
};

void print_result(const CaseResult& r, bool json, const std::optional<double>& clearance) {
  if (json) {
    nlohmann::json j = r.report ? r.report->json()
                       : r.cast ? r.cast->json()
                                : nlohmann::json{{"id", r.id}, {"error", r.error}};
    if (r.report && clearance) add_clearance_json(j, *r.report, *clearance);
    if (r.report && r.report->volume) add_volume_json(j, *r.report->volume);
    std::cout << j.dump() << "\n";
    return;
  }
  const std::string volume = r.report && r.report->volume ? volume_word(*r.report->volume) : "";
  if (r.report && clearance)
    std::cout << r.id << "  " << clearance_word(*r.report, *clearance) << r.report->batch_line()
              << volume << "\n";
  else if (r.report)
    std::cout << r.id << r.report->batch_line() << volume << "\n";
  else if (r.cast)
    std::cout << r.id << r.cast->batch_line() << "\n";
  else
    std::cout << r.id << "  error: " << r.error << "\n";
}

bool done_at(const std::vector<CaseResult>& results, std::size_t i, std::mutex& mutex) {
  std::lock_guard lock(mutex);
  return results[i].done;
}

void draw_progress(int done, int total) {
  const int filled = total > 0 ? done * progress_width / total : progress_width;
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar.resize(progress_width, '.');
  std::fprintf(stderr, "\r[%s] %d/%d", bar.c_str(), done, total);
  std::fflush(stderr);
}

/// The summary of casts: cases by status.
void print_cast_summary(const Counts& t, double seconds, int jobs, const std::string& shard,
                        bool json, const std::optional<double>& clearance) {
  if (json) {
    nlohmann::json summary = {{"shard", shard.empty() ? "1/1" : shard}, {"cases", t.cases}};
    for (const CastStatus s :
         {CastStatus::hit, CastStatus::overlapping, CastStatus::missed, CastStatus::max_iterations})
      summary[to_string(s)] = t.count(s);
    summary.update({{"errors", t.errors}, {"jobs", jobs}, {"time_s", seconds}});
    if (clearance) summary["clearance"] = {{"d", *clearance}, {"verdicts", t.clearances.json()}};
    std::cout << nlohmann::json{{"summary", summary}}.dump() << "\n";
    return;
  }
  if (clearance) std::printf("clearance %.9g: %s\n", *clearance, t.clearances.text().c_str());
  std::printf(
      "summary: %s%s%d cases: %d hit, %d overlapping, %d missed, %d max_iterations, %d errors; "
      "%.3f s with %d jobs\n",
      shard.empty() ? "" : "shard ", shard.empty() ? "" : (shard + ": ").c_str(), t.cases,
      t.count(CastStatus::hit), t.count(CastStatus::overlapping), t.count(CastStatus::missed),
      t.count(CastStatus::max_iterations), t.errors, seconds, jobs);
}

/// The summary line (or JSON object); `shard` is "" for the whole list.
void print_summary(const Counts& t, double seconds, int jobs, const std::string& shard, bool json,
                   const std::optional<double>& clearance) {
  const Tally& a = t.answers;
  if (json) {
    nlohmann::json summary = {{"shard", shard.empty() ? "1/1" : shard},
                              {"cases", t.cases},
                              {"intersecting", a.count(Verdict::intersecting)},
                              {"touching", a.count(Verdict::touching)},
                              {"separated", a.count(Verdict::separated)},
                              {"disagree", a.disagree},
                              {"errors", t.errors},
                              {"jobs", jobs},
                              {"time_s", seconds}};
    if (clearance) summary["clearance"] = {{"d", *clearance}, {"verdicts", t.clearances.json()}};
    std::cout << nlohmann::json{{"summary", summary}}.dump() << "\n";
    return;
  }
  if (clearance) std::printf("clearance %.9g: %s\n", *clearance, t.clearances.text().c_str());
  std::printf(
      "summary: %s%s%d cases: %d intersecting, %d touching, %d separated, %d disagree, %d "
      "errors; %.3f s with %d jobs\n",
      shard.empty() ? "" : "shard ", shard.empty() ? "" : (shard + ": ").c_str(), t.cases,
      a.count(Verdict::intersecting), a.count(Verdict::touching), a.count(Verdict::separated),
      a.disagree, t.errors, seconds, jobs);
}

/// Runs the cases on `jobs` threads and prints the results in input order
/// as they complete. Returns the counts.
Counts run_cases(const std::vector<Case>& cases, int jobs, const Mode& mode,
                 const BatchOptions& o) {
  std::vector<CaseResult> results(cases.size());
  FileCache cache(mode, o.cast);
  std::atomic<std::size_t> next{0};
  std::mutex mutex;
  std::condition_variable cv;
  auto worker = [&] {
    for (std::size_t i; (i = next++) < cases.size();) {
      CaseResult r = run_case(cases[i], mode, cache, o);
      r.id = cases[i].id;
      std::lock_guard lock(mutex);
      results[i] = std::move(r);
      results[i].done = true;
      cv.notify_one();
    }
  };
  std::vector<std::jthread> threads;
  for (int k = 0; k < jobs; ++k) threads.emplace_back(worker);
  const bool progress = stderr_is_terminal();
  Counts counts;
  for (std::size_t printed = 0; printed < cases.size();) {
    std::unique_lock lock(mutex);
    cv.wait(lock, [&] { return results[printed].done; });
    lock.unlock();
    if (progress) std::fprintf(stderr, "\r\033[K");
    for (; printed < cases.size() && done_at(results, printed, mutex); ++printed) {
      print_result(results[printed], o.json, o.clearance.d);
      counts.add(results[printed], o.clearance.d);
    }
    std::cout.flush();
    if (progress) draw_progress(static_cast<int>(printed), static_cast<int>(cases.size()));
  }
  if (progress) std::fprintf(stderr, "\r\033[K");
  return counts;
}

int run_batch(const BatchOptions& o) {
  std::string error;
  if (!o.clearance.valid(error)) {
    std::cerr << "sepax: " << error << "\n";
    return exit_input_error;
  }
  if (o.cast && o.volume) {
    std::cerr << "sepax: --volume is the volume two shapes share where they rest, not along a "
                 "cast: not with --cast\n";
    return exit_input_error;
  }
  const Mode* mode = o.modes.chosen(/*draws=*/false, o.cast, o.query.contacts);
  if (!mode) return exit_input_error;
  std::vector<Case> cases;
  Shard shard;
  if ((!o.shard.empty() && !parse_shard(o.shard, shard, error)) ||
      !read_cases(o.tsv, o.cast, cases, error)) {
    std::cerr << "sepax: " << error << "\n";
    return exit_input_error;
  }
  cases = slice(std::move(cases), shard);
  int jobs = o.jobs > 0 ? o.jobs : static_cast<int>(std::thread::hardware_concurrency());
  jobs = std::max(1, std::min(jobs, static_cast<int>(cases.size())));
  const auto start = std::chrono::steady_clock::now();
  const Counts t = run_cases(cases, jobs, *mode, o);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (o.cast)
    print_cast_summary(t, seconds, jobs, o.shard, o.json, o.clearance.d);
  else
    print_summary(t, seconds, jobs, o.shard, o.json, o.clearance.d);
  if (t.errors > 0) return exit_input_error;
  if (o.cast && o.clearance.d) return t.clearances.not_clear() > 0 ? exit_intersecting : exit_clear;
  if (o.cast) return t.count(CastStatus::missed) < t.cases ? exit_intersecting : exit_clear;
  const Tally& a = t.answers;
  if (o.clearance.d) return exit_status(a.disagree > 0, t.clearances.not_clear() > 0);
  return exit_status(a.disagree > 0,
                     a.count(Verdict::intersecting) + a.count(Verdict::touching) > 0);
}

}  // namespace

void add_batch_command(CLI::App& app, int& exit_code) {
  const auto [cmd, o] = add_command(
      app, "batch", "Check many pairs listed in a TSV file, in parallel, results in input order",
      run_batch, exit_code);
  cmd->add_option("CASES", o->tsv,
                  "TSV file: id, fileA, fileB[, poseA[, poseB]] per line (with --cast, then "
                  "poseB1; tab-separated; paths relative to the TSV's folder; # comments and "
                  "empty lines skipped)")
      ->required();
  cmd->add_option("-j,--jobs", o->jobs, "Worker threads (default: one per hardware thread)")
      ->check(CLI::Range(1, 4096));
  cmd->add_flag("--json", o->json,
                "JSON lines: one object per case (as check --json, or {id, error}), then "
                "{\"summary\": ...}");
  cmd->add_option("--shard", o->shard,
                  "K/N: run only the K-th of N slices of the cases (case i when i mod N = K-1), "
                  "to spread a batch over machines; the N shards' outputs together are the "
                  "whole run");
  CLI::Option* cast = cmd->add_flag(
      "--cast", o->cast,
      "Each case a cast: a 6th column poseB1 is B's pose at the end of its motion; a B file of "
      "one vertex is a point (a ray cast). Lines and JSON as cast's (docs/cli.md)");
  add_contact_options(cmd, o->query);
  cmd->get_option("--contacts")->excludes(cast);
  o->clearance.add_to(cmd);
  add_volume_flag(cmd, o->volume);
  o->modes.add_flags(cmd);
}

}  // namespace sepax::cli
