// Windows programs write text files in UTF-16 with a byte-order mark; readers of PGN, EPD and
// FEN take UTF-8, so such text is converted as it is read, through iconv (which every C library
// has), a block at a time.
#include "utf16.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <iconv.h>
#include <string>
#include <vector>

#include "failure.hpp"

namespace fenkit::io::detail {

namespace {

// UTF-16 text (after its byte-order mark) converted to UTF-8 by iconv. A lone surrogate
// becomes U+FFFD, so that one bad character costs no more than itself; text that ends inside
// a character was cut short.
class Utf16Source : public InputSource {
 public:
  Utf16Source(std::unique_ptr<InputSource> inner, bool big_endian)
      : InputSource(inner->name()), inner_(std::move(inner)), input_(std::size_t(1) << 16),
        convert_(iconv_open("UTF-8", big_endian ? "UTF-16BE" : "UTF-16LE")) {
    if (convert_ == reinterpret_cast<iconv_t>(-1))
      fail(name(), std::string("cannot read UTF-16: ") + std::strerror(errno));
  }
  ~Utf16Source() override { iconv_close(convert_); }
  std::uint64_t raw_bytes_read() const override { return inner_->raw_bytes_read(); }
  Utf16Source(const Utf16Source&) = delete;
  Utf16Source& operator=(const Utf16Source&) = delete;

  std::size_t read(char* buffer, std::size_t size) override {
    if (size < 4) return read_small(buffer, size);  // too small for some characters
    char* out = buffer;
    std::size_t out_left = size;
    for (;;) {
      if (pending_) {
        char* in = input_.data() + start_;
        std::size_t in_left = pending_;
        const std::size_t ret = iconv(convert_, &in, &in_left, &out, &out_left);
        const int error = errno;
        start_ = std::size_t(in - input_.data());
        pending_ = in_left;
        if (ret == std::size_t(-1) && error == E2BIG) break;  // the buffer is full
        if (ret == std::size_t(-1) && error == EILSEQ) {
          if (out_left < 3) break;  // the replacement goes into the next buffer
          std::memcpy(out, "\xEF\xBF\xBD", 3);
          out += 3;
          out_left -= 3;
          const std::size_t bad = std::min<std::size_t>(pending_, 2);  // one UTF-16 unit
          start_ += bad;
          pending_ -= bad;
          continue;
        }
        // Converted, or (EINVAL) what is left is the beginning of a character.
      }
      if (out != buffer) break;  // hand out what there is before waiting for more
      if (eof_) {
        if (pending_) fail(name(), "cannot read UTF-16: the text ends inside a character");
        return 0;
      }
      std::memmove(input_.data(), input_.data() + start_, pending_);
      start_ = 0;
      const std::size_t n = inner_->read(input_.data() + pending_, input_.size() - pending_);
      eof_ = n == 0;
      pending_ += n;
    }
    return std::size_t(out - buffer);
  }

 private:
  // Reads into a buffer too small for a whole character through a larger one.
  std::size_t read_small(char* buffer, std::size_t size) {
    if (small_offset_ == small_.size()) {
      std::string block(64, '\0');
      block.resize(read(block.data(), block.size()));
      small_ = std::move(block);
      small_offset_ = 0;
    }
    const std::size_t n = std::min(size, small_.size() - small_offset_);
    std::memcpy(buffer, small_.data() + small_offset_, n);
    small_offset_ += n;
    return n;
  }

  std::unique_ptr<InputSource> inner_;
  std::vector<char> input_;
  std::size_t start_ = 0;    // first unconverted byte in input_
  std::size_t pending_ = 0;  // unconverted bytes from start_
  bool eof_ = false;
  iconv_t convert_;
  std::string small_;
  std::size_t small_offset_ = 0;
};

}  // namespace

std::unique_ptr<InputSource> utf16_source(std::unique_ptr<InputSource> inner, bool big_endian) {
  return std::make_unique<Utf16Source>(std::move(inner), big_endian);
}

}  // namespace fenkit::io::detail
