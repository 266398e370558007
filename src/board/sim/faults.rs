//! Line faults for fault-injection runs: what a cheap USB bridge, a long cable or a flaky
//! firmware does to a board's messages. Seeded and pure, so a run that found a wrong move can
//! be repeated byte for byte; [`super::pty::PtyBoard::with_faults`] puts it on a real
//! pseudo-terminal between an emulated board and vichess.
//!
//! The kinds and rates are those of the fault table in issue 13 (`docs/reliability.md`).

use crate::board::codec::Protocol;
use std::fmt;

/// Cuts an emulator's output into the protocol's messages, so that each is damaged (or
/// repeated) on its own as on a real line; anything it cannot frame stays one piece.
pub fn messages(protocol: Protocol, bytes: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut rest = bytes;
    while !rest.is_empty() {
        let len = match protocol {
            Protocol::Pegboard | Protocol::Certabo => {
                rest.iter().position(|&b| b == b'\n').map(|i| i + 1)
            }
            Protocol::Dgt if rest.len() >= 3 => {
                Some((usize::from(rest[1] & 0x7F) << 7) | usize::from(rest[2] & 0x7F))
            }
            Protocol::ChessLink => match rest[0] & 0x7F {
                b's' => Some(67),
                b'l' | b'x' => Some(3),
                b'v' | b'w' | b'r' => Some(7),
                _ => None,
            },
            Protocol::Dgt => None,
        };
        match len {
            Some(n) if n > 0 && n <= rest.len() => {
                out.push(&rest[..n]);
                rest = &rest[n..];
            }
            _ => {
                out.push(rest);
                break;
            }
        }
    }
    out
}

/// One kind of line fault.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Fault {
    /// 1-3 random bytes before 30% of the board's messages.
    Stray,
    /// 20% of the board's messages cut short.
    Truncate,
    /// One bit flipped in 20% of the board's messages.
    BitFlip,
    /// 10% of the messages lost, in both directions (a lost request too).
    Drop,
    /// Every message of the board's sent 10 times.
    Repeat,
}

impl Fault {
    /// Every kind, in the order of the table.
    pub const ALL: [Fault; 5] = [
        Fault::Stray,
        Fault::Truncate,
        Fault::BitFlip,
        Fault::Drop,
        Fault::Repeat,
    ];
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Fault::Stray => "stray bytes, 30% of messages",
            Fault::Truncate => "truncated messages, 20%",
            Fault::BitFlip => "one bit flipped, 20%",
            Fault::Drop => "dropped messages, 10% (both ways)",
            Fault::Repeat => "every message 10 times",
        })
    }
}

/// A seeded fault injector for one line.
#[derive(Debug, Clone)]
pub struct Faults {
    fault: Fault,
    state: u64,
    injected: u64,
}

impl Faults {
    /// Faults of one kind, from `seed` (the same seed gives the same faults for the same
    /// messages).
    pub fn new(fault: Fault, seed: u64) -> Faults {
        Faults {
            fault,
            state: seed ^ 0x9E37_79B9_7F4A_7C15,
            injected: 0,
        }
    }

    /// Which kind of fault this injects.
    pub fn fault(&self) -> Fault {
        self.fault
    }

    /// How many messages were damaged so far.
    pub fn injected(&self) -> u64 {
        self.injected
    }

    /// SplitMix64: small, seedable, good enough to pick bytes and bits.
    fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// A message from the board to the host, as the host receives it.
    pub fn to_host(&mut self, msg: &[u8]) -> Vec<u8> {
        if msg.is_empty() {
            return Vec::new();
        }
        let fault = self.fault;
        let hit = match fault {
            Fault::Stray => self.chance(30),
            Fault::Truncate => msg.len() > 1 && self.chance(20),
            Fault::BitFlip => self.chance(20),
            Fault::Drop => self.chance(10),
            Fault::Repeat => true,
        };
        if !hit {
            return msg.to_vec();
        }
        self.injected += 1;
        match fault {
            Fault::Stray => {
                let n = 1 + self.below(3) as usize;
                let mut out: Vec<u8> = (0..n).map(|_| self.next() as u8).collect();
                out.extend_from_slice(msg);
                out
            }
            Fault::Truncate => {
                let keep = 1 + self.below(msg.len() as u64 - 1) as usize;
                msg[..keep].to_vec()
            }
            Fault::BitFlip => {
                let mut out = msg.to_vec();
                let i = self.below(out.len() as u64) as usize;
                out[i] ^= 1 << self.below(8);
                out
            }
            Fault::Drop => Vec::new(),
            Fault::Repeat => msg.repeat(10),
        }
    }

    /// Bytes from the host to the board, as the board receives them: only lost, never
    /// garbled (the emulated boards' own decoders are not under test).
    pub fn to_board(&mut self, bytes: &[u8]) -> Vec<u8> {
        if self.fault == Fault::Drop && !bytes.is_empty() && self.chance(10) {
            self.injected += 1;
            return Vec::new();
        }
        bytes.to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_faults() {
        let msg = b"$L,3,e2*00\n";
        let run = |seed| {
            let mut f = Faults::new(Fault::BitFlip, seed);
            (0..50).map(|_| f.to_host(msg)).collect::<Vec<_>>()
        };
        assert_eq!(run(7), run(7));
        assert_ne!(run(7), run(8));
    }

    #[test]
    fn output_is_cut_into_messages() {
        let two = b"$H,0,1,0,x*00\n$S,1,abc*00\n";
        assert_eq!(messages(Protocol::Pegboard, two).len(), 2);
        let dgt = [0x8E, 0, 5, 1, 2, 0x8E, 0, 5, 3, 4];
        assert_eq!(messages(Protocol::Dgt, &dgt), vec![&dgt[..5], &dgt[5..]]);
    }

    #[test]
    fn rates_are_near_the_table() {
        let mut f = Faults::new(Fault::Drop, 1);
        let lost = (0..10_000).filter(|_| f.to_host(b"x").is_empty()).count();
        assert!((800..1200).contains(&lost), "{lost}");
        let mut f = Faults::new(Fault::Repeat, 1);
        assert_eq!(f.to_host(b"ab").len(), 20);
    }
}
