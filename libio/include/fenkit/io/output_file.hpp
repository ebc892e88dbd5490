// An output of a program: standard output, or a file that appears under its name only when the
// run has ended well.
//
// A regular file (or a name not taken yet) is written under a temporary name beside it,
// ".NAME.partial-HOST-PID-XXXXXX", and renamed into place by commit(): a run that fails, is
// interrupted or killed never leaves a cut file under the name a user will read, and a file that
// was there before stays as it was. What a killed process left (kill -9 gives it no chance to
// clean up) is removed by the next run that writes in that folder, once its process is gone from
// the machine. Anything else is written as a stream: standard output (by any name,
// /dev/stdout or the file it is redirected to; standard error likewise), /dev/null, a pipe; and
// so is a file that replacing would change beyond its bytes (another user's, one with other
// hard links, one in a folder that is not ours to write in), which is written in place as the
// shell's '>' writes it. A file named .gz or .zst is written compressed (output_compression.hpp);
// standard output never is. Every write, flush and close is checked, and a failure is one
// OutputError ("FILE: error: cannot write: REASON"); the destructor never throws.
//
// Thread safety: an OutputFile belongs to one thread.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include <sys/types.h>

#include "fenkit/io/export.hpp"
#include "fenkit/io/output_compression.hpp"
#include "fenkit/io/output_error.hpp"

namespace fenkit::io {

namespace detail {
class TemporaryFile;
}

class FENKIT_API OutputFile {
 public:
  // Opens `path` for writing ("-": standard output), compressed as `compression` says when its
  // name asks for it. Throws OutputError when it cannot.
  explicit OutputFile(const std::string& path, CompressionSettings compression = {});
  // An output not committed is removed (its temporary file); standard output is flushed as
  // far as it can be, silently.
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  void write(std::string_view bytes);
  // Writes what is buffered and closes the file, keeping it under its temporary name until
  // commit() (for the many parts of a split output, which are not all kept open).
  void close();
  // Writes what is buffered and closes the file for now, its memory given back, for outputs of
  // which only some are kept open at a time; the next write opens it again, to append. A
  // compressed file ends its frame there and starts another (zstd frames, gzip members: every
  // reader reads them as one stream). A stream or a file written in place stays open.
  void suspend();
  // Closes the file if it is open and renames it into place; flushes standard output.
  void commit();
  // Gives the output up: nothing of it appears (its temporary file is removed), and commit()
  // does nothing. Standard output keeps what was written to it.
  void abandon();

  // The name messages give: the path as given, or "<stdout>".
  const std::string& name() const { return name_; }
  bool is_stdout() const { return path_ == "-"; }
  // Written as it goes (standard output, a device, a pipe, a file written in place): what was
  // written stays written, whatever the run's end.
  bool is_stream() const { return stream_; }
  std::size_t bytes_written() const { return written_; }
  bool abandoned() const { return abandoned_; }

 private:
  void flush();
  void start_frame();
  // Ends the compressed frame (an empty one only if `written`) and writes what is buffered.
  void end_frame(bool written);
  void reopen();
  void resume();
  void write_all(const char* data, std::size_t size);
  void open_temporary(mode_t mode);
  [[noreturn]] void fail(int error) const;

  std::string path_;       // as given
  std::string name_;       // for messages
  std::string target_;     // where the file ends up (a symbolic link followed); empty: a stream
  std::string temporary_;  // the name it is written under until commit()
  std::unique_ptr<detail::TemporaryFile> guard_;  // removes it if a signal ends the program first
  int fd_ = -1;
  std::string buffer_;
  std::unique_ptr<Compressor> compressor_;  // null: written as it is
  CompressionSettings compression_;           // as asked for
  std::size_t written_ = 0;
  std::size_t written_when_opened_ = 0;  // written_ when the file was last opened or resumed
  bool suspended_ = false;
  bool stream_ = false;
  bool committed_ = false;
  bool abandoned_ = false;
};

}  // namespace fenkit::io
