// Memory for Python's small objects, mapped and faulted in ahead of need by a thread of its own
// while a data set is made. The strs of millions of FENs are most of a replay's new memory, and
// the page faults of first touching it were the largest cost left on the one thread that holds
// the GIL (each fault also costs more than faulting the same pages in bulk).
//
// Python's object allocator takes its memory in arenas from a hook (PyObject_SetArenaAllocator).
// The hook is set the first time it is used and then stays: while a PrefaultedArenas lives, it
// hands out arenas from the thread's reserve (the thread starts at the first arena Python asks
// for, so a replay too small to need one costs nothing); every other arena, and the freeing of
// any arena it did not hand out, goes to the allocator that was set before, so nothing else
// changes. Without a thread (none could start) Python's arenas are simply faulted in as used.
//
// Thread safety: make and destroy a PrefaultedArenas with the GIL held (Python calls the hook
// with it held); any number may live at once.
#pragma once

namespace fenkit::python {

class PrefaultedArenas {
 public:
  PrefaultedArenas();
  ~PrefaultedArenas();
  PrefaultedArenas(const PrefaultedArenas&) = delete;
  PrefaultedArenas& operator=(const PrefaultedArenas&) = delete;

 private:
  unsigned generation_;  // of the process it was made in (see fork)
};

}  // namespace fenkit::python
