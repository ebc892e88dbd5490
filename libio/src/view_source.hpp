// Input that is all in memory already, a mapped file or a caller's buffer: read by copying, and
// offered whole through mapped() to the readers that need no copy (internal).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "fenkit/io/input.hpp"

namespace fenkit::io::detail {

class ViewSource : public InputSource {
 public:
  std::size_t read(char* buffer, std::size_t size) override {
    const std::size_t n = std::min(size, text_.size() - offset_);
    std::memcpy(buffer, text_.data() + offset_, n);
    offset_ += n;
    return n;
  }
  std::string_view mapped() const override { return text_; }
  std::size_t size_hint() const override { return text_.size(); }
  std::uint64_t raw_bytes_read() const override { return offset_; }

 protected:
  ViewSource(std::string name, std::string_view text) : InputSource(std::move(name)), text_(text) {}
  void set_text(std::string_view text) { text_ = text; }

 private:
  std::string_view text_;
  std::size_t offset_ = 0;
};

}  // namespace fenkit::io::detail
