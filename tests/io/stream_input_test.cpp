// stream_input: the bytes of a caller's std::istream as they come, and when the stream fails
// midway, every byte it gave before the failure first, then one error that names the input and
// the byte it failed at, whether the stream reports its failure by its state or throws it.
#include <gtest/gtest.h>

#include <cstddef>
#include <istream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "failing_stream.hpp"
#include "fenkit/io/input.hpp"

namespace fenkit::io {
namespace {

// Some text of `size` bytes that is not one byte over and over.
std::string text_of(std::size_t size) {
  std::string text(size, '\0');
  for (std::size_t i = 0; i < size; ++i) text[i] = char('a' + (i * 7 + i / 26) % 26);
  return text;
}

// The bytes of `input`, read in blocks of `block` bytes, and the message of the error that ends
// them (empty at a normal end). Each read returns the bytes it has, or throws when there are
// none to hand out (at the failure): a read never both gives bytes and fails.
struct Drained {
  std::string bytes;
  std::string error;
  int errors = 0;
};

Drained drain(InputSource& input, std::size_t block) {
  Drained d;
  std::string buffer(block, '\0');
  for (;;) {
    try {
      const std::size_t n = input.read(buffer.data(), block);
      if (n == 0) break;
      d.bytes.append(buffer, 0, n);
    } catch (const std::runtime_error& e) {
      d.error = e.what();
      if (++d.errors == 2) break;  // a second read fails again
    }
  }
  return d;
}

TEST(StreamInput, TheBytesOfAStream) {
  const std::string text = text_of(300000);
  std::istringstream stream(text);
  const auto input = stream_input(stream, "text");
  EXPECT_EQ(input->name(), "text");
  const Drained got = drain(*input, 65536);
  EXPECT_EQ(got.bytes, text);
  EXPECT_EQ(got.error, "");
  EXPECT_EQ(input->raw_bytes_read(), text.size());
}

// Failing at the first byte, inside the first refill of its buffer, at a refill's edge and far
// on; read in blocks smaller and larger than the stream's buffer.
TEST(StreamInput, AStreamThatFailsGivesEveryByteBeforeTheFailureThenItsPlace) {
  const std::string text = text_of(200000);
  for (const std::size_t fail_at : {0, 1, 4096, 60000, 150001}) {
    for (const bool exceptions : {false, true}) {
      for (const std::size_t block : {std::size_t(7919), std::size_t(1) << 20}) {
        SCOPED_TRACE("fails at " + std::to_string(fail_at) + (exceptions ? ", throwing" : "") +
                     ", blocks of " + std::to_string(block));
        fenkit::testing::FailingStreambuf buffer(text, fail_at);
        std::istream stream(&buffer);
        if (exceptions) stream.exceptions(std::ios::badbit);
        const auto input = stream_input(stream, "games.pgn");
        const Drained got = drain(*input, block);
        EXPECT_EQ(got.bytes.size(), fail_at);
        EXPECT_TRUE(got.bytes == text.substr(0, fail_at)) << "not the stream's bytes";
        EXPECT_EQ(input->raw_bytes_read(), fail_at);
        // The reason is the streambuf's, when the stream lets it through.
        const std::string where =
            "games.pgn: cannot read the stream at byte " + std::to_string(fail_at);
        EXPECT_EQ(got.error, exceptions ? where + ": " + fenkit::testing::FailingStreambuf::kError
                                        : where);
        EXPECT_EQ(got.errors, 2) << "the failure is said again at the next read";
      }
    }
  }
}

// A streambuf that keeps no buffer of its own (its underflow shows a byte without a get area)
// and fails at `fail_at`: read a byte at a time, with the same result.
class UnbufferedFailingStreambuf : public std::streambuf {
 public:
  UnbufferedFailingStreambuf(std::string text, std::size_t fail_at)
      : text_(std::move(text)), fail_at_(fail_at) {}

 protected:
  int_type underflow() override {
    if (at_ >= fail_at_) throw std::runtime_error(fenkit::testing::FailingStreambuf::kError);
    return at_ < text_.size() ? traits_type::to_int_type(text_[at_]) : traits_type::eof();
  }
  int_type uflow() override {
    const int_type c = underflow();
    if (!traits_type::eq_int_type(c, traits_type::eof())) ++at_;
    return c;
  }

 private:
  std::string text_;
  std::size_t fail_at_;
  std::size_t at_ = 0;
};

TEST(StreamInput, AStreambufWithoutABufferIsReadAByteAtATime) {
  const std::string text = text_of(20000);
  for (const bool exceptions : {false, true}) {
    SCOPED_TRACE(exceptions ? "throwing" : "bad");
    UnbufferedFailingStreambuf buffer(text, 12345);
    std::istream stream(&buffer);
    if (exceptions) stream.exceptions(std::ios::badbit);
    const Drained got = drain(*stream_input(stream, "games.pgn"), 4096);
    EXPECT_TRUE(got.bytes == text.substr(0, 12345));
    EXPECT_TRUE(got.error.starts_with("games.pgn: cannot read the stream at byte 12345"))
        << got.error;
  }
  UnbufferedFailingStreambuf whole(text, text.size() + 1);
  std::istream stream(&whole);
  const Drained got = drain(*stream_input(stream, "games.pgn"), 4096);
  EXPECT_TRUE(got.bytes == text);
  EXPECT_EQ(got.error, "");
}

// The failure passes through the decoding that makes a caller's stream read as a file: the bytes
// before it, then the same error.
TEST(StreamInput, AFailureComesThroughDecodedInputAfterTheBytesBeforeIt) {
  const std::string text = text_of(100000);
  fenkit::testing::FailingStreambuf buffer(text, 70000);
  std::istream stream(&buffer);
  const auto input = decoded_input(stream_input(stream, "games.pgn"));
  const Drained got = drain(*input, std::size_t(1) << 20);
  EXPECT_TRUE(got.bytes == text.substr(0, 70000));
  EXPECT_EQ(got.error, "games.pgn: cannot read the stream at byte 70000");
}

// A stream that is bad before it is read fails at its first byte; one that has failed in
// another way (failbit, as after a read past its end) has nothing more to give.
TEST(StreamInput, AStreamBadOrFailedBeforeItIsRead) {
  std::istringstream bad("text");
  bad.setstate(std::ios::badbit);
  const Drained broken = drain(*stream_input(bad, "bad"), 100);
  EXPECT_EQ(broken.bytes, "");
  EXPECT_EQ(broken.error, "bad: cannot read the stream at byte 0");
  std::istringstream failed("text");
  failed.setstate(std::ios::failbit);
  const Drained ended = drain(*stream_input(failed, "failed"), 100);
  EXPECT_EQ(ended.bytes, "");
  EXPECT_EQ(ended.error, "");
}

}  // namespace
}  // namespace fenkit::io
