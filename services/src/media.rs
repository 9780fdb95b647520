//! Image intake: checks an uploaded image (type from its bytes, size and pixel limits, refusing
//! decompression bombs before any pixel is decoded) and re-encodes it into the renditions that
//! are stored and served — shop logos now, ad photos next. Storing the renditions is the
//! `MediaStore`'s job (`souk_storage::media`).
//!
//! The work here is synchronous and CPU-bound (tens to hundreds of milliseconds per image):
//! callers run it with `tokio::task::spawn_blocking`, and should bound how many run at once,
//! since one image at the limits can need a few hundred MiB while it is processed.

use image::codecs::gif::{GifDecoder, GifEncoder, Repeat};
use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::{CompressionType, FilterType as PngFilter, PngEncoder};
use image::codecs::webp::WebPEncoder;
use image::imageops::FilterType;
use image::metadata::{LoopCount, Orientation};
use image::{
    AnimationDecoder, DynamicImage, ExtendedColorType, Frame, GenericImageView, ImageDecoder, ImageEncoder,
    ImageFormat, ImageReader, Limits, RgbImage, RgbaImage,
};
use std::io::Cursor;

/// What an upload is, judged from its first bytes (never from its name or declared type).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageKind {
    Jpeg,
    Png,
    /// Re-encoded as a chat attachment; refused by name as a logo or an ad photo.
    Webp,
    /// Re-encoded frame by frame as a chat attachment; refused by name as a logo or an ad photo.
    Gif,
    /// HEIC/HEIF, what iPhones save by default.
    Heif,
    Avif,
    Bmp,
    Tiff,
    Other,
}

impl ImageKind {
    /// A short lower-case name, as used in [`ImageError::UnsupportedFormat`].
    pub fn name(self) -> &'static str {
        match self {
            Self::Jpeg => "jpeg",
            Self::Png => "png",
            Self::Webp => "webp",
            Self::Gif => "gif",
            Self::Heif => "heif",
            Self::Avif => "avif",
            Self::Bmp => "bmp",
            Self::Tiff => "tiff",
            Self::Other => "other",
        }
    }
}

/// The public path of a stored photo in `size` (`thumb`, `medium`, `large`): an ad photo's
/// key names its large file (`…/large.jpg`) and the other sizes lie beside it; any other key
/// (a logo, a placeholder) has one size.
pub fn photo_path(media: &dyn souk_storage::media::MediaStore, key: &str, size: &str) -> String {
    if key.ends_with("/large.jpg") {
        media.public_path(&key.replace("/large.", &format!("/{size}.")))
    } else {
        media.public_path(key)
    }
}

/// Recognises an image format from its magic numbers.
pub fn sniff(bytes: &[u8]) -> ImageKind {
    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n";
    match bytes {
        [0xFF, 0xD8, 0xFF, ..] => ImageKind::Jpeg,
        _ if bytes.starts_with(PNG) => ImageKind::Png,
        [b'G', b'I', b'F', b'8', b'7' | b'9', b'a', ..] => ImageKind::Gif,
        [b'R', b'I', b'F', b'F', _, _, _, _, b'W', b'E', b'B', b'P', ..] => ImageKind::Webp,
        [b'I', b'I', 42, 0, ..] | [b'M', b'M', 0, 42, ..] => ImageKind::Tiff,
        // ISO base media file: a `ftyp` box whose major brand names the family.
        [_, _, _, _, b'f', b't', b'y', b'p', brand @ ..] if brand.len() >= 4 => match &brand[..4] {
            b"avif" | b"avis" => ImageKind::Avif,
            b"heic" | b"heix" | b"hevc" | b"hevx" | b"heim" | b"heis" | b"mif1" | b"msf1" => ImageKind::Heif,
            _ => ImageKind::Other,
        },
        // "BM" alone is too weak (text can start with it): also require a known DIB header size.
        [b'B', b'M', rest @ ..]
            if rest.len() >= 16 && matches!(rest[12..16], [12 | 40 | 52 | 56 | 64 | 108 | 124, 0, 0, 0]) =>
        {
            ImageKind::Bmp
        }
        _ => ImageKind::Other,
    }
}

/// What an upload may be: checked in this order, before and while decoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImageLimits {
    /// The largest file accepted.
    pub max_bytes: usize,
    /// The widest image accepted, as stated by its header (before any rotation).
    pub max_width: u32,
    /// The tallest image accepted, as stated by its header.
    pub max_height: u32,
    /// The most memory the decoder may allocate, the decoded pixels included.
    pub max_alloc: u64,
}

const MIB: usize = 1024 * 1024;

/// Shop logos: 2 MiB, 4096 x 4096, 256 MiB for decoding.
pub const LOGO_LIMITS: ImageLimits =
    ImageLimits { max_bytes: 2 * MIB, max_width: 4096, max_height: 4096, max_alloc: 256 * MIB as u64 };

/// Ad photos: 10 MiB, 8000 x 8000, 256 MiB for decoding (an 8000 x 8000 colour photo needs 192 MB).
pub const AD_PHOTO_LIMITS: ImageLimits =
    ImageLimits { max_bytes: 10 * MIB, max_width: 8000, max_height: 8000, max_alloc: 256 * MIB as u64 };

/// Why an upload is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImageError {
    #[error("the file is larger than {max_bytes} bytes")]
    TooLarge { max_bytes: usize },
    #[error("the file is not an image")]
    NotAnImage,
    /// The name of the format or variant (see [`ImageKind::name`]).
    #[error("unsupported image format: {0}")]
    UnsupportedFormat(&'static str),
    #[error("the image has too many pixels")]
    TooManyPixels,
    #[error("the image is damaged: {0}")]
    Corrupt(String),
}

/// One re-encoded size of an uploaded image.
#[derive(Clone, PartialEq, Eq)]
pub struct Rendition {
    /// "256" and "64" for logos; "thumb", "medium" and "large" for ad photos.
    pub name: &'static str,
    pub width: u32,
    pub height: u32,
    pub bytes: Vec<u8>,
    /// "image/jpeg" or "image/png".
    pub content_type: &'static str,
}

impl Rendition {
    /// The file extension matching the content type ("jpg" or "png"), for building store keys.
    pub fn extension(&self) -> &'static str {
        if self.content_type == PNG_TYPE { "png" } else { "jpg" }
    }
}

impl std::fmt::Debug for Rendition {
    // The bytes are left out: a debug print of a rendition is for logs and test failures.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rendition")
            .field("name", &self.name)
            .field("width", &self.width)
            .field("height", &self.height)
            .field("len", &self.bytes.len())
            .field("content_type", &self.content_type)
            .finish()
    }
}

const JPEG_TYPE: &str = "image/jpeg";
const PNG_TYPE: &str = "image/png";

/// JPEG quality of logos.
pub const LOGO_JPEG_QUALITY: u8 = 85;
/// The square sizes of a logo, largest first.
pub const LOGO_SIZES: [(&str, u32); 2] = [("256", 256), ("64", 64)];

/// JPEG quality of ad photos.
pub const AD_PHOTO_JPEG_QUALITY: u8 = 82;
/// The boxes an ad photo is fitted within, largest first.
pub const AD_PHOTO_SIZES: [(&str, u32, u32); 3] = [("large", 1600, 1200), ("medium", 800, 600), ("thumb", 320, 240)];

/// Checks a logo upload and renders it as the squares of [`LOGO_SIZES`] (256 x 256 and 64 x 64),
/// each cropped from the centre of the image (cover) and resized, upscaled if the logo is small.
///
/// Checks, in order: the size in bytes, the type from the magic numbers, the dimensions in the
/// header (before any pixel is decoded), the memory the decoded pixels need, that a JPEG is not
/// cut short, then decoding with the image crate's `Limits`, so a decompression bomb is refused
/// without being inflated. The EXIF orientation is applied. The result is JPEG (quality 85) when
/// the image is opaque and PNG when it has transparent pixels (resized with premultiplied alpha,
/// so edges get no dark fringe). Re-encoding drops EXIF, XMP, comments, text chunks, ICC profiles
/// and any other metadata.
///
/// CPU-bound: run it in `spawn_blocking`.
pub fn process_logo(bytes: &[u8]) -> Result<Vec<Rendition>, ImageError> {
    let image = decode(bytes, &LOGO_LIMITS)?;
    let transparent = has_transparency(&image);
    let (width, height) = image.dimensions();
    let side = width.min(height);
    let square = image.crop_imm((width - side) / 2, (height - side) / 2, side, side);
    drop(image);

    let mut renditions = Vec::with_capacity(LOGO_SIZES.len());
    if transparent {
        let mut pixels = square.into_rgba8();
        premultiply(&mut pixels);
        // Each size is resized from the previous, larger one: cheaper, and as sharp.
        let mut previous = DynamicImage::ImageRgba8(pixels);
        for &(name, size) in &LOGO_SIZES {
            previous = resize(&previous, size, size);
            let mut straight = previous.to_rgba8();
            unpremultiply(&mut straight);
            let bytes = encode(&DynamicImage::ImageRgba8(straight), Output::Png)?;
            renditions.push(Rendition { name, width: size, height: size, bytes, content_type: PNG_TYPE });
        }
    } else {
        let mut previous = DynamicImage::ImageRgb8(square.into_rgb8());
        for &(name, size) in &LOGO_SIZES {
            previous = resize(&previous, size, size);
            let bytes = encode(&previous, Output::Jpeg(LOGO_JPEG_QUALITY))?;
            renditions.push(Rendition { name, width: size, height: size, bytes, content_type: JPEG_TYPE });
        }
    }
    Ok(renditions)
}

/// Checks an ad photo and renders it fitted within each box of [`AD_PHOTO_SIZES`] ("large"
/// 1600 x 1200, "medium" 800 x 600, "thumb" 320 x 240), keeping its aspect ratio and never
/// upscaling (a small photo keeps its size in every rendition). Always JPEG quality 82;
/// transparent pixels are flattened onto white. Same checks, orientation and metadata removal as
/// [`process_logo`], with [`AD_PHOTO_LIMITS`].
///
/// CPU-bound: run it in `spawn_blocking`.
pub fn process_ad_photo(bytes: &[u8]) -> Result<Vec<Rendition>, ImageError> {
    let image = decode(bytes, &AD_PHOTO_LIMITS)?;
    let opaque = if has_transparency(&image) { flatten_on_white(&image.into_rgba8()) } else { image.into_rgb8() };
    let (width, height) = opaque.dimensions();
    let mut previous = DynamicImage::ImageRgb8(opaque);
    let mut renditions = Vec::with_capacity(AD_PHOTO_SIZES.len());
    for &(name, box_width, box_height) in &AD_PHOTO_SIZES {
        // Sizes come from the original dimensions, so rounding does not drift from one to the next.
        let (w, h) = fit_within(width, height, box_width, box_height);
        previous = resize(&previous, w, h);
        let bytes = encode(&previous, Output::Jpeg(AD_PHOTO_JPEG_QUALITY))?;
        renditions.push(Rendition { name, width: w, height: h, bytes, content_type: JPEG_TYPE });
    }
    Ok(renditions)
}

/// Chat attachments and CV photos: 5 MiB, 16384 pixels a side and 40 megapixels by the header,
/// 256 MiB for decoding.
pub const ATTACHMENT_LIMITS: ImageLimits =
    ImageLimits { max_bytes: 5 * MIB, max_width: 16_384, max_height: 16_384, max_alloc: 256 * MIB as u64 };
/// The most pixels of an attached image, by its header (a decompression bomb is refused unread).
/// For an animated GIF, the most of its logical screen (each frame is decoded to that size).
pub const ATTACHMENT_MAX_PIXELS: u64 = 40_000_000;
/// The most frames of an attached animated GIF.
pub const ATTACHMENT_MAX_FRAMES: u64 = 500;
/// The most pixels decoded from an attached animated GIF, all frames together (frames times its
/// logical screen): an animation bomb (a tiny file of many frames on a large screen) is refused
/// as a pixel bomb is.
pub const ATTACHMENT_MAX_ANIMATION_PIXELS: u64 = 100_000_000;
/// An attached image is fitted within this square (never upscaled) when it is re-encoded.
pub const ATTACHMENT_BOX: u32 = 2560;
/// JPEG quality of re-encoded attachments.
pub const ATTACHMENT_JPEG_QUALITY: u8 = 85;
/// Speed of the GIF encoder's colour quantizer when a frame has more than 256 colours (1 is
/// the slowest and best, 30 the fastest); frames of 256 colours or fewer keep them exactly.
const GIF_QUANTIZER_SPEED: i32 = 10;

/// Re-encodes an image sent in a chat or as a CV, in its own format, as ad photos are: the
/// header's dimensions are checked first (more than [`ATTACHMENT_MAX_PIXELS`] is
/// `TooManyPixels`, before any pixel is decoded), then it is decoded under [`ATTACHMENT_LIMITS`],
/// turned by its EXIF orientation (JPEG, PNG, WebP), fitted within [`ATTACHMENT_BOX`] and
/// written again with nothing but its pixels: whatever else the file carried (metadata, a page
/// appended after the image) is gone. JPEG stays JPEG, PNG stays PNG (keeping its
/// transparency), WebP becomes a lossless WebP (an animated one keeps its first frame), and a
/// GIF is re-encoded frame by frame, keeping its animation, its delays and its loop count (at
/// most [`ATTACHMENT_MAX_FRAMES`] frames and [`ATTACHMENT_MAX_ANIMATION_PIXELS`] decoded, else
/// `TooManyPixels`). Answers the new bytes.
///
/// CPU-bound: run it in `spawn_blocking`.
pub fn reencode_attachment(bytes: &[u8]) -> Result<Vec<u8>, ImageError> {
    if bytes.len() > ATTACHMENT_LIMITS.max_bytes {
        return Err(ImageError::TooLarge { max_bytes: ATTACHMENT_LIMITS.max_bytes });
    }
    let format = match sniff(bytes) {
        ImageKind::Jpeg => ImageFormat::Jpeg,
        ImageKind::Png => ImageFormat::Png,
        ImageKind::Webp => ImageFormat::WebP,
        ImageKind::Gif => return reencode_gif(bytes),
        ImageKind::Other => return Err(ImageError::NotAnImage),
        other => return Err(ImageError::UnsupportedFormat(other.name())),
    };
    let (width, height) =
        ImageReader::with_format(Cursor::new(bytes), format).into_dimensions().map_err(|e| refusal(e, format))?;
    if u64::from(width) * u64::from(height) > ATTACHMENT_MAX_PIXELS {
        return Err(ImageError::TooManyPixels);
    }
    let image = decode_as(bytes, format, &ATTACHMENT_LIMITS)?;
    let (width, height) = image.dimensions();
    let (w, h) = fit_within(width, height, ATTACHMENT_BOX, ATTACHMENT_BOX);
    let image = if (w, h) == (width, height) { image } else { resize(&image, w, h) };
    let transparent = has_transparency(&image);
    match format {
        ImageFormat::Png if transparent => encode(&DynamicImage::ImageRgba8(image.into_rgba8()), Output::Png),
        ImageFormat::Png => encode(&DynamicImage::ImageRgb8(image.into_rgb8()), Output::Png),
        ImageFormat::WebP if transparent => encode(&DynamicImage::ImageRgba8(image.into_rgba8()), Output::Webp),
        ImageFormat::WebP => encode(&DynamicImage::ImageRgb8(image.into_rgb8()), Output::Webp),
        _ => encode(&DynamicImage::ImageRgb8(image.into_rgb8()), Output::Jpeg(ATTACHMENT_JPEG_QUALITY)),
    }
}

/// Re-encodes a GIF frame by frame. Its logical screen and its frames are counted first, from
/// its blocks (each frame is decoded to the screen's size): an animation bomb, over
/// [`ATTACHMENT_MAX_FRAMES`] or [`ATTACHMENT_MAX_ANIMATION_PIXELS`], is refused before any pixel
/// is decoded (and the bounds are checked again as frames are decoded); each decoded frame (composited as the animation shows it) is fitted within
/// [`ATTACHMENT_BOX`] and written at once, so that only one frame is held at a time.
fn reencode_gif(bytes: &[u8]) -> Result<Vec<u8>, ImageError> {
    let corrupt = |e: image::ImageError| refusal(e, ImageFormat::Gif);
    let mut decoder = GifDecoder::new(Cursor::new(bytes)).map_err(corrupt)?;
    let (width, height) = decoder.dimensions();
    let screen = u64::from(width) * u64::from(height);
    if screen == 0 {
        return Err(ImageError::Corrupt("the image has no pixels".into()));
    }
    if width > ATTACHMENT_LIMITS.max_width || height > ATTACHMENT_LIMITS.max_height || screen > ATTACHMENT_MAX_PIXELS {
        return Err(ImageError::TooManyPixels);
    }
    let frames = gif_frame_count(bytes)?;
    if frames > ATTACHMENT_MAX_FRAMES || frames * screen > ATTACHMENT_MAX_ANIMATION_PIXELS {
        return Err(ImageError::TooManyPixels);
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(ATTACHMENT_LIMITS.max_width);
    limits.max_image_height = Some(ATTACHMENT_LIMITS.max_height);
    limits.max_alloc = Some(ATTACHMENT_LIMITS.max_alloc);
    decoder.set_limits(limits).map_err(corrupt)?;
    let repeat = match decoder.loop_count() {
        LoopCount::Infinite => Repeat::Infinite,
        LoopCount::Finite(n) => Repeat::Finite(u16::try_from(n.get()).unwrap_or(u16::MAX)),
    };
    let (w, h) = fit_within(width, height, ATTACHMENT_BOX, ATTACHMENT_BOX);
    let mut out = Vec::new();
    {
        // The encoder writes the trailer when dropped, at the end of this block.
        let mut encoder = GifEncoder::new_with_speed(&mut out, GIF_QUANTIZER_SPEED);
        encoder.set_repeat(repeat).map_err(|e| ImageError::Corrupt(format!("re-encoding failed: {e}")))?;
        let mut count = 0u64;
        for frame in decoder.into_frames() {
            // A frame past either bound is refused as soon as it is decoded: at most one frame
            // more than allowed is ever decoded, and none is kept.
            count += 1;
            if count > ATTACHMENT_MAX_FRAMES || count * screen > ATTACHMENT_MAX_ANIMATION_PIXELS {
                return Err(ImageError::TooManyPixels);
            }
            let frame = frame.map_err(corrupt)?;
            let delay = frame.delay();
            let pixels = frame.into_buffer();
            let pixels = if (w, h) == (width, height) {
                pixels
            } else {
                resize(&DynamicImage::ImageRgba8(pixels), w, h).into_rgba8()
            };
            encoder
                .encode_frame(Frame::from_parts(pixels, 0, 0, delay))
                .map_err(|e| ImageError::Corrupt(format!("re-encoding failed: {e}")))?;
        }
        if count == 0 {
            return Err(ImageError::Corrupt("the GIF has no frame".into()));
        }
    }
    Ok(out)
}

/// Counts the frames (image descriptors) of a GIF by walking its blocks, without decoding any
/// pixel; stops at the trailer. A file that ends inside a block is `Corrupt`.
fn gif_frame_count(bytes: &[u8]) -> Result<u64, ImageError> {
    let cut_short = || ImageError::Corrupt("the GIF file is cut short".into());
    let byte = |at: usize| bytes.get(at).copied().ok_or_else(cut_short);
    // A colour table after a packed byte whose top bit says it is there: 3 x 2^(size + 1) bytes.
    let table = |packed: u8| if packed & 0x80 != 0 { 3usize << ((packed & 0x07) + 1) } else { 0 };
    // Sub-blocks (a length byte, then that many bytes) up to the zero-length terminator.
    let skip_sub_blocks = |mut at: usize| -> Result<usize, ImageError> {
        loop {
            let len = usize::from(byte(at)?);
            at += 1 + len;
            if len == 0 {
                return Ok(at);
            }
        }
    };
    let mut at = 13 + table(byte(10)?);
    let mut frames = 0u64;
    loop {
        match byte(at)? {
            0x3B => return Ok(frames),
            0x21 => at = skip_sub_blocks(at + 2)?,
            0x2C => {
                frames += 1;
                // The descriptor (10 bytes with its introducer), a local colour table, the LZW
                // minimum code size, then the image data's sub-blocks.
                at = skip_sub_blocks(at + 10 + table(byte(at + 9)?) + 1)?;
            }
            other => return Err(ImageError::Corrupt(format!("unknown GIF block 0x{other:02x}"))),
        }
    }
}

/// Size, type (JPEG or PNG), header and memory checks, then the decode under `Limits`, then the
/// orientation.
fn decode(bytes: &[u8], limits: &ImageLimits) -> Result<DynamicImage, ImageError> {
    if bytes.len() > limits.max_bytes {
        return Err(ImageError::TooLarge { max_bytes: limits.max_bytes });
    }
    let format = match sniff(bytes) {
        ImageKind::Jpeg => ImageFormat::Jpeg,
        ImageKind::Png => ImageFormat::Png,
        ImageKind::Other => return Err(ImageError::NotAnImage),
        unsupported => return Err(ImageError::UnsupportedFormat(unsupported.name())),
    };
    decode_as(bytes, format, limits)
}

/// Header and memory checks of an image of `format`, then the decode under `Limits`, then the
/// orientation.
fn decode_as(bytes: &[u8], format: ImageFormat, limits: &ImageLimits) -> Result<DynamicImage, ImageError> {
    let mut decoder_limits = Limits::default();
    decoder_limits.max_image_width = Some(limits.max_width);
    decoder_limits.max_image_height = Some(limits.max_height);
    decoder_limits.max_alloc = Some(limits.max_alloc);

    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(decoder_limits);
    // Reads the headers only (and the PNG chunks before the pixel data, under the byte limit);
    // the dimension limits are checked here, before anything the size of the image is allocated.
    let mut decoder = reader.into_decoder().map_err(|e| refusal(e, format))?;
    let (width, height) = decoder.dimensions();
    if width == 0 || height == 0 {
        return Err(ImageError::Corrupt("the image has no pixels".into()));
    }
    if width > limits.max_width || height > limits.max_height || decoder.total_bytes() > limits.max_alloc {
        return Err(ImageError::TooManyPixels);
    }
    if format == ImageFormat::Jpeg {
        check_jpeg_complete(bytes)?;
    }
    // Orientation comes from the EXIF block (tag 0x0112), read by the decoder from the JPEG
    // APP1 segment or the PNG eXIf chunk; an unreadable block means "as stored".
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let mut image = DynamicImage::from_decoder(decoder).map_err(|e| refusal(e, format))?;
    image.apply_orientation(orientation);
    Ok(image)
}

/// Maps a decoder failure to the reason given to the uploader.
fn refusal(error: image::ImageError, format: ImageFormat) -> ImageError {
    match error {
        image::ImageError::Limits(_) => ImageError::TooManyPixels,
        image::ImageError::Unsupported(_) => ImageError::UnsupportedFormat(match format {
            ImageFormat::Png => "png variant",
            ImageFormat::Gif => "gif variant",
            ImageFormat::WebP => "webp variant",
            _ => "jpeg variant",
        }),
        other => ImageError::Corrupt(other.to_string()),
    }
}

/// Walks a JPEG's segments to its end-of-image marker, so that a file cut short is refused: the
/// decoder is lenient and would fill the missing rows with grey. Stray bytes between segments
/// are skipped (as libjpeg does), and anything after the end marker is ignored.
fn check_jpeg_complete(bytes: &[u8]) -> Result<(), ImageError> {
    let cut_short = || ImageError::Corrupt("the JPEG file is cut short".into());
    let next_ff =
        |from: usize| bytes.get(from..).and_then(|rest| rest.iter().position(|&b| b == 0xFF)).map(|i| from + i);
    let mut pos = 2; // after the start-of-image marker
    loop {
        pos = next_ff(pos).ok_or_else(cut_short)?;
        while bytes.get(pos) == Some(&0xFF) {
            pos += 1; // fill bytes
        }
        let marker = *bytes.get(pos).ok_or_else(cut_short)?;
        pos += 1;
        match marker {
            0xD9 => return Ok(()),
            0xD0..=0xD7 | 0x01 => {}
            _ => {
                let length = bytes.get(pos..pos + 2).ok_or_else(cut_short)?;
                let length = usize::from(u16::from_be_bytes([length[0], length[1]]));
                if length < 2 {
                    return Err(ImageError::Corrupt("a JPEG segment has an impossible length".into()));
                }
                pos += length;
                if pos > bytes.len() {
                    return Err(cut_short());
                }
                if marker == 0xDA {
                    // Entropy-coded data follows a start-of-scan header: 0xFF in it is either
                    // stuffed (FF 00) or a restart marker; anything else is the next marker.
                    loop {
                        pos = next_ff(pos).ok_or_else(cut_short)?;
                        match bytes.get(pos + 1) {
                            Some(0x00 | 0xD0..=0xD7) => pos += 2,
                            Some(_) => break,
                            None => return Err(cut_short()),
                        }
                    }
                }
            }
        }
    }
}

/// True when at least one pixel is not fully opaque (an alpha channel that is opaque everywhere,
/// as many exported PNGs have, does not count).
fn has_transparency(image: &DynamicImage) -> bool {
    if !image.color().has_alpha() {
        return false;
    }
    match image {
        DynamicImage::ImageRgba8(pixels) => pixels.as_raw().iter().skip(3).step_by(4).any(|&a| a < u8::MAX),
        DynamicImage::ImageLumaA8(pixels) => pixels.as_raw().iter().skip(1).step_by(2).any(|&a| a < u8::MAX),
        DynamicImage::ImageRgba16(pixels) => pixels.as_raw().iter().skip(3).step_by(4).any(|&a| a < u16::MAX),
        DynamicImage::ImageLumaA16(pixels) => pixels.as_raw().iter().skip(1).step_by(2).any(|&a| a < u16::MAX),
        other => other.to_rgba8().as_raw().iter().skip(3).step_by(4).any(|&a| a < u8::MAX),
    }
}

/// Composites onto a white background (JPEG has no transparency; dropping the alpha channel
/// would show whatever colour the transparent pixels happen to hold, often black).
fn flatten_on_white(pixels: &RgbaImage) -> RgbImage {
    let (width, height) = pixels.dimensions();
    let mut raw = Vec::with_capacity(pixels.as_raw().len() / 4 * 3);
    for p in pixels.as_raw().chunks_exact(4) {
        let alpha = u32::from(p[3]);
        let white = 255 * (255 - alpha) + 127;
        for &c in &p[..3] {
            raw.push(((u32::from(c) * alpha + white) / 255) as u8);
        }
    }
    // from_raw only fails when the buffer is too short, which 3 bytes per pixel never is.
    RgbImage::from_raw(width, height, raw).unwrap_or_else(|| RgbImage::new(width, height))
}

/// Scales colour by alpha, so that resizing averages colours by how much of them is visible
/// (the resizers assume premultiplied alpha; straight alpha gives dark fringes at the edges).
fn premultiply(pixels: &mut RgbaImage) {
    for p in pixels.chunks_exact_mut(4) {
        let alpha = u32::from(p[3]);
        for c in &mut p[..3] {
            *c = ((u32::from(*c) * alpha + 127) / 255) as u8;
        }
    }
}

fn unpremultiply(pixels: &mut RgbaImage) {
    for p in pixels.chunks_exact_mut(4) {
        let alpha = u32::from(p[3]);
        for c in &mut p[..3] {
            // A fully transparent pixel has no colour left: it becomes transparent black.
            *c = (u32::from(*c) * 255 + alpha / 2).checked_div(alpha).map_or(0, |v| v.min(255) as u8);
        }
    }
}

/// The largest size within `box_width` x `box_height` with the image's aspect ratio, or the
/// image's own size when it already fits (never upscaled).
fn fit_within(width: u32, height: u32, box_width: u32, box_height: u32) -> (u32, u32) {
    if width <= box_width && height <= box_height {
        return (width, height);
    }
    let (w, h, bw, bh) = (u64::from(width), u64::from(height), u64::from(box_width), u64::from(box_height));
    // Integer arithmetic, rounded to nearest; the bound side is exact, the other never exceeds its box.
    if w * bh >= h * bw {
        (box_width, ((h * bw + w / 2) / w).clamp(1, bh) as u32)
    } else {
        (((w * bh + h / 2) / h).clamp(1, bw) as u32, box_height)
    }
}

/// Resizes with a Catmull-Rom (bicubic) filter. A large reduction first averages blocks of
/// pixels down to twice the target in one cheap pass, so the filter works on a small image
/// instead of holding a floating-point copy the size of a camera photo.
///
/// Only `DynamicImage` methods are used: they are compiled inside the image crate, optimised even
/// in debug builds, where the generic `imageops` functions would be five times slower.
fn resize(image: &DynamicImage, width: u32, height: u32) -> DynamicImage {
    let (source_width, source_height) = image.dimensions();
    if (source_width, source_height) == (width, height) {
        image.clone()
    } else if source_width >= 3 * width && source_height >= 3 * height {
        image.thumbnail_exact(2 * width, 2 * height).resize_exact(width, height, FilterType::CatmullRom)
    } else {
        image.resize_exact(width, height, FilterType::CatmullRom)
    }
}

enum Output {
    Jpeg(u8),
    Png,
    /// Lossless WebP (the only WebP encoder of the image crate).
    Webp,
}

/// Encodes 8-bit pixels. Nothing but the pixels is written: no EXIF, no text, no ICC profile.
fn encode(image: &DynamicImage, output: Output) -> Result<Vec<u8>, ImageError> {
    let mut out = Vec::new();
    let (width, height) = image.dimensions();
    let color = ExtendedColorType::from(image.color());
    let written =
        match output {
            Output::Jpeg(quality) => {
                JpegEncoder::new_with_quality(&mut out, quality).write_image(image.as_bytes(), width, height, color)
            }
            Output::Png => PngEncoder::new_with_quality(&mut out, CompressionType::Best, PngFilter::Adaptive)
                .write_image(image.as_bytes(), width, height, color),
            Output::Webp => WebPEncoder::new_lossless(&mut out).write_image(image.as_bytes(), width, height, color),
        };
    written.map_err(|e| ImageError::Corrupt(format!("re-encoding failed: {e}")))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs_magic_numbers_only() {
        assert_eq!(sniff(b"\xFF\xD8\xFF\xE0\0\x10JFIF"), ImageKind::Jpeg);
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR"), ImageKind::Png);
        assert_eq!(sniff(b"GIF89a\x01\0\x01\0"), ImageKind::Gif);
        assert_eq!(sniff(b"GIF87a"), ImageKind::Gif);
        assert_eq!(sniff(b"RIFF\x24\0\0\0WEBPVP8 "), ImageKind::Webp);
        assert_eq!(sniff(b"RIFF\x24\0\0\0WAVEfmt "), ImageKind::Other);
        assert_eq!(sniff(b"\0\0\0\x18ftypheic\0\0\0\0"), ImageKind::Heif);
        assert_eq!(sniff(b"\0\0\0\x1cftypavif\0\0\0\0"), ImageKind::Avif);
        assert_eq!(sniff(b"\0\0\0\x18ftypmp42\0\0\0\0"), ImageKind::Other);
        assert_eq!(sniff(b"II*\0\x08\0\0\0"), ImageKind::Tiff);
        let mut bmp = b"BM".to_vec();
        bmp.extend_from_slice(&[0; 12]);
        bmp.extend_from_slice(&[40, 0, 0, 0]);
        assert_eq!(sniff(&bmp), ImageKind::Bmp);
        assert_eq!(sniff(b"BMW for sale, good condition"), ImageKind::Other);
        assert_eq!(sniff(b"\xFF\xD8"), ImageKind::Other);
        assert_eq!(sniff(b""), ImageKind::Other);
        assert_eq!(sniff(b"<svg xmlns='http://www.w3.org/2000/svg'/>"), ImageKind::Other);
    }

    #[test]
    fn fits_within_a_box_without_upscaling() {
        assert_eq!(fit_within(3000, 1000, 1600, 1200), (1600, 533));
        assert_eq!(fit_within(3000, 1000, 320, 240), (320, 107));
        assert_eq!(fit_within(1000, 3000, 1600, 1200), (400, 1200));
        assert_eq!(fit_within(4000, 3000, 800, 600), (800, 600));
        assert_eq!(fit_within(200, 100, 320, 240), (200, 100));
        assert_eq!(fit_within(320, 240, 320, 240), (320, 240));
        assert_eq!(fit_within(8000, 1, 320, 240), (320, 1));
        assert_eq!(fit_within(1, 8000, 320, 240), (1, 240));
    }

    #[test]
    fn flattening_blends_towards_white() {
        let pixels = RgbaImage::from_raw(3, 1, vec![0, 0, 0, 0, 0, 0, 0, 255, 200, 100, 0, 128]).unwrap();
        let flat = flatten_on_white(&pixels);
        assert_eq!(flat.as_raw(), &vec![255, 255, 255, 0, 0, 0, 227, 177, 127]);
    }

    #[test]
    fn opaque_alpha_channel_is_not_transparency() {
        let opaque = DynamicImage::ImageRgba8(RgbaImage::from_pixel(4, 4, image::Rgba([1, 2, 3, 255])));
        assert!(!has_transparency(&opaque));
        let mut translucent = RgbaImage::from_pixel(4, 4, image::Rgba([1, 2, 3, 255]));
        translucent.put_pixel(3, 3, image::Rgba([1, 2, 3, 254]));
        assert!(has_transparency(&DynamicImage::ImageRgba8(translucent)));
        assert!(!has_transparency(&DynamicImage::ImageRgb8(RgbImage::new(2, 2))));
    }

    #[test]
    fn premultiplied_round_trip_keeps_visible_colours() {
        let mut pixels = RgbaImage::from_raw(3, 1, vec![200, 100, 50, 255, 200, 100, 50, 128, 9, 9, 9, 0]).unwrap();
        premultiply(&mut pixels);
        assert_eq!(pixels.as_raw(), &vec![200, 100, 50, 255, 100, 50, 25, 128, 0, 0, 0, 0]);
        unpremultiply(&mut pixels);
        assert_eq!(pixels.as_raw(), &vec![200, 100, 50, 255, 199, 100, 50, 128, 0, 0, 0, 0]);
    }

    /// An animated GIF of `frames` frames of `width` x `height`, each a different colour, 50 ms
    /// apart, looping forever.
    fn animated_gif(frames: u32, width: u32, height: u32) -> Vec<u8> {
        let mut out = Vec::new();
        {
            let mut encoder = GifEncoder::new(&mut out);
            encoder.set_repeat(Repeat::Infinite).expect("repeat");
            for n in 0..frames {
                let pixels = RgbaImage::from_pixel(width, height, image::Rgba([(n * 40 % 256) as u8, 90, 200, 255]));
                let delay = image::Delay::from_numer_denom_ms(50, 1);
                encoder.encode_frame(Frame::from_parts(pixels, 0, 0, delay)).expect("frame");
            }
        }
        out
    }

    fn gif_frames(bytes: &[u8]) -> Vec<Frame> {
        GifDecoder::new(Cursor::new(bytes)).expect("a GIF").into_frames().collect_frames().expect("frames")
    }

    const PAGE: &[u8] = b"<!doctype html><html><body><script>alert(document.cookie)</script></body></html>";

    #[test]
    fn a_gif_is_reencoded_frame_by_frame_without_what_follows_it() {
        let mut sent = animated_gif(3, 30, 20);
        sent.extend_from_slice(PAGE);
        let stored = reencode_attachment(&sent).expect("re-encoded");
        assert_eq!(sniff(&stored), ImageKind::Gif);
        assert!(!stored.windows(7).any(|w| w.eq_ignore_ascii_case(b"<script")), "the page is gone");
        let frames = gif_frames(&stored);
        assert_eq!(frames.len(), 3, "the animation is kept");
        assert_eq!(frames[1].buffer().dimensions(), (30, 20));
        assert_eq!(frames[1].buffer().get_pixel(5, 5), &image::Rgba([40, 90, 200, 255]));
        assert_eq!(frames[2].delay().numer_denom_ms(), (50, 1));
        let loops = GifDecoder::new(Cursor::new(&stored)).expect("a GIF").loop_count();
        assert!(matches!(loops, LoopCount::Infinite), "loops forever");
    }

    #[test]
    fn a_wide_gif_is_fitted_within_the_box() {
        let stored = reencode_attachment(&animated_gif(2, 3000, 10)).expect("re-encoded");
        let frames = gif_frames(&stored);
        assert_eq!(frames.len(), 2);
        assert_eq!(frames[0].buffer().dimensions(), (ATTACHMENT_BOX, 9));
    }

    #[test]
    fn animation_bombs_are_refused_as_pixel_bombs() {
        assert_eq!(gif_frame_count(&animated_gif(3, 30, 20)), Ok(3));
        assert!(matches!(gif_frame_count(&animated_gif(3, 30, 20)[..40]), Err(ImageError::Corrupt(_))));
        // Frames: the most is accepted, one more is not.
        let most = ATTACHMENT_MAX_FRAMES as u32;
        assert_eq!(gif_frames(&reencode_attachment(&animated_gif(most, 1, 1)).expect("at the bound")).len(), 500);
        assert_eq!(reencode_attachment(&animated_gif(most + 1, 1, 1)), Err(ImageError::TooManyPixels));

        // A tiny file of 1 x 1 frames on a 4000 x 4000 logical screen: each frame would decode
        // to 16 megapixels (within the image crate's memory limit), seven of them are too many.
        let mut bomb = animated_gif(7, 1, 1);
        bomb[6..10].copy_from_slice(&[0xA0, 0x0F, 0xA0, 0x0F]);
        assert!(bomb.len() < 1000, "{} bytes", bomb.len());
        assert_eq!(GifDecoder::new(Cursor::new(&bomb)).expect("a GIF").dimensions(), (4000, 4000));
        assert_eq!(reencode_attachment(&bomb), Err(ImageError::TooManyPixels));

        // A logical screen over the pixel or side limit is refused before any frame is decoded.
        let mut huge = animated_gif(1, 1, 1);
        huge[6..10].copy_from_slice(&[0x60, 0x1B, 0x60, 0x1B]); // 7008 x 7008
        assert_eq!(reencode_attachment(&huge), Err(ImageError::TooManyPixels));
        let mut long = animated_gif(1, 1, 1);
        long[6..10].copy_from_slice(&[0xFF, 0xFF, 0x01, 0x00]); // 65535 x 1
        assert_eq!(reencode_attachment(&long), Err(ImageError::TooManyPixels));
    }

    #[test]
    fn a_webp_is_reencoded_as_a_lossless_webp_without_what_follows_it() {
        let pixels = RgbImage::from_fn(40, 30, |x, y| image::Rgb([x as u8 * 6, y as u8 * 8, 120]));
        let mut sent = encode(&DynamicImage::ImageRgb8(pixels.clone()), Output::Webp).expect("webp");
        sent.extend_from_slice(PAGE);
        let stored = reencode_attachment(&sent).expect("re-encoded");
        assert_eq!(sniff(&stored), ImageKind::Webp);
        assert!(!stored.windows(7).any(|w| w.eq_ignore_ascii_case(b"<script")), "the page is gone");
        let decoded = image::load_from_memory_with_format(&stored, ImageFormat::WebP).expect("a WebP");
        assert_eq!(decoded.to_rgb8(), pixels, "lossless");

        let wide = RgbaImage::from_pixel(3000, 10, image::Rgba([1, 2, 3, 128]));
        let sent = encode(&DynamicImage::ImageRgba8(wide), Output::Webp).expect("webp");
        let decoded = image::load_from_memory(&reencode_attachment(&sent).expect("re-encoded")).expect("a WebP");
        assert_eq!(decoded.dimensions(), (ATTACHMENT_BOX, 9));
        assert!(decoded.color().has_alpha(), "transparency kept");
    }

    #[test]
    fn a_webp_bomb_is_refused_by_its_header() {
        // A real 1 x 1 lossless WebP whose header is made to state 10000 x 10000 (VP8L: width
        // and height less one, 14 bits each, after the signature byte).
        let mut bomb = encode(&DynamicImage::ImageRgb8(RgbImage::new(1, 1)), Output::Webp).expect("webp");
        assert_eq!(&bomb[12..16], b"VP8L");
        let bits = u32::from_le_bytes([bomb[21], bomb[22], bomb[23], bomb[24]]);
        let bits = (bits & !0x0FFF_FFFF) | 9_999 | (9_999 << 14);
        bomb[21..25].copy_from_slice(&bits.to_le_bytes());
        assert_eq!(
            ImageReader::with_format(Cursor::new(&bomb), ImageFormat::WebP).into_dimensions().ok(),
            Some((10_000, 10_000))
        );
        assert_eq!(reencode_attachment(&bomb), Err(ImageError::TooManyPixels));
    }

    #[test]
    fn a_jpeg_must_reach_its_end_marker() {
        // SOI, an APP0 segment, SOS with a 1-component header, entropy data with a stuffed byte
        // and a restart marker, EOI.
        let whole: &[u8] = &[
            0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0xAA, 0xBB, 0xFF, 0xDA, 0x00, 0x08, 1, 1, 0, 0, 63, 0, 0x12, 0xFF,
            0x00, 0x34, 0xFF, 0xD0, 0x56, 0xFF, 0xD9,
        ];
        assert_eq!(check_jpeg_complete(whole), Ok(()));
        let mut trailing = whole.to_vec();
        trailing.extend_from_slice(b"trailing bytes after the image");
        assert_eq!(check_jpeg_complete(&trailing), Ok(()));
        for cut in 2..whole.len() {
            assert!(
                matches!(check_jpeg_complete(&whole[..cut]), Err(ImageError::Corrupt(_))),
                "accepted a file cut at {cut}"
            );
        }
        // An end marker inside a segment (an embedded EXIF thumbnail) does not end the file.
        let hidden_end: &[u8] = &[0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x06, 0xFF, 0xD9, 0x00, 0x00, 0xFF, 0xDA, 0x00];
        assert!(check_jpeg_complete(hidden_end).is_err());
        let bad_length: &[u8] = &[0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01, 0xFF, 0xD9];
        assert!(check_jpeg_complete(bad_length).is_err());
    }
}
