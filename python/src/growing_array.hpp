// An array of plain values (numbers, object pointers) that grows in place and is then handed
// over as it is (to a NumPy array, which frees it with GrowingArray::free_values). For a column
// of millions of rows:
// - it lives in an anonymous mapping of its own, grown by mremap, which moves pages instead of
//   copying them (std::vector copies into fresh memory; realloc copies too while a block is
//   below malloc's mmap threshold, which glibc raises to 32 MB as blocks are freed);
// - the pages a growth adds are faulted in by one call (MADV_POPULATE_WRITE) rather than one
//   fault each as rows are written: on virtual machines a page fault costs microseconds.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <type_traits>

namespace fenkit::python {

template <typename T>
class GrowingArray {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  GrowingArray() = default;
  ~GrowingArray() {
    if (data_) free_values(data_);
  }
  GrowingArray(GrowingArray&& other) noexcept
      : data_(other.data_), size_(other.size_), capacity_(other.capacity_) {
    other.data_ = nullptr;
    other.size_ = other.capacity_ = 0;
  }
  GrowingArray(const GrowingArray&) = delete;
  GrowingArray& operator=(const GrowingArray&) = delete;
  GrowingArray& operator=(GrowingArray&&) = delete;

  std::size_t size() const { return size_; }
  T* data() { return data_; }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }

  // Room for `more` values past the end; push_back() then needs no check.
  void reserve_more(std::size_t more) {
    if (size_ + more <= capacity_) return;
    std::size_t capacity = capacity_ ? capacity_ : 1024;
    while (capacity < size_ + more) capacity *= 2;
    grow(capacity);
  }
  void push_back(T value) { data_[size_++] = value; }
  // The next `n` values, written at end() after reserve_more(), are the array's.
  void commit(std::size_t n) { size_ += n; }
  void append(const T* values, std::size_t n) {
    reserve_more(n);
    if (n) std::memcpy(data_ + size_, values, n * sizeof(T));
    size_ += n;
  }
  void clear() { size_ = 0; }

  // The values (free_values gives them back), the array left empty; never null.
  T* release() {
    reserve_more(1);
    T* data = data_;
    data_ = nullptr;
    size_ = capacity_ = 0;
    return data;
  }

  // Gives back values release() handed out.
  static void free_values(void* values) {
    char* base = static_cast<char*>(values) - kHeader;
    std::size_t bytes;
    std::memcpy(&bytes, base, sizeof bytes);
    munmap(base, bytes);
  }

 private:
  // The mapping's length is kept in front of the values (the alignment of any T).
  static constexpr std::size_t kHeader = 64;
  static constexpr std::size_t kPage = 4096;

  static std::size_t mapping_bytes(std::size_t capacity) {
    return (kHeader + capacity * sizeof(T) + kPage - 1) & ~(kPage - 1);
  }

  void grow(std::size_t capacity) {
    const std::size_t bytes = mapping_bytes(capacity);
    void* base;
    std::size_t old_bytes = 0;
    if (!data_) {
      base = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE,
                  -1, 0);
    } else {
      old_bytes = mapping_bytes(capacity_);
      base = mremap(reinterpret_cast<char*>(data_) - kHeader, old_bytes, bytes, MREMAP_MAYMOVE);
    }
    if (base == MAP_FAILED) throw std::bad_alloc();
#ifdef MADV_POPULATE_WRITE
    // Where the kernel cannot (before Linux 5.14), the pages fault in as they are written.
    if (old_bytes) madvise(static_cast<char*>(base) + old_bytes, bytes - old_bytes, MADV_POPULATE_WRITE);
#endif
    std::memcpy(base, &bytes, sizeof bytes);
    data_ = reinterpret_cast<T*>(static_cast<char*>(base) + kHeader);
    capacity_ = (bytes - kHeader) / sizeof(T);
  }

  T* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace fenkit::python
