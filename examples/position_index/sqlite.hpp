// A thin RAII layer over the SQLite C API: a connection and prepared statements, errors as
// exceptions that carry SQLite's message.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace position_index {

class Database {
 public:
  explicit Database(const std::string& path, bool create) {
    // One thread uses a connection: SQLite need not lock it for every call.
    const int flags = SQLITE_OPEN_NOMUTEX |
                      (create ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY);
    if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
      const std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
      sqlite3_close(db_);
      throw std::runtime_error(path + ": " + message);
    }
  }
  ~Database() { sqlite3_close(db_); }
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // Runs statements that return no rows.
  void exec(const std::string& sql) {
    char* error = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
      const std::string message = error ? error : "unknown error";
      sqlite3_free(error);
      throw std::runtime_error("SQLite: " + message);
    }
  }
  sqlite3* handle() const { return db_; }

 private:
  sqlite3* db_ = nullptr;
};

class Statement {
 public:
  Statement(Database& db, const std::string& sql) : db_(db.handle()) {
    if (sqlite3_prepare_v3(db_, sql.c_str(), int(sql.size()), SQLITE_PREPARE_PERSISTENT, &stmt_,
                           nullptr) != SQLITE_OK)
      throw std::runtime_error("SQLite: " + std::string(sqlite3_errmsg(db_)) + " in: " + sql);
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Parameters are numbered from 1, as in SQL's ?1.
  void bind(int i, std::int64_t value) { sqlite3_bind_int64(stmt_, i, value); }
  void bind_null(int i) { sqlite3_bind_null(stmt_, i); }
  // The text must stay valid until the statement has run (step()).
  void bind(int i, std::string_view text) {
    sqlite3_bind_text(stmt_, i, text.data(), int(text.size()), SQLITE_STATIC);
  }

  // Runs the statement to its next row; false when it is done (and ready to run again).
  bool step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    sqlite3_reset(stmt_);
    if (rc != SQLITE_DONE) throw std::runtime_error("SQLite: " + std::string(sqlite3_errmsg(db_)));
    return false;
  }
  // Runs a statement that returns no rows.
  void run() {
    while (step()) {
    }
  }

  std::int64_t integer(int column) const { return sqlite3_column_int64(stmt_, column); }
  std::string_view text(int column) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
    return p ? std::string_view(p, std::size_t(sqlite3_column_bytes(stmt_, column))) : "";
  }

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

}  // namespace position_index
