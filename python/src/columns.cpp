#include "columns.hpp"

#include <pybind11/numpy.h>

#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "fenkit/pgn/json.hpp"

namespace fenkit::python {

namespace {

[[noreturn]] void bad_row(const std::string& why) {
  throw std::runtime_error("replay rows: unexpected JSON (" + std::string(why) + ")");
}

// A JSON string at `p` (after its opening quote) unescaped into `out`, as pgn::append_json_string
// writes them (\" \\ \n \r \t \u00XX); returns the position after the closing quote.
const char* read_string(const char* p, const char* end, std::string* out) {
  for (;;) {
    // The closing quote, unless an escape comes first (FENs, SAN and UCI have none).
    const char* q = static_cast<const char*>(std::memchr(p, '"', std::size_t(end - p)));
    if (!q) bad_row("unterminated string");
    if (const void* escape = std::memchr(p, '\\', std::size_t(q - p)))
      q = static_cast<const char*>(escape);
    if (out) out->append(p, q);
    if (*q == '"') return q + 1;
    // An escape.
    if (q + 1 >= end) bad_row("unterminated escape");
    char c = q[1];
    p = q + 2;
    switch (c) {
      case 'n': c = '\n'; break;
      case 'r': c = '\r'; break;
      case 't': c = '\t'; break;
      case 'b': c = '\b'; break;
      case 'f': c = '\f'; break;
      case 'u': {
        if (end - p < 4) bad_row("short \\u escape");
        unsigned value = 0;
        const auto [next, error] = std::from_chars(p, p + 4, value, 16);
        if (error != std::errc() || next != p + 4 || value >= 0x80) bad_row("\\u escape");
        c = char(value);
        p += 4;
        break;
      }
      default: break;  // \" \\ \/
    }
    if (out) out->push_back(c);
  }
}

}  // namespace

void ChunkColumns::clear() {
  for (ColumnData& column : columns) {
    column.integers.clear();
    column.reals.clear();
    column.text.clear();
    column.ends.clear();
    column.nulls.clear();
  }
  rows = 0;
}

ChunkColumns ColumnsPool::take() {
  std::lock_guard lock(mutex_);
  if (free_.empty()) return ChunkColumns();
  ChunkColumns columns = std::move(free_.back());
  free_.pop_back();
  return columns;
}

void ColumnsPool::give(ChunkColumns columns) {
  columns.clear();
  std::lock_guard lock(mutex_);
  free_.push_back(std::move(columns));
}

void parse_rows(std::string_view jsonl, const std::vector<ColumnSpec>& specs, ChunkColumns& out) {
  out.clear();
  out.columns.resize(specs.size());
  std::vector<std::string> keys;
  for (const ColumnSpec& spec : specs) {
    std::string key;
    pgn::append_json_string(key, spec.name);
    keys.push_back(key + ':');
  }
  const char* p = jsonl.data();
  const char* const end = p + jsonl.size();
  while (p < end) {
    if (*p++ != '{') bad_row("a row does not start with '{'");
    for (std::size_t i = 0; i < specs.size(); ++i) {
      const ColumnSpec& spec = specs[i];
      ColumnData& column = out.columns[i];
      if (i) {
        if (p == end || *p++ != ',') bad_row("missing ','");
      }
      // The key, as the writer writes it ("name":).
      const std::string& key = keys[i];
      if (std::size_t(end - p) < key.size() || std::memcmp(p, key.data(), key.size()) != 0)
        bad_row("a key other than '" + spec.name + "'");
      p += key.size();
      if (p == end) bad_row("missing value");
      const bool null = *p == 'n';
      if (null) {
        if (end - p < 4 || std::memcmp(p, "null", 4) != 0) bad_row("bad literal");
        p += 4;
      }
      if (!spec.keep) {
        if (null) continue;
        if (*p == '"') p = read_string(p + 1, end, nullptr);
        else if (*p == '[') p = static_cast<const char*>(std::memchr(p, ']', std::size_t(end - p))) + 1;
        else while (p < end && *p != ',' && *p != '}') ++p;
        continue;
      }
      switch (spec.kind) {
        case ColumnKind::integer: {
          std::int64_t value = 0;
          if (!null) {
            const auto [next, error] = std::from_chars(p, end, value);
            if (error != std::errc()) bad_row("bad integer");
            p = next;
          }
          column.integers.push_back(value);
          break;
        }
        case ColumnKind::real: {
          double value = std::numeric_limits<double>::quiet_NaN();
          if (!null) {
            const auto [next, error] = std::from_chars(p, end, value);
            if (error != std::errc()) bad_row("bad number");
            p = next;
          }
          column.reals.push_back(value);
          break;
        }
        case ColumnKind::text:
          if (!null) {
            if (*p != '"') bad_row("a string was expected");
            p = read_string(p + 1, end, &column.text);
          }
          column.ends.push_back(std::uint32_t(column.text.size()));
          column.nulls.push_back(null);
          break;
        case ColumnKind::nags: {
          if (!null) {
            if (*p != '[') bad_row("a list was expected");
            const char* close =
                static_cast<const char*>(std::memchr(p, ']', std::size_t(end - p)));
            if (!close) bad_row("unterminated list");
            column.text.append(p + 1, close);
            p = close + 1;
          }
          column.ends.push_back(std::uint32_t(column.text.size()));
          column.nulls.push_back(null);
          break;
        }
      }
    }
    if (p == end || *p++ != '}') bad_row("more keys than expected");
    if (p == end || *p++ != '\n') bad_row("missing line break");
    ++out.rows;
  }
}

ColumnBuilder::ColumnBuilder(std::vector<ColumnSpec> specs)
    : specs_(std::move(specs)), columns_(specs_.size()) {}

ColumnBuilder::~ColumnBuilder() { release(); }

void ColumnBuilder::release() {
  for (Column& column : columns_) {
    for (PyObject* o : column.objects) Py_XDECREF(o);
    column.objects.clear();
  }
  for (auto& [text, o] : interned_) Py_DECREF(o);
  interned_.clear();
  for (ShortString& slot : short_) Py_XDECREF(slot.object);
  short_.clear();
  short_count_ = 0;
}

namespace {

bool is_ascii(std::string_view text) {
  for (char c : text)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

PyObject* make_str(std::string_view text, bool ascii) {
  PyObject* s;
  if (ascii || is_ascii(text)) {
    s = PyUnicode_New(Py_ssize_t(text.size()), 127);
    if (s) std::memcpy(PyUnicode_DATA(s), text.data(), text.size());
  } else {
    s = PyUnicode_DecodeUTF8(text.data(), Py_ssize_t(text.size()), "surrogateescape");
  }
  if (!s) throw py::error_already_set();
  return s;
}

}  // namespace

PyObject* ColumnBuilder::text_object(const ColumnSpec& spec, Column& column,
                                     std::string_view text) {
  if (spec.interned) return interned(text, spec.ascii);
  if (spec.repeats && column.last && !column.last_null && column.last_text == text) {
    Py_INCREF(column.last);
    return column.last;
  }
  PyObject* s = make_str(text, spec.ascii);
  if (spec.repeats) {
    column.last_text.assign(text);
    column.last = s;
    column.last_null = false;
  }
  return s;
}

PyObject* ColumnBuilder::interned(std::string_view text, bool ascii) {
  if (text.empty() || text.size() > 8) {
    auto found = interned_.find(text);
    if (found == interned_.end())
      found = interned_.emplace(std::string(text), make_str(text, ascii)).first;
    Py_INCREF(found->second);
    return found->second;
  }
  std::uint64_t key = 0;
  std::memcpy(&key, text.data(), text.size());
  if (short_.empty()) short_.resize(1 << 12);
  for (;;) {
    const std::size_t mask = short_.size() - 1;
    std::size_t at = std::size_t((key * 0x9E3779B97F4A7C15ULL) >> 40) & mask;
    while (short_[at].key != 0 && short_[at].key != key) at = (at + 1) & mask;
    ShortString& slot = short_[at];
    if (slot.key == key) {
      Py_INCREF(slot.object);
      return slot.object;
    }
    if (2 * (short_count_ + 1) <= short_.size()) {
      slot.key = key;
      slot.object = make_str(text, ascii);
      ++short_count_;
      Py_INCREF(slot.object);
      return slot.object;
    }
    // Half full: twice the room, the strings placed again.
    std::vector<ShortString> old(short_.size() * 2);
    old.swap(short_);
    for (const ShortString& s : old) {
      if (s.key == 0) continue;
      std::size_t to = std::size_t((s.key * 0x9E3779B97F4A7C15ULL) >> 40) & (short_.size() - 1);
      while (short_[to].key != 0) to = (to + 1) & (short_.size() - 1);
      short_[to] = s;
    }
  }
}

void ColumnBuilder::append(const ChunkColumns& chunk) {
  for (std::size_t i = 0; i < specs_.size(); ++i) {
    const ColumnSpec& spec = specs_[i];
    if (!spec.keep) continue;
    const ColumnData& data = chunk.columns[i];
    Column& column = columns_[i];
    switch (spec.kind) {
      case ColumnKind::integer:
        column.integers.insert(column.integers.end(), data.integers.begin(), data.integers.end());
        break;
      case ColumnKind::real:
        column.reals.insert(column.reals.end(), data.reals.begin(), data.reals.end());
        break;
      case ColumnKind::text:
      case ColumnKind::nags: {
        // (No reserve here: growing by the chunk's rows each time would copy the column for
        // every chunk; push_back grows it geometrically.)
        std::uint32_t begin = 0;
        for (std::size_t r = 0; r < data.ends.size(); ++r) {
          const std::string_view text(data.text.data() + begin, data.ends[r] - begin);
          begin = data.ends[r];
          if (data.nulls[r]) {
            Py_INCREF(Py_None);
            column.objects.push_back(Py_None);
            continue;
          }
          if (spec.kind == ColumnKind::text) {
            column.objects.push_back(text_object(spec, column, text));
            continue;
          }
          PyObject* list = PyList_New(0);
          if (!list) throw py::error_already_set();
          column.objects.push_back(list);
          for (std::size_t at = 0; at < text.size();) {
            std::size_t comma = text.find(',', at);
            if (comma == std::string_view::npos) comma = text.size();
            long value = 0;
            std::from_chars(text.data() + at, text.data() + comma, value);
            PyObject* number = PyLong_FromLong(value);
            if (!number || PyList_Append(list, number) != 0) {
              Py_XDECREF(number);
              throw py::error_already_set();
            }
            Py_DECREF(number);
            at = comma + 1;
          }
        }
        break;
      }
    }
  }
  rows_ += chunk.rows;
}

namespace {

template <typename T>
py::array owning_array(std::vector<T>&& values) {
  auto* owned = new std::vector<T>(std::move(values));
  py::capsule owner(owned, [](void* p) { delete static_cast<std::vector<T>*>(p); });
  return py::array_t<T>({py::ssize_t(owned->size())}, {py::ssize_t(sizeof(T))}, owned->data(),
                        owner);
}

}  // namespace

py::dict ColumnBuilder::arrays() {
  py::dict out;
  const py::object empty = py::module_::import("numpy").attr("empty");
  for (std::size_t i = 0; i < specs_.size(); ++i) {
    const ColumnSpec& spec = specs_[i];
    if (!spec.keep) continue;
    Column& column = columns_[i];
    switch (spec.kind) {
      case ColumnKind::integer:
        out[py::str(spec.name)] = owning_array(std::move(column.integers));
        break;
      case ColumnKind::real:
        out[py::str(spec.name)] = owning_array(std::move(column.reals));
        break;
      case ColumnKind::text:
      case ColumnKind::nags: {
        py::array array = empty(column.objects.size(), py::arg("dtype") = "O");
        auto** slots = static_cast<PyObject**>(array.mutable_data());
        for (std::size_t r = 0; r < column.objects.size(); ++r) {
          Py_XDECREF(slots[r]);
          slots[r] = column.objects[r];  // the array takes the reference
        }
        column.objects.clear();
        column.objects.shrink_to_fit();
        column.last = nullptr;
        out[py::str(spec.name)] = std::move(array);
        break;
      }
    }
  }
  return out;
}

}  // namespace fenkit::python
