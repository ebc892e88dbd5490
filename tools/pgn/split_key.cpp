#include "split_key.hpp"

#include "cli.hpp"

namespace fenkit::tools {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The event's name as a file name: letters, digits, '.', '-', '+' and bytes of other scripts
// kept; every run of anything else (blanks, '/', quotes, control characters) one '_'. No
// leading dot (a hidden file), at most 100 bytes.
std::string file_name_of(std::string_view name) {
  std::string out;
  for (const char c : name) {
    const auto byte = static_cast<unsigned char>(c);
    const bool kept = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) ||
                      c == '.' || c == '-' || c == '+' || byte >= 0x80;
    if (kept) out += c;
    else if (!out.empty() && out.back() != '_') out += '_';
  }
  while (!out.empty() && (out.back() == '_' || out.back() == '.')) out.pop_back();
  while (!out.empty() && (out.front() == '.' || out.front() == '_')) out.erase(0, 1);
  if (out.size() > 100) {
    out.resize(100);
    // A UTF-8 sequence cut in two is dropped whole.
    while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xC0) == 0x80) out.pop_back();
    if (!out.empty() && static_cast<unsigned char>(out.back()) >= 0xC0) out.pop_back();
  }
  return out;
}

}  // namespace

SplitBy split_by_from(std::string_view name) {
  if (name == "eco" || name == "eco3") return SplitBy::eco3;
  if (name == "eco1") return SplitBy::eco1;
  if (name == "eco2") return SplitBy::eco2;
  if (name == "year") return SplitBy::year;
  if (name == "month") return SplitBy::month;
  if (name == "event") return SplitBy::event;
  throw UsageError("--split-by takes eco, eco1, eco2, eco3, year, month or event, not '" +
                   std::string(name) + "'");
}

std::string split_key(SplitBy by, std::string_view eco, std::string_view date,
                      std::string_view event) {
  switch (by) {
    case SplitBy::eco1:
    case SplitBy::eco2:
    case SplitBy::eco3: {
      // As pgn-extract -E: a code starts with a letter, and its first 1, 2 or 3 characters
      // name the file, as written (B12x: B12.pgn; A1 with eco3: A1.pgn).
      const bool letter = !eco.empty() && ((eco[0] >= 'A' && eco[0] <= 'Z') ||
                                           (eco[0] >= 'a' && eco[0] <= 'z'));
      if (!letter) return "noeco";
      std::string key(eco.substr(0, by == SplitBy::eco1 ? 1 : by == SplitBy::eco2 ? 2 : 3));
      for (char& c : key)
        if (c == '/' || static_cast<unsigned char>(c) < 0x20) c = '_';  // no folder, no control
      return key;
    }
    case SplitBy::year:
    case SplitBy::month: {
      const bool year = date.size() >= 4 && is_digit(date[0]) && is_digit(date[1]) &&
                        is_digit(date[2]) && is_digit(date[3]);
      if (!year) return "nodate";
      std::string key(date.substr(0, 4));
      if (by == SplitBy::year) return key;
      const bool month = date.size() >= 7 && date[4] == '.' && is_digit(date[5]) && is_digit(date[6]);
      if (!month) return key + "-nomonth";
      key += '-';
      key += date.substr(5, 2);
      return key;
    }
    case SplitBy::event: {
      std::string key = file_name_of(event);
      return key.empty() ? "noevent" : key;
    }
    case SplitBy::none: break;
  }
  return {};
}

}  // namespace fenkit::tools
