//! Speech-dispatcher spoken to through its own client library, on Linux.
//!
//! The `tts` crate chose a voice by listing every voice the daemon has and picking one. With
//! eSpeak NG that list is 13,000 voices, and libspeechd parses its reply in quadratic time: 1.3
//! s of processor a listing, twice (once to choose, once more inside `set_voice`), before the
//! first word of every game that needed system speech. Speech-dispatcher chooses the voice
//! for a language itself (SSIP `SET LANGUAGE`), so nothing is listed here.
//!
//! The connection holds a raw pointer and may not cross threads (vichess forbids unsafe code,
//! so it cannot be declared safe to send): it lives in a thread of its own, which opens it,
//! says what it is sent, and closes it when the [`Engine`] is dropped.

use super::system::{rate_in, Counters, OPEN_LIMIT};
use super::SpeechError;
use crate::phrase::Language;
use speech_dispatcher::{Connection, Mode, Priority};
use std::sync::atomic::Ordering;
use std::sync::mpsc;

/// What the connection's thread is sent.
enum Ask {
    /// Words to say after what is queued; answered.
    Say(String),
    /// Cancel what is being said and queued; not answered.
    Stop,
}

/// The thread that owns the connection, reached by the words to say and answering each.
pub struct Engine {
    words: mpsc::Sender<Ask>,
    answers: mpsc::Receiver<Result<(), SpeechError>>,
}

impl Engine {
    /// Connects, sets the language and the rate, and counts the utterances begun and ended
    /// into `counters`. A daemon that does not answer within [`OPEN_LIMIT`] is left to the
    /// thread (libspeechd waits for it without a limit).
    pub fn open(language: Language, speed: f64, counters: Counters) -> Result<Engine, SpeechError> {
        let (words, heard) = mpsc::channel::<Ask>();
        let (answer, answers) = mpsc::channel();
        let (opened_tx, opened) = mpsc::channel();
        std::thread::Builder::new()
            .name("vichess-speech".into())
            .spawn(move || {
                let connection = match connect(language, speed, counters) {
                    Ok(c) => c,
                    Err(e) => {
                        let _ = opened_tx.send(Err(e));
                        return;
                    }
                };
                if opened_tx.send(Ok(())).is_err() {
                    return;
                }
                for ask in heard {
                    let text = match ask {
                        Ask::Say(text) => text,
                        Ask::Stop => {
                            let _ = connection.cancel();
                            continue;
                        }
                    };
                    let said = connection
                        .say(Priority::Important, text)
                        .map(|_| ())
                        .ok_or(SpeechError::Refused);
                    if answer.send(said).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| SpeechError::CannotStart(e.to_string()))?;
        match opened.recv_timeout(OPEN_LIMIT) {
            Ok(Ok(())) => Ok(Engine { words, answers }),
            Ok(Err(e)) => Err(e),
            Err(_) => Err(SpeechError::NoAnswer),
        }
    }

    /// Queues `text` after anything still being said.
    pub fn say(&mut self, text: &str) -> Result<(), SpeechError> {
        self.words
            .send(Ask::Say(text.to_string()))
            .map_err(|_| SpeechError::WorkerStopped)?;
        match self.answers.recv_timeout(OPEN_LIMIT) {
            Ok(said) => said,
            Err(_) => Err(SpeechError::NoAnswer),
        }
    }
}

impl Engine {
    /// Cancels what is being said and queued.
    pub fn stop(&mut self) {
        let _ = self.words.send(Ask::Stop);
    }
}

/// Opens the connection in the calling thread and sets it up.
fn connect(language: Language, speed: f64, counters: Counters) -> Result<Connection, SpeechError> {
    let connection = Connection::open("vichess", "main", "vichess", Mode::Threaded)
        .map_err(|e| SpeechError::CannotStart(e.to_string()))?;
    // A language the daemon has no voice for leaves its default voice: the words are still
    // said, as the `tts` crate's way left them when no listed voice matched.
    let _ = connection.set_language(language.code());
    // Speech-dispatcher's rates run from -100 through 0 (normal) to 100.
    let _ = connection.set_voice_rate(rate_in(speed, -100.0, 0.0, 100.0).round() as i32);
    let Counters { begun, ended } = counters;
    let stopped = std::sync::Arc::clone(&ended);
    connection.on_begin(Some(Box::new(move |_, _| {
        begun.fetch_add(1, Ordering::AcqRel);
    })));
    connection.on_end(Some(Box::new(move |_, _| {
        ended.fetch_add(1, Ordering::AcqRel);
    })));
    connection.on_cancel(Some(Box::new(move |_, _| {
        stopped.fetch_add(1, Ordering::AcqRel);
    })));
    Ok(connection)
}
