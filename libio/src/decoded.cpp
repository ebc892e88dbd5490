// A file's bytes and a caller's stream are read alike: whatever their name, what they hold is
// told by their first bytes (a compression format's magic number, a UTF-16 byte-order mark),
// and the source that undoes it is put in front. decoded_input does it for a caller's bytes, and
// peek_input lets a caller look at the first bytes in the same way.
#include "decoded.hpp"

#include <exception>
#include <string_view>

#include "decompression.hpp"
#include "prefix_source.hpp"
#include "utf16.hpp"

namespace fenkit::io {

using namespace std::string_view_literals;

namespace detail {

namespace {

// The text itself, or its conversion when it begins with a UTF-16 byte-order mark. `head` is
// the first bytes of the text (at least two unless the text is shorter), `rest` the others.
std::unique_ptr<InputSource> text_source(std::string head, std::unique_ptr<InputSource> rest,
                                         std::exception_ptr failure = nullptr) {
  const bool little = head.starts_with("\xFF\xFE"sv);
  const bool big = head.starts_with("\xFE\xFF"sv);
  if (!little && !big) return prefix_source(std::move(head), std::move(rest), std::move(failure));
  auto text = prefix_source(head.substr(2), std::move(rest), std::move(failure));
  return utf16_source(std::move(text), big);
}

}  // namespace

std::unique_ptr<InputSource> decoded_from(std::string sniffed, std::unique_ptr<InputSource> rest) {
  const Compression kind = detect_compression(sniffed);
  if (kind == Compression::none) return text_source(std::move(sniffed), std::move(rest));
  auto decoded = decompressor(kind, prefix_source(std::move(sniffed), std::move(rest)));
  std::exception_ptr failure;
  std::string head = read_head(*decoded, 2, failure);
  return text_source(std::move(head), std::move(decoded), std::move(failure));
}

}  // namespace detail

namespace {

// decoded_input's source: the raw bytes are first looked at when the text is first read, so
// that making it reads nothing (a caller's stream may be a pipe that has nothing yet).
class DecodedSource : public InputSource {
 public:
  explicit DecodedSource(std::unique_ptr<InputSource> raw)
      : InputSource(raw->name()), raw_(std::move(raw)) {}

  std::size_t read(char* buffer, std::size_t size) override {
    if (!text_) {
      std::exception_ptr failure;
      std::string sniffed = detail::read_head(*raw_, detail::kSniffedBytes, failure);
      text_ = failure ? detail::prefix_source(std::move(sniffed), std::move(raw_), failure)
                      : detail::decoded_from(std::move(sniffed), std::move(raw_));
    }
    return text_->read(buffer, size);
  }
  std::uint64_t raw_bytes_read() const override {
    return text_ ? text_->raw_bytes_read() : raw_->raw_bytes_read();
  }

 private:
  std::unique_ptr<InputSource> raw_;   // until the first read
  std::unique_ptr<InputSource> text_;  // from then on
};

}  // namespace

std::unique_ptr<InputSource> decoded_input(std::unique_ptr<InputSource> raw) {
  return std::make_unique<DecodedSource>(std::move(raw));
}

std::unique_ptr<InputSource> peek_input(std::unique_ptr<InputSource> input, std::size_t size,
                                        std::string& head) {
  if (const std::string_view mapped = input->mapped(); !mapped.empty()) {
    head.assign(mapped.substr(0, size));
    return input;
  }
  std::exception_ptr failure;
  head = detail::read_head(*input, size, failure);
  return detail::prefix_source(head, std::move(input), std::move(failure));
}

}  // namespace fenkit::io
