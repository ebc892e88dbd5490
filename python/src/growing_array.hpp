// An array of plain values (numbers, object pointers) that grows with realloc and is then
// handed over as it is: for a column of millions of rows, realloc moves a large block by
// remapping its pages (glibc's mremap), where std::vector would copy it into fresh memory, fault
// every page in again, and a NumPy array made from it would copy it once more.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>

namespace fenkit::python {

template <typename T>
class GrowingArray {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  GrowingArray() = default;
  ~GrowingArray() { std::free(data_); }
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
    void* grown = std::realloc(data_, capacity * sizeof(T));
    if (!grown) throw std::bad_alloc();
    data_ = static_cast<T*>(grown);
    capacity_ = capacity;
  }
  void push_back(T value) { data_[size_++] = value; }
  void append(const T* values, std::size_t n) {
    reserve_more(n);
    if (n) std::memcpy(data_ + size_, values, n * sizeof(T));
    size_ += n;
  }
  void clear() { size_ = 0; }

  // The values (std::free gives them back), the array left empty; never null.
  T* release() {
    reserve_more(1);
    T* data = data_;
    data_ = nullptr;
    size_ = capacity_ = 0;
    return data;
  }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace fenkit::python
