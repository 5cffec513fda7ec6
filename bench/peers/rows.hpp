// bench_peers, bench_contact and bench_cast: one Google Benchmark row per
// workload and algorithm. Before a row is timed, its algorithm answers every
// visit in the order they are timed (untimed), and the program checks each
// answer; the timed loop then goes on with the same cycle of visits, whose
// path runs forth and back without a jump, so that a stateful query's state
// stays warm.
#pragma once

#include "adapter.hpp"

#include <benchmark/benchmark.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace peers {

/// How a row is made ready.
struct RowOptions {
  int walks = 1;      ///< passes over the visits before timing; the last one is checked
  double budget = 0;  ///< seconds one query may take before the row is skipped (0: no limit)
};

/// A row made ready: one prepared pair each and the order they are timed in.
struct Row {
  std::string key;
  std::vector<std::unique_ptr<Prepared>> pairs;
  std::vector<bench::Visit> visits;
  std::string skip;  ///< reason not to time the row, or empty
};

/// Checks one answer of the last walk against the visit's reference.
using Check = std::function<void(const Answer&, const bench::Visit&)>;

/// Prepares w's pairs for algo and walks the visits; sets row.skip when w
/// has no pairs or one query takes longer than the budget.
void prepare_row(Row& row, const bench::Workload& w, const Algorithm& algo,
                 const RowOptions& options, const Check& check);

/// Times the row (its visits in turn, cycling), or skips it with its
/// reason. False when skipped.
bool time_row(benchmark::State& state, const Row& row);

/// Runs one row for Google Benchmark, which calls it more than once a row:
/// the first call of a key prepares the row with fresh Checks, whose
/// add(answer, visit, workload, key) sees the checked walk and whose
/// report(state, workload) writes the row's counters.
template <class Checks>
void run_row(benchmark::State& state, const std::string& key, const bench::Workload& w,
             const Algorithm& algo, const RowOptions& options) {
  static Row row;
  static Checks checks;
  if (row.key != key) {
    row = Row{};
    row.key = key;
    checks = Checks{};
    prepare_row(row, w, algo, options,
                [&](const Answer& a, const bench::Visit& v) { checks.add(a, v, w, key); });
  }
  if (!time_row(state, row)) return;
  checks.report(state, w);
  state.SetLabel(label_of(algo.answers));
}

/// main's end: every registered peer's version into the JSON context (keyed
/// by library), then Google Benchmark on the registered rows with the
/// command line's options. Returns the exit status.
int run_benchmarks(int argc, char** argv);

}  // namespace peers
