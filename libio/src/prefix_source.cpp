// Telling what an input holds (compressed, UTF-16, PGN or EPD) means reading its first bytes
// before anyone else does; the source here gives them back, so that every reader sees the input
// from its start, and keeps an error met while reading them until they have been handed out.
#include "prefix_source.hpp"

#include <algorithm>
#include <cstring>

namespace fenkit::io::detail {

namespace {

class PrefixSource : public InputSource {
 public:
  PrefixSource(std::string prefix, std::unique_ptr<InputSource> rest, std::exception_ptr failure)
      : InputSource(rest->name()), prefix_(std::move(prefix)), rest_(std::move(rest)),
        failure_(std::move(failure)) {}

  std::size_t read(char* buffer, std::size_t size) override {
    if (offset_ < prefix_.size()) {
      const std::size_t n = std::min(size, prefix_.size() - offset_);
      std::memcpy(buffer, prefix_.data() + offset_, n);
      offset_ += n;
      return n;
    }
    if (failure_) std::rethrow_exception(failure_);
    return rest_->read(buffer, size);
  }
  // The prefix was read from the same file as the rest (or from the rest itself).
  std::uint64_t raw_bytes_read() const override { return rest_->raw_bytes_read(); }

 private:
  std::string prefix_;
  std::size_t offset_ = 0;
  std::unique_ptr<InputSource> rest_;
  std::exception_ptr failure_;
};

}  // namespace

std::string read_head(InputSource& source, std::size_t size, std::exception_ptr& failure) {
  std::string head(size, '\0');
  std::size_t got = 0;
  try {
    while (got < size) {
      const std::size_t n = source.read(head.data() + got, size - got);
      if (n == 0) break;
      got += n;
    }
  } catch (...) {
    failure = std::current_exception();
  }
  head.resize(got);
  return head;
}

std::unique_ptr<InputSource> prefix_source(std::string prefix, std::unique_ptr<InputSource> rest,
                                           std::exception_ptr failure) {
  return std::make_unique<PrefixSource>(std::move(prefix), std::move(rest), std::move(failure));
}

}  // namespace fenkit::io::detail
