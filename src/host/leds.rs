//! Board lights for `play`: after every arrival, each board with lights shows what its
//! tracker says is to be put right (the opponent's move to copy, a mismatch), in the board's
//! own orientation. [`Connected::show`] sends only a change.

use super::boards::Connected;
use crate::board::tracker::Orientation;
use crate::session::Table;

/// Brings every board's lights up to date with its tracker.
pub(super) fn show(table: &Table, boards: &mut [Connected]) {
    for b in boards {
        if let Some(t) = table.tracker(b.role) {
            let squares = t.squares_to_show();
            b.show(match t.orientation() {
                Orientation::Rotated => squares.rotate(),
                _ => squares,
            });
        }
    }
}
