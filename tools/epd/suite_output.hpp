// Writing the positions of a suite (fenkit epd --from-pgn) through the EPD output: the four
// EPD fields or a FEN, and with --annotate the operations that name where the position was
// seen: id "FILE:GAME.PLY"; c0 "White - Black, Event, Date"; c1 "seen in N games".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "epd_output.hpp"
#include "fenkit/epd/record.hpp"

namespace fenkit::tools {

class SuiteOutput {
 public:
  // `four_fields_only`: EPD lines without the clock fields. `file_names` is indexed by the
  // `file` argument of write() and may grow while the output is in use.
  SuiteOutput(EpdOutput& out, EpdFormat format, epd::WriteOptions options, bool four_fields_only,
              bool annotate, const std::vector<std::string>& file_names);

  // `fen` has six fields, its first `epd_length` characters being the four EPD fields.
  // `games`: how many games the position was seen in; 0 when not counted (no c1 then).
  void write(std::string_view fen, std::size_t epd_length, std::uint32_t file,
             std::uint64_t game, std::uint32_t ply, std::string_view note, std::uint32_t games);

  std::uint64_t written() const { return written_; }

 private:
  void write_record(std::string_view fen, std::string_view id, std::string_view note,
                    std::uint32_t games);
  void write_line(std::string_view fen, std::size_t epd_length, std::string_view id,
                  std::string_view note, std::uint32_t games);

  EpdOutput& out_;
  EpdFormat format_;
  epd::WriteOptions options_;
  bool four_fields_only_;
  bool annotate_;
  const std::vector<std::string>& file_names_;
  epd::Record record_;
  std::string id_, count_, line_;
  std::uint64_t written_ = 0;
};

}  // namespace fenkit::tools
