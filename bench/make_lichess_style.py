#!/usr/bin/python3
"""Rewrites a PGN archive the way the lichess database exports games, for benchmarks.

Usage: bench/make_lichess_style.py INPUT OUTPUT

INPUT is a PGN file, plain or compressed (.zst through the `zstd` command; .gz, .bz2 and .xz
through the standard library); OUTPUT is the PGN file written.

Every game keeps its tag section as it was and gains the lichess tags it lacks (UTCDate,
UTCTime, TimeControl, Termination). Its main line is written on one line, every move followed
by a clock comment `{ [%clk 0:02:57] }`, and in one game of three by an evaluation as well
(`{ [%eval 0.17] [%clk 0:02:57] }`, mates as `#3` or `#-4`), with move numbers as lichess
writes them (`1. e4 { ... } 1... c5 { ... } 2. Nf3`); the result ends the line. Comments,
NAGs, move suffixes (`!`, `?`) and variations of the source are dropped. Moves are not
replayed: a game the source gets wrong stays wrong.

Clocks and evaluations are made up, but deterministically: each game draws from a generator
seeded with its number, using only random.random(), whose sequence Python keeps stable for a
given integer seed. The same input always gives a byte-identical output.
"""

import bz2
import gzip
import io
import lzma
import random
import re
import subprocess
import sys

# Lichess time controls (base seconds, increment seconds) that the games are spread over.
TIME_CONTROLS = [(60, 0), (120, 1), (180, 0), (180, 2), (300, 0), (300, 3), (600, 0), (600, 5),
                 (900, 10), (1800, 0), (1800, 20)]

TOKEN = re.compile(r"""
    \{[^}]*\}?            # comment (an unterminated one runs to the end)
  | ;[^\n]*               # rest-of-line comment
  | [()]                  # variation
  | \$\d+                 # NAG
  | 0-0-0 | 0-0(?!-[01]) # castling written with zeros
  | 1-0 | 0-1 | 1/2(?:-1/2)? | \*   # "1/2" alone is a draw too
  | \d+\.*                # move number
  | [^\s{}();$.]+         # a move, possibly with suffixes
  | \S                    # anything else, ignored
""", re.VERBOSE)

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


def open_input(path):
    """Returns (text stream, subprocess or None). Bytes are read as Latin-1 so that they
    are written back unchanged whatever the source's encoding."""
    proc = None
    if path == "-":
        raw = sys.stdin.buffer
    elif path.endswith(".zst"):
        proc = subprocess.Popen(["zstd", "-dqc", path], stdout=subprocess.PIPE)
        raw = proc.stdout
    elif path.endswith(".gz"):
        raw = gzip.open(path, "rb")
    elif path.endswith(".bz2"):
        raw = bz2.open(path, "rb")
    elif path.endswith(".xz"):
        raw = lzma.open(path, "rb")
    else:
        raw = open(path, "rb")
    return io.TextIOWrapper(raw, encoding="latin-1", newline=None), proc


def comment_state(line, in_comment):
    """Whether a brace comment is still open at the end of this movetext line."""
    i, n = 0, len(line)
    while i < n:
        if in_comment:
            j = line.find("}", i)
            if j < 0:
                return True
            in_comment, i = False, j + 1
        else:
            b, s = line.find("{", i), line.find(";", i)
            if b < 0:
                return False
            if 0 <= s < b:  # the rest of the line is a comment
                return False
            in_comment, i = True, b + 1
    return in_comment


# One tag pair, with a quoted value that may hold escaped quotes and brackets.
TAG = re.compile(r'\[[^\]"]*"(?:[^"\\]|\\.)*"\s*\]\s*')


COMMENTS = re.compile(r"\{[^}]*\}?|;.*")


def tag_name(tag):
    return tag[1:].split(None, 1)[0] if len(tag) > 1 else ""


def read_games(stream):
    """Yields (tag lines, movetext) per game. The next game starts at a tag line after
    movetext (outside a comment), at a tag repeating one of the section after a blank line
    (games of tags only), or at "1." after a blank line that follows moves; '%' lines are escapes
    and skipped.
    Movetext may follow the tags on their line."""
    tags, moves = [], []
    in_moves = in_comment = gap = has_moves = False
    first = True
    for line in stream:
        line = line.rstrip("\n")
        if first:  # a UTF-8 byte order mark, read as Latin-1
            line, first = line[3:] if line.startswith("\xef\xbb\xbf") else line, False
        if not in_comment and line.startswith("%"):
            continue
        stripped = line.strip()
        if not in_comment and (
                (in_moves and stripped.startswith("["))
                or (has_moves and gap and stripped.startswith("1."))
                or (gap and stripped.startswith("[")
                    and tag_name(stripped) in {tag_name(t) for t in tags})):
            yield tags, "\n".join(moves)
            tags, moves, in_moves, has_moves = [], [], False, False
        gap = not stripped and (in_moves or bool(tags)) or (gap and not stripped)
        if not in_moves:
            while True:
                m = TAG.match(stripped)
                if not m:
                    if stripped.startswith("["):  # a malformed tag: kept whole as it is
                        tags.append(stripped)
                        stripped = ""
                    break
                tags.append(m.group().strip())
                stripped = stripped[m.end():]
            if not stripped:
                continue
            in_moves, line = True, stripped
        moves.append(line)
        if in_comment or "{" in line or "}" in line or ";" in line:
            # Whether the line holds more than comments.
            text = line.split("}", 1)[1] if in_comment and "}" in line else "" if in_comment else line
            has_moves = has_moves or bool(COMMENTS.sub("", text).strip())
            in_comment = comment_state(line, in_comment)
        elif stripped:
            has_moves = True
    if tags or moves:
        yield tags, "\n".join(moves)


def tag_value(tags, name):
    prefix = "[" + name + " "
    for tag in tags:
        if tag.startswith(prefix):
            m = re.match(r'\[\w+\s+"(.*)"\s*\]$', tag)
            return m.group(1) if m else None
    return None


def main_lines(movetext):
    """The games of a movetext as (SAN moves of the main line, termination marker or None).
    Moves after a termination marker begin another game, without tags."""
    games, sans, depth, result = [], [], 0, None
    # A no-break space and DOS's end-of-file mark (^Z) separate tokens like blanks: Latin-1
    # 0xA0 is a blank to the regular expression already, UTF-8 C2 A0 and ^Z are not.
    for m in TOKEN.finditer(movetext.replace("\xc2\xa0", " ").replace("\x1a", " ")):
        tok = m.group()
        c = tok[0]
        if c == "{" or c == ";" or c == "$":
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth = max(0, depth - 1)
        elif depth:
            continue
        elif tok in RESULTS or tok == "1/2":
            if result is None:
                result = "1/2-1/2" if tok == "1/2" else tok
        elif c.isdigit() and tok.rstrip(".").isdigit():
            continue
        else:
            san = {"0-0": "O-O", "0-0-0": "O-O-O"}.get(tok) or tok.rstrip("!?")
            if not san or san == ".":
                continue
            if result is not None:
                games.append((sans, result))
                sans, result = [], None
            sans.append(san)
    games.append((sans, result))
    return games


def clock(seconds):
    s = max(0, int(seconds))
    return "%d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60)


def pawns(cp):
    """Centipawns as lichess prints them: pawns, at most two decimals, at least one."""
    text = "%.2f" % (cp / 100.0)
    text = text.rstrip("0")
    if text.endswith("."):
        text += "0"
    return "-0.0" if text == "-0.0" else text


def convert(number, tags, sans, result, out):
    rnd = random.Random(number).random
    if result is None:
        result = tag_value(tags, "Result")
        if result not in RESULTS:
            result = "*"

    base, inc = TIME_CONTROLS[int(rnd() * len(TIME_CONTROLS))]
    lines = list(tags)
    if tag_value(tags, "UTCDate") is None:
        date = tag_value(tags, "Date") or ""
        if not re.match(r"\d{4}\.\d\d\.\d\d$", date):
            date = "%04d.%02d.%02d" % (2013 + int(rnd() * 12), 1 + int(rnd() * 12),
                                       1 + int(rnd() * 28))
        lines.append('[UTCDate "%s"]' % date)
    if tag_value(tags, "UTCTime") is None:
        lines.append('[UTCTime "%s"]' % clock(rnd() * 86400).rjust(8, "0"))
    if tag_value(tags, "TimeControl") is None:
        lines.append('[TimeControl "%d+%d"]' % (base, inc))
    if tag_value(tags, "Termination") is None:
        lines.append('[Termination "Normal"]')

    # Side to move and move number of the first move.
    black_first, fullmove = False, 1
    fen = tag_value(tags, "FEN")
    if fen:
        fields = fen.split()
        black_first = len(fields) > 1 and fields[1] == "b"
        if len(fields) > 5 and fields[5].isdigit() and int(fields[5]) > 0:
            fullmove = int(fields[5])

    # Evaluations in one game of three: a random walk drifting to the result; a decisive game
    # may show a mate countdown over its last plies.
    with_eval = number % 3 == 1
    n = len(sans)
    winner = {"1-0": 1, "0-1": -1}.get(result, 0)
    mate_plies = 1 + int(rnd() * 9) if winner and rnd() < 0.5 else 0
    cp = 15 + int(rnd() * 20)

    clocks = [float(base), float(base)]
    parts = []
    for i, san in enumerate(sans):
        ply = i + black_first
        side = ply & 1
        number_text = "%d. " % (fullmove + ply // 2) if side == 0 else "%d... " % (fullmove + ply // 2)
        # Thinking time: a share of what is left over the moves still expected, sometimes
        # much longer, so that clocks run down without reaching zero too soon.
        left = clocks[side]
        expected = max(12.0, 40.0 - ply / 4.0)
        spent = left / expected * (0.1 + 1.8 * rnd() ** 2) if ply >= 2 else 0.0
        left = max(0.0, left - spent) + (inc if ply >= 2 else 0)
        clocks[side] = left
        clk = "[%clk " + clock(left) + "]"
        if with_eval:
            remaining = n - 1 - i
            if remaining < mate_plies:
                ev = "#%d" % (winner * (remaining // 2 + 1))
            else:
                target = winner * 600 * (i + 1) / n
                cp += int((rnd() - 0.5) * 60 + (target - cp) * 0.05)
                ev = pawns(cp)
            parts.append("%s%s { [%%eval %s] %s }" % (number_text, san, ev, clk))
        else:
            parts.append("%s%s { %s }" % (number_text, san, clk))
    parts.append(result)

    if lines:
        out.write("\n".join(lines))
        out.write("\n\n")
    out.write(" ".join(parts))
    out.write("\n\n")


def main(argv):
    if len(argv) != 3 or argv[1] in ("-h", "--help"):
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    stream, proc = open_input(argv[1])
    games = 0
    with open(argv[2], "w", encoding="latin-1", newline="\n") as out:
        for tags, movetext in read_games(stream):
            for sans, result in main_lines(movetext):
                if not (tags or sans or result):  # comments between games
                    continue
                games += 1
                convert(games, tags, sans, result, out)
                tags = []
    if proc is not None and proc.wait() != 0:
        sys.stderr.write("zstd failed on %s\n" % argv[1])
        return 1
    sys.stderr.write("%d games written to %s\n" % (games, argv[2]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
