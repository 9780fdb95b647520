//! Image intake from the outside: real JPEG and PNG files built in memory, checked for what the
//! renditions contain (sizes, crop, format, no metadata) and for every refusal — including
//! decompression bombs, which must be refused without allocating their pixels.

use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::PngEncoder;
use image::{ExtendedColorType, GenericImageView, ImageEncoder, Rgb, RgbImage, Rgba, RgbaImage};
use souk_services::media::{
    AD_PHOTO_LIMITS, ImageError, LOGO_LIMITS, Rendition, process_ad_photo, process_logo, sniff,
};
use std::time::Instant;

#[path = "support/watching_alloc.rs"]
mod watching_alloc;
use watching_alloc::largest_allocation_of;

// ---------------------------------------------------------------------------------------------
// Building test images.

fn jpeg(pixels: &RgbImage, quality: u8) -> Vec<u8> {
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(&mut out, quality).encode_image(pixels).expect("encode jpeg");
    out
}

fn png_rgba(pixels: &RgbaImage) -> Vec<u8> {
    let mut out = Vec::new();
    PngEncoder::new(&mut out)
        .write_image(pixels.as_raw(), pixels.width(), pixels.height(), ExtendedColorType::Rgba8)
        .expect("encode png");
    out
}

/// A photo-like image: smooth gradients plus some texture, so JPEG sizes are realistic.
fn photo(width: u32, height: u32) -> RgbImage {
    RgbImage::from_fn(width, height, |x, y| {
        let noise = (x.wrapping_mul(2_654_435_761) ^ y.wrapping_mul(40_503)) % 24;
        Rgb([
            ((x * 200 / width) + noise) as u8,
            ((y * 200 / height) + noise) as u8,
            (((x + y) * 100 / (width + height)) + 60) as u8,
        ])
    })
}

/// Inserts a segment (marker, payload) right after the JPEG's SOI marker.
fn insert_after_soi(jpeg: &[u8], marker: u8, payload: &[u8]) -> Vec<u8> {
    let length = u16::try_from(payload.len() + 2).expect("segment fits");
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&[0xFF, marker]);
    out.extend_from_slice(&length.to_be_bytes());
    out.extend_from_slice(payload);
    out.extend_from_slice(&jpeg[2..]);
    out
}

/// An EXIF APP1 payload (big-endian TIFF) with an Orientation entry and, after the IFD, an
/// ASCII value standing for the GPS position a phone would record.
fn exif_payload(orientation: u16, secret: &str) -> Vec<u8> {
    let mut tiff = b"MM\0\x2a\0\0\0\x08".to_vec();
    tiff.extend_from_slice(&2u16.to_be_bytes()); // two entries
    tiff.extend_from_slice(&[0x01, 0x12, 0x00, 0x03, 0, 0, 0, 1]); // Orientation, SHORT, 1
    tiff.extend_from_slice(&orientation.to_be_bytes());
    tiff.extend_from_slice(&[0, 0]);
    let secret_offset = 8 + 2 + 2 * 12 + 4;
    tiff.extend_from_slice(&[0x01, 0x0E, 0x00, 0x02]); // ImageDescription, ASCII
    tiff.extend_from_slice(&u32::try_from(secret.len() + 1).expect("short").to_be_bytes());
    tiff.extend_from_slice(&u32::try_from(secret_offset).expect("short").to_be_bytes());
    tiff.extend_from_slice(&[0, 0, 0, 0]); // no next IFD
    tiff.extend_from_slice(secret.as_bytes());
    tiff.push(0);
    let mut payload = b"Exif\0\0".to_vec();
    payload.extend_from_slice(&tiff);
    payload
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut chunk = u32::try_from(data.len()).expect("short").to_be_bytes().to_vec();
    let mut body = kind.to_vec();
    body.extend_from_slice(data);
    chunk.extend_from_slice(&body);
    chunk.extend_from_slice(&crc32(&body).to_be_bytes());
    chunk
}

/// A PNG whose header claims `width` x `height` but whose pixel data is a few bytes: the shape
/// of a decompression bomb as far as any check before decoding can tell.
fn png_claiming(width: u32, height: u32, bit_depth: u8, color_type: u8) -> Vec<u8> {
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[bit_depth, color_type, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend_from_slice(&png_chunk(b"IHDR", &ihdr));
    // A stored (uncompressed) zlib stream of one zero byte: far too little data.
    png.extend_from_slice(&png_chunk(
        b"IDAT",
        &[0x78, 0x01, 0x01, 0x01, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x01, 0x00, 0x01],
    ));
    png.extend_from_slice(&png_chunk(b"IEND", &[]));
    png
}

fn decode(rendition: &Rendition) -> image::DynamicImage {
    image::load_from_memory(&rendition.bytes).expect("a rendition decodes")
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

fn close(actual: [u8; 3], expected: [u8; 3]) -> bool {
    actual.iter().zip(expected).all(|(&a, e)| a.abs_diff(e) <= 24)
}

// ---------------------------------------------------------------------------------------------
// Logos.

#[test]
fn logo_of_a_wide_photo_is_cover_cropped_to_exact_squares() {
    // Red | green | blue thirds: the centre square is all green, so a crop shows no red or blue,
    // and a squash would put red and blue in the corners.
    let pixels = RgbImage::from_fn(3000, 1000, |x, _| match x {
        0..1000 => Rgb([220, 30, 30]),
        1000..2000 => Rgb([30, 200, 40]),
        _ => Rgb([30, 40, 220]),
    });
    let renditions = process_logo(&jpeg(&pixels, 90)).expect("accepted");

    let names: Vec<_> = renditions.iter().map(|r| (r.name, r.width, r.height, r.content_type)).collect();
    assert_eq!(names, vec![("256", 256, 256, "image/jpeg"), ("64", 64, 64, "image/jpeg")]);
    for rendition in &renditions {
        assert_eq!(sniff(&rendition.bytes), souk_services::media::ImageKind::Jpeg);
        assert_eq!(rendition.extension(), "jpg");
        let decoded = decode(rendition).to_rgb8();
        assert_eq!(decoded.dimensions(), (rendition.width, rendition.height));
        let last = rendition.width - 1;
        for (x, y) in [(0, 0), (last, 0), (0, last), (last, last), (last / 2, last / 2)] {
            let pixel = decoded.get_pixel(x, y).0;
            assert!(
                close(pixel, [30, 200, 40]),
                "{} at ({x},{y}) is {pixel:?}, not the centre's green",
                rendition.name
            );
        }
    }
}

#[test]
fn logo_with_transparency_stays_png_and_keeps_its_alpha() {
    // A round logo on a transparent background.
    let pixels = RgbaImage::from_fn(300, 300, |x, y| {
        let (dx, dy) = (x as i32 - 150, y as i32 - 150);
        if dx * dx + dy * dy < 120 * 120 { Rgba([200, 20, 60, 255]) } else { Rgba([0, 0, 0, 0]) }
    });
    let renditions = process_logo(&png_rgba(&pixels)).expect("accepted");
    assert_eq!(renditions.len(), 2);
    for rendition in &renditions {
        assert_eq!(rendition.content_type, "image/png");
        assert_eq!(rendition.extension(), "png");
        assert_eq!(sniff(&rendition.bytes), souk_services::media::ImageKind::Png);
        let decoded = decode(rendition);
        assert!(decoded.color().has_alpha());
        let rgba = decoded.to_rgba8();
        assert_eq!(rgba.dimensions(), (rendition.width, rendition.width));
        assert_eq!(rgba.get_pixel(0, 0)[3], 0, "corner stays transparent");
        let middle = rendition.width / 2;
        assert_eq!(rgba.get_pixel(middle, middle).0, [200, 20, 60, 255], "centre stays opaque red");
        // Edge pixels are partly transparent red, not darkened by the transparent black around
        // the circle (which is what resizing straight, not premultiplied, alpha gives).
        let edges: Vec<_> = rgba.pixels().filter(|p| p[3] > 16 && p[3] < 240).collect();
        assert!(!edges.is_empty(), "the circle has soft edges");
        for edge in edges {
            assert!(edge[0] >= 180 && edge[1] <= 40, "{} edge pixel {:?} is fringed", rendition.name, edge.0);
        }
    }
}

#[test]
fn opaque_png_logo_becomes_jpeg() {
    let pixels = RgbaImage::from_pixel(100, 80, Rgba([10, 120, 200, 255]));
    let renditions = process_logo(&png_rgba(&pixels)).expect("accepted");
    assert!(renditions.iter().all(|r| r.content_type == "image/jpeg"));
    // A small logo is upscaled to fill the square slots.
    assert_eq!(renditions[0].width, 256);
    assert_eq!(decode(&renditions[0]).dimensions(), (256, 256));
}

#[test]
fn exif_comments_and_text_chunks_do_not_survive() {
    let original = jpeg(&photo(640, 480), 90);
    let with_exif = insert_after_soi(&original, 0xE1, &exif_payload(1, "GPS-SECRET 33.5731N 7.5898W"));
    let mut with_xmp_payload = b"http://ns.adobe.com/xap/1.0/\0".to_vec();
    with_xmp_payload.extend_from_slice(b"<x:xmpmeta>XMP-SECRET</x:xmpmeta>");
    let with_xmp = insert_after_soi(&with_exif, 0xE1, &with_xmp_payload);
    let upload = insert_after_soi(&with_xmp, 0xFE, b"COMMENT-SECRET");
    for secret in [&b"GPS-SECRET"[..], b"XMP-SECRET", b"COMMENT-SECRET"] {
        assert!(contains(&upload, secret), "the test upload carries the secret");
    }

    let logo = process_logo(&upload).expect("logo accepted");
    let ad = process_ad_photo(&upload).expect("ad photo accepted");
    for rendition in logo.iter().chain(&ad) {
        for secret in [&b"GPS-SECRET"[..], b"XMP-SECRET", b"COMMENT-SECRET", b"Exif\0\0"] {
            assert!(!contains(&rendition.bytes, secret), "{} still contains {:?}", rendition.name, secret);
        }
    }

    // A PNG text chunk is dropped as well.
    let png = png_rgba(&RgbaImage::from_pixel(64, 64, Rgba([1, 2, 3, 100])));
    let iend = png.len() - 12;
    let mut with_text = png[..iend].to_vec();
    with_text.extend_from_slice(&png_chunk(b"tEXt", b"Comment\0PNG-SECRET"));
    with_text.extend_from_slice(&png[iend..]);
    let renditions = process_logo(&with_text).expect("png accepted");
    assert!(renditions.iter().all(|r| !contains(&r.bytes, b"PNG-SECRET")));
}

#[test]
fn exif_orientation_is_applied_before_it_is_dropped() {
    // Stored landscape, top half red and bottom half blue, tagged "rotate 90° clockwise to
    // display" (orientation 6), as a phone held upright writes it.
    let stored = RgbImage::from_fn(300, 200, |_, y| if y < 100 { Rgb([220, 30, 30]) } else { Rgb([30, 40, 220]) });
    let upload = insert_after_soi(&jpeg(&stored, 92), 0xE1, &exif_payload(6, "x"));

    let ad = process_ad_photo(&upload).expect("accepted");
    let large = decode(&ad[0]).to_rgb8();
    assert_eq!((ad[0].width, ad[0].height), (200, 300), "portrait once rotated");
    assert_eq!(large.dimensions(), (200, 300));
    // After a clockwise quarter turn the top (red) is on the right, the bottom (blue) on the left.
    assert!(close(large.get_pixel(190, 150).0, [220, 30, 30]), "right is {:?}", large.get_pixel(190, 150));
    assert!(close(large.get_pixel(10, 150).0, [30, 40, 220]), "left is {:?}", large.get_pixel(10, 150));

    // Without the tag the same bytes stay landscape.
    let plain = process_ad_photo(&jpeg(&stored, 92)).expect("accepted");
    assert_eq!((plain[0].width, plain[0].height), (300, 200));
}

// ---------------------------------------------------------------------------------------------
// Ad photos.

#[test]
fn ad_photo_renditions_keep_the_aspect_ratio() {
    let renditions = process_ad_photo(&jpeg(&photo(3000, 1000), 85)).expect("accepted");
    let sizes: Vec<_> = renditions.iter().map(|r| (r.name, r.width, r.height)).collect();
    assert_eq!(sizes, vec![("large", 1600, 533), ("medium", 800, 267), ("thumb", 320, 107)]);
    for rendition in &renditions {
        assert_eq!(rendition.content_type, "image/jpeg");
        assert_eq!(decode(rendition).dimensions(), (rendition.width, rendition.height));
    }

    let portrait = process_ad_photo(&jpeg(&photo(1200, 1600), 85)).expect("accepted");
    let sizes: Vec<_> = portrait.iter().map(|r| (r.name, r.width, r.height)).collect();
    assert_eq!(sizes, vec![("large", 900, 1200), ("medium", 450, 600), ("thumb", 180, 240)]);
}

#[test]
fn small_ad_photo_is_never_upscaled() {
    let renditions = process_ad_photo(&jpeg(&photo(200, 100), 85)).expect("accepted");
    assert_eq!(renditions.iter().map(|r| r.name).collect::<Vec<_>>(), vec!["large", "medium", "thumb"]);
    for rendition in &renditions {
        assert_eq!((rendition.width, rendition.height), (200, 100));
        assert_eq!(decode(rendition).dimensions(), (200, 100));
    }
}

#[test]
fn transparent_ad_photo_is_flattened_onto_white() {
    let mut pixels = RgbaImage::from_pixel(100, 100, Rgba([0, 0, 0, 0]));
    for y in 40..60 {
        for x in 40..60 {
            pixels.put_pixel(x, y, Rgba([20, 20, 20, 255]));
        }
    }
    let renditions = process_ad_photo(&png_rgba(&pixels)).expect("accepted");
    let thumb = decode(&renditions[2]).to_rgb8();
    assert_eq!(renditions[2].content_type, "image/jpeg");
    assert!(close(thumb.get_pixel(2, 2).0, [255, 255, 255]), "background is {:?}", thumb.get_pixel(2, 2));
    assert!(close(thumb.get_pixel(50, 50).0, [20, 20, 20]));
}

// ---------------------------------------------------------------------------------------------
// Refusals.

#[test]
fn refuses_what_is_not_an_image() {
    for bytes in
        [&b""[..], b"hello, this is a text file", b"%PDF-1.7\n", b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>"]
    {
        assert_eq!(process_logo(bytes), Err(ImageError::NotAnImage), "{bytes:?}");
        assert_eq!(process_ad_photo(bytes), Err(ImageError::NotAnImage), "{bytes:?}");
    }
}

#[test]
fn refuses_known_formats_without_a_decoder_by_name() {
    let gif = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x00\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;";
    assert_eq!(process_logo(gif), Err(ImageError::UnsupportedFormat("gif")));
    let webp = b"RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00\x2f\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00";
    assert_eq!(process_logo(webp), Err(ImageError::UnsupportedFormat("webp")));
    assert_eq!(process_ad_photo(webp), Err(ImageError::UnsupportedFormat("webp")));
    let heic = b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic";
    assert_eq!(process_ad_photo(heic), Err(ImageError::UnsupportedFormat("heif")));
}

#[test]
fn refuses_files_over_the_byte_limit_before_looking_at_them() {
    let mut big = jpeg(&photo(64, 64), 90);
    big.resize(LOGO_LIMITS.max_bytes + 1, 0);
    assert_eq!(process_logo(&big), Err(ImageError::TooLarge { max_bytes: LOGO_LIMITS.max_bytes }));
    // The same file is within the ad-photo limit (and decodes: trailing bytes after the image).
    assert!(process_ad_photo(&big).is_ok());
    let mut text = vec![b'a'; AD_PHOTO_LIMITS.max_bytes + 1];
    assert_eq!(process_ad_photo(&text), Err(ImageError::TooLarge { max_bytes: AD_PHOTO_LIMITS.max_bytes }));
    text.truncate(AD_PHOTO_LIMITS.max_bytes);
    assert_eq!(process_ad_photo(&text), Err(ImageError::NotAnImage));
}

#[test]
fn refuses_decompression_bombs_from_the_header_without_allocating() {
    let huge = png_claiming(100_000, 100_000, 8, 6);
    assert!(huge.len() < 100);
    let (logo, largest) = largest_allocation_of(|| process_logo(&huge));
    assert_eq!(logo, Err(ImageError::TooManyPixels));
    assert!(largest < 1024 * 1024, "largest allocation was {largest} bytes");
    let (ad, largest) = largest_allocation_of(|| process_ad_photo(&huge));
    assert_eq!(ad, Err(ImageError::TooManyPixels));
    assert!(largest < 1024 * 1024, "largest allocation was {largest} bytes");

    // Within the dimension limits but over the memory limit: 8000 x 8000 at 16 bits per RGBA
    // channel would need 512 MB.
    let (deep, largest) = largest_allocation_of(|| process_ad_photo(&png_claiming(8000, 8000, 16, 6)));
    assert_eq!(deep, Err(ImageError::TooManyPixels));
    assert!(largest < 1024 * 1024, "largest allocation was {largest} bytes");

    // One pixel too wide for a logo.
    let (wide, _) = largest_allocation_of(|| process_logo(&png_claiming(LOGO_LIMITS.max_width + 1, 10, 8, 2)));
    assert_eq!(wide, Err(ImageError::TooManyPixels));

    // A JPEG whose frame header claims 60000 x 60000.
    let mut bomb = jpeg(&photo(16, 16), 90);
    let sof = bomb.windows(2).position(|w| w == [0xFF, 0xC0]).expect("baseline SOF0");
    bomb[sof + 5..sof + 7].copy_from_slice(&60_000u16.to_be_bytes());
    bomb[sof + 7..sof + 9].copy_from_slice(&60_000u16.to_be_bytes());
    let (jpeg_bomb, largest) = largest_allocation_of(|| process_ad_photo(&bomb));
    assert_eq!(jpeg_bomb, Err(ImageError::TooManyPixels));
    assert!(largest < 1024 * 1024, "largest allocation was {largest} bytes");
}

#[test]
fn a_header_with_a_bad_checksum_is_corrupt() {
    let mut png = png_claiming(10, 10, 8, 2);
    png[29] ^= 0xFF; // last byte of the IHDR CRC
    assert!(matches!(process_logo(&png), Err(ImageError::Corrupt(_))), "{:?}", process_logo(&png));
}

#[test]
fn truncated_files_are_refused_without_panicking() {
    let whole = jpeg(&photo(400, 300), 90);
    let png = png_rgba(&RgbaImage::from_fn(200, 150, |x, y| Rgba([x as u8, y as u8, 7, 200])));
    for (name, file) in [("jpeg", &whole), ("png", &png)] {
        for cut in [3, 10, 40, 200, file.len() / 3, file.len() / 2, file.len() * 9 / 10] {
            for result in [process_logo(&file[..cut]), process_ad_photo(&file[..cut])] {
                assert!(
                    matches!(result, Err(ImageError::Corrupt(_) | ImageError::NotAnImage)),
                    "{name} cut at {cut} of {}: {result:?}",
                    file.len()
                );
            }
        }
    }
}

#[test]
fn garbage_after_a_valid_signature_never_panics() {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let whole = jpeg(&photo(64, 48), 80);
    for _ in 0..300 {
        let mut file = whole.clone();
        for _ in 0..(next() % 8 + 1) {
            let at = 3 + (next() as usize) % (file.len() - 3);
            file[at] = next() as u8;
        }
        // Any outcome but a panic is acceptable for a damaged file; an accepted one is a real JPEG.
        if let Ok(renditions) = process_ad_photo(&file) {
            assert!(renditions.iter().all(|r| r.content_type == "image/jpeg" && !r.bytes.is_empty()));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Cost, printed for the record (run with --nocapture); not asserted.

#[test]
fn camera_sized_photo_cost() {
    let upload = jpeg(&photo(3000, 2000), 88);
    let started = Instant::now();
    let logo = process_logo(&upload).expect("logo accepted");
    let logo_time = started.elapsed();
    let started = Instant::now();
    let ad = process_ad_photo(&upload).expect("ad photo accepted");
    let ad_time = started.elapsed();
    assert_eq!(logo.iter().map(|r| (r.width, r.height)).collect::<Vec<_>>(), vec![(256, 256), (64, 64)]);
    assert_eq!(ad.iter().map(|r| (r.width, r.height)).collect::<Vec<_>>(), vec![(1600, 1067), (800, 533), (320, 213)]);
    eprintln!(
        "3000x2000 JPEG of {} KiB: process_logo {logo_time:?} ({} + {} bytes), process_ad_photo {ad_time:?} ({} bytes)",
        upload.len() / 1024,
        logo[0].bytes.len(),
        logo[1].bytes.len(),
        ad.iter().map(|r| r.bytes.len()).sum::<usize>(),
    );
}
