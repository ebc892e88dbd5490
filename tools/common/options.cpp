#include "options.hpp"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <thread>

#include "cli.hpp"
#include "fenkit/fen/printable.hpp"
#include "fenkit/pgn/reader.hpp"

namespace fenkit::tools {

namespace {

[[noreturn]] void invalid(const std::string& token, const std::string& wanted) {
  // %canonical_option% becomes the option's name as the user spelled it (--jobs or -j).
  throw po::error_with_option_name("%canonical_option% must be " + wanted + ", not '" +
                                   fen::printable(token) + "'");
}

template <typename T>
std::string range_words(T min, T max, T unlimited) {
  if (max == unlimited) return std::to_string(min) + " or more";
  return "from " + std::to_string(min) + " to " + std::to_string(max);
}

// Reads a whole number of type T; a minus sign on an unsigned type reads as out of range.
template <typename T>
T read_whole_number(const std::string& token, T min, T max, T unlimited) {
  const std::string wanted = "a whole number " + range_words(min, max, unlimited);
  T value{};
  const char* first = token.data();
  const char* last = first + token.size();
  if (first != last && *first == '+') ++first;
  const auto [end, error] = std::from_chars(first, last, value);
  if (first == last || end != last || error == std::errc::invalid_argument) invalid(token, wanted);
  if (error == std::errc::result_out_of_range || value < min || value > max) invalid(token, wanted);
  return value;
}

}  // namespace

po::typed_value<std::int64_t>* integer(std::int64_t min, std::int64_t max) {
  auto* value = new CheckedValue<std::int64_t>([min, max](const std::string& token) {
    return read_whole_number<std::int64_t>(token, min, max, INT64_MAX);
  });
  value->value_name("N");
  return value;
}

po::typed_value<std::uint64_t>* count(std::uint64_t min, std::uint64_t max) {
  auto* value = new CheckedValue<std::uint64_t>([min, max](const std::string& token) {
    // A sign is never part of a count; "-1" must not wrap round to 2^64 - 1.
    if (token.find('-') != std::string::npos)
      invalid(token, "a whole number " + range_words<std::uint64_t>(min, max, UINT64_MAX));
    return read_whole_number<std::uint64_t>(token, min, max, UINT64_MAX);
  });
  value->value_name("N");
  return value;
}

po::typed_value<double>* real(double min, double max) {
  auto* value = new CheckedValue<double>([min, max](const std::string& token) {
    char* end = nullptr;
    const double x = std::strtod(token.c_str(), &end);
    if (token.empty() || *end != '\0' || !std::isfinite(x) || x < min || x > max) {
      char wanted[96];
      std::snprintf(wanted, sizeof wanted, "a number from %g to %g", min, max);
      invalid(token, wanted);
    }
    return x;
  });
  value->value_name("X");
  return value;
}

namespace {

// "64M" for a number of bytes that K, M or G (powers of 1024) write whole, else the number.
std::string size_words(std::uint64_t bytes) {
  for (const auto& [unit, shift] : {std::pair{'G', 30}, {'M', 20}, {'K', 10}})
    if (bytes >= (std::uint64_t(1) << shift) && bytes % (std::uint64_t(1) << shift) == 0)
      return std::to_string(bytes >> shift) + unit;
  return std::to_string(bytes);
}

}  // namespace

po::typed_value<std::uint64_t>* byte_size(std::uint64_t min, std::uint64_t max) {
  auto* value = new CheckedValue<std::uint64_t>([min, max](const std::string& token) {
    const std::string wanted = "a size from " + size_words(min) + " to " + size_words(max) +
                               " (bytes, or with K, M or G)";
    std::string digits = token;
    unsigned shift = 0;
    if (!digits.empty()) {
      switch (digits.back()) {
        case 'K': case 'k': shift = 10; break;
        case 'M': case 'm': shift = 20; break;
        case 'G': case 'g': shift = 30; break;
        default: break;
      }
      if (shift) digits.pop_back();
    }
    std::uint64_t n = 0;
    const char* first = digits.data();
    const char* last = first + digits.size();
    const auto [end, error] = std::from_chars(first, last, n);
    if (first == last || end != last || error != std::errc() || n > (max >> shift) ||
        (n << shift) < min)
      invalid(token, wanted);
    return n << shift;
  });
  value->value_name("SIZE");
  return value;
}

po::typed_value<std::string>* one_of(std::initializer_list<std::string_view> words) {
  std::vector<std::string> list(words.begin(), words.end());
  auto* value = new CheckedValue<std::string>([list](const std::string& token) {
    for (const std::string& word : list)
      if (token == word) return token;
    std::string wanted = "one of ";
    for (std::size_t i = 0; i < list.size(); ++i)
      wanted += (i ? i + 1 == list.size() ? " or " : ", " : "") + list[i];
    invalid(token, wanted);
  });
  value->value_name("WORD");
  return value;
}

void add_jobs_option(po::options_description& options, const char* what) {
  const std::string text = std::string(what) + ", from 1 to " + std::to_string(kMaxJobs) +
                           " (default 0: one per core)";
  options.add_options()("jobs,j", integer(0, kMaxJobs)->default_value(0), text.c_str());
}

unsigned jobs_from(const po::variables_map& values) {
  const auto jobs = values.count("jobs") ? unsigned(values["jobs"].as<std::int64_t>()) : 0U;
  if (jobs) return jobs;
  return std::max(1U, std::thread::hardware_concurrency());
}

void add_report_options(po::options_description& options) {
  options.add_options()
      ("quiet,q", "no summary line, no warnings, no progress")
      ("warnings,W", "also report warnings (slips that do not reject a game or record)");
}

Reporting reporting_from(const po::variables_map& values) {
  Reporting r;
  r.quiet = values.count("quiet") > 0;
  r.warnings = values.count("warnings") > 0;  // asked for by name: shown even with -q
  r.progress = !r.quiet && ::isatty(STDERR_FILENO);
  return r;
}

void add_ep_option(po::options_description& options) {
  options.add_options()
      ("ep", one_of({"standard", "legal"})->default_value("standard"),
       "en-passant square: standard (after every double push) or legal (only when a capture "
       "is possible)");
}

fen::EpMode ep_from(const po::variables_map& values) {
  return values.count("ep") && values["ep"].as<std::string>() == "legal" ? fen::EpMode::legal
                                                                         : fen::EpMode::standard;
}

void add_relax_option(po::options_description& options) {
  std::string text = "accept a position problem by name (repeatable): ";
  for (int i = 0; i < fen::kProblemCount; ++i) {
    const auto p = fen::Problem(i);
    // Without kings there is no game; these cannot be accepted.
    if (fen::kUnrelaxable.contains(p)) continue;
    text += fen::problem_name(p);
    text += i + 1 < fen::kProblemCount ? ", " : "";
  }
  if (text.ends_with(", ")) text.resize(text.size() - 2);
  options.add_options()
      ("relax", po::value<std::vector<std::string>>()->composing()->value_name("NAME"),
       text.c_str());
}

fen::Problems relax_from(const po::variables_map& values) {
  fen::Problems relax;
  if (!values.count("relax")) return relax;
  for (const std::string& name : values["relax"].as<std::vector<std::string>>()) {
    fen::Problem p;
    if (!fen::problem_from_name(name, p) || fen::kUnrelaxable.contains(p))
      throw UsageError("--relax: unknown problem '" + fen::printable(name) +
                       "' (see --help for the names)");
    relax.add(p);
  }
  return relax;
}

void add_rejects_option(po::options_description& options, const char* what) {
  options.add_options()("rejects", po::value<std::string>()->value_name("FILE"), what);
}

void add_max_game_size_option(po::options_description& options) {
  options.add_options()(
      "max-game-size",
      byte_size(std::uint64_t(1) << 10, std::uint64_t(4) << 30)
          ->default_value(pgn::kDefaultMaxGameBytes, size_words(pgn::kDefaultMaxGameBytes)),
      "PGN: the longest game read, in bytes (or with K, M or G), from 1K to 4G. A game that has "
      "not ended within it is an error (rejected); its text is not kept, and reading goes on at "
      "the next game's tags. It bounds the memory a broken input can take");
}

std::uint64_t max_game_size_from(const po::variables_map& values) {
  return values.count("max-game-size") ? values["max-game-size"].as<std::uint64_t>()
                                       : pgn::kDefaultMaxGameBytes;
}

void add_output_option(po::options_description& options, const char* what) {
  options.add_options()("output,o", po::value<std::string>()->value_name("FILE"), what);
}

std::string output_from(const po::variables_map& values) {
  return values.count("output") ? values["output"].as<std::string>() : "-";
}

void add_compression_option(po::options_description& options) {
  options.add_options()("compression-level", integer(1, 19),
                        "for the files written named .gz (1 to 9, default 6) or .zst (1 to 19, "
                        "default 1)");
}

void add_files_option(po::options_description& options, const char* what) {
  options.add_options()("file", po::value<std::vector<std::string>>(), what);
}

std::vector<std::string> files_from(const po::variables_map& values, const char* option) {
  if (!values.count(option)) return {"-"};
  const boost::any& value = values[option].value();
  if (const auto* one = boost::any_cast<std::string>(&value)) return {*one};
  return values[option].as<std::vector<std::string>>();
}

std::vector<std::string> tag_names(const po::variables_map& values, const char* option) {
  const std::string list = values[option].as<std::string>();
  std::vector<std::string> names;
  std::size_t from = 0;
  while (from <= list.size()) {
    const std::size_t comma = std::min(list.find(',', from), list.size());
    std::string name = list.substr(from, comma - from);
    if (name.empty() || name.find_first_of(" \t\"") != std::string::npos)
      throw UsageError(std::string("--") + option + ": '" + fen::printable(name) +
                       "' is not a tag name");
    // A name twice would make two columns (two JSON keys) of one name.
    if (std::find(names.begin(), names.end(), name) != names.end())
      throw UsageError(std::string("--") + option + ": '" + fen::printable(name) +
                       "' is named twice");
    names.push_back(std::move(name));
    from = comma + 1;
  }
  return names;
}

void refuse_together(const po::variables_map& values, const char* a, const char* b) {
  if (values.count(a) && !values[a].defaulted() && values.count(b) && !values[b].defaulted())
    throw UsageError(std::string("--") + a + " does not go with --" + b);
}

void refuse_unless(const po::variables_map& values, const char* a, bool allowed,
                   const char* what) {
  if (!allowed && values.count(a) && !values[a].defaulted())
    throw UsageError(std::string("--") + a + " only goes with " + what);
}

}  // namespace fenkit::tools
