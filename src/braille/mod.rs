//! Braille (D.2.7): the scoresheet in braille for embossers (BRF) and displays (Unicode
//! braille), reading braille notation back into moves, and the BrlAPI client codec for a live
//! line on a refreshable braille display.
//!
//! Everything here is sans-IO except [`louis`], the liblouis binding behind the `braille`
//! feature, and [`peer::credentials`], which asks the kernel who listens at a socket. `docs/braille.md` explains the notation and the choices.

pub mod brlapi;
pub mod cells;
pub mod file;
#[cfg(feature = "braille")]
pub mod louis;
pub mod peer;
pub mod read;
pub mod sheet;
