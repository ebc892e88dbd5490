#include "object_arenas.hpp"

#include <Python.h>
#include <pthread.h>
#include <sys/mman.h>

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <new>
#include <thread>
#include <unordered_set>
#include <vector>

namespace fenkit::python {

namespace {

// The arena size of CPython 3.10 and later on 64-bit systems; a request of another size goes to
// the allocator before.
constexpr std::size_t kArenaSize = std::size_t(1) << 20;
// Arenas kept ready: a replay takes one every millisecond or so; mapping and faulting one in
// takes about half of that.
constexpr std::size_t kReady = 16;

void* map_arena(bool fault_in) {
  void* p = mmap(nullptr, kArenaSize, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | (fault_in ? MAP_POPULATE : 0), -1, 0);
  return p == MAP_FAILED ? nullptr : p;
}

// Arenas mapped and faulted in ahead, by a thread that runs while a PrefaultedArenas lives.
class Reserve {
 public:
  // Throws std::system_error if the thread cannot start.
  Reserve() {
    ready_.reserve(kReady);  // before the thread, which must not allocate
    filler_ = std::thread([this] { fill(); });
  }
  ~Reserve() {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    wanted_.notify_one();
    filler_.join();
    for (void* arena : ready_) munmap(arena, kArenaSize);
  }

  // A ready arena, or null if none is (the caller maps one itself).
  void* take() {
    void* arena = nullptr;
    {
      std::lock_guard lock(mutex_);
      if (!ready_.empty()) {
        arena = ready_.back();
        ready_.pop_back();
      }
    }
    wanted_.notify_one();
    return arena;
  }

 private:
  void fill() {
    std::unique_lock lock(mutex_);
    for (;;) {
      wanted_.wait(lock, [this] { return stop_ || ready_.size() < kReady; });
      if (stop_) return;
      lock.unlock();
      void* arena = map_arena(true);
      lock.lock();
      if (!arena) return;  // out of memory: Python's own requests will say so
      ready_.push_back(arena);  // within the capacity reserved
    }
  }

  std::mutex mutex_;
  std::condition_variable wanted_;
  std::vector<void*> ready_;
  bool stop_ = false;
  std::thread filler_;
};

// All below is used with the GIL held.
PyObjectArenaAllocator before;
bool hooked = false;
int users = 0;                 // PrefaultedArenas alive
unsigned generation = 0;       // counts forks: a PrefaultedArenas of the parent counts for none
bool reserve_failed = false;   // no thread could be started for these users
Reserve* reserve = nullptr;    // started at the first arena asked for while users > 0
std::unordered_set<void*>* handed_out = nullptr;  // arenas of ours that Python holds

// The reserve, started if it is not yet; null if it cannot be.
Reserve* started_reserve() noexcept {
  if (!reserve && !reserve_failed) {
    try {
      reserve = new Reserve;
    } catch (...) {  // no thread (or no memory): Python's arenas are faulted in as they are used
      reserve_failed = true;
    }
  }
  return reserve;
}

// Python's allocator calls these: nothing may be thrown into it.
void* arena_alloc(void*, std::size_t size) noexcept {
  if (users > 0 && size == kArenaSize) {
    void* arena = nullptr;
    if (Reserve* ready = started_reserve()) arena = ready->take();
    if (!arena) arena = map_arena(false);
    if (arena) {
      try {
        handed_out->insert(arena);
        return arena;
      } catch (...) {
        munmap(arena, kArenaSize);
      }
    }
  }
  return before.alloc(before.ctx, size);
}

void arena_free(void*, void* arena, std::size_t size) noexcept {
  if (handed_out->erase(arena)) munmap(arena, size);
  else before.free(before.ctx, arena, size);
}

}  // namespace

PrefaultedArenas::PrefaultedArenas() : generation_(generation) {
  if (!hooked) {
    hooked = true;
    // A child forked while a reserve lives has no thread to fill it (and its lock may be
    // held): it starts afresh, and maps its arenas itself until a replay of its own. Without
    // that handler there is no hook.
    const bool forks_handled = pthread_atfork(nullptr, nullptr, [] {
      reserve = nullptr;
      users = 0;
      reserve_failed = false;
      ++generation;
    }) == 0;
    if (forks_handled) {
      handed_out = new std::unordered_set<void*>;  // for the life of the process, as the hook
      PyObject_GetArenaAllocator(&before);
      PyObjectArenaAllocator ours{nullptr, arena_alloc, arena_free};
      PyObject_SetArenaAllocator(&ours);
    }
  }
  ++users;
}

PrefaultedArenas::~PrefaultedArenas() {
  if (generation_ != generation || --users > 0) return;
  delete reserve;
  reserve = nullptr;
  reserve_failed = false;
}

}  // namespace fenkit::python
