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

// Tasks worked on by a few threads and handed back in the order they were given: the engine
// under both ways of reading on several threads, the push of process_in_order and the pull of
// GameReader. push() queues a task; pop() waits for the oldest and hands it back, or throws
// what a worker threw on any task (which stops the work). When the system refuses to start as
// many threads as asked, the work goes on with those started; threads() says how many (0: the
// caller must do the work itself).
template <typename Task>
class OrderedWork {
 public:
  OrderedWork(unsigned threads, std::function<void(Task&)> work) : work_(std::move(work)) {
    try {
      for (unsigned i = 0; i < threads; ++i) threads_.emplace_back([this] { run(); });
    } catch (const std::system_error&) {
      // Fewer threads than asked for (a process or memory limit): go on with those started.
    }
  }
  ~OrderedWork() {
    {
      std::lock_guard lock(mutex_);
      closing_ = true;
      queue_.clear();
    }
    wake_worker_.notify_all();
    for (std::thread& t : threads_) t.join();
  }
  OrderedWork(const OrderedWork&) = delete;
  OrderedWork& operator=(const OrderedWork&) = delete;

  std::size_t threads() const { return threads_.size(); }
  // Tasks given and not yet handed back.
  std::size_t in_flight() const { return pending_.size(); }

  void push(std::unique_ptr<Task> task) {
    std::lock_guard lock(mutex_);
    queue_.push_back(task.get());
    pending_.push_back(Pending{std::move(task), false});
    wake_worker_.notify_one();
  }

  // The oldest task, once worked on; null when none is in flight.
  std::unique_ptr<Task> pop() {
    if (pending_.empty()) return nullptr;
    std::unique_lock lock(mutex_);
    wake_owner_.wait(lock, [&] { return pending_.front().done || failure_; });
    if (failure_) std::rethrow_exception(failure_);
    std::unique_ptr<Task> task = std::move(pending_.front().task);
    pending_.pop_front();
    return task;
  }

 private:
  struct Pending {
    std::unique_ptr<Task> task;
    bool done = false;
  };

  void run() {
    for (;;) {
      Task* task;
      {
        std::unique_lock lock(mutex_);
        wake_worker_.wait(lock, [&] { return closing_ || !queue_.empty(); });
        if (queue_.empty()) return;
        task = queue_.front();
        queue_.pop_front();
      }
      std::exception_ptr failed;
      try {
        work_(*task);
      } catch (...) {
        failed = std::current_exception();
      }
      {
        std::lock_guard lock(mutex_);
        if (failed && !failure_) failure_ = failed;
        for (Pending& p : pending_)
          if (p.task.get() == task) p.done = true;
      }
      wake_owner_.notify_one();
    }
  }

  std::function<void(Task&)> work_;
  std::mutex mutex_;
  std::condition_variable wake_worker_, wake_owner_;
  std::deque<Task*> queue_;       // waiting for a worker
  std::deque<Pending> pending_;   // in the order given, until handed back
  bool closing_ = false;
  std::exception_ptr failure_;    // a worker's: stops everything
  std::vector<std::thread> threads_;
};

// Runs work(chunk, result) for every chunk of `chunker` on up to `jobs` threads (0: one per
// core) and emit(result) for each result in input order. A failure of `work` or `emit` stops
// everything and is rethrown. A failure of the input (the chunker throws: a file cut short) is
// not thrown: the results of every chunk before it are emitted first, then it is returned, so
// that the caller can report it and go on with other inputs.
template <typename Result>
std::exception_ptr process_in_order(Chunker& chunker, unsigned jobs,
                                    const std::function<void(const Chunk&, Result&)>& work,
                                    const std::function<void(Result&)>& emit) {
  jobs = resolve_jobs(jobs);

  struct Task {
    Chunk chunk;
    Result result;
  };
  const auto one_thread = [&]() -> std::exception_ptr {
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
  };
  if (jobs <= 1) return one_thread();
  OrderedWork<Task> workers(jobs, [&](Task& task) { work(task.chunk, task.result); });
  if (workers.threads() == 0) return one_thread();

  const std::size_t max_in_flight = 2 * workers.threads() + 2;
  // Tasks emitted, kept for the chunks after them: a result that can be cleared is then written
  // into buffers already mapped and warm, instead of allocations of a few hundred kilobytes that
  // the system maps (and clears) page by page and takes back when they are freed, chunk after
  // chunk.
  std::vector<std::unique_ptr<Task>> spare;
  std::exception_ptr input_failure;  // the chunker's: returned after the chunks before it
  bool more = true;
  while (more || workers.in_flight()) {
    while (more && workers.in_flight() < max_in_flight) {
      std::unique_ptr<Task> task;
      if (spare.empty()) {
        task = std::make_unique<Task>();
      } else {
        task = std::move(spare.back());
        spare.pop_back();
        clear_for_next_chunk(task->result);
      }
      try {
        more = chunker.next(task->chunk);
      } catch (...) {
        // The input broke off: what was read before the break is still emitted, in order.
        input_failure = std::current_exception();
        more = false;
      }
      if (more) workers.push(std::move(task));
    }
    std::unique_ptr<Task> done = workers.pop();
    if (!done) break;
    emit(done->result);
    // The chunk's text goes back to the chunker at once (it may keep it for the next chunk).
    done->chunk = Chunk();
    spare.push_back(std::move(done));
  }
  return input_failure;
}

}  // namespace fenkit::pgn::detail
