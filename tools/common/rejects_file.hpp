// The --rejects file of the commands that read records or games: the text of everything they
// rejected, so that it can be mended and read again and nothing is lost.
#pragma once

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

namespace fenkit::tools {

class RejectsFile {
 public:
  RejectsFile() = default;
  // Opens (truncates) the file; throws std::runtime_error naming it when it cannot.
  explicit RejectsFile(const std::string& path) : path_(path), file_(std::fopen(path.c_str(), "wb")) {
    if (!file_) throw std::runtime_error("cannot write " + path);
  }

  explicit operator bool() const { return file_ != nullptr; }

  void write(std::string_view text) {
    if (file_ && !text.empty() && std::fwrite(text.data(), 1, text.size(), file_.get()) != text.size())
      failed_ = true;
  }

  // Closes the file. False, with a message on standard error, when anything was lost.
  bool close() {
    if (!file_) return true;
    const bool ok = !failed_ && !std::ferror(file_.get()) && std::fclose(file_.release()) == 0;
    if (!ok) std::fprintf(stderr, "%s: error: cannot write the rejected text\n", path_.c_str());
    return ok;
  }

 private:
  struct Closer {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  std::string path_;
  std::unique_ptr<std::FILE, Closer> file_;
  bool failed_ = false;
};

}  // namespace fenkit::tools
