#include "rows.hpp"

#include <chrono>

namespace peers {
namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

void prepare_row(Row& row, const bench::Workload& w, const Algorithm& algo,
                 const RowOptions& options, const Check& check) {
  if (w.pairs.empty()) {
    row.skip = "no pairs";
    return;
  }
  for (const bench::PairCase& p : w.pairs) row.pairs.push_back(algo.prepare(p));
  row.visits = bench::visits(w);
  for (int walk = 0; walk < options.walks; ++walk) {
    for (const bench::Visit& v : row.visits) {
      const auto t0 = std::chrono::steady_clock::now();
      const Answer a = row.pairs[std::size_t(v.pair)]->run(v.frame);
      if (options.budget > 0 && seconds_since(t0) > options.budget) {
        row.skip = "over budget: one query took more than " +
                   std::to_string(int(options.budget * 1000)) + " ms";
        return;
      }
      if (walk == options.walks - 1) check(a, v);
    }
  }
}

bool time_row(benchmark::State& state, const Row& row) {
  if (!row.skip.empty()) {
    state.SkipWithError(row.skip.c_str());
    return false;
  }
  std::size_t i = 0;
  const std::size_t n = row.visits.size();
  for (auto _ : state) {
    const bench::Visit& v = row.visits[i];
    Answer a = row.pairs[std::size_t(v.pair)]->run(v.frame);
    benchmark::DoNotOptimize(a);
    if (++i == n) i = 0;
  }
  return true;
}

int run_benchmarks(int argc, char** argv) {
  for (const auto& [library, version] : versions()) benchmark::AddCustomContext(library, version);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

}  // namespace peers
