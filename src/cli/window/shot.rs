//! Screenshots (`--screenshot FILE.png`): the window's own pixels, as the renderer drew them,
//! written as an 8-bit RGBA PNG for the tests to measure and the documentation to show.

use anyhow::Context;
use eframe::egui::ColorImage;
use std::path::Path;

/// Writes `image` to `path` as PNG.
pub fn write_png(image: &ColorImage, path: &Path) -> anyhow::Result<()> {
    let file = std::fs::File::create(path)
        .with_context(|| format!("cannot write the screenshot {}", path.display()))?;
    let [w, h] = image.size;
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), w as u32, h as u32);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    // The fast setting: the default deflate was a fifth of a short window's CPU (the test
    // suite takes some forty screenshots), for files half the size.
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder
        .write_header()
        .with_context(|| format!("cannot write the screenshot {}", path.display()))?;
    let bytes: Vec<u8> = image.pixels.iter().flat_map(|p| p.to_array()).collect();
    writer
        .write_image_data(&bytes)
        .with_context(|| format!("cannot write the screenshot {}", path.display()))?;
    writer.finish()?;
    Ok(())
}
