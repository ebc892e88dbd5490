// File descriptors: the one owner of each (standard input is not closed), reads that retry on
// EINTR, and the source of a descriptor's bytes as they come, which standard input and pipes are
// read through (internal).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "fenkit/io/input.hpp"

namespace fenkit::io::detail {

// A file descriptor we own (or standard input, which we do not close).
class Descriptor {
 public:
  Descriptor(int fd, bool owned) : fd_(fd), owned_(owned) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor();
  int get() const { return fd_; }

 private:
  int fd_;
  bool owned_;
};

// read(2) that retries on EINTR and throws on errors, naming `name`.
std::size_t read_some(int fd, char* buffer, std::size_t size, const std::string& name);
// The same at `offset` (pread(2)), leaving the descriptor's position as it is.
std::size_t read_some_at(int fd, char* buffer, std::size_t size, std::uint64_t offset,
                         const std::string& name);

// Plain bytes from a descriptor, as they come: standard input, a pipe, a device.
std::unique_ptr<InputSource> descriptor_source(std::string name,
                                               std::shared_ptr<const Descriptor> fd);

}  // namespace fenkit::io::detail
