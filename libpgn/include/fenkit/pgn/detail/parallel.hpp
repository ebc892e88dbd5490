// Not API: a detail of fenkit's own headers and programs (fenkit::pgn::detail), which may change
// in any release.
//
// Reading an archive on several threads: chunks of whole games are handed to workers, and their
// results are passed on in input order, so what a program writes does not depend on the thread
// count.
//
// Thread safety: `work` runs on worker threads, several chunks at once, and must touch nothing but its
// chunk, its result and what it may share read-only; `emit` runs on the calling thread, one
// result at a time, in input order.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#include "fenkit/pgn/chunker.hpp"

namespace fenkit::pgn::detail {

// The thread count for a request of `jobs` threads: `jobs`, or one per core when it is 0.
inline unsigned resolve_jobs(unsigned jobs) {
  if (jobs) return jobs;
  return std::max(1U, std::thread::hardware_concurrency());
}

// Makes `result` empty for another chunk: with its clear() where it has one, which keeps its
// buffers, else by assigning a new one.
template <typename Result>
void clear_for_next_chunk(Result& result) {
  if constexpr (requires { result.clear(); })
    result.clear();
  else
    result = Result();
}

// Runs work(chunk, result) for every chunk of `chunker` on up to `jobs` threads (0: one per
// core) and emit(result) for each result in input order. A failure of `work` or `emit` stops
// everything and is rethrown. A failure of the input (the chunker throws: a file cut short) is
// not thrown: the results of every chunk before it are emitted first, then it is returned, so
// that the caller can report it and go on with other inputs. When the system refuses to start
// as many threads as asked, the work goes on with those it started (or on the calling thread).
template <typename Result>
std::exception_ptr process_in_order(Chunker& chunker, unsigned jobs,
                                    const std::function<void(const Chunk&, Result&)>& work,
                                    const std::function<void(Result&)>& emit) {
  jobs = resolve_jobs(jobs);

  struct Task {
    Chunk chunk;
    Result result;
    bool done = false;
  };
  std::mutex mutex;
  std::condition_variable wake_worker, wake_writer;
  std::deque<Task*> queue;                    // waiting for a worker
  std::deque<std::unique_ptr<Task>> pending;  // in input order, until emitted
  bool closing = false;
  std::exception_ptr failure;        // a worker's or the writer's: stops everything
  std::exception_ptr input_failure;  // the chunker's: returned after the chunks before it

  auto worker = [&] {
    for (;;) {
      Task* task;
      {
        std::unique_lock lock(mutex);
        wake_worker.wait(lock, [&] { return closing || !queue.empty(); });
        if (queue.empty()) return;
        task = queue.front();
        queue.pop_front();
      }
      try {
        work(task->chunk, task->result);
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
      }
      {
        std::lock_guard lock(mutex);
        task->done = true;
      }
      wake_writer.notify_one();
    }
  };
  std::vector<std::thread> threads;
  if (jobs > 1) {
    try {
      for (unsigned i = 0; i < jobs; ++i) threads.emplace_back(worker);
    } catch (const std::system_error&) {
      // Fewer threads than asked for (a process or memory limit): go on with those started.
    }
  }

  if (threads.empty()) {
    Chunk chunk;
    Result result;
    for (;;) {
      try {
        if (!chunker.next(chunk)) break;
      } catch (...) {
        return std::current_exception();
      }
      clear_for_next_chunk(result);
      work(chunk, result);
      emit(result);
    }
    return nullptr;
  }

  const std::size_t max_in_flight = 2 * threads.size() + 2;
  // Tasks emitted, kept for the chunks after them (touched on this thread only): a result that
  // can be cleared is then written into buffers already mapped and warm, instead of allocations
  // of a few hundred kilobytes that the system maps (and clears) page by page and takes back
  // when they are freed, chunk after chunk.
  std::vector<std::unique_ptr<Task>> spare;
  const auto next_task = [&spare] {
    if (spare.empty()) return std::make_unique<Task>();
    std::unique_ptr<Task> task = std::move(spare.back());
    spare.pop_back();
    task->done = false;
    clear_for_next_chunk(task->result);
    return task;
  };
  bool more = true;
  try {
    while (more || !pending.empty()) {
      while (more && pending.size() < max_in_flight) {
        std::unique_ptr<Task> task = next_task();
        try {
          more = chunker.next(task->chunk);
        } catch (...) {
          // The input broke off: what was read before the break is still emitted, in order.
          input_failure = std::current_exception();
          more = false;
        }
        if (!more) break;
        std::lock_guard lock(mutex);
        queue.push_back(task.get());
        pending.push_back(std::move(task));
        wake_worker.notify_one();
      }
      if (pending.empty()) break;
      {
        std::unique_lock lock(mutex);
        wake_writer.wait(lock, [&] { return pending.front()->done || failure; });
        if (failure) break;
      }
      emit(pending.front()->result);
      // The chunk's text goes back to the chunker at once (it may keep it for the next chunk).
      pending.front()->chunk = Chunk();
      spare.push_back(std::move(pending.front()));
      pending.pop_front();
    }
  } catch (...) {
    std::lock_guard lock(mutex);
    if (!failure) failure = std::current_exception();
  }
  {
    std::lock_guard lock(mutex);
    closing = true;
    queue.clear();
  }
  wake_worker.notify_all();
  for (std::thread& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);
  return input_failure;
}

}  // namespace fenkit::pgn::detail
