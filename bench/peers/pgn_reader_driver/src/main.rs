//! Benchmark driver for pgn-reader: reads one PGN file with its streaming reader and visitor.
//!
//!   pgn_reader_driver parse  FILE   count games and main-line SAN tokens, no board
//!   pgn_reader_driver replay FILE   play every SAN move with shakmaty (legality checked)
//!   pgn_reader_driver pull   FILE   Reader::read_game in a loop, each game's main line
//!                                   collected, then played with the FEN and Polyglot key of
//!                                   every position
//!
//! parse and replay print "games N plies N illegal N" on standard output. In replay mode a game
//! stops at its first move that is illegal or ambiguous; plies counts the moves played before it
//! and illegal the games that stopped so.
//!
//! pull prints "games N rejected N positions N checksum X" as bench/pull_positions does, the
//! checksum being the sum of key ^ FEN length over the positions after every move of the good
//! games: the same number when both programs make the same FENs and keys. A game with an
//! illegal or ambiguous move, or a FEN tag that cannot be used, is rejected whole.

use std::{env, fs::File, io, ops::ControlFlow, process};

use pgn_reader::shakmaty::{
    CastlingMode, Chess, EnPassantMode, Position, fen::Fen, san::San, zobrist::Zobrist64,
};
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};

/// Parse only: variations are skipped (the default), every main-line SAN counts.
#[derive(Default)]
struct Counter {
    games: u64,
    plies: u64,
}

impl Visitor for Counter {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(())
    }

    fn san(&mut self, _movetext: &mut (), _san_plus: SanPlus) -> ControlFlow<Self::Output> {
        self.plies += 1;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _movetext: ()) -> Self::Output {
        self.games += 1;
    }
}

/// Replay: the position of the FEN tag (if any) or the standard start, every move played.
#[derive(Default)]
struct Replayer {
    games: u64,
    plies: u64,
    illegal: u64,
}

impl Visitor for Replayer {
    /// The start position, or None once the FEN tag could not be used.
    type Tags = Option<Chess>;
    type Movetext = Chess;
    /// Whether every move was legal.
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Some(Chess::default()))
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            *tags = Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|fen| fen.into_position(CastlingMode::Chess960).ok());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        match tags {
            Some(pos) => ControlFlow::Continue(pos),
            None => {
                self.games += 1;
                self.illegal += 1;
                ControlFlow::Break(false)
            }
        }
    }

    fn san(&mut self, pos: &mut Chess, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        match san_plus.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                self.plies += 1;
                ControlFlow::Continue(())
            }
            Err(_) => {
                self.games += 1;
                self.illegal += 1;
                ControlFlow::Break(false)
            }
        }
    }

    fn end_game(&mut self, _pos: Chess) -> Self::Output {
        self.games += 1;
        true
    }
}

/// Pull: a game as the visitor hands it out, its FEN tag (if any) and its main line's SAN.
#[derive(Default)]
struct PulledGame {
    fen: Option<Vec<u8>>,
    sans: Vec<San>,
}

struct Puller;

impl Visitor for Puller {
    type Tags = Option<Vec<u8>>;
    type Movetext = PulledGame;
    type Output = PulledGame;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            *tags = Some(value.decode().into_owned());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(PulledGame {
            fen: tags,
            sans: Vec::with_capacity(100),
        })
    }

    fn san(&mut self, game: &mut PulledGame, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        game.sans.push(san_plus.san);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: PulledGame) -> Self::Output {
        game
    }
}

/// The positions of a pulled game: its start, then every move played, with the FEN of each
/// position after a move (written as FEN defines the en-passant square: after every double
/// push) and its Polyglot key (the en-passant file only when a pawn stands ready to take,
/// legal or not: shakmaty's PseudoLegal), updated from the key before where shakmaty can.
/// Returns (positions, checksum), or None for a game that cannot be played.
fn play_pulled(game: &PulledGame, fen_text: &mut String) -> Option<(u64, u64)> {
    let mut pos: Chess = match &game.fen {
        Some(fen) => Fen::from_ascii(fen).ok()?.into_position(CastlingMode::Chess960).ok()?,
        None => Chess::default(),
    };
    let mut key: Zobrist64 = pos.zobrist_hash(EnPassantMode::PseudoLegal);
    let mut checksum = 0u64;
    for san in &game.sans {
        let m = san.to_move(&pos).ok()?;
        let updated = pos.update_zobrist_hash(key, m, EnPassantMode::PseudoLegal);
        pos.play_unchecked(m);
        key = updated.unwrap_or_else(|| pos.zobrist_hash(EnPassantMode::PseudoLegal));
        fen_text.clear();
        Fen::from_position(&pos, EnPassantMode::Always).append_to_string(fen_text);
        checksum = checksum.wrapping_add(key.0 ^ fen_text.len() as u64);
    }
    Some((game.sans.len() as u64, checksum))
}

fn pull(reader: &mut Reader<File>) -> io::Result<()> {
    let (mut games, mut rejected, mut positions, mut checksum) = (0u64, 0u64, 0u64, 0u64);
    let mut fen_text = String::with_capacity(128);
    while let Some(game) = reader.read_game(&mut Puller)? {
        match play_pulled(&game, &mut fen_text) {
            Some((n, sum)) => {
                games += 1;
                positions += n;
                checksum = checksum.wrapping_add(sum);
            }
            None => rejected += 1,
        }
    }
    println!("games {games} rejected {rejected} positions {positions} checksum {checksum:016x}");
    Ok(())
}

fn usage() -> ! {
    eprintln!("usage: pgn_reader_driver parse|replay|pull FILE");
    process::exit(2);
}

fn main() -> io::Result<()> {
    let args: Vec<String> = env::args().collect();
    if args.len() != 3 {
        usage();
    }
    let mut reader = Reader::new(File::open(&args[2])?);
    let (games, plies, illegal) = match args[1].as_str() {
        "pull" => return pull(&mut reader),
        "parse" => {
            let mut v = Counter::default();
            reader.visit_all_games(&mut v)?;
            (v.games, v.plies, 0)
        }
        "replay" => {
            let mut v = Replayer::default();
            reader.visit_all_games(&mut v)?;
            (v.games, v.plies, v.illegal)
        }
        _ => usage(),
    };
    println!("games {games} plies {plies} illegal {illegal}");
    Ok(())
}
