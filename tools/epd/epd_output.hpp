// The output formats of `fenkit epd`: canonical EPD, FEN, or JSON lines.
#pragma once

#include <string>
#include <string_view>

#include "fenkit/epd/record.hpp"
#include "fenkit/epd/write.hpp"
#include "fenkit/io/output_file.hpp"

namespace fenkit::tools {

enum class EpdFormat { epd, fen, jsonl };

// Parses "epd", "fen" or "jsonl"; throws UsageError otherwise.
EpdFormat epd_format_from_name(const std::string& name);

// Writes records one per line, in the order given, to an output; flush() writes what is
// buffered (a destructor would have no way to say that it could not).
class EpdOutput {
 public:
  EpdOutput(EpdFormat format, epd::WriteOptions options, io::OutputFile& out);
  EpdOutput(const EpdOutput&) = delete;
  EpdOutput& operator=(const EpdOutput&) = delete;

  void write(const epd::Record& record);
  // A line made elsewhere, without its line ending.
  void write_line(std::string_view line);
  void flush();

 private:
  void write_json(const epd::Record& record);

  EpdFormat format_;
  epd::WriteOptions options_;
  io::OutputFile& out_;
  std::string buffer_;
};

}  // namespace fenkit::tools
