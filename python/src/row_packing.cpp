#include "row_packing.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>
#include <zstd.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <future>
#include <memory>
#include <string_view>
#include <utility>

#include "common.hpp"
#include "fenkit/fen/fen.hpp"
#include "fenkit/pgn/detail/output_buffer.hpp"
#include "object_arenas.hpp"
#include "text_numbers.hpp"

namespace fenkit::python {

namespace {

constexpr std::string_view kMark = "fenkit rows 3\n";
constexpr std::uint32_t kByteOrder = 0x01020304;
// Compressed parts go over a network, where the bytes are the cost: zstd's level 1 makes them
// about a third (on one machine, where a part is copied rather than sent, they go as they are:
// compressing cost the workers more than the copying it saved).
constexpr int kLevel = 1;
// The stored size of a chunk that is not compressed (a zstd frame is never empty).
constexpr std::uint64_t kStoredPlain = 0;

void check(std::size_t result) {
  if (ZSTD_isError(result)) throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(result));
}

// ---------------------------------------------------------------------------------------------
// Writing

using pgn::detail::OutputBuffer;  // filled in place: hundreds of megabytes, value by value

// The packed bytes written in place, as an OutputBuffer is (a chunk that is not compressed goes
// there directly).
struct PackedBytes {
  GrowingArray<char>& bytes;
  char* reserve(std::size_t n) {
    bytes.reserve_more(n);
    return bytes.end();
  }
  void commit(std::size_t n) { bytes.commit(n); }
  void append(std::string_view s) { bytes.append(s.data(), s.size()); }
};

template <typename Out>
void put_u64(Out& out, std::uint64_t v) {
  out.append(std::string_view(reinterpret_cast<const char*>(&v), 8));
}

char* put_varint(char* p, std::uint64_t v) {
  for (; v >= 0x80; v >>= 7) *p++ = char((v & 0x7F) | 0x80);
  *p++ = char(v);
  return p;
}

template <typename Out, typename T>
void put_numbers(Out& out, const std::vector<T>& values) {
  put_u64(out, values.size());
  out.append(std::string_view(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T)));
}

// Whole numbers as the change from the row before, so that a game number (the same on every
// row of a game) and a ply (one more) take a byte each.
template <typename Out>
void put_steps(Out& out, const std::vector<std::int64_t>& values) {
  put_u64(out, values.size());
  char* const begin = out.reserve(values.size() * 10);
  char* p = begin;
  std::int64_t last = 0;
  for (const std::int64_t v : values) {
    const std::uint64_t step = std::uint64_t(v) - std::uint64_t(last);
    p = put_varint(p, (step << 1) ^ (0 - (step >> 63)));  // small changes either way: few bytes
    last = v;
  }
  out.commit(std::size_t(p - begin));
}

// The bytes two texts begin with alike.
std::size_t shared_prefix(std::string_view a, std::string_view b) {
  const std::size_t n = std::min(a.size(), b.size());
  std::size_t i = 0;
#ifdef __SSE2__
  // Sixteen bytes at a look (a FEN's placement is 20 to 70).
  for (; i + 16 <= n; i += 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a.data() + i));
    const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b.data() + i));
    const unsigned differ = ~unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(x, y))) & 0xFFFF;
    if (differ) return i + std::size_t(std::countr_zero(differ));
  }
#endif
  while (i < n && a[i] == b[i]) ++i;
  return i;
}

// The bytes two texts end with alike.
std::size_t shared_suffix(std::string_view a, std::string_view b) {
  const std::size_t n = std::min(a.size(), b.size());
  const char* x_end = a.data() + a.size();
  const char* y_end = b.data() + b.size();
  std::size_t i = 0;
#ifdef __SSE2__
  for (; i + 16 <= n; i += 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x_end - i - 16));
    const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(y_end - i - 16));
    const unsigned same = unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(x, y)));
    if (same != 0xFFFF) return i + std::size_t(std::countl_one(same << 16));
  }
#endif
  while (i < n && x_end[-1 - std::ptrdiff_t(i)] == y_end[-1 - std::ptrdiff_t(i)]) ++i;
  return i;
}

// How a value of a text column is packed: the first byte of each.
enum ValueKind : char {
  kNone = 0,    // none
  kChanged = 1, // a FEN: its placement as what differs from the one before, then the rest
  kSame = 2,    // the value before it again (a tag, a path)
  kText = 3,    // its length and bytes
  // FENs given as moves (pgn::FenStep): a FEN as kChanged that is also a start to play moves
  // from (read as standard chess or as Chess960), or the FEN of the row before with a move
  // played (the move's two bytes).
  kStart = 4,
  kStart960 = 5,
  kMove = 6,
};

char* put_text_bytes(char* p, std::string_view text) {
  p = put_varint(p, text.size());
  std::memcpy(p, text.data(), text.size());
  return p + text.size();
}

// A text as what differs from the one before it: the bytes both begin with, those both end with
// (counted after the first), then the rest.
char* put_change(char* p, std::string_view last, std::string_view text) {
  const std::size_t head = shared_prefix(last, text);
  const std::size_t tail = shared_suffix(last.substr(head), text.substr(head));
  p = put_varint(p, head);
  p = put_varint(p, tail);
  return put_text_bytes(p, text.substr(head, text.size() - head - tail));
}

// A column of text. Consecutive FENs of a game differ in a rank or two of their placement, so a
// FEN's placement goes as what differs from the one before (a third of its bytes on the masters
// archive), and the rest of it (side, castling, en passant, counters), which changes at every
// move, as it is. Other values (tags, paths, comments; not moves: put_numbered) go whole, or as
// "the same" when they repeat (a tag on every row of its game).
// `steps`: the chunk's columns when `values` are its FENs (which may be given as moves).
template <typename Out>
void put_text(Out& out, const pgn::TextColumn& values,
              const pgn::PositionColumns* steps = nullptr) {
  put_u64(out, values.size());
  const bool fen = steps != nullptr;
  const bool stepped = fen && steps->fen_steps.size() == values.size();
  std::string_view last;
  bool some_before = false;  // a value of kText: `last` holds it
  for (std::size_t r = 0; r < values.size(); ++r) {
    char* const begin = out.reserve(values.is_none(r) ? 3 : 32 + values[r].size());  // 3: kMove
    char* p = begin;
    const pgn::FenStep step = stepped ? steps->fen_steps[r] : pgn::FenStep::text;
    if (step == pgn::FenStep::move) {
      *p++ = kMove;
      const std::uint16_t move = steps->fen_moves[r];
      std::memcpy(p, &move, 2);
      p += 2;
    } else if (values.is_none(r)) {
      *p++ = kNone;
    } else if (const std::string_view text = values[r]; fen) {
      const std::size_t space = std::min(text.find(' '), text.size());
      const std::string_view placement = text.substr(0, space);
      *p++ = step == pgn::FenStep::start      ? kStart
             : step == pgn::FenStep::start960 ? kStart960
                                              : kChanged;
      p = put_change(p, last, placement);
      p = put_text_bytes(p, text.substr(space));
      last = placement;
    } else if (some_before && text == last) {
      *p++ = kSame;
    } else {
      *p++ = kText;
      p = put_text_bytes(p, text);
      last = text;
      some_before = true;
    }
    out.commit(std::size_t(p - begin));
  }
}

// The numbers a part gives the texts of its columns of moves (san, uci, next_san, next_uci).
using MoveNumbers = std::array<TextNumbers, 4>;

// A column of moves, a few thousand distinct texts over millions of rows: each row as the
// number of its text, numbered over the whole part as first seen (`numbers`), as one varint:
// 0 none, 1 a text not seen before (its length and bytes follow), 2 + n the text numbered n. A
// move takes a byte or two, and the client makes its str without looking the text up.
template <typename Out>
void put_numbered(Out& out, const pgn::TextColumn& values, TextNumbers& numbers) {
  put_u64(out, values.size());
  for (std::size_t r = 0; r < values.size(); ++r) {
    const bool none = values.is_none(r);
    char* const begin = out.reserve(none ? 1 : 16 + values[r].size());
    char* p = begin;
    if (none) {
      *p++ = 0;
    } else {
      const std::string_view text = values[r];
      bool added;
      const std::uint32_t n = numbers.number(text, added);
      if (added) {
        *p++ = 1;
        p = put_text_bytes(p, text);
      } else {
        p = put_varint(p, std::uint64_t(n) + 2);
      }
    }
    out.commit(std::size_t(p - begin));
  }
}

// `out`: an OutputBuffer, or the packed bytes themselves (PackedBytes).
template <typename Out>
void put_columns(Out& out, const pgn::PositionColumns& c, MoveNumbers& moves) {
  put_steps(out, c.game);
  put_steps(out, c.ply);
  put_text(out, c.path);
  put_numbered(out, c.san, moves[0]);
  put_numbered(out, c.uci, moves[1]);
  put_text(out, c.fen, &c);
  put_u64(out, c.tags.size());
  for (const pgn::TextColumn& tag : c.tags) put_text(out, tag);
  put_numbers(out, c.eval);
  put_numbers(out, c.mate);
  put_numbers(out, c.clk);
  put_text(out, c.comment);
  put_text(out, c.nags);
  put_numbered(out, c.next_san, moves[2]);
  put_numbered(out, c.next_uci, moves[3]);
  for (const std::vector<std::uint64_t>& plane : c.planes) put_numbers(out, plane);
  put_numbers(out, c.turn);
  put_numbers(out, c.castling);
  put_numbers(out, c.ep_square);
}

// ---------------------------------------------------------------------------------------------
// Reading

[[noreturn]] void damaged() { throw py::value_error("the packed rows are damaged"); }

// The position that FENs given as moves are played from, while a column is read.
struct FenPlayer {
  fen::FenWriter writer;
  fen::Position line;
  bool known = false;  // line is the position of the FEN before

  // After a FEN given as text: a start (kStart, kStart960) is read as the position to play from.
  void start(std::string_view text, char kind) {
    known = false;
    if (kind == kChanged) return;
    if (!pgn::read_fen_start(text, kind == kStart960 ? pgn::FenStep::start960 : pgn::FenStep::start,
                             line))
      damaged();
    known = true;
  }
};

// A move of a FEN row was legal where it was packed, and is played unchecked. Its squares are
// still looked at, so that damaged bytes cannot have play_unchecked move a piece that is not
// there, or take one of the mover's own.
bool playable(const fen::Position& pos, fen::Move m) {
  if (m.is_null()) return true;
  const fen::Color us = pos.side_to_move();
  const fen::Piece moving = pos.piece_on(m.from()), target = pos.piece_on(m.to());
  if (m.is_none() || moving == fen::Piece::none || fen::color_of(moving) != us) return false;
  if (m.is_castling())
    return moving == fen::make_piece(us, fen::PieceType::king) &&
           target == fen::make_piece(us, fen::PieceType::rook);
  return target == fen::Piece::none || fen::color_of(target) != us;
}

class Cursor {
 public:
  explicit Cursor(std::string_view bytes) : rest_(bytes) {}
  bool empty() const { return rest_.empty(); }
  std::string_view take(std::size_t n) {
    if (n > rest_.size()) damaged();
    const std::string_view taken = rest_.substr(0, n);
    rest_.remove_prefix(n);
    return taken;
  }
  std::uint64_t u64() {
    std::uint64_t v;
    std::memcpy(&v, take(8).data(), 8);
    return v;
  }
  std::uint64_t varint() {
    std::uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      const auto byte = static_cast<unsigned char>(take(1)[0]);
      v |= std::uint64_t(byte & 0x7F) << shift;
      if (!(byte & 0x80)) return v;
    }
    damaged();
  }
  template <typename T>
  void numbers(std::vector<T>& values) {
    const std::uint64_t n = u64();
    if (n > rest_.size() / sizeof(T)) damaged();
    values.resize(n);
    const std::string_view bytes = take(n * sizeof(T));
    if (n) std::memcpy(values.data(), bytes.data(), bytes.size());
  }
  // `base`: added to every value (to game numbers counted from 1 in a part of their own).
  void steps(std::vector<std::int64_t>& values, std::int64_t base = 0) {
    const std::uint64_t n = u64();
    if (n > rest_.size()) damaged();  // every value takes a byte at least
    values.resize(n);
    std::uint64_t last = std::uint64_t(base);  // (the first value is a step from 0)
    for (std::int64_t& v : values) {
      const std::uint64_t zigzag = varint();
      last += (zigzag >> 1) ^ (0 - (zigzag & 1));
      v = std::int64_t(last);
    }
  }
  // A column of moves given as numbers (put_numbered) into `values`, numbered by `numbers`
  // (the client's, over every part); `part`: the client's number of each of the part's.
  void numbered(NumberedTexts& values, TextNumbers& numbers, std::vector<std::uint32_t>& part) {
    const std::uint64_t n = u64();
    if (n > rest_.size()) damaged();  // every value takes a byte at least
    values.first_added = numbers.size();
    values.numbers.resize(n);
    for (std::uint32_t& number : values.numbers) {
      const std::uint64_t v = varint();
      if (v == 0) {
        number = NumberedTexts::kNone;
      } else if (v == 1) {
        const std::string_view text = take(varint());
        if (!is_ascii(text)) damaged();  // moves are ASCII
        bool added;
        number = numbers.number(text, added);
        if (added) values.added.push(text);
        part.push_back(number);
      } else {
        if (v - 2 >= part.size()) damaged();
        number = part[v - 2];
      }
    }
  }
  // The placement after `last` (which becomes it).
  void change(std::string& last) {
    const std::uint64_t head = varint(), tail = varint();
    const std::string_view middle = take(varint());
    if (head > last.size() || tail > last.size() - head) damaged();
    last.replace(head, last.size() - head - tail, middle);
  }
  // `placement`: memory for a FEN's placement (kept from column to column). A value of a column
  // that is not FENs is read where it lies, in the bytes the cursor reads. `play`, for the FEN
  // column: where its FENs given as moves are played and written.
  void text(pgn::TextColumn& values, std::string& placement, FenPlayer* play = nullptr) {
    const bool fen = play != nullptr;
    const std::uint64_t n = u64();
    if (n > rest_.size()) damaged();  // every value takes a byte at least
    placement.clear();
    std::string_view last;
    bool some_before = false;
    for (std::uint64_t r = 0; r < n; ++r) {
      const char kind = take(1)[0];
      if (kind == kNone) {
        values.push_none();
      } else if (fen && kind == kMove) {
        std::uint16_t move;
        std::memcpy(&move, take(2).data(), 2);
        if (!play->known || !playable(play->line, fen::Move::from_bits(move))) damaged();
        play->line.play_unchecked(fen::Move::from_bits(move));
        values.commit(play->writer.write(play->line, values.begin_push(fen::kMaxFenLength)));
      } else if (fen) {
        if (kind != kChanged && kind != kStart && kind != kStart960) damaged();
        change(placement);
        const std::string_view rest = take(varint());
        char* to = values.begin_push(placement.size() + rest.size());
        std::memcpy(to, placement.data(), placement.size());
        std::memcpy(to + placement.size(), rest.data(), rest.size());
        values.commit(placement.size() + rest.size());
        play->start(std::string_view(to, placement.size() + rest.size()), kind);
      } else if (kind == kSame && some_before) {
        values.push(last);
      } else if (kind == kText) {
        last = take(varint());
        some_before = true;
        values.push(last);
      } else {
        damaged();
      }
    }
  }

 private:
  std::string_view rest_;
};

// What the reading of the chunks of parts keeps from chunk to chunk.
struct ReadState {
  std::string placement;  // memory for Cursor::text
  FenPlayer play;         // where FENs given as moves are played
  // The client's numbers of the texts of moves (san, uci, next_san, next_uci), and those of
  // the part being read (part_numbers[i][n]: of its text numbered n).
  std::array<TextNumbers, 4> numbers;
  std::array<std::vector<std::uint32_t>, 4> part_numbers;
  std::int64_t game_offset = 0;  // added to the part's game numbers
};

// The chunk's columns into `c`, its moves into `moves`.
void read_columns(Cursor& in, pgn::PositionColumns& c, NumberedMoves& moves, ReadState& s) {
  std::string& placement = s.placement;
  FenPlayer& play = s.play;
  in.steps(c.game, s.game_offset);
  in.steps(c.ply);
  in.text(c.path, placement);
  in.numbered(moves.san, s.numbers[0], s.part_numbers[0]);
  in.numbered(moves.uci, s.numbers[1], s.part_numbers[1]);
  play.known = false;
  in.text(c.fen, placement, &play);
  const std::uint64_t tags = in.u64();
  if (tags > 1 << 16) damaged();
  c.tags.resize(tags);
  for (pgn::TextColumn& tag : c.tags) in.text(tag, placement);
  in.numbers(c.eval);
  in.numbers(c.mate);
  in.numbers(c.clk);
  in.text(c.comment, placement);
  in.text(c.nags, placement);
  in.numbered(moves.next_san, s.numbers[2], s.part_numbers[2]);
  in.numbered(moves.next_uci, s.numbers[3], s.part_numbers[3]);
  for (std::vector<std::uint64_t>& plane : c.planes) in.numbers(plane);
  in.numbers(c.turn);
  in.numbers(c.castling);
  in.numbers(c.ep_square);
  if (!in.empty()) damaged();
}

void put_header(OutputBuffer& out, const std::vector<ColumnSpec>& specs, fen::EpMode ep) {
  out.append(kMark);
  out.append(std::string_view(reinterpret_cast<const char*>(&kByteOrder), 4));
  out.push_back(char(ep));  // how the FENs given as moves are written
  put_u64(out, specs.size());
  for (const ColumnSpec& spec : specs) {
    put_u64(out, spec.name.size());
    out.append(spec.name);
    out.push_back(char(spec.source));
    put_u64(out, spec.tag);
    out.push_back(char(spec.keep));
  }
}

struct Header {
  fen::EpMode ep;
  std::vector<ColumnSpec> specs;
  bool operator==(const Header&) const = default;
};

Header read_header(Cursor& in) {
  if (in.take(kMark.size()) != kMark) damaged();
  std::uint32_t order;
  std::memcpy(&order, in.take(4).data(), 4);
  if (order != kByteOrder)
    throw py::value_error("the packed rows come from a machine of another byte order");
  const auto ep = fen::EpMode(in.take(1)[0]);
  if (ep != fen::EpMode::standard && ep != fen::EpMode::legal) damaged();
  const std::uint64_t n = in.u64();
  if (n > 1 << 16) damaged();
  std::vector<ColumnSpec> specs(n);
  for (ColumnSpec& spec : specs) {
    spec.name = std::string(in.take(in.u64()));
    spec.source = ColumnSource(in.take(1)[0]);
    if (spec.source > ColumnSource::ep_square) damaged();
    spec.tag = std::size_t(in.u64());
    spec.keep = in.take(1)[0] != 0;
  }
  return {ep, std::move(specs)};
}

std::string_view bytes_of(const py::array_t<std::uint8_t, py::array::c_style>& part) {
  return std::string_view(reinterpret_cast<const char*>(part.data()), std::size_t(part.size()));
}

// Makes the rows of packed parts, added one after another as they arrive, into the columns
// that fenkit.replay gives (a dict of NumPy arrays). A part is unpacked without the GIL; only
// its strs are made with it, so the threads that bring the next parts go on meanwhile.
class RowUnpacker {
 public:
  RowUnpacker() : context_(ZSTD_createDCtx(), &ZSTD_freeDCtx) {
    if (!context_) throw std::bad_alloc();
  }

  // The rows of the part. `game_offset`: added to its game numbers (a part replayed with its
  // games numbered from 1, as if it began the input).
  std::uint64_t add(const py::array_t<std::uint8_t, py::array::c_style>& part,
                    std::int64_t game_offset) {
    usable();
    Cursor in(bytes_of(part));
    Header own = read_header(in);
    if (!builder_)
      start(std::move(own));
    else if (own != header_)
      throw py::value_error("the packed rows have other columns");
    busy_ = true;
    std::uint64_t rows = 0;
    try {
      // Each chunk is read on a thread of its own while the strs of the one before it are made
      // (which needs the GIL, and reading does not): the client's work shares two cores, and
      // once the workers are done, the client's is all that is left.
      for (std::vector<std::uint32_t>& numbers : read_.part_numbers) numbers.clear();
      read_.game_offset = game_offset;
      if (!in.empty()) {
        py::gil_scoped_release unlocked;
        next_chunk(in, chunks_[0]);
      }
      for (std::size_t i = 0; chunks_[i].columns.rows() != 0 || !in.empty(); i ^= 1) {
        std::future<void> next;  // joined before `in` and the chunks go, even by an exception
        if (!in.empty())
          next = std::async(std::launch::async, [&, i] { next_chunk(in, chunks_[i ^ 1]); });
        rows += chunks_[i].columns.rows();
        builder_->append(chunks_[i].columns, chunks_[i].moves);
        chunks_[i].clear();
        if (next.valid()) {
          py::gil_scoped_release unlocked;
          next.get();
        }
      }
    } catch (...) {
      busy_ = false;
      failed_ = true;  // some of the part's rows are in the columns
      arenas_.reset();
      throw;
    }
    busy_ = false;
    return rows;
  }

  py::dict columns() {
    usable();
    if (!builder_) throw py::value_error("no packed rows");
    finished_ = true;
    py::dict arrays = builder_->arrays();
    builder_.reset();
    arenas_.reset();
    return arrays;
  }

 private:
  void usable() const {
    // Another thread could call in while this one has let the GIL go.
    if (busy_) throw py::value_error("the unpacker is adding a part in another thread");
    if (finished_) throw py::value_error("the rows were already made into columns");
    if (failed_) throw py::value_error("a part added before could not be unpacked");
  }

  void start(Header header) {
    // The builder takes a tag's or a plane's values where the spec says: within the chunk's.
    std::size_t tag_columns = 0;
    for (const ColumnSpec& spec : header.specs) {
      if (spec.source == ColumnSource::tag && spec.tag != tag_columns++) damaged();
      if (spec.source == ColumnSource::plane && spec.tag >= pgn::PositionColumns().planes.size())
        damaged();
    }
    tag_columns_ = tag_columns;  // (a part refused here leaves the unpacker as it was)
    header_ = header;
    read_.play.writer = fen::FenWriter(fen::FenWriteOptions{.ep = header.ep});
    builder_ = std::make_unique<ColumnBuilder>(std::move(header.specs));
    arenas_ = std::make_unique<PrefaultedArenas>();  // millions of new strs: pages faulted ahead
  }

  // Reads the chunk at `in` into `chunk`, decompressing it first if it was compressed (no
  // Python object touched).
  struct Chunk {
    pgn::PositionColumns columns;
    NumberedMoves moves;
    void clear() {
      columns.clear();
      moves.clear();
    }
  };

  void next_chunk(Cursor& in, Chunk& chunk) {
    const std::uint64_t size = in.u64();
    const std::uint64_t stored = in.u64();
    std::string_view bytes;
    if (stored == kStoredPlain) {
      bytes = in.take(size);  // read where it lies
    } else {
      const std::string_view frame = in.take(stored);
      if (ZSTD_getFrameContentSize(frame.data(), frame.size()) != size) damaged();
      columns_.resize(size);
      const std::size_t made =
          ZSTD_decompressDCtx(context_.get(), columns_.data(), size, frame.data(), frame.size());
      if (ZSTD_isError(made) || made != size) damaged();
      bytes = columns_;
    }
    chunk.clear();
    Cursor values(bytes);
    read_columns(values, chunk.columns, chunk.moves, read_);
    if (chunk.columns.tags.size() != tag_columns_) damaged();
    for (const NumberedTexts* moves : chunk.moves.all())
      if (moves->numbers.empty() ? moves->added.size() != 0
                                 : moves->numbers.size() != chunk.columns.rows())
        damaged();  // every column has the chunk's rows, and a text comes with a row
  }

  Header header_;  // the first part's, which the others repeat
  ReadState read_;  // used by the thread that reads the chunks
  std::size_t tag_columns_ = 0;
  std::unique_ptr<ColumnBuilder> builder_;  // from the first part on, until columns()
  bool finished_ = false;
  bool busy_ = false;
  bool failed_ = false;
  std::unique_ptr<PrefaultedArenas> arenas_;
  std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> context_;
  std::string columns_;
  std::array<Chunk, 2> chunks_;  // one read while the other is made into strs
};

}  // namespace

struct RowPacker::State {
  // Hundreds of megabytes for a partition, grown without a copy and handed to NumPy as they are.
  GrowingArray<char> packed;
  OutputBuffer columns;  // a chunk's, before compression (memory kept); first the header
  MoveNumbers moves;     // over the whole part
  std::unique_ptr<ZSTD_CCtx, decltype(&ZSTD_freeCCtx)> context{nullptr, &ZSTD_freeCCtx};
};

RowPacker::RowPacker(const std::vector<ColumnSpec>& specs, fen::EpMode ep, bool compressed)
    : state_(std::make_unique<State>()) {
  if (compressed) {
    state_->context.reset(ZSTD_createCCtx());
    if (!state_->context) throw std::bad_alloc();
    check(ZSTD_CCtx_setParameter(state_->context.get(), ZSTD_c_compressionLevel, kLevel));
    // Bytes changed on the way are found, not made into other rows.
    check(ZSTD_CCtx_setParameter(state_->context.get(), ZSTD_c_checksumFlag, 1));
  }
  put_header(state_->columns, specs, ep);
  state_->packed.append(state_->columns.view().data(), state_->columns.size());
}

RowPacker::~RowPacker() = default;

void RowPacker::append(const pgn::PositionColumns& chunk) {
  if (chunk.rows() == 0) return;
  State& s = *state_;
  if (!s.context) {
    const std::size_t at = s.packed.size();
    const std::uint64_t sizes[2] = {0, kStoredPlain};  // the size written when known
    s.packed.append(reinterpret_cast<const char*>(sizes), 16);
    PackedBytes out{s.packed};
    put_columns(out, chunk, s.moves);
    const std::uint64_t size = s.packed.size() - at - 16;
    std::memcpy(s.packed.data() + at, &size, 8);
    return;
  }
  s.columns.clear();
  put_columns(s.columns, chunk, s.moves);
  const std::string_view columns = s.columns.view();
  const std::size_t bound = ZSTD_compressBound(columns.size());
  s.packed.reserve_more(16 + bound);
  char* const at = s.packed.end();
  const std::size_t made =
      ZSTD_compress2(s.context.get(), at + 16, bound, columns.data(), columns.size());
  check(made);
  const std::uint64_t sizes[2] = {columns.size(), made};
  std::memcpy(at, sizes, 16);
  s.packed.commit(16 + made);
}

py::array RowPacker::release() {
  return owning_array(state_->packed, py::dtype::of<std::uint8_t>(), &GrowingArray<char>::free_values);
}

void add_row_packing(py::module_& m) {
  py::class_<RowUnpacker>(m, "_RowUnpacker",
                          "Makes the rows of parts packed by _replay(_packed=True), added in "
                          "order, into the columns of fenkit.replay.")
      .def(py::init<>())
      .def("add", &RowUnpacker::add, py::arg("part"), py::arg("game_offset") = 0,
           "Adds a part's rows, game_offset added to their game numbers; returns their number.")
      .def("columns", &RowUnpacker::columns,
           "The columns of every row added (once: the unpacker is then empty).");
}

}  // namespace fenkit::python
