// A minimal parallel loop for the tools' independent work items.
#pragma once

#include <algorithm>
#include <atomic>
#include <system_error>
#include <cstddef>
#include <thread>
#include <vector>

#include "fenkit/pgn/detail/parallel.hpp"

namespace fenkit::tools {

// Calls body(i) for every i in [0, count) on up to `jobs` threads (0: all cores).
template <typename Body>
void parallel_for(std::size_t count, unsigned jobs, Body body) {
  const unsigned n =
      unsigned(std::min<std::size_t>(pgn::detail::resolve_jobs(jobs), std::max<std::size_t>(count, 1)));
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < count;) body(i);
  };
  std::vector<std::thread> threads;
  try {
    for (unsigned t = 1; t < n; ++t) threads.emplace_back(worker);
  } catch (const std::system_error&) {
    // Fewer threads than asked for (a process or memory limit): those started do the work.
  }
  worker();
  for (std::thread& t : threads) t.join();
}

}  // namespace fenkit::tools
