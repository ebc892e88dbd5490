#include "output_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <stdexcept>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.hpp"
#include "temporary_files.hpp"

namespace fenkit::tools {

namespace {

namespace fs = std::filesystem;

// Bytes gathered before a write(2); larger writes go straight through.
constexpr std::size_t kBufferSize = std::size_t(1) << 18;

// The mode a new file gets from open(2) with 0666: what the umask leaves.
mode_t new_file_mode() {
  static const mode_t mode = [] {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    return mode_t(0666 & ~mask);
  }();
  return mode;
}

}  // namespace

OutputFile::OutputFile(const std::string& path) : path_(path) {
  if (path == "-") {
    name_ = "<stdout>";
    fd_ = 1;
    return;
  }
  name_ = path;
  struct stat st {};
  const bool exists = ::stat(path.c_str(), &st) == 0;
  if (exists && !S_ISREG(st.st_mode)) {
    // A device, a pipe or a terminal: written as a stream. A folder is refused by open().
    fd_ = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd_ < 0) fail(errno);
    return;
  }
  // A symbolic link is followed: the file it names is replaced, the link stays a link.
  std::error_code ignored;
  const fs::path target = exists ? fs::canonical(path, ignored) : fs::path(path);
  target_ = target.empty() ? path : target.string();
  const fs::path folder = fs::path(target_).parent_path();
  std::string pattern = (folder.empty() ? fs::path(".") : folder) /
                        ("." + fs::path(target_).filename().string() + ".partial-XXXXXX");
  std::unique_ptr<char[]> name(new char[pattern.size() + 1]);
  pattern.copy(name.get(), pattern.size());
  name[pattern.size()] = '\0';
  fd_ = ::mkostemp(name.get(), O_CLOEXEC);
  if (fd_ < 0) fail(errno);
  temporary_ = name.get();
  guard_ = TemporaryFile(temporary_);
  // The permissions a file made by the shell's '>' would have, or those of the file replaced.
  ::fchmod(fd_, exists ? (st.st_mode & 07777) : new_file_mode());
}

OutputFile::~OutputFile() {
  if (fd_ == 1) {
    try {
      flush();
    } catch (const OutputError&) {
      // Reported by whoever stopped the run; a destructor says nothing more.
    }
    return;
  }
  if (fd_ >= 0) ::close(fd_);
  if (!temporary_.empty() && !committed_ && !abandoned_) ::unlink(temporary_.c_str());
}

void OutputFile::fail(int error) const {
  errno = error;
  throw OutputError(name_);
}

void OutputFile::write_all(const char* data, std::size_t size) {
  std::size_t done = 0;
  while (done < size) {
    const ssize_t n = ::write(fd_, data + done, size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int error = n < 0 ? errno : EIO;
      buffer_.clear();  // written nowhere else either
      fail(error);
    }
    done += std::size_t(n);
  }
}

void OutputFile::flush() {
  write_all(buffer_.data(), buffer_.size());
  buffer_.clear();
}

void OutputFile::write(std::string_view bytes) {
  if (fd_ < 0) throw std::logic_error(name_ + ": written after it was closed");
  written_ += bytes.size();
  if (buffer_.size() + bytes.size() <= kBufferSize) {
    if (buffer_.capacity() < kBufferSize) buffer_.reserve(kBufferSize);
    buffer_.append(bytes);
    return;
  }
  flush();
  if (bytes.size() < kBufferSize)
    buffer_.append(bytes);
  else
    write_all(bytes.data(), bytes.size());  // a large block (a chunk's rows): not copied
}

void OutputFile::close() {
  if (fd_ < 0) return;
  flush();
  if (fd_ == 1) return;  // standard output stays open for whatever the program writes last
  const int fd = fd_;
  fd_ = -1;
  // close() is where a file system that writes late (NFS, a full quota) says it could not.
  if (::close(fd) != 0 && errno != EINTR) fail(errno);
}

void OutputFile::abandon() {
  abandoned_ = true;
  buffer_.clear();
  if (is_stdout()) return;
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!temporary_.empty()) ::unlink(temporary_.c_str());
  guard_.forget();
}

void OutputFile::commit() {
  if (abandoned_) return;
  close();
  if (temporary_.empty() || committed_) return;
  if (::rename(temporary_.c_str(), target_.c_str()) != 0) fail(errno);
  committed_ = true;
  guard_.forget();
}

}  // namespace fenkit::tools
