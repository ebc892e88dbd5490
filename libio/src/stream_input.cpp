// A caller's std::istream as an input (a socket's, a pipe's, a Python file's): what a program
// that has its bytes in a stream, not in a file, reads games and records from.
#include <istream>
#include <stdexcept>

#include "fenkit/io/input.hpp"

namespace fenkit::io {

namespace {

class StreamSource : public InputSource {
 public:
  StreamSource(std::string name, std::istream& stream) : InputSource(std::move(name)), stream_(stream) {}
  std::size_t read(char* buffer, std::size_t size) override {
    if (stream_.bad()) throw std::runtime_error(name() + ": cannot read the stream");
    stream_.read(buffer, std::streamsize(size));
    const auto n = std::size_t(stream_.gcount());
    read_ += n;
    // A stream that broke after handing out some bytes says so at the next read.
    if (n == 0 && stream_.bad()) throw std::runtime_error(name() + ": cannot read the stream");
    return n;
  }
  std::uint64_t raw_bytes_read() const override { return read_; }

 private:
  std::istream& stream_;
  std::uint64_t read_ = 0;
};

}  // namespace

std::unique_ptr<InputSource> stream_input(std::istream& stream, std::string name) {
  return std::make_unique<StreamSource>(std::move(name), stream);
}

}  // namespace fenkit::io
