// Reading an archive on several threads: chunks of whole games are handed to workers, and
// their results are passed on in input order, so output does not depend on the thread count.
#pragma once

#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "fenkit/pgn/chunker.hpp"
#include "threads.hpp"

namespace fenkit::tools {

// work(chunk, result) runs on a worker; emit(result) runs on the calling thread, in order.
template <typename Result>
void process_in_order(pgn::Chunker& chunker, unsigned jobs,
                      const std::function<void(const pgn::Chunk&, Result&)>& work,
                      const std::function<void(Result&)>& emit) {
  jobs = resolve_jobs(jobs);
  if (jobs <= 1) {
    pgn::Chunk chunk;
    Result result;
    while (chunker.next(chunk)) {
      result = Result();
      work(chunk, result);
      emit(result);
    }
    return;
  }

  struct Task {
    pgn::Chunk chunk;
    Result result;
    bool done = false;
  };
  std::mutex mutex;
  std::condition_variable wake_worker, wake_writer;
  std::deque<Task*> queue;                    // waiting for a worker
  std::deque<std::unique_ptr<Task>> pending;  // in input order, until emitted
  bool closing = false;
  std::exception_ptr failure;        // a worker's or the writer's: stops everything
  std::exception_ptr input_failure;  // the chunker's: reported after the chunks before it

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
  for (unsigned i = 0; i < jobs; ++i) threads.emplace_back(worker);

  const std::size_t max_in_flight = 2 * jobs + 2;
  bool more = true;
  try {
    while (more || !pending.empty()) {
      while (more && pending.size() < max_in_flight) {
        auto task = std::make_unique<Task>();
        try {
          more = chunker.next(task->chunk);
        } catch (...) {
          // The input broke off: what was read before the break is still written, in order.
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
  if (input_failure) std::rethrow_exception(input_failure);
}

}  // namespace fenkit::tools
