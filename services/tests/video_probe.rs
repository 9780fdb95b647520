//! Ad video intake from the outside: synthetic MP4 and QuickTime files built box by box in the
//! test, checked for what is read from them (duration, size, rotation, codec, audio) and for every
//! refusal — including hostile files, which must be refused as damaged, never with a panic or a
//! large allocation.

use souk_services::video::{
    MAX_VIDEO_BYTES, MAX_VIDEO_DURATION_MS, VideoContainer, VideoProblem, check_ad_video, probe_video,
};

#[path = "support/watching_alloc.rs"]
mod watching_alloc;
use watching_alloc::largest_allocation_of;

// ---------------------------------------------------------------------------------------------
// Writing boxes.

/// A box with a 32-bit size.
fn bx(kind: &[u8; 4], content: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(8 + content.len());
    out.extend_from_slice(&u32::try_from(8 + content.len()).expect("small box").to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(content);
    out
}

/// A box with size 1 and a 64-bit `largesize`.
fn large_bx(kind: &[u8; 4], content: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(16 + content.len());
    out.extend_from_slice(&1u32.to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(&(16 + content.len() as u64).to_be_bytes());
    out.extend_from_slice(content);
    out
}

/// A box with size 0: it extends to the end of the file.
fn eof_bx(kind: &[u8; 4], content: &[u8]) -> Vec<u8> {
    let mut out = vec![0, 0, 0, 0];
    out.extend_from_slice(kind);
    out.extend_from_slice(content);
    out
}

/// A box whose content is a list of boxes.
fn container(kind: &[u8; 4], children: &[Vec<u8>]) -> Vec<u8> {
    bx(kind, &children.concat())
}

/// Big-endian fields.
#[derive(Default)]
struct W(Vec<u8>);

impl W {
    fn u8(mut self, v: u8) -> Self {
        self.0.push(v);
        self
    }
    fn u16(mut self, v: u16) -> Self {
        self.0.extend_from_slice(&v.to_be_bytes());
        self
    }
    fn u32(mut self, v: u32) -> Self {
        self.0.extend_from_slice(&v.to_be_bytes());
        self
    }
    fn i32(mut self, v: i32) -> Self {
        self.0.extend_from_slice(&v.to_be_bytes());
        self
    }
    fn u64(mut self, v: u64) -> Self {
        self.0.extend_from_slice(&v.to_be_bytes());
        self
    }
    fn bytes(mut self, v: &[u8]) -> Self {
        self.0.extend_from_slice(v);
        self
    }
    fn zeros(mut self, n: usize) -> Self {
        self.0.resize(self.0.len() + n, 0);
        self
    }
    /// A full box's version and flags.
    fn full(self, version: u8, flags: u32) -> Self {
        self.u8(version).bytes(&flags.to_be_bytes()[1..])
    }
    /// A 32-bit field in version 0, 64-bit in version 1.
    fn sized(self, version: u8, v: u64) -> Self {
        if version == 1 { self.u64(v) } else { self.u32(u32::try_from(v).expect("fits version 0")) }
    }
}

const ONE: i32 = 0x0001_0000;

/// The track matrix of a clockwise rotation.
fn matrix(rotation: u16) -> [i32; 9] {
    let (a, b, c, d) = match rotation {
        0 => (ONE, 0, 0, ONE),
        90 => (0, ONE, -ONE, 0),
        180 => (-ONE, 0, 0, -ONE),
        270 => (0, -ONE, ONE, 0),
        _ => panic!("not a quarter turn"),
    };
    [a, b, 0, c, d, 0, 0, 0, 0x4000_0000]
}

// ---------------------------------------------------------------------------------------------
// Building whole files.

#[derive(Clone)]
struct Spec {
    /// `None`: an old QuickTime file without `ftyp`.
    brand: Option<[u8; 4]>,
    duration_ms: u64,
    width: u32,
    height: u32,
    rotation: u16,
    audio: bool,
    codec: [u8; 4],
    /// Version of `mvhd`, `tkhd` and `mdhd`.
    version: u8,
    /// Movie timescale (ticks per second).
    timescale: u32,
    moov_after_mdat: bool,
    /// `moov` and `mdat` with 64-bit sizes.
    largesize: bool,
    mdat_len: usize,
}

impl Default for Spec {
    fn default() -> Self {
        Self {
            brand: Some(*b"isom"),
            duration_ms: 30_000,
            width: 1280,
            height: 720,
            rotation: 0,
            audio: true,
            codec: *b"avc1",
            version: 0,
            timescale: 1000,
            moov_after_mdat: false,
            largesize: false,
            mdat_len: 64,
        }
    }
}

const VIDEO_TIMESCALE: u32 = 90_000;
const AUDIO_TIMESCALE: u32 = 48_000;

fn ticks(ms: u64, timescale: u32) -> u64 {
    ms * u64::from(timescale) / 1000
}

fn ftyp(brand: &[u8; 4]) -> Vec<u8> {
    bx(b"ftyp", &W::default().bytes(brand).u32(0x200).bytes(brand).bytes(b"mp41").0)
}

fn mvhd(version: u8, timescale: u32, duration: u64) -> Vec<u8> {
    let mut w = W::default().full(version, 0).sized(version, 0).sized(version, 0).u32(timescale);
    w = w.sized(version, duration).u32(0x0001_0000).u16(0x0100).zeros(10);
    for v in matrix(0) {
        w = w.i32(v);
    }
    bx(b"mvhd", &w.zeros(24).u32(3).0)
}

fn tkhd(version: u8, id: u32, duration: u64, m: [i32; 9], width: u32, height: u32) -> Vec<u8> {
    let mut w = W::default().full(version, 3).sized(version, 0).sized(version, 0).u32(id).u32(0);
    w = w.sized(version, duration).zeros(8).u16(0).u16(0).u16(0).u16(0);
    for v in m {
        w = w.i32(v);
    }
    bx(b"tkhd", &w.u32(width << 16).u32(height << 16).0)
}

fn mdhd(version: u8, timescale: u32, duration: u64) -> Vec<u8> {
    let w = W::default().full(version, 0).sized(version, 0).sized(version, 0).u32(timescale);
    bx(b"mdhd", &w.sized(version, duration).u16(0x55c4).u16(0).0)
}

fn hdlr(handler: &[u8; 4]) -> Vec<u8> {
    bx(b"hdlr", &W::default().full(0, 0).u32(0).bytes(handler).zeros(12).bytes(b"Handler\0").0)
}

fn visual_entry(codec: &[u8; 4], width: u16, height: u16) -> Vec<u8> {
    let w = W::default().zeros(6).u16(1).zeros(16).u16(width).u16(height);
    let w = w.u32(0x0048_0000).u32(0x0048_0000).u32(0).u16(1).zeros(32).u16(0x18).u16(0xFFFF);
    bx(codec, &w.0)
}

fn audio_entry() -> Vec<u8> {
    bx(b"mp4a", &W::default().zeros(6).u16(1).zeros(8).u16(2).u16(16).u32(0).u32(AUDIO_TIMESCALE << 16).0)
}

fn stbl(entry: Vec<u8>) -> Vec<u8> {
    let stsd = bx(b"stsd", &W::default().full(0, 0).u32(1).bytes(&entry).0);
    let empty = |kind: &[u8; 4]| bx(kind, &W::default().full(0, 0).u32(0).0);
    container(b"stbl", &[stsd, empty(b"stts"), empty(b"stsc"), bx(b"stsz", &[0; 12]), empty(b"stco")])
}

fn trak(tkhd: Vec<u8>, mdhd: Vec<u8>, handler: &[u8; 4], entry: Vec<u8>) -> Vec<u8> {
    let header =
        if handler == b"vide" { bx(b"vmhd", &[0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]) } else { bx(b"smhd", &[0; 8]) };
    let minf = container(b"minf", &[header, stbl(entry)]);
    container(b"trak", &[tkhd, container(b"mdia", &[mdhd, hdlr(handler), minf])])
}

fn moov(spec: &Spec) -> Vec<u8> {
    let v = spec.version;
    let movie_ticks = ticks(spec.duration_ms, spec.timescale);
    let mut children = vec![mvhd(v, spec.timescale, movie_ticks)];
    let width = u16::try_from(spec.width).unwrap_or(u16::MAX);
    let height = u16::try_from(spec.height).unwrap_or(u16::MAX);
    children.push(trak(
        tkhd(v, 1, movie_ticks, matrix(spec.rotation), spec.width, spec.height),
        mdhd(v, VIDEO_TIMESCALE, ticks(spec.duration_ms, VIDEO_TIMESCALE)),
        b"vide",
        visual_entry(&spec.codec, width, height),
    ));
    if spec.audio {
        children.push(trak(
            tkhd(v, 2, movie_ticks, matrix(0), 0, 0),
            mdhd(v, AUDIO_TIMESCALE, ticks(spec.duration_ms, AUDIO_TIMESCALE)),
            b"soun",
            audio_entry(),
        ));
    }
    let content = children.concat();
    if spec.largesize { large_bx(b"moov", &content) } else { bx(b"moov", &content) }
}

fn build(spec: &Spec) -> Vec<u8> {
    let mut parts = Vec::new();
    match spec.brand {
        Some(brand) => parts.push(ftyp(&brand)),
        None => parts.push(bx(b"wide", &[])),
    }
    let payload = vec![0x5A; spec.mdat_len];
    let mdat = if spec.largesize { large_bx(b"mdat", &payload) } else { bx(b"mdat", &payload) };
    if spec.moov_after_mdat {
        parts.extend([mdat, moov(spec)]);
    } else {
        parts.extend([moov(spec), mdat]);
    }
    parts.concat()
}

fn landscape() -> Vec<u8> {
    build(&Spec::default())
}

fn is_malformed<T: std::fmt::Debug>(result: &Result<T, VideoProblem>) -> bool {
    matches!(result, Err(VideoProblem::Malformed(_)))
}

// ---------------------------------------------------------------------------------------------
// What is read.

#[test]
fn landscape_30s_mp4_is_accepted_with_its_metadata() {
    let file = landscape();
    let info = check_ad_video(&file).expect("accepted");
    assert_eq!(info.container, VideoContainer::Mp4);
    assert_eq!(info.container.content_type(), "video/mp4");
    assert_eq!(info.duration_ms, 30_000);
    assert_eq!((info.width, info.height), (1280, 720));
    assert_eq!((info.display_width(), info.display_height()), (1280, 720));
    assert_eq!(info.rotation, 0);
    assert!(info.has_audio);
    assert_eq!(info.codec.as_deref(), Some("avc1"));
    assert_eq!(probe_video(&file), Ok(info));
}

#[test]
fn a_video_without_sound_has_no_audio() {
    let info = check_ad_video(&build(&Spec { audio: false, ..Spec::default() })).expect("accepted");
    assert!(!info.has_audio);
}

#[test]
fn video_of_61_seconds_is_too_long() {
    let file = build(&Spec { duration_ms: 61_000, ..Spec::default() });
    assert_eq!(check_ad_video(&file), Err(VideoProblem::TooLong { duration_ms: 61_000 }));
    // Probing alone applies no rule.
    assert_eq!(probe_video(&file).map(|i| i.duration_ms), Ok(61_000));
}

#[test]
fn exactly_one_minute_is_too_long_and_just_under_is_accepted() {
    assert_eq!(MAX_VIDEO_DURATION_MS, 60_000);
    let file = build(&Spec { duration_ms: 60_000, ..Spec::default() });
    assert_eq!(check_ad_video(&file), Err(VideoProblem::TooLong { duration_ms: 60_000 }));
    let file = build(&Spec { duration_ms: 59_999, ..Spec::default() });
    assert_eq!(check_ad_video(&file).map(|i| i.duration_ms), Ok(59_999));
    // 59 999.9 ms, in a timescale finer than milliseconds, is still under a minute.
    let mut spec = Spec { timescale: 10_000, ..Spec::default() };
    spec.duration_ms = 0;
    let mut file = build(&spec);
    patch_mvhd_duration(&mut file, 599_999);
    assert_eq!(check_ad_video(&file).map(|i| i.duration_ms), Ok(59_999));
}

/// Overwrites the 32-bit duration of a version-0 `mvhd`.
fn patch_mvhd_duration(file: &mut [u8], duration: u32) {
    let at = find(file, b"mvhd") + 4 + 4 + 12;
    file[at..at + 4].copy_from_slice(&duration.to_be_bytes());
}

fn find(file: &[u8], kind: &[u8; 4]) -> usize {
    file.windows(4).position(|w| w == kind).expect("box present")
}

#[test]
fn portrait_is_not_landscape() {
    let file = build(&Spec { width: 720, height: 1280, ..Spec::default() });
    assert_eq!(check_ad_video(&file), Err(VideoProblem::NotLandscape { width: 720, height: 1280 }));
}

#[test]
fn square_is_not_landscape() {
    let file = build(&Spec { width: 720, height: 720, ..Spec::default() });
    assert_eq!(check_ad_video(&file), Err(VideoProblem::NotLandscape { width: 720, height: 720 }));
}

#[test]
fn landscape_stored_but_rotated_a_quarter_turn_is_portrait() {
    for rotation in [90, 270] {
        let file = build(&Spec { width: 1920, height: 1080, rotation, ..Spec::default() });
        let info = probe_video(&file).expect("probed");
        assert_eq!(info.rotation, rotation);
        assert_eq!((info.width, info.height), (1920, 1080));
        assert_eq!((info.display_width(), info.display_height()), (1080, 1920));
        assert_eq!(check_ad_video(&file), Err(VideoProblem::NotLandscape { width: 1080, height: 1920 }));
    }
}

#[test]
fn portrait_stored_but_rotated_a_quarter_turn_is_landscape() {
    for rotation in [90, 270] {
        let file = build(&Spec { width: 1080, height: 1920, rotation, ..Spec::default() });
        let info = check_ad_video(&file).expect("accepted");
        assert_eq!((info.display_width(), info.display_height()), (1920, 1080));
    }
    // Upside down keeps the shape.
    let info = check_ad_video(&build(&Spec { rotation: 180, ..Spec::default() })).expect("accepted");
    assert_eq!((info.rotation, info.display_width(), info.display_height()), (180, 1280, 720));
}

#[test]
fn version_1_headers_with_64_bit_durations() {
    // A nanosecond timescale: 30 s is 3e10 ticks, more than 32 bits hold.
    let spec = Spec { version: 1, timescale: 1_000_000_000, ..Spec::default() };
    assert!(ticks(spec.duration_ms, spec.timescale) > u64::from(u32::MAX));
    let info = check_ad_video(&build(&spec)).expect("accepted");
    assert_eq!(info.duration_ms, 30_000);
    assert_eq!((info.width, info.height), (1280, 720));

    // Ten hours, in 64 bits, is read as such.
    let file = build(&Spec { version: 1, timescale: 1_000_000_000, duration_ms: 36_000_000, ..Spec::default() });
    assert_eq!(check_ad_video(&file), Err(VideoProblem::TooLong { duration_ms: 36_000_000 }));
}

#[test]
fn track_durations_stand_in_for_a_missing_movie_duration() {
    let mut file = landscape();
    patch_mvhd_duration(&mut file, 0);
    assert_eq!(check_ad_video(&file).map(|i| i.duration_ms), Ok(30_000));
}

#[test]
fn moov_after_mdat_is_read() {
    let file = build(&Spec { moov_after_mdat: true, mdat_len: 10_000, ..Spec::default() });
    assert!(find(&file, b"mdat") < find(&file, b"moov"));
    let info = check_ad_video(&file).expect("accepted");
    assert_eq!((info.duration_ms, info.width, info.height), (30_000, 1280, 720));
}

#[test]
fn largesize_boxes_are_read() {
    for moov_after_mdat in [false, true] {
        let file = build(&Spec { largesize: true, moov_after_mdat, ..Spec::default() });
        assert_eq!(&file[find(&file, b"moov") - 4..][..4], &1u32.to_be_bytes());
        let info = check_ad_video(&file).expect("accepted");
        assert_eq!(info.duration_ms, 30_000);
    }
}

#[test]
fn a_last_box_of_size_zero_extends_to_the_end_of_the_file() {
    let file = [ftyp(b"isom"), moov(&Spec::default()), eof_bx(b"mdat", &[7; 100])].concat();
    assert_eq!(check_ad_video(&file).map(|i| i.duration_ms), Ok(30_000));
}

#[test]
fn quicktime_brand_and_old_quicktime_files_are_mov() {
    let file = build(&Spec { brand: Some(*b"qt  "), codec: *b"hvc1", ..Spec::default() });
    let info = check_ad_video(&file).expect("accepted");
    assert_eq!(info.container, VideoContainer::Mov);
    assert_eq!(info.container.content_type(), "video/quicktime");
    assert_eq!(info.codec.as_deref(), Some("hvc1"));

    // No ftyp: `wide`, then `mdat`, then `moov`, as old QuickTime wrote them.
    let file = build(&Spec { brand: None, moov_after_mdat: true, ..Spec::default() });
    assert_eq!(&file[4..8], b"wide");
    assert_eq!(check_ad_video(&file).map(|i| i.container), Ok(VideoContainer::Mov));

    // Other brands are MP4.
    let file = build(&Spec { brand: Some(*b"mp42"), ..Spec::default() });
    assert_eq!(check_ad_video(&file).map(|i| i.container), Ok(VideoContainer::Mp4));
}

#[test]
fn tkhd_without_size_falls_back_to_the_sample_entry() {
    let spec = Spec::default();
    let mut file = build(&spec);
    // Zero the tkhd width and height of the video track (the first tkhd).
    let at = find(&file, b"tkhd") + 4 + 84 - 8;
    file[at..at + 8].fill(0);
    let info = check_ad_video(&file).expect("accepted");
    assert_eq!((info.width, info.height), (1280, 720));
}

#[test]
fn fragmented_mp4_duration_comes_from_its_fragments() {
    // Empty sample tables in moov, mvhd duration 0, then fragments of 10 s each.
    let fragmented = |fragments: u32, with_mehd: Option<u64>| {
        let spec = Spec { duration_ms: 0, audio: false, ..Spec::default() };
        let mut moov_children = vec![mvhd(0, 1000, 0)];
        moov_children.push(trak(
            tkhd(0, 1, 0, matrix(0), 1280, 720),
            mdhd(0, VIDEO_TIMESCALE, 0),
            b"vide",
            visual_entry(&spec.codec, 1280, 720),
        ));
        let trex = bx(b"trex", &W::default().full(0, 0).u32(1).u32(1).u32(3000).u32(0).u32(0).0);
        let mut mvex = vec![trex];
        if let Some(ms) = with_mehd {
            mvex.insert(0, bx(b"mehd", &W::default().full(1, 0).u64(ms).0));
        }
        moov_children.push(container(b"mvex", &mvex));
        let mut parts = vec![ftyp(b"iso6"), container(b"moov", &moov_children)];
        for n in 0..fragments {
            // 300 samples of 3000 ticks at 90 kHz: alternately explicit durations, the tfhd
            // default and the trex default.
            let (tfhd, trun) = match n % 3 {
                0 => {
                    let mut trun = W::default().full(0, 0x301).u32(300).i32(0);
                    for _ in 0..300 {
                        trun = trun.u32(3000).u32(10);
                    }
                    (W::default().full(0, 0x02_0000).u32(1), trun)
                }
                1 => (W::default().full(0, 0x08).u32(1).u32(3000), W::default().full(0, 0).u32(300)),
                _ => (W::default().full(0, 0).u32(1), W::default().full(0, 0x200).u32(300).zeros(4 * 300)),
            };
            let traf = container(b"traf", &[bx(b"tfhd", &tfhd.0), bx(b"trun", &trun.0)]);
            parts.push(container(b"moof", &[bx(b"mfhd", &W::default().full(0, 0).u32(n + 1).0), traf]));
            parts.push(bx(b"mdat", &[0; 16]));
        }
        parts.concat()
    };
    assert_eq!(check_ad_video(&fragmented(3, None)).map(|i| i.duration_ms), Ok(30_000));
    assert_eq!(check_ad_video(&fragmented(7, None)), Err(VideoProblem::TooLong { duration_ms: 70_000 }));
    assert_eq!(check_ad_video(&fragmented(0, Some(45_000))).map(|i| i.duration_ms), Ok(45_000));
    // No duration anywhere: refused, not taken as zero.
    assert!(is_malformed(&check_ad_video(&fragmented(0, None))));
}

#[test]
fn checks_run_in_order_size_duration_shape() {
    // Too long and portrait: the duration is reported.
    let file = build(&Spec { duration_ms: 90_000, width: 720, height: 1280, ..Spec::default() });
    assert_eq!(check_ad_video(&file), Err(VideoProblem::TooLong { duration_ms: 90_000 }));
    // Too large and not a video: the size is reported, before any parsing.
    let junk = vec![0xAB; MAX_VIDEO_BYTES];
    assert_eq!(check_ad_video(&junk), Err(VideoProblem::TooLarge { bytes: MAX_VIDEO_BYTES }));
}

#[test]
fn size_limit_is_strictly_below_30_mib() {
    assert_eq!(MAX_VIDEO_BYTES, 31_457_280);
    let small = landscape();
    let padding = MAX_VIDEO_BYTES - 1 - small.len();
    let just_under = build(&Spec { mdat_len: 64 + padding, ..Spec::default() });
    assert_eq!(just_under.len(), MAX_VIDEO_BYTES - 1);
    assert_eq!(check_ad_video(&just_under).map(|i| i.duration_ms), Ok(30_000));

    let at_limit = build(&Spec { mdat_len: 64 + padding + 1, ..Spec::default() });
    assert_eq!(at_limit.len(), MAX_VIDEO_BYTES);
    assert_eq!(check_ad_video(&at_limit), Err(VideoProblem::TooLarge { bytes: MAX_VIDEO_BYTES }));
    // The probe itself has no size limit.
    assert!(probe_video(&at_limit).is_ok());
}

// ---------------------------------------------------------------------------------------------
// What is not a video.

#[test]
fn pictures_text_and_noise_are_not_videos() {
    let jpeg = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, b'J', b'F', b'I', b'F', 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xFF, 0xD9];
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x02\0\0\0";
    let mut noise = Vec::new();
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..4096 {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        noise.push((seed >> 56) as u8);
    }
    let webm = [0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81, 0x01, 0x42, 0xF7, 0x81, 0x01];
    let inputs: [&[u8]; 8] = [&[], b"ftyp", &[0; 7], &jpeg, png, &noise, b"<html><body>hello</body></html>", &webm];
    for input in inputs {
        assert_eq!(probe_video(input), Err(VideoProblem::NotAVideo), "{input:02x?}");
        assert_eq!(check_ad_video(input), Err(VideoProblem::NotAVideo));
    }
}

#[test]
fn a_heif_picture_is_not_a_video() {
    let file = [ftyp(b"heic"), bx(b"meta", &[0; 32]), bx(b"mdat", &[0; 32])].concat();
    assert_eq!(probe_video(&file), Err(VideoProblem::NotAVideo));
}

#[test]
fn sound_only_has_no_video_track() {
    let moov = container(
        b"moov",
        &[
            mvhd(0, 1000, 30_000),
            trak(tkhd(0, 1, 30_000, matrix(0), 0, 0), mdhd(0, AUDIO_TIMESCALE, 1_440_000), b"soun", audio_entry()),
        ],
    );
    let file = [ftyp(b"M4A "), moov, bx(b"mdat", &[0; 16])].concat();
    assert_eq!(check_ad_video(&file), Err(VideoProblem::NoVideoTrack));
}

// ---------------------------------------------------------------------------------------------
// Damaged and hostile files.

#[test]
fn every_truncation_is_malformed() {
    // moov last, so that no prefix is a complete file.
    let file = build(&Spec { moov_after_mdat: true, ..Spec::default() });
    for len in 0..file.len() {
        let result = probe_video(&file[..len]);
        if len < 8 {
            assert_eq!(result, Err(VideoProblem::NotAVideo), "length {len}");
        } else {
            assert!(is_malformed(&result), "length {len}: {result:?}");
        }
    }
}

#[test]
fn a_file_without_moov_is_malformed() {
    let file = [ftyp(b"isom"), bx(b"mdat", &[0; 64])].concat();
    let result = probe_video(&file);
    assert!(is_malformed(&result), "{result:?}");
}

#[test]
fn sizes_smaller_than_the_header_are_malformed() {
    for size in [2u32, 4, 7] {
        let mut file = landscape();
        let at = find(&file, b"moov") - 4;
        file[at..at + 4].copy_from_slice(&size.to_be_bytes());
        assert!(is_malformed(&probe_video(&file)), "size {size}");
    }
    // A first box too small for itself.
    assert!(is_malformed(&probe_video(b"\0\0\0\x05ftypisom")));
    // A largesize smaller than its 16-byte header.
    for large in [0u64, 8, 15] {
        let mut file = ftyp(b"isom");
        file.extend(W::default().u32(1).bytes(b"moov").u64(large).zeros(64).0);
        assert!(is_malformed(&probe_video(&file)), "largesize {large}");
    }
    // A largesize header cut short.
    let file = [ftyp(b"isom"), W::default().u32(1).bytes(b"mdat").u32(0).0].concat();
    assert!(is_malformed(&probe_video(&file)));
    // A uuid box must hold its 16-byte extended type.
    let file = [ftyp(b"isom"), bx(b"uuid", &[0; 8]), landscape()[find(&landscape(), b"moov") - 4..].to_vec()].concat();
    assert!(is_malformed(&probe_video(&file)));
    // A stsd sample entry smaller than its header.
    let mut file = landscape();
    let at = find(&file, b"avc1") - 4;
    file[at..at + 4].copy_from_slice(&3u32.to_be_bytes());
    assert!(is_malformed(&probe_video(&file)));
}

#[test]
fn absurd_sizes_are_malformed_without_allocating() {
    let mut cases = Vec::new();
    // 32-bit and 64-bit sizes far past the end of the file.
    for size in [u32::MAX, 0x7FFF_FFFF, 100_000] {
        let mut file = landscape();
        let at = find(&file, b"moov") - 4;
        file[at..at + 4].copy_from_slice(&size.to_be_bytes());
        cases.push(file);
    }
    for large in [u64::MAX, u64::MAX / 2, 1 << 40] {
        let mut file = ftyp(b"isom");
        file.extend(W::default().u32(1).bytes(b"mdat").u64(large).zeros(64).0);
        cases.push(file);
    }
    // A child larger than its parent, though smaller than the file.
    let mut file = build(&Spec { mdat_len: 100_000, moov_after_mdat: false, ..Spec::default() });
    let at = find(&file, b"trak") - 4;
    file[at..at + 4].copy_from_slice(&50_000u32.to_be_bytes());
    cases.push(file);
    // Counts that promise more than there is.
    let mut file = landscape();
    let at = find(&file, b"stsd") + 8;
    file[at..at + 4].copy_from_slice(&u32::MAX.to_be_bytes());
    cases.push(file);

    for (n, case) in cases.iter().enumerate() {
        let (result, largest) = largest_allocation_of(|| probe_video(case));
        if n == cases.len() - 1 {
            // A huge entry count with one entry is fine: only the first entry is read.
            assert!(result.is_ok(), "case {n}: {result:?}");
        } else {
            assert!(is_malformed(&result), "case {n}: {result:?}");
        }
        assert!(largest < 64 * 1024, "case {n} allocated {largest} bytes");
    }
}

#[test]
fn a_trun_promising_more_samples_than_it_holds_is_malformed() {
    let moov = container(
        b"moov",
        &[
            mvhd(0, 1000, 0),
            trak(tkhd(0, 1, 0, matrix(0), 1280, 720), mdhd(0, 90_000, 0), b"vide", visual_entry(b"avc1", 1280, 720)),
            container(b"mvex", &[bx(b"trex", &W::default().full(0, 0).u32(1).u32(1).u32(3000).u32(0).u32(0).0)]),
        ],
    );
    let trun = W::default().full(0, 0x100).u32(u32::MAX).u32(3000);
    let traf = container(b"traf", &[bx(b"tfhd", &W::default().full(0, 0).u32(1).0), bx(b"trun", &trun.0)]);
    let file = [ftyp(b"iso6"), moov, container(b"moof", &[traf])].concat();
    let (result, largest) = largest_allocation_of(|| probe_video(&file));
    assert!(is_malformed(&result), "{result:?}");
    assert!(largest < 64 * 1024);
}

#[test]
fn deep_nesting_and_box_floods_are_malformed() {
    // moov inside moov inside moov...
    let mut nested = mvhd(0, 1000, 1000);
    for _ in 0..1000 {
        nested = bx(b"moov", &nested);
    }
    let file = [ftyp(b"isom"), nested].concat();
    let result = probe_video(&file);
    assert!(matches!(&result, Err(VideoProblem::Malformed(m)) if m.contains("nested")), "{result:?}");

    // trak/mdia/minf/stbl repeated along the path that is read.
    let mut nested = bx(b"stsd", &[0; 8]);
    for _ in 0..100 {
        for kind in [b"stbl", b"minf", b"mdia", b"trak"] {
            nested = bx(kind, &nested);
        }
    }
    let file = [ftyp(b"isom"), bx(b"moov", &nested)].concat();
    assert!(is_malformed(&probe_video(&file)));

    // 200 000 empty boxes inside moov.
    let flood = bx(b"free", &[]).repeat(200_000);
    let file = [ftyp(b"isom"), bx(b"moov", &flood)].concat();
    let result = probe_video(&file);
    assert!(matches!(&result, Err(VideoProblem::Malformed(m)) if m.contains("boxes")), "{result:?}");
}

#[test]
fn other_damage_is_malformed() {
    let replace = |from: &[u8; 4], to: &[u8; 4]| {
        let mut file = landscape();
        let at = find(&file, from);
        file[at..at + 4].copy_from_slice(to);
        file
    };
    // No mvhd, no tkhd in the video track, unknown versions, two moov boxes, cmov.
    assert!(is_malformed(&probe_video(&replace(b"mvhd", b"xxxx"))));
    assert!(is_malformed(&probe_video(&replace(b"tkhd", b"xxxx"))));
    let mut file = landscape();
    let at = find(&file, b"mvhd") + 4;
    file[at] = 2;
    assert!(is_malformed(&probe_video(&file)));
    let file = [landscape(), moov(&Spec::default())].concat();
    assert!(is_malformed(&probe_video(&file)));
    let file = [ftyp(b"qt  "), container(b"moov", &[bx(b"cmov", &[0; 32])])].concat();
    assert!(is_malformed(&probe_video(&file)));
    // A zero movie timescale.
    let mut file = landscape();
    let at = find(&file, b"mvhd") + 4 + 12;
    file[at..at + 4].fill(0);
    assert!(is_malformed(&probe_video(&file)));
    // A video track without picture size anywhere.
    let mut file = landscape();
    let at = find(&file, b"tkhd") + 4 + 84 - 8;
    file[at..at + 8].fill(0);
    let at = find(&file, b"avc1") + 4 + 24;
    file[at..at + 4].fill(0);
    assert!(is_malformed(&probe_video(&file)));
    // Non-zero trailing bytes too short for a box.
    let file = [landscape(), vec![1, 2, 3]].concat();
    assert!(is_malformed(&probe_video(&file)));
}

#[test]
fn a_short_zero_terminator_is_tolerated() {
    // QuickTime may end a list of atoms with four zero bytes.
    let file = [landscape(), vec![0; 4]].concat();
    assert!(check_ad_video(&file).is_ok());
}

#[test]
fn mutated_files_never_panic() {
    let originals = [
        landscape(),
        build(&Spec { version: 1, largesize: true, moov_after_mdat: true, rotation: 90, ..Spec::default() }),
    ];
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut outcomes = [0usize; 2];
    for original in &originals {
        // Every byte set to a few telling values.
        for at in 0..original.len() {
            for value in
                [0x00, 0x01, 0x07, 0x08, 0x10, 0x7F, 0x80, 0xFF, original[at] ^ 0x01, original[at].wrapping_add(1)]
            {
                let mut file = original.clone();
                file[at] = value;
                let result = std::panic::catch_unwind(|| check_ad_video(&file));
                let result = result.unwrap_or_else(|_| panic!("panic with byte {at} set to {value:#04x}"));
                outcomes[usize::from(result.is_ok())] += 1;
            }
        }
        // Random bursts of random bytes, and random truncations.
        for round in 0..5_000 {
            let mut file = original.clone();
            for _ in 0..1 + next() % 8 {
                let at = (next() % file.len() as u64) as usize;
                file[at] = next() as u8;
            }
            if round % 4 == 0 {
                file.truncate((next() % file.len() as u64) as usize);
            }
            let result = std::panic::catch_unwind(|| probe_video(&file));
            assert!(result.is_ok(), "panic in round {round}: {file:02x?}");
        }
    }
    // Both kinds of outcome occur: the mutations reach the parser, not only its first check.
    assert!(outcomes[0] > 0 && outcomes[1] > 0, "{outcomes:?}");
}

#[test]
fn problems_read_well() {
    let messages = [
        (VideoProblem::NotAVideo, "not an MP4 or QuickTime video"),
        (VideoProblem::Malformed("the moov box is too short".into()), "damaged: the moov box is too short"),
        (VideoProblem::NoVideoTrack, "no video track"),
        (VideoProblem::TooLong { duration_ms: 61_000 }, "61000 ms"),
        (VideoProblem::TooLarge { bytes: 40_000_000 }, "40000000 bytes"),
        (VideoProblem::NotLandscape { width: 720, height: 1280 }, "720x1280"),
    ];
    for (problem, expected) in messages {
        let text = problem.to_string();
        assert!(text.contains(expected), "{text}");
    }
}
