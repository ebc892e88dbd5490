// A minimal parallel loop for the tools' independent work items.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace fenkit::tools {

// The worker count for -j N: N, or every core when N is 0.
inline unsigned resolve_jobs(unsigned requested) {
  if (requested) return requested;
  return std::max(1U, std::thread::hardware_concurrency());
}

// Calls body(i) for every i in [0, count) on up to `jobs` threads (0: all cores).
template <typename Body>
void parallel_for(std::size_t count, unsigned jobs, Body body) {
  const unsigned n = unsigned(std::min<std::size_t>(resolve_jobs(jobs), std::max<std::size_t>(count, 1)));
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < count;) body(i);
  };
  std::vector<std::thread> threads;
  for (unsigned t = 1; t < n; ++t) threads.emplace_back(worker);
  worker();
  for (std::thread& t : threads) t.join();
}

}  // namespace fenkit::tools
