//! PGN: any text gives games or errors, never a panic; a game read and written again reads
//! back with the same start position, moves and result (`*` for a missing one).
#![no_main]

use libfuzzer_sys::fuzz_target;
use vichess::pgn::{read_games, write_game, GameResult};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for game in read_games(text).into_iter().flatten() {
        let written = write_game(&game);
        let back = read_games(&written);
        let Some(Ok(again)) = back.first() else {
            panic!("a written game does not read back: {back:?}\n{written}");
        };
        assert_eq!(
            again.start.fen(),
            game.start.fen(),
            "start differs\n{written}"
        );
        let moves =
            |g: &vichess::pgn::PgnGame| g.main.moves.iter().map(|m| m.mv).collect::<Vec<_>>();
        assert_eq!(moves(again), moves(&game), "moves differ\n{written}");
        // A movetext without a termination marker is written with `*`: that is the one change.
        let result = game.result.or(Some(GameResult::Unknown));
        assert_eq!(again.result, result, "result differs\n{written}");
    }
});
