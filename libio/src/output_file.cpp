// Output files are written the way careful programs write them (git, rsync, sponge): to a
// temporary name beside the target, renamed when complete, every write, flush and close
// checked; so that a program that fails midway never leaves a cut file under a name a user
// reads. What the file is decides how: standard output and devices as streams, a file that
// replacing would change beyond its bytes in place.
#include "fenkit/io/output_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <cstdint>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string_view>

#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include "temporary_files.hpp"

namespace fenkit::io {

namespace {

namespace fs = std::filesystem;

// Bytes gathered before a write(2); larger writes go straight through.
constexpr std::size_t kBufferSize = std::size_t(1) << 18;

// What a temporary file's name says of the process writing it: ".NAME.partial-HOST-PID-XXXXXX",
// HOST eight hex digits of the machine's name (folders may be shared between machines, whose
// process numbers say nothing here). A file so named whose process is gone from this machine is
// what a killed run (kill -9, a crash, a power cut) left: the next run writing in its folder
// removes it. Files of live processes, of other machines and of other names stay.
std::string host_tag() {
  static const std::string tag = [] {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0) return std::string("00000000");
    std::uint32_t hash = 2166136261U;  // FNV-1a: stable from run to run, unlike std::hash
    for (const char* c = name; *c; ++c) hash = (hash ^ std::uint8_t(*c)) * 16777619U;
    char text[9];
    std::snprintf(text, sizeof text, "%08x", hash);
    return std::string(text);
  }();
  return tag;
}

// The process number in a temporary file's name made by this machine, or 0 for any other name.
pid_t writer_of(std::string_view name) {
  const std::size_t at = name.rfind(".partial-");
  if (name.empty() || name.front() != '.' || at == std::string_view::npos) return 0;
  std::string_view rest = name.substr(at + 9);  // HOST-PID-XXXXXX
  const std::string& host = host_tag();
  if (rest.size() < host.size() + 9 || !rest.starts_with(host) || rest[host.size()] != '-') return 0;
  rest.remove_prefix(host.size() + 1);
  if (rest.size() < 8 || rest[rest.size() - 7] != '-') return 0;
  const std::string_view digits = rest.substr(0, rest.size() - 7);
  long pid = 0;
  for (char c : digits) {
    if (c < '0' || c > '9' || pid > 100000000) return 0;
    pid = pid * 10 + (c - '0');
  }
  return pid_t(pid);
}

// Removes the temporary files of dead processes of this machine from `folder`, once per folder
// and process (a run writing thousands of shards into one folder looks once).
void remove_stale_partials(const fs::path& folder) {
  static std::mutex mutex;
  static std::set<std::string> looked;
  {
    const std::lock_guard lock(mutex);
    if (!looked.insert(folder.string()).second) return;
  }
  std::error_code error;
  for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
    const std::string name = it->path().filename().string();
    const pid_t pid = writer_of(name);
    if (pid <= 0 || pid == ::getpid()) continue;
    if (::kill(pid, 0) == 0 || errno != ESRCH) continue;  // alive, or not ours to judge
    std::error_code ignored;
    if (it->is_regular_file(ignored)) fs::remove(it->path(), ignored);
  }
}

// The mode a new file gets from open(2) with 0666: what the umask leaves.
mode_t new_file_mode() {
  static const mode_t mode = [] {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    return mode_t(0666 & ~mask);
  }();
  return mode;
}

// The standard stream (1 or 2) that `st` is the file of, or -1: `-o /dev/stdout`, or a name of
// the file the shell redirected a stream to, is written through that stream, at its place,
// not replaced under it.
int standard_stream_of(const struct stat& st) {
  for (const int fd : {STDOUT_FILENO, STDERR_FILENO}) {
    struct stat stream {};
    if (::fstat(fd, &stream) == 0 && stream.st_dev == st.st_dev && stream.st_ino == st.st_ino)
      return fd;
  }
  return -1;
}

// Whether a file already there must be written in place, as the shell's '>' writes it, rather
// than replaced by a new file: replacing would change what it is beyond its bytes (another
// owner's file, one with other hard links), or what may be done to it (the folder is not
// ours to write in, or is sticky and the file another user's).
bool written_in_place(const std::string& target, const struct stat& st) {
  if (st.st_uid != ::geteuid() || st.st_nlink > 1) return true;
  const fs::path folder = fs::path(target).parent_path();
  return ::access(folder.empty() ? "." : folder.c_str(), W_OK) != 0;
}

}  // namespace

OutputFile::OutputFile(const std::string& path, CompressionSettings compression)
    : path_(path), compression_(compression) {
  if (path == "-") {
    name_ = "<stdout>";
    fd_ = STDOUT_FILENO;
    stream_ = true;
    return;
  }
  name_ = path;
  if (path.empty()) fail(ENOENT);
  struct stat st {};
  const bool exists = ::stat(path.c_str(), &st) == 0;
  if (exists && (standard_stream_of(st) >= 0 || !S_ISREG(st.st_mode))) {
    // Standard output or error by another name, a device, a pipe, a terminal: written as a
    // stream. A folder is refused by open().
    const int stream = standard_stream_of(st);
    fd_ = stream >= 0 ? ::dup(stream) : ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd_ < 0) fail(errno);
    stream_ = true;
  } else {
    // A symbolic link is followed: the file it names is replaced, the link stays a link.
    std::error_code ignored;
    const fs::path target = exists ? fs::canonical(path, ignored) : fs::path(path);
    target_ = target.empty() ? path : target.string();
    // A file the shell's '>' could not write is not replaced either.
    if (exists && ::access(target_.c_str(), W_OK) != 0) fail(errno);
    if (exists && written_in_place(target_, st)) {
      fd_ = ::open(target_.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
      if (fd_ < 0) fail(errno);
      target_.clear();
      stream_ = true;
    } else {
      open_temporary(exists ? mode_t(st.st_mode & 07777) : new_file_mode());
    }
  }
  start_frame();
}

// A file named for compression gets a compressor, which starts its frame.
void OutputFile::start_frame() {
  const Compression compression = compression_for(path_);
  if (compression == Compression::none) return;
  try {
    compressor_ = make_compressor(compression, compression_);
  } catch (const std::runtime_error& e) {
    throw OutputError(name_, e.what());
  }
}

// The file is written as ".NAME.partial-HOST-PID-XXXXXX" beside the target (".partial-XXXXXX"
// when the name is too long to take the rest), with the permissions the target will have.
void OutputFile::open_temporary(mode_t mode) {
  const fs::path folder = fs::path(target_).parent_path();
  // (Appended, not "." + name: GCC 12 warns of an overlap that `const char* + string&&` cannot
  // have, -Wrestrict.)
  remove_stale_partials(folder.empty() ? fs::path(".") : folder);
  std::string file = ".";
  file += fs::path(target_).filename().string();
  file += ".partial-" + host_tag() + "-" + std::to_string(::getpid()) + "-XXXXXX";
  if (file.size() > NAME_MAX) file = ".partial-XXXXXX";
  std::string pattern = ((folder.empty() ? fs::path(".") : folder) / file).string();
  std::unique_ptr<char[]> name(new char[pattern.size() + 1]);
  pattern.copy(name.get(), pattern.size());
  name[pattern.size()] = '\0';
  fd_ = ::mkostemp(name.get(), O_CLOEXEC);
  if (fd_ < 0) fail(errno);
  temporary_ = name.get();
  guard_ = std::make_unique<detail::TemporaryFile>(temporary_);
  ::fchmod(fd_, mode);
}

OutputFile::~OutputFile() {
  if (path_ == "-") {
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
  if (suspended_) resume();
  if (fd_ < 0) throw std::logic_error(name_ + ": written after it was closed");
  written_ += bytes.size();
  if (compressor_) {
    // What comes out of the compressor gathers in the buffer, written as it fills.
    try {
      compressor_->compress(bytes, buffer_);
    } catch (const std::runtime_error& e) {
      throw OutputError(name_, e.what());
    }
    if (buffer_.size() >= kBufferSize) flush();
    return;
  }
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

void OutputFile::end_frame(bool written) {
  if (compressor_ && written) {
    try {
      compressor_->finish(buffer_);
    } catch (const std::runtime_error& e) {
      throw OutputError(name_, e.what());
    }
  }
  compressor_.reset();
  flush();
}

void OutputFile::suspend() {
  if (fd_ < 0 || abandoned_ || temporary_.empty()) return;
  // A compressed frame ends only when something went into it: no empty frames.
  end_frame(written_ != written_when_opened_);
  std::string().swap(buffer_);
  const int fd = fd_;
  fd_ = -1;
  suspended_ = true;
  if (::close(fd) != 0 && errno != EINTR) fail(errno);
}

void OutputFile::reopen() {
  fd_ = ::open(temporary_.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd_ < 0) fail(errno);
  suspended_ = false;
}

void OutputFile::resume() {
  reopen();
  written_when_opened_ = written_;
  start_frame();
}

void OutputFile::close() {
  // A suspended file is opened again (with no new frame) to be put on the disk before it is
  // renamed.
  if (suspended_ && !abandoned_) reopen();
  if (fd_ < 0 || abandoned_) return;
  end_frame(true);
  if (path_ == "-") return;  // standard output stays open for whatever the program writes last
  // A file about to replace another is on the disk before it does, so that a crash after the
  // rename cannot leave an empty file under the name.
  if (!temporary_.empty() && ::fdatasync(fd_) != 0 && errno != EINVAL) fail(errno);
  const int fd = fd_;
  fd_ = -1;
  // close() is where a file system that writes late (NFS, a full quota) says it could not.
  if (::close(fd) != 0 && errno != EINTR) fail(errno);
}

void OutputFile::abandon() {
  abandoned_ = true;
  buffer_.clear();
  if (path_ == "-") return;
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!temporary_.empty()) ::unlink(temporary_.c_str());
  guard_.reset();
}

void OutputFile::commit() {
  if (abandoned_) return;
  close();
  if (temporary_.empty() || committed_) return;
  if (::rename(temporary_.c_str(), target_.c_str()) != 0) fail(errno);
  committed_ = true;
  guard_.reset();
}

}  // namespace fenkit::io
