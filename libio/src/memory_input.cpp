// A caller's text as an input (tests, the Python module, games built in memory): read through
// the same interface as a file, and whole through mapped(), as a mapped file is.
#include <string>
#include <string_view>

#include "fenkit/io/input.hpp"
#include "view_source.hpp"

namespace fenkit::io {

namespace {

// A text the caller keeps.
class MemorySource : public detail::ViewSource {
 public:
  MemorySource(std::string name, std::string_view text) : ViewSource(std::move(name), text) {}
};

// A text the source keeps.
class OwnedTextSource : public detail::ViewSource {
 public:
  OwnedTextSource(std::string name, std::string&& text)
      : ViewSource(std::move(name), {}), text_(std::move(text)) {
    set_text(text_);
  }

 private:
  std::string text_;
};

}  // namespace

std::unique_ptr<InputSource> memory_input(std::string_view text, std::string name) {
  return std::make_unique<MemorySource>(std::move(name), text);
}

std::unique_ptr<InputSource> memory_input(std::string&& text, std::string name) {
  return std::make_unique<OwnedTextSource>(std::move(name), std::move(text));
}

}  // namespace fenkit::io
