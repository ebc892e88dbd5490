#include "queries.hpp"

#include <bit>
#include <stdexcept>

#include <fenkit/fen/fen.hpp>
#include <fenkit/fen/polyglot.hpp>

namespace position_index {

std::int64_t stored_key(const std::string& fen) {
  fenkit::fen::Position pos;
  if (const fenkit::fen::FenError error = fenkit::fen::read_fen(fen, pos, {.lenient = true}))
    throw std::invalid_argument("bad FEN: " + error.message());
  return std::bit_cast<std::int64_t>(fenkit::fen::polyglot_key(pos));
}

std::vector<GameReached> games_reaching(Database& db, const std::string& fen) {
  Statement query(db, R"sql(
      SELECT p.game, MIN(p.ply), g.white, g.black, g.result
      FROM positions AS p JOIN games AS g ON g.id = p.game
      WHERE p.key = ?1
      GROUP BY p.game ORDER BY p.game)sql");
  query.bind(1, stored_key(fen));
  std::vector<GameReached> out;
  while (query.step())
    out.push_back(GameReached{query.integer(0), query.integer(1), std::string(query.text(2)),
                              std::string(query.text(3)), std::string(query.text(4))});
  return out;
}

std::vector<MovePlayed> moves_played(Database& db, const std::string& fen) {
  Statement query(db, R"sql(
      SELECT m.move, SUM(m.times), COUNT(*),
             SUM(g.result = '1-0'), SUM(g.result = '1/2-1/2'), SUM(g.result = '0-1')
      FROM (SELECT move, game, COUNT(*) AS times FROM positions
            WHERE key = ?1 AND move IS NOT NULL GROUP BY move, game) AS m
      JOIN games AS g ON g.id = m.game
      GROUP BY m.move ORDER BY SUM(m.times) DESC, m.move)sql");
  query.bind(1, stored_key(fen));
  std::vector<MovePlayed> out;
  while (query.step())
    out.push_back(MovePlayed{std::string(query.text(0)), query.integer(1), query.integer(2),
                             query.integer(3), query.integer(4), query.integer(5)});
  return out;
}

}  // namespace position_index
