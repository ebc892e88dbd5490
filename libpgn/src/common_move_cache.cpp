#include "common_move_cache.hpp"

namespace fenkit::pgn::detail {

// Zero-initialised thread storage: a thread that reads no PGN pays nothing for it.
CommonMoveCache& CommonMoveCache::of_this_thread() {
  thread_local CommonMoveCache cache;
  return cache;
}

}  // namespace fenkit::pgn::detail
