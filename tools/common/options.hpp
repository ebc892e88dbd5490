// The option layer every fenkit command shares.
//
// Numbers are read strictly (no sign where none is allowed, no trailing text, no wrap-around)
// and checked against their range while the command line is parsed, so a value out of range is
// a usage error naming the option and its range, in every command alike. The options several
// commands take (-j, -q, -W, --ep, --relax, --rejects) are declared here once, with the same
// names, words and defaults everywhere.
#pragma once

#include <boost/program_options.hpp>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/setup.hpp"

namespace fenkit::tools {

namespace po = boost::program_options;

// ---------------------------------------------------------------- Checked values

// A value read from one token by `read`, which throws po::error_with_option_name (and so
// names the option) when the token is not a valid value.
template <typename T>
class CheckedValue : public po::typed_value<T> {
 public:
  using Read = std::function<T(const std::string& token)>;
  explicit CheckedValue(Read read) : po::typed_value<T>(nullptr), read_(std::move(read)) {}
  void xparse(boost::any& store, const std::vector<std::string>& tokens) const override {
    // A value given twice (-f csv -f jsonl) is a usage error, as for every single-valued option.
    po::validators::check_first_occurrence(store);
    store = boost::any(read_(po::validators::get_single_string(tokens)));
  }

 private:
  Read read_;
};

// A whole number in [min, max]; help and errors describe the range ("from 1 to 256",
// "1 or more").
po::typed_value<std::int64_t>* integer(std::int64_t min, std::int64_t max = INT64_MAX);
po::typed_value<std::uint64_t>* count(std::uint64_t min, std::uint64_t max = UINT64_MAX);

// A decimal number in [min, max].
po::typed_value<double>* real(double min, double max);

// A size in bytes in [min, max]: a whole number, with K, M or G after it for KiB, MiB or GiB
// ("64M"); help and errors say the range in those units.
po::typed_value<std::uint64_t>* byte_size(std::uint64_t min, std::uint64_t max);

// One of a fixed list of words ("fen", "epd", ...).
po::typed_value<std::string>* one_of(std::initializer_list<std::string_view> words);

// ---------------------------------------------------------------- Options commands share

// -j N: worker threads; 0 (the default) is every core. More than kMaxJobs is refused.
inline constexpr unsigned kMaxJobs = 256;
void add_jobs_option(po::options_description& options, const char* what = "worker threads");
// The thread count -j asks for, 0 resolved to the core count.
unsigned jobs_from(const po::variables_map& values);

// -q (no summary, warnings or progress) and -W (show warnings).
void add_report_options(po::options_description& options);
struct Reporting {
  bool quiet = false;
  bool warnings = false;
  bool progress = false;  // standard error is a terminal and -q was not given
};
Reporting reporting_from(const po::variables_map& values);

// --ep standard|legal.
void add_ep_option(po::options_description& options);
fen::EpMode ep_from(const po::variables_map& values);

// --relax NAME (repeatable); the help lists the names.
void add_relax_option(po::options_description& options);
fen::Problems relax_from(const po::variables_map& values);

// --rejects FILE.
void add_rejects_option(po::options_description& options, const char* what);

// --max-game-size SIZE: the longest PGN game read (pgn::ReaderOptions::max_game_bytes), from 1K
// to 4G, 64M by default. CommandRun reads games with it.
void add_max_game_size_option(po::options_description& options);
std::uint64_t max_game_size_from(const po::variables_map& values);
// -o FILE: the command's data goes to FILE instead of standard output (checked against the
// inputs, written under a temporary name renamed at the end, compressed when named .gz or .zst:
// command_run.hpp). `what` is the help's text.
void add_output_option(po::options_description& options,
                       const char* what = "write to FILE instead of standard output (compressed "
                                          "when named .gz or .zst)");
// The path -o names, or "-" (standard output) without it.
std::string output_from(const po::variables_map& values);
// --compression-level N: for the files a command writes that are named .gz or .zst
// (CommandRun reads it).
void add_compression_option(po::options_description& options);

// The input files (positional, or an option of one file such as --suite), '-' or none for
// standard input.
void add_files_option(po::options_description& options, const char* what);
std::vector<std::string> files_from(const po::variables_map& values, const char* option = "file");

// The tag names of a comma-separated list option ("White,Black,WhiteElo"). Throws UsageError
// naming the option for an empty name or one with a blank or quote in it.
std::vector<std::string> tag_names(const po::variables_map& values, const char* option);

// ---------------------------------------------------------------- Combinations

// Throws UsageError "--A does not go with --B" when both are given.
void refuse_together(const po::variables_map& values, const char* a, const char* b);
// Throws UsageError "--A only goes with WHAT" when `a` is given and `allowed` is false.
void refuse_unless(const po::variables_map& values, const char* a, bool allowed, const char* what);

}  // namespace fenkit::tools
