//! WAV files through `hound`: voice clips in, scoresheet dictations and test renders out.

use super::Pcm;
use crate::safe_file::Pending;
use std::path::{Path, PathBuf};

/// A WAV file that could not be read or written, with the file it was about.
#[derive(Debug, thiserror::Error)]
pub enum WavError {
    /// A file could not be opened or decoded, such as a voice clip.
    #[error("cannot read the sound file {path}: {source}")]
    Read {
        /// The file, so the player knows which clip to replace.
        path: PathBuf,
        /// What `hound` found wrong.
        source: hound::Error,
    },
    /// A file could not be created or written, such as a dictation.
    #[error("cannot write the sound file {path}: {source}")]
    Write {
        /// The file, so the player knows where writing failed.
        path: PathBuf,
        /// What `hound` found wrong.
        source: hound::Error,
    },
    /// A file whose header gives no channels or no rate, so its samples cannot be timed.
    #[error("the sound file {path} has no channels or no sample rate")]
    Empty {
        /// The file, so the player knows which clip to replace.
        path: PathBuf,
    },
}

impl WavError {
    /// The operating system's error under it, if that is what went wrong (a folder that is
    /// not there, a full disk): a caller says it in the game's words.
    pub fn io_error(&self) -> Option<&std::io::Error> {
        match self {
            WavError::Read { source, .. } | WavError::Write { source, .. } => match source {
                hound::Error::IoError(e) => Some(e),
                _ => None,
            },
            WavError::Empty { .. } => None,
        }
    }
}

/// Reads a WAV file of any common sample format, mixing its channels down to mono.
pub fn read(path: &Path) -> Result<Pcm, WavError> {
    let err = |source| WavError::Read {
        path: path.to_path_buf(),
        source,
    };
    let mut reader = hound::WavReader::open(path).map_err(err)?;
    let spec = reader.spec();
    if spec.channels == 0 || spec.sample_rate == 0 {
        return Err(WavError::Empty {
            path: path.to_path_buf(),
        });
    }
    let interleaved: Vec<f32> = match spec.sample_format {
        hound::SampleFormat::Float => reader.samples::<f32>().collect::<Result<_, _>>(),
        hound::SampleFormat::Int => {
            let scale = 1.0 / (1u64 << (spec.bits_per_sample - 1)) as f32;
            reader
                .samples::<i32>()
                .map(|s| s.map(|v| v as f32 * scale))
                .collect::<Result<_, _>>()
        }
    }
    .map_err(err)?;
    let channels = usize::from(spec.channels);
    let samples = if channels == 1 {
        interleaved
    } else {
        interleaved
            .chunks_exact(channels)
            .map(|f| f.iter().sum::<f32>() / channels as f32)
            .collect()
    };
    Ok(Pcm::new(spec.sample_rate, samples))
}

/// Writes mono 16-bit PCM, the format every player and every speech tool reads.
pub fn write(path: &Path, pcm: &Pcm) -> Result<(), WavError> {
    write_frames(path, pcm.rate, 1, &pcm.samples)
}

/// Writes interleaved frames of `channels` channels as 16-bit PCM (clipped, never wrapped).
pub fn write_frames(
    path: &Path,
    rate: u32,
    channels: u16,
    interleaved: &[f32],
) -> Result<(), WavError> {
    let err = |source| WavError::Write {
        path: path.to_path_buf(),
        source,
    };
    let spec = hound::WavSpec {
        channels,
        sample_rate: rate,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    // Through a temporary file renamed into place (`safe_file`): never through a symbolic
    // link, never half a file, readable by its owner only.
    let (pending, mut writer) = start(path, spec).map_err(err)?;
    {
        let mut w = writer.get_i16_writer(interleaved.len() as u32);
        for &s in interleaved {
            w.write_sample(to_i16(s));
        }
        w.flush().map_err(err)?;
    }
    writer.finalize().map_err(err)?;
    pending.commit().map_err(|e| err(hound::Error::IoError(e)))
}

/// A temporary file beside `path` and a WAV writer on it.
fn start(
    path: &Path,
    spec: hound::WavSpec,
) -> Result<(Pending, hound::WavWriter<std::io::BufWriter<std::fs::File>>), hound::Error> {
    let pending = Pending::create(path)?;
    let file = pending.file().try_clone()?;
    let writer = hound::WavWriter::new(std::io::BufWriter::new(file), spec)?;
    Ok((pending, writer))
}

/// A sample as 16-bit, rounded and clipped at full scale.
pub fn to_i16(s: f32) -> i16 {
    (s * 32768.0).round().clamp(-32768.0, 32767.0) as i16
}

/// A mono 16-bit WAV file written as the sound comes, so a long recording (a dictated
/// scoresheet) never has to be held in memory whole.
pub struct Writer {
    path: std::path::PathBuf,
    inner: hound::WavWriter<std::io::BufWriter<std::fs::File>>,
    /// The temporary file the sound goes to, renamed to `path` by [`Writer::finish`].
    pending: Pending,
    frames: u64,
}

impl Writer {
    /// Starts a recording that replaces `path` (a file or a symbolic link at that name, never
    /// the link's target) when [`Writer::finish`]ed; until then `path` is unchanged.
    pub fn create(path: &Path, rate: u32) -> Result<Writer, WavError> {
        let spec = hound::WavSpec {
            channels: 1,
            sample_rate: rate,
            bits_per_sample: 16,
            sample_format: hound::SampleFormat::Int,
        };
        let (pending, inner) = start(path, spec).map_err(|source| WavError::Write {
            path: path.to_path_buf(),
            source,
        })?;
        Ok(Writer {
            path: path.to_path_buf(),
            inner,
            pending,
            frames: 0,
        })
    }

    /// Appends samples.
    pub fn append(&mut self, samples: &[f32]) -> Result<(), WavError> {
        let mut w = self.inner.get_i16_writer(samples.len() as u32);
        for &s in samples {
            w.write_sample(to_i16(s));
        }
        w.flush().map_err(|source| WavError::Write {
            path: self.path.clone(),
            source,
        })?;
        self.frames += samples.len() as u64;
        Ok(())
    }

    /// How many samples have been written.
    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// Completes the header and puts the file in place; the file is only there after this.
    pub fn finish(self) -> Result<(), WavError> {
        let path = self.path;
        let err = |source| WavError::Write {
            path: path.clone(),
            source,
        };
        self.inner.finalize().map_err(err)?;
        self.pending
            .commit()
            .map_err(|e| err(hound::Error::IoError(e)))
    }
}
