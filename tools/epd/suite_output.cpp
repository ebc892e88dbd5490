#include "suite_output.hpp"

#include <stdexcept>

#include "fenkit/epd/write.hpp"
#include "fenkit/fen/fen.hpp"

namespace fenkit::tools {

SuiteOutput::SuiteOutput(EpdOutput& out, EpdFormat format, epd::WriteOptions options,
                         bool four_fields_only, bool annotate,
                         const std::vector<std::string>& file_names)
    : out_(out), format_(format), options_(options), four_fields_only_(four_fields_only),
      annotate_(annotate), file_names_(file_names) {}

void SuiteOutput::write(std::string_view fen, std::size_t epd_length, std::uint32_t file,
                        std::uint64_t game, std::uint32_t ply, std::string_view note,
                        std::uint32_t games) {
  if (annotate_) {
    id_ = file_names_[file];
    id_ += ':';
    id_ += std::to_string(game);
    id_ += '.';
    id_ += std::to_string(ply);
    if (games) count_ = "seen in " + std::to_string(games) + (games == 1 ? " game" : " games");
  }
  // Suites can hold millions of positions: the plain lines are written directly, and only
  // what needs a record's rules (JSON, clocks as operations) goes through one.
  if (format_ == EpdFormat::jsonl ||
      (format_ == EpdFormat::epd && options_.clocks == epd::ClockFields::four))
    write_record(fen, id_, note, games);
  else
    write_line(fen, epd_length, id_, note, games);
  ++written_;
}

void SuiteOutput::write_record(std::string_view fen, std::string_view id, std::string_view note,
                               std::uint32_t games) {
  if (fen::read_setup(fen, record_.setup))
    throw std::logic_error("unreadable FEN written: " + std::string(fen));
  record_.clock_fields = four_fields_only_ ? 0 : 2;
  record_.operations.clear();
  if (annotate_) {
    record_.set_string("id", std::string(id));
    record_.set_string("c0", std::string(note));
    if (games) record_.set_string("c1", count_);
  }
  out_.write(record_);
}

// As write_epd() writes such a record: the fields, then `opcode "string";` for each operation
// (in ASCII order of opcode with --sort: c0, c1, id).
void SuiteOutput::write_line(std::string_view fen, std::size_t epd_length, std::string_view id,
                             std::string_view note, std::uint32_t games) {
  line_.clear();
  if (format_ == EpdFormat::fen) {
    line_.append(fen);
    out_.write_line(line_);
    return;
  }
  line_.append(four_fields_only_ ? fen.substr(0, epd_length) : fen);
  if (annotate_) {
    auto operation = [&](std::string_view opcode, std::string_view text) {
      line_ += ' ';
      line_.append(opcode);
      line_ += ' ';
      epd::write_quoted(text, line_);
      line_ += ';';
    };
    if (!options_.sort_operations) operation("id", id);
    operation("c0", note);
    if (games) operation("c1", count_);
    if (options_.sort_operations) operation("id", id);
  }
  out_.write_line(line_);
}

}  // namespace fenkit::tools
