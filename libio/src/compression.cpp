// What a file holds is told by its content when it is read (a .pgn file may well be gzip) and by
// its name when it is written or when its kind is chosen by extension; both kinds of telling are
// here, so that the formats are listed in one place.
#include "fenkit/io/compression.hpp"

#include <cctype>

namespace fenkit::io {

using namespace std::string_view_literals;

Compression detect_compression(std::string_view b) {
  auto starts = [&](std::string_view magic) { return b.substr(0, magic.size()) == magic; };
  if (starts("\x1f\x8b"sv)) return Compression::gzip;
  if (starts("BZh"sv)) return Compression::bzip2;
  if (starts("\xfd" "7zXZ\x00"sv)) return Compression::xz;
  if (starts("\x28\xb5\x2f\xfd"sv)) return Compression::zstd;
  return Compression::none;
}

Compression compression_for(std::string_view path) {
  if (path.ends_with(".gz")) return Compression::gzip;
  if (path.ends_with(".zst")) return Compression::zstd;
  return Compression::none;
}

std::string content_extension(std::string_view path) {
  for (std::string_view suffix : {".gz", ".bz2", ".xz", ".zst"})
    if (path.ends_with(suffix)) path.remove_suffix(suffix.size());
  const std::size_t dot = path.rfind('.');
  if (dot == std::string_view::npos || path.find('/', dot) != std::string_view::npos) return {};
  std::string extension(path.substr(dot));
  for (char& c : extension) c = char(std::tolower(static_cast<unsigned char>(c)));
  return extension;
}

}  // namespace fenkit::io
