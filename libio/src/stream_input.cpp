// A caller's std::istream as an input (a socket's, a pipe's, a Python file's): what a program
// that has its bytes in a stream, not in a file, reads games and records from.
//
// istream::read cannot be used: when the streambuf fails midway through a read (its underflow
// throws, as a buffer over a failing disk or a dropped connection does), the stream counts
// nothing of what that read had copied already (gcount() is 0, whether or not the exception is
// let through), and a whole block of good bytes would be lost with the failure. So the bytes
// are taken from the streambuf's buffer as they are there (readsome), and the streambuf is
// asked for more only when that buffer is empty (peek): a failure then takes no byte with it.
#include <exception>
#include <istream>
#include <stdexcept>
#include <string>

#include "fenkit/io/input.hpp"

namespace fenkit::io {

namespace {

using Traits = std::istream::traits_type;

// What an exception says, whatever its type.
std::string reason_of(const std::exception_ptr& error) {
  try {
    std::rethrow_exception(error);
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return {};
  }
}

class StreamSource : public InputSource {
 public:
  StreamSource(std::string name, std::istream& stream) : InputSource(std::move(name)), stream_(stream) {}

  std::size_t read(char* buffer, std::size_t size) override {
    if (!failure_.empty()) throw std::runtime_error(failure_);
    std::size_t n = 0;
    std::string reason;
    if (stream_.bad()) ended_ = true;  // bad before it was read: nothing to take from it
    try {
      while (n < size && !ended_) {
        // Refills the streambuf's buffer when it is empty; the end, or a failure (badbit).
        if (Traits::eq_int_type(stream_.peek(), Traits::eof())) {
          ended_ = true;
          break;
        }
        std::streamsize got = stream_.readsome(buffer + n, std::streamsize(size - n));
        if (got == 0) {  // a streambuf that keeps no buffer: a byte at a time
          stream_.read(buffer + n, 1);
          got = stream_.gcount();
        }
        n += std::size_t(got);
      }
    } catch (...) {
      // Let through by the stream's exceptions(): the streambuf's error (badbit), or the end
      // (eofbit, failbit), which is no error.
      ended_ = true;
      if (stream_.bad()) reason = reason_of(std::current_exception());
    }
    read_ += n;
    // A stream that fails after handing out some bytes says so at the next read.
    if (stream_.bad() && failure_.empty()) {
      failure_ = name() + ": cannot read the stream at byte " + std::to_string(read_);
      if (!reason.empty()) failure_ += ": " + reason;
    }
    if (n == 0 && !failure_.empty()) throw std::runtime_error(failure_);
    return n;
  }
  std::uint64_t raw_bytes_read() const override { return read_; }

 private:
  std::istream& stream_;
  std::uint64_t read_ = 0;
  bool ended_ = false;
  std::string failure_;  // the error every read throws once the bytes before it are out
};

}  // namespace

std::unique_ptr<InputSource> stream_input(std::istream& stream, std::string name) {
  return std::make_unique<StreamSource>(std::move(name), stream);
}

}  // namespace fenkit::io
