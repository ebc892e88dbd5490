//! Benchmark driver for pgn-reader: reads one PGN file with its streaming reader and visitor.
//!
//!   pgn_reader_driver parse  FILE   count games and main-line SAN tokens, no board
//!   pgn_reader_driver replay FILE   play every SAN move with shakmaty (legality checked)
//!
//! Prints "games N plies N illegal N" on standard output. In replay mode a game stops at its
//! first move that is illegal or ambiguous; plies counts the moves played before it and
//! illegal the games that stopped so.

use std::{env, fs::File, io, ops::ControlFlow, process};

use pgn_reader::shakmaty::{CastlingMode, Chess, Position, fen::Fen};
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

fn usage() -> ! {
    eprintln!("usage: pgn_reader_driver parse|replay FILE");
    process::exit(2);
}

fn main() -> io::Result<()> {
    let args: Vec<String> = env::args().collect();
    if args.len() != 3 {
        usage();
    }
    let mut reader = Reader::new(File::open(&args[2])?);
    let (games, plies, illegal) = match args[1].as_str() {
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
