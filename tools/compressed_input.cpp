// The commands that read line by line (epd, check for FEN and EPD) see the same inputs as the
// PGN reader: libpgn's input sources, behind a std::istream.
#include "compressed_input.hpp"

#include <boost/iostreams/categories.hpp>
#include <boost/iostreams/stream.hpp>

#include "fenkit/pgn/input.hpp"

namespace fenkit::tools {

namespace {

namespace io = boost::iostreams;

class InputDevice {
 public:
  using char_type = char;
  using category = io::source_tag;
  explicit InputDevice(std::shared_ptr<pgn::InputSource> source) : source_(std::move(source)) {}
  std::streamsize read(char* buffer, std::streamsize size) {
    const std::size_t n = source_->read(buffer, std::size_t(size));
    return n ? std::streamsize(n) : -1;
  }

 private:
  std::shared_ptr<pgn::InputSource> source_;
};

}  // namespace

std::unique_ptr<std::istream> open_input(const std::string& path, std::string& error) {
  std::shared_ptr<pgn::InputSource> source;
  try {
    source = pgn::open_input(path);
  } catch (const std::exception& e) {
    error = e.what();
    return nullptr;
  }
  return std::make_unique<io::stream<InputDevice>>(InputDevice(std::move(source)));
}

}  // namespace fenkit::tools
