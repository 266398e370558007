//! A small safe binding to PocketSphinx 0.8 ("5prealpha", Debian `libpocketsphinx-dev`), just
//! what vichess's voice input needs: a decoder over an acoustic model and a pronunciation
//! dictionary, JSGF grammars as named searches, one utterance of 16 kHz mono samples
//! decoded at a time, and the best hypothesis with its path score.
//!
//! vichess itself forbids unsafe code; this crate is the one place where it is allowed, and
//! every unsafe block says why it is sound. The declarations are written by hand (a handful
//! of functions, stable since 2015) rather than generated, so building needs no libclang.

use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::ptr::NonNull;

#[repr(C)]
struct PsDecoder {
    _private: [u8; 0],
}
#[repr(C)]
struct CmdLn {
    _private: [u8; 0],
}
#[repr(C)]
struct PsSeg {
    _private: [u8; 0],
}
#[repr(C)]
struct ArgT {
    _private: [u8; 0],
}

extern "C" {
    fn ps_args() -> *const ArgT;
    fn cmd_ln_parse_r(
        inout: *mut CmdLn,
        defn: *const ArgT,
        argc: i32,
        argv: *mut *mut c_char,
        strict: i32,
    ) -> *mut CmdLn;
    fn cmd_ln_free_r(cmdln: *mut CmdLn) -> c_int;
    fn cmd_ln_set_float_r(cmdln: *mut CmdLn, name: *const c_char, f: f64);
    fn ps_init(config: *mut CmdLn) -> *mut PsDecoder;
    fn ps_free(ps: *mut PsDecoder) -> c_int;
    fn ps_set_jsgf_string(ps: *mut PsDecoder, name: *const c_char, jsgf: *const c_char) -> c_int;
    fn ps_set_search(ps: *mut PsDecoder, name: *const c_char) -> c_int;
    fn ps_start_utt(ps: *mut PsDecoder) -> c_int;
    fn ps_process_raw(
        ps: *mut PsDecoder,
        data: *const i16,
        n_samples: usize,
        no_search: c_int,
        full_utt: c_int,
    ) -> c_int;
    fn ps_end_utt(ps: *mut PsDecoder) -> c_int;
    fn ps_get_hyp(ps: *mut PsDecoder, out_best_score: *mut i32) -> *const c_char;
    fn ps_get_n_frames(ps: *mut PsDecoder) -> c_int;
    fn ps_seg_iter(ps: *mut PsDecoder) -> *mut PsSeg;
    fn ps_seg_next(seg: *mut PsSeg) -> *mut PsSeg;
    fn ps_seg_word(seg: *mut PsSeg) -> *const c_char;
    fn ps_seg_frames(seg: *mut PsSeg, out_sf: *mut c_int, out_ef: *mut c_int);
    fn ps_seg_prob(
        seg: *mut PsSeg,
        out_ascr: *mut i32,
        out_lscr: *mut i32,
        out_lback: *mut i32,
    ) -> i32;
    fn err_set_logfp(stream: *mut c_void);
}

/// The sample rate every model of this binding is decoded at.
pub const SAMPLE_RATE: u32 = 16_000;

/// What went wrong, in PocketSphinx's terms (its own log is switched off).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SphinxError(pub String);

impl std::fmt::Display for SphinxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SphinxError {}

/// One decoded utterance.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    /// The best hypothesis's words, space-separated; `None` when the search found no path
    /// through the grammar.
    pub hyp: Option<String>,
    /// Its path score: the log-likelihood in PocketSphinx's integer units (base 1.0001,
    /// shifted right by 10 bits), so only differences between scores of the same
    /// utterance mean something.
    pub score: i32,
    /// Frames decoded (100 a second).
    pub frames: i32,
    /// The best hypothesis word by word, silences and fillers included, in time order.
    pub segments: Vec<Segment>,
}

/// One word of the best hypothesis, where it lies in the utterance and how well the
/// acoustic model explains it there.
#[derive(Debug, Clone, PartialEq)]
pub struct Segment {
    /// The word (as in the dictionary, `<sil>` or a filler for a pause).
    pub word: String,
    /// First frame, inclusive.
    pub first: i32,
    /// Last frame, inclusive.
    pub last: i32,
    /// The acoustic score of the word over its frames (same units as [`Decoded::score`]).
    pub acoustic: i32,
}

/// A PocketSphinx decoder. Not `Sync`: one utterance at a time.
pub struct Decoder {
    ps: NonNull<PsDecoder>,
    config: NonNull<CmdLn>,
}

// SAFETY: the decoder and its configuration are owned by this value alone and PocketSphinx
// keeps no thread-local state for them, so moving them to another thread is sound; `&mut
// self` on every call keeps use single-threaded.
unsafe impl Send for Decoder {}

fn cstring(s: &str, what: &str) -> Result<CString, SphinxError> {
    CString::new(s).map_err(|_| SphinxError(format!("{what} contains a NUL byte")))
}

impl Decoder {
    /// A decoder over the acoustic model folder `hmm` and the pronunciation dictionary
    /// `dict`, with PocketSphinx's own options (`("-beam", "1e-60")`). Its log is silenced.
    pub fn new(hmm: &str, dict: &str, options: &[(&str, &str)]) -> Result<Decoder, SphinxError> {
        let mut args: Vec<CString> = vec![
            cstring("vichess", "argument")?,
            cstring("-hmm", "argument")?,
            cstring(hmm, "the model path")?,
            cstring("-dict", "argument")?,
            cstring(dict, "the dictionary path")?,
            cstring("-logfn", "argument")?,
            cstring("/dev/null", "argument")?,
        ];
        for (k, v) in options {
            args.push(cstring(k, "an option")?);
            args.push(cstring(v, "an option's value")?);
        }
        let mut argv: Vec<*mut c_char> = args.iter().map(|a| a.as_ptr() as *mut c_char).collect();
        // SAFETY: a null stream is documented to switch logging off; no pointer is kept.
        unsafe { err_set_logfp(std::ptr::null_mut()) };
        // SAFETY: `ps_args` returns a pointer to a static table; `argv` holds `args.len()`
        // valid NUL-terminated strings that outlive the call (cmd_ln copies what it keeps),
        // and PocketSphinx never writes through argv.
        let config = unsafe {
            cmd_ln_parse_r(
                std::ptr::null_mut(),
                ps_args(),
                argv.len() as i32,
                argv.as_mut_ptr(),
                1,
            )
        };
        let config = NonNull::new(config)
            .ok_or_else(|| SphinxError(format!("PocketSphinx refused the options {options:?}")))?;
        // SAFETY: `config` is a valid configuration made above; ps_init takes its own
        // reference to it, so freeing ours in `Drop` is balanced.
        let ps = unsafe { ps_init(config.as_ptr()) };
        match NonNull::new(ps) {
            Some(ps) => Ok(Decoder { ps, config }),
            None => {
                // SAFETY: the configuration is ours and nothing else refers to it now.
                unsafe { cmd_ln_free_r(config.as_ptr()) };
                Err(SphinxError(format!(
                    "PocketSphinx cannot load the model {hmm} with the dictionary {dict}"
                )))
            }
        }
    }

    /// Adds (or replaces) the JSGF grammar search `name`. A word of the grammar missing from
    /// the dictionary makes this fail.
    pub fn set_jsgf(&mut self, name: &str, jsgf: &str) -> Result<(), SphinxError> {
        let n = cstring(name, "the search name")?;
        let g = cstring(jsgf, "the grammar")?;
        // SAFETY: the decoder is valid (owned by self); both strings are NUL-terminated and
        // live through the call, and PocketSphinx copies what it keeps.
        let rc = unsafe { ps_set_jsgf_string(self.ps.as_ptr(), n.as_ptr(), g.as_ptr()) };
        if rc < 0 {
            return Err(SphinxError(format!(
                "PocketSphinx refused the grammar {name}"
            )));
        }
        Ok(())
    }

    /// Sets the Viterbi beams (`-beam`, `-pbeam`, `-wbeam`: smaller is wider, PocketSphinx's
    /// defaults are 1e-48, 1e-48 and 7e-29). They are read when a search is made, so they
    /// hold for the grammars added by [`Decoder::set_jsgf`] after this call, not for those
    /// added before.
    pub fn set_beams(&mut self, beam: f64, pbeam: f64, wbeam: f64) -> Result<(), SphinxError> {
        for (name, value) in [("-beam", beam), ("-pbeam", pbeam), ("-wbeam", wbeam)] {
            if !(value > 0.0 && value <= 1.0) {
                return Err(SphinxError(format!("{name} {value}: a beam is in (0, 1]")));
            }
            let n = cstring(name, "an option")?;
            // SAFETY: the configuration is owned by self and is the one the decoder holds
            // (ps_init retained it); the name is a NUL-terminated option of the table it was
            // parsed with, of type float, and PocketSphinx copies nothing it does not own.
            unsafe { cmd_ln_set_float_r(self.config.as_ptr(), n.as_ptr(), value) };
        }
        Ok(())
    }

    /// Decodes one whole utterance with the search `name`: its best hypothesis.
    pub fn decode(&mut self, name: &str, samples: &[i16]) -> Result<Decoded, SphinxError> {
        let n = cstring(name, "the search name")?;
        let ps = self.ps.as_ptr();
        // SAFETY: `ps` is valid for the whole method (owned by self, borrowed mutably); the
        // name is NUL-terminated and outlives the call.
        if unsafe { ps_set_search(ps, n.as_ptr()) } < 0 {
            return Err(SphinxError(format!("no search named {name}")));
        }
        // SAFETY: `ps` is valid and no utterance is open (each decode closes its own).
        if unsafe { ps_start_utt(ps) } < 0 {
            return Err(SphinxError("PocketSphinx cannot start an utterance".into()));
        }
        // SAFETY: `samples` is a valid slice of `len` i16 values for the call; PocketSphinx
        // only reads it. full_utt = 1: the whole utterance is given at once.
        let rc = unsafe { ps_process_raw(ps, samples.as_ptr(), samples.len(), 0, 1) };
        // SAFETY: the utterance was started above, so ending it is balanced.
        let end = unsafe { ps_end_utt(ps) };
        if rc < 0 || end < 0 {
            return Err(SphinxError("PocketSphinx failed on this audio".into()));
        }
        let mut score: i32 = 0;
        // SAFETY: `ps` is valid; the returned string belongs to the decoder and is copied
        // before the next call into it.
        let hyp = unsafe { text(ps_get_hyp(ps, &mut score)) };
        // SAFETY: `ps` is valid and has just ended an utterance.
        let frames = unsafe { ps_get_n_frames(ps) };
        let mut segments = Vec::new();
        // SAFETY: `ps` is valid and has just ended an utterance; the iterator is walked to
        // its end (ps_seg_next frees it when it returns null) and each word is copied
        // before the next step, as the header asks.
        unsafe {
            let mut seg = ps_seg_iter(ps);
            while !seg.is_null() {
                let (mut first, mut last) = (0, 0);
                ps_seg_frames(seg, &mut first, &mut last);
                let (mut acoustic, mut lm, mut back) = (0, 0, 0);
                ps_seg_prob(seg, &mut acoustic, &mut lm, &mut back);
                segments.push(Segment {
                    word: text(ps_seg_word(seg)).unwrap_or_default(),
                    first,
                    last,
                    acoustic,
                });
                seg = ps_seg_next(seg);
            }
        }
        Ok(Decoded {
            hyp: hyp.filter(|h| !h.trim().is_empty()),
            score,
            frames,
            segments,
        })
    }
}

/// A copy of a C string owned by the decoder, or `None` for a null pointer.
///
/// # Safety
/// `p` is null or points to a NUL-terminated string valid for the call.
unsafe fn text(p: *const c_char) -> Option<String> {
    if p.is_null() {
        None
    } else {
        // SAFETY: non-null and NUL-terminated by the caller's contract.
        Some(unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
    }
}

impl Drop for Decoder {
    fn drop(&mut self) {
        // SAFETY: both pointers are owned by this value and freed once, the decoder first
        // (it holds its own reference to the configuration).
        unsafe {
            ps_free(self.ps.as_ptr());
            cmd_ln_free_r(self.config.as_ptr());
        }
    }
}
