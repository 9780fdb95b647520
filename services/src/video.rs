//! Ad video intake: reads the metadata of an uploaded MP4 or QuickTime (MOV) file — container,
//! duration, picture size, rotation, audio, codec — straight from its ISO BMFF boxes, without
//! decoding any video, and checks it against the ad rule "video under 1 minute, under 30 MB,
//! landscape".
//!
//! The reader is written for hostile input: every size is checked against the bytes that are
//! really there, nesting and the number of boxes are bounded, nothing is allocated in proportion
//! to a size the file declares, and no input makes it panic. The whole file is in memory, so the
//! `moov` box may come before or after the media data (`mdat`).

/// Files of this many bytes or more are refused. "Under 30 MB" is read as strictly below 30 MiB
/// (31 457 280 bytes): a file of exactly `MAX_VIDEO_BYTES` bytes is refused.
pub const MAX_VIDEO_BYTES: usize = 30 * 1024 * 1024;

/// Videos lasting this long or longer are refused. "Under 1 minute" is strictly below 60 000 ms:
/// a video of exactly one minute is refused.
pub const MAX_VIDEO_DURATION_MS: u64 = 60_000;

/// Boxes nested deeper than this are refused (real files need 6: `moov/trak/mdia/minf/stbl/stsd`).
const MAX_DEPTH: usize = 16;
/// More boxes than this (in the parts of the file that are walked) are refused.
const MAX_BOXES: usize = 100_000;
/// More tracks (or fragment track ids) than this are refused.
const MAX_TRACKS: usize = 64;

/// The file family, from the `ftyp` box's major brand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VideoContainer {
    /// ISO MP4 (and its relatives: 3GP, M4V, ...).
    Mp4,
    /// Apple QuickTime: major brand `qt  `, or an old QuickTime file without `ftyp`.
    Mov,
}

impl VideoContainer {
    /// The media type to store and serve the file with.
    pub fn content_type(self) -> &'static str {
        match self {
            Self::Mp4 => "video/mp4",
            Self::Mov => "video/quicktime",
        }
    }
}

/// What the metadata of a video says about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VideoInfo {
    pub container: VideoContainer,
    /// The presentation duration, rounded down to the millisecond.
    pub duration_ms: u64,
    /// The picture size of the (first) video track as stored, before rotation.
    pub width: u32,
    pub height: u32,
    /// Clockwise rotation to apply on display, from the track matrix: 0, 90, 180 or 270.
    pub rotation: u16,
    /// Whether the file has a sound track.
    pub has_audio: bool,
    /// The four-character code of the video track's first sample entry ("avc1", "hvc1", ...),
    /// when it is printable ASCII.
    pub codec: Option<String>,
}

impl VideoInfo {
    /// The width as displayed, after rotation.
    pub fn display_width(&self) -> u32 {
        if self.rotation % 180 == 90 { self.height } else { self.width }
    }

    /// The height as displayed, after rotation.
    pub fn display_height(&self) -> u32 {
        if self.rotation % 180 == 90 { self.width } else { self.height }
    }

    /// Wider than tall as displayed (a square picture is not landscape).
    pub fn is_landscape(&self) -> bool {
        self.display_width() > self.display_height()
    }
}

/// Why a video is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VideoProblem {
    #[error("the file is not an MP4 or QuickTime video")]
    NotAVideo,
    #[error("the video file is damaged: {0}")]
    Malformed(String),
    #[error("the file has no video track")]
    NoVideoTrack,
    #[error("the video lasts {duration_ms} ms; videos must be shorter than 1 minute")]
    TooLong { duration_ms: u64 },
    /// `bytes` is the size of the refused file.
    #[error("the video file is {bytes} bytes; videos must be smaller than 30 MiB")]
    TooLarge { bytes: usize },
    /// The displayed size (after rotation).
    #[error("the video is {width}x{height}; videos must be landscape (wider than tall)")]
    NotLandscape { width: u32, height: u32 },
}

/// Checks an ad video against the rule "under 1 minute, under 30 MB, landscape", in this order:
/// size (before any parsing), then the metadata, then the duration, then the displayed shape.
pub fn check_ad_video(bytes: &[u8]) -> Result<VideoInfo, VideoProblem> {
    if bytes.len() >= MAX_VIDEO_BYTES {
        return Err(VideoProblem::TooLarge { bytes: bytes.len() });
    }
    let info = probe_video(bytes)?;
    if info.duration_ms >= MAX_VIDEO_DURATION_MS {
        return Err(VideoProblem::TooLong { duration_ms: info.duration_ms });
    }
    if !info.is_landscape() {
        return Err(VideoProblem::NotLandscape { width: info.display_width(), height: info.display_height() });
    }
    Ok(info)
}

/// Reads the metadata of an MP4 or QuickTime file held in memory. Applies no ad rule (see
/// [`check_ad_video`]) and no size limit: the work is linear in the size of the walked boxes.
pub fn probe_video(bytes: &[u8]) -> Result<VideoInfo, VideoProblem> {
    // The first box must be one a video file starts with; anything else is not a video at all.
    match bytes.get(4..8) {
        Some(t) if TOP_LEVEL_FIRST.contains(&fourcc(t)) => {}
        _ => return Err(VideoProblem::NotAVideo),
    }
    let mut walker = Walker { data: bytes, boxes: 0, path: Vec::with_capacity(MAX_DEPTH), state: State::default() };
    walker.walk(0, bytes.len())?;
    walker.state.finish()
}

// ---------------------------------------------------------------------------------------------
// Box types, as big-endian u32 so that they can be matched as constants.

const fn cc(code: &[u8; 4]) -> u32 {
    u32::from_be_bytes(*code)
}

const FTYP: u32 = cc(b"ftyp");
const MOOV: u32 = cc(b"moov");
const MDAT: u32 = cc(b"mdat");
const WIDE: u32 = cc(b"wide");
const FREE: u32 = cc(b"free");
const SKIP: u32 = cc(b"skip");
const PNOT: u32 = cc(b"pnot");
const UUID: u32 = cc(b"uuid");
const MVHD: u32 = cc(b"mvhd");
const CMOV: u32 = cc(b"cmov");
const TRAK: u32 = cc(b"trak");
const TKHD: u32 = cc(b"tkhd");
const MDIA: u32 = cc(b"mdia");
const MDHD: u32 = cc(b"mdhd");
const HDLR: u32 = cc(b"hdlr");
const MINF: u32 = cc(b"minf");
const STBL: u32 = cc(b"stbl");
const STSD: u32 = cc(b"stsd");
const MVEX: u32 = cc(b"mvex");
const MEHD: u32 = cc(b"mehd");
const TREX: u32 = cc(b"trex");
const MOOF: u32 = cc(b"moof");
const TRAF: u32 = cc(b"traf");
const TFHD: u32 = cc(b"tfhd");
const TRUN: u32 = cc(b"trun");
const VIDE: u32 = cc(b"vide");
const SOUN: u32 = cc(b"soun");
const QT: u32 = cc(b"qt  ");

/// Boxes a video file may start with (old QuickTime files have no `ftyp`).
const TOP_LEVEL_FIRST: [u32; 7] = [FTYP, MOOV, MDAT, WIDE, FREE, SKIP, PNOT];
/// Boxes made only of boxes, walked wherever they are found. Only the ones holding what is read
/// are listed, so that odd contents elsewhere (`udta`, `meta`) cannot get a real file refused.
const CONTAINERS: [u32; 8] = [MOOV, TRAK, MDIA, MINF, STBL, MVEX, MOOF, TRAF];
/// Major brands of HEIF/AVIF still images: such a file without `moov` is a picture, not a video.
const IMAGE_BRANDS: [u32; 9] = [
    cc(b"heic"),
    cc(b"heix"),
    cc(b"hevc"),
    cc(b"hevx"),
    cc(b"heim"),
    cc(b"heis"),
    cc(b"mif1"),
    cc(b"msf1"),
    cc(b"avif"),
];

fn fourcc(bytes: &[u8]) -> u32 {
    match bytes {
        [a, b, c, d, ..] => u32::from_be_bytes([*a, *b, *c, *d]),
        _ => 0,
    }
}

/// A box type for messages: printable ASCII as is, anything else as `?`.
fn name(code: u32) -> String {
    code.to_be_bytes().iter().map(|&b| if b.is_ascii_graphic() || b == b' ' { b as char } else { '?' }).collect()
}

fn malformed(message: impl Into<String>) -> VideoProblem {
    VideoProblem::Malformed(message.into())
}

// ---------------------------------------------------------------------------------------------
// Reading big-endian fields from a box's content, refusing short contents.

struct Fields<'a> {
    bytes: &'a [u8],
    pos: usize,
    owner: u32,
}

impl<'a> Fields<'a> {
    fn new(owner: u32, bytes: &'a [u8]) -> Self {
        Self { bytes, pos: 0, owner }
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], VideoProblem> {
        let taken = self
            .pos
            .checked_add(n)
            .and_then(|end| self.bytes.get(self.pos..end))
            .ok_or_else(|| malformed(format!("the {} box is too short", name(self.owner))))?;
        self.pos += n;
        Ok(taken)
    }

    fn skip(&mut self, n: usize) -> Result<(), VideoProblem> {
        self.take(n).map(|_| ())
    }

    fn u8(&mut self) -> Result<u8, VideoProblem> {
        Ok(self.take(1)?[0])
    }

    fn u16(&mut self) -> Result<u16, VideoProblem> {
        let b = self.take(2)?;
        Ok(u16::from_be_bytes([b[0], b[1]]))
    }

    fn u32(&mut self) -> Result<u32, VideoProblem> {
        Ok(fourcc(self.take(4)?))
    }

    fn u64(&mut self) -> Result<u64, VideoProblem> {
        let b = self.take(8)?;
        Ok(<[u8; 8]>::try_from(b).map_or(0, u64::from_be_bytes))
    }

    /// A full box's version and flags; only versions 0 and 1 exist for the boxes read here.
    fn version_flags(&mut self) -> Result<(u8, u32), VideoProblem> {
        let version = self.u8()?;
        let f = self.take(3)?;
        if version > 1 {
            return Err(malformed(format!("the {} box has unknown version {version}", name(self.owner))));
        }
        Ok((version, u32::from_be_bytes([0, f[0], f[1], f[2]])))
    }

    /// A 32-bit field in version 0, 64-bit in version 1.
    fn sized(&mut self, version: u8) -> Result<u64, VideoProblem> {
        if version == 1 { self.u64() } else { self.u32().map(u64::from) }
    }

    /// A duration field: all ones means "unknown".
    fn duration(&mut self, version: u8) -> Result<Option<u64>, VideoProblem> {
        let value = self.sized(version)?;
        let unknown = if version == 1 { u64::MAX } else { u64::from(u32::MAX) };
        Ok((value != unknown).then_some(value))
    }
}

// ---------------------------------------------------------------------------------------------
// Walking the box tree.

struct BoxAt {
    kind: u32,
    content: usize,
    end: usize,
}

/// Reads the header of the box at `pos` inside a parent ending at `end`; `None` at the end of the
/// parent (or at a QuickTime zero terminator of fewer than 8 bytes).
fn read_box(data: &[u8], pos: usize, end: usize) -> Result<Option<BoxAt>, VideoProblem> {
    let left = end.saturating_sub(pos);
    if left == 0 {
        return Ok(None);
    }
    let Some(header) = data.get(pos..end) else { return Err(malformed("a box lies outside the file")) };
    if left < 8 {
        if header.iter().all(|&b| b == 0) {
            return Ok(None);
        }
        return Err(malformed("a box header is cut short"));
    }
    let kind = fourcc(&header[4..8]);
    let (size, mut header_len) = match fourcc(header) {
        0 => (left as u64, 8),
        1 => match header.get(8..16).and_then(|b| <[u8; 8]>::try_from(b).ok()) {
            Some(large) => (u64::from_be_bytes(large), 16),
            None => return Err(malformed(format!("the 64-bit size of the {} box is cut short", name(kind)))),
        },
        small => (u64::from(small), 8),
    };
    if kind == UUID {
        header_len += 16;
    }
    if size < header_len as u64 {
        return Err(malformed(format!("the {} box is smaller than its header", name(kind))));
    }
    if size > left as u64 {
        return Err(malformed(format!(
            "the {} box runs past the end of its parent ({size} bytes declared)",
            name(kind)
        )));
    }
    // Both fit in `left`, a usize, since `header_len <= size <= left`.
    Ok(Some(BoxAt { kind, content: pos + header_len, end: pos + size as usize }))
}

struct Walker<'a> {
    data: &'a [u8],
    boxes: usize,
    /// The types of the containers being walked, outermost first.
    path: Vec<u32>,
    state: State,
}

impl Walker<'_> {
    fn walk(&mut self, start: usize, end: usize) -> Result<(), VideoProblem> {
        let mut pos = start;
        while let Some(found) = read_box(self.data, pos, end)? {
            self.boxes += 1;
            if self.boxes > MAX_BOXES {
                return Err(malformed(format!("more than {MAX_BOXES} boxes")));
            }
            if CONTAINERS.contains(&found.kind) {
                if self.path.len() >= MAX_DEPTH {
                    return Err(malformed(format!("boxes are nested more than {MAX_DEPTH} deep")));
                }
                self.state.enter(&self.path, found.kind)?;
                self.path.push(found.kind);
                self.walk(found.content, found.end)?;
                self.path.pop();
            } else {
                self.state.leaf(&self.path, found.kind, &self.data[found.content..found.end])?;
            }
            pos = found.end;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// What is gathered while walking.

#[derive(Default)]
struct Track {
    /// From `tkhd`.
    header: Option<TrackHeader>,
    /// From `mdia/hdlr`.
    handler: Option<u32>,
    /// From `mdia/mdhd`: timescale and duration (None when unknown).
    media: Option<(u32, Option<u64>)>,
    /// From `stsd`: the first sample entry's type and, for visual entries, its stored size.
    sample_entry: Option<(u32, Option<(u16, u16)>)>,
}

struct TrackHeader {
    id: u32,
    /// In the movie timescale.
    duration: Option<u64>,
    width: u32,
    height: u32,
    rotation: u16,
}

/// Sample durations found in movie fragments for one track.
struct FragmentTicks {
    track_id: u32,
    /// Sum of the durations given explicitly or by `tfhd` defaults, in the media timescale.
    ticks: u64,
    /// Samples whose duration is the `trex` default, known only at the end.
    samples_with_trex_default: u64,
}

#[derive(Default)]
struct State {
    brand: Option<u32>,
    has_moov: bool,
    compressed_moov: bool,
    /// From `mvhd`: timescale and duration (None when unknown).
    movie: Option<(u32, Option<u64>)>,
    tracks: Vec<Track>,
    fragmented: bool,
    /// From `mehd`, in the movie timescale.
    fragment_duration: Option<u64>,
    /// From `trex`: track id and default sample duration.
    trex: Vec<(u32, u32)>,
    fragments: Vec<FragmentTicks>,
    /// The `tfhd` of the `traf` being walked: track id and default sample duration.
    traf: Option<(u32, Option<u32>)>,
}

impl State {
    fn enter(&mut self, path: &[u32], kind: u32) -> Result<(), VideoProblem> {
        match (path, kind) {
            ([], MOOV) => {
                if self.has_moov {
                    return Err(malformed("more than one moov box"));
                }
                self.has_moov = true;
            }
            ([MOOV], TRAK) => {
                if self.tracks.len() >= MAX_TRACKS {
                    return Err(malformed(format!("more than {MAX_TRACKS} tracks")));
                }
                self.tracks.push(Track::default());
            }
            ([MOOV], MVEX) | ([], MOOF) => self.fragmented = true,
            ([MOOF], TRAF) => self.traf = None,
            _ => {}
        }
        Ok(())
    }

    fn leaf(&mut self, path: &[u32], kind: u32, content: &[u8]) -> Result<(), VideoProblem> {
        let mut f = Fields::new(kind, content);
        match (path, kind) {
            ([], FTYP) if self.brand.is_none() => self.brand = Some(f.u32()?),
            ([MOOV], CMOV) => self.compressed_moov = true,
            ([MOOV], MVHD) if self.movie.is_none() => {
                let (version, _) = f.version_flags()?;
                f.skip(if version == 1 { 16 } else { 8 })?; // creation and modification times
                let timescale = f.u32()?;
                let duration = f.duration(version)?;
                if timescale == 0 {
                    return Err(malformed("the movie timescale is 0"));
                }
                self.movie = Some((timescale, duration));
            }
            ([MOOV, TRAK], TKHD) => {
                let track = self.tracks.last_mut().ok_or_else(|| malformed("tkhd outside a track"))?;
                if track.header.is_none() {
                    track.header = Some(track_header(&mut f)?);
                }
            }
            ([MOOV, TRAK, MDIA], MDHD) => {
                let track = self.tracks.last_mut().ok_or_else(|| malformed("mdhd outside a track"))?;
                if track.media.is_none() {
                    let (version, _) = f.version_flags()?;
                    f.skip(if version == 1 { 16 } else { 8 })?;
                    let timescale = f.u32()?;
                    let duration = f.duration(version)?;
                    track.media = Some((timescale, duration));
                }
            }
            ([MOOV, TRAK, MDIA], HDLR) => {
                let track = self.tracks.last_mut().ok_or_else(|| malformed("hdlr outside a track"))?;
                if track.handler.is_none() {
                    f.version_flags()?;
                    f.skip(4)?; // pre_defined (QuickTime: component type)
                    track.handler = Some(f.u32()?);
                }
            }
            ([MOOV, TRAK, MDIA, MINF, STBL], STSD) => {
                let track = self.tracks.last_mut().ok_or_else(|| malformed("stsd outside a track"))?;
                if track.sample_entry.is_none() {
                    f.version_flags()?;
                    if f.u32()? > 0 {
                        let entries = &content[f.pos..];
                        let entry = read_box(entries, 0, entries.len())?
                            .ok_or_else(|| malformed("the stsd box has no sample entry"))?;
                        // A visual sample entry: 6 reserved, data reference index, 16 bytes of
                        // pre-defined and reserved fields, then width and height.
                        let size = visual_size(&mut Fields::new(entry.kind, &entries[entry.content..entry.end])).ok();
                        track.sample_entry = Some((entry.kind, size));
                    }
                }
            }
            ([MOOV, MVEX], MEHD) if self.fragment_duration.is_none() => {
                let (version, _) = f.version_flags()?;
                self.fragment_duration = f.duration(version)?;
            }
            ([MOOV, MVEX], TREX) => {
                f.version_flags()?;
                let track_id = f.u32()?;
                f.skip(4)?; // default sample description index
                let duration = f.u32()?;
                if !self.trex.iter().any(|(id, _)| *id == track_id) {
                    if self.trex.len() >= MAX_TRACKS {
                        return Err(malformed(format!("more than {MAX_TRACKS} trex boxes")));
                    }
                    self.trex.push((track_id, duration));
                }
            }
            ([MOOF, TRAF], TFHD) => {
                let (_, flags) = f.version_flags()?;
                let track_id = f.u32()?;
                if flags & 0x01 != 0 {
                    f.skip(8)?; // base data offset
                }
                if flags & 0x02 != 0 {
                    f.skip(4)?; // sample description index
                }
                let default_duration = if flags & 0x08 != 0 { Some(f.u32()?) } else { None };
                self.traf = Some((track_id, default_duration));
            }
            ([MOOF, TRAF], TRUN) => self.trun(&mut f)?,
            _ => {}
        }
        Ok(())
    }

    fn trun(&mut self, f: &mut Fields<'_>) -> Result<(), VideoProblem> {
        let (track_id, default_duration) = self.traf.ok_or_else(|| malformed("a trun box comes before its tfhd"))?;
        let (_, flags) = f.version_flags()?;
        let count = f.u32()?;
        if flags & 0x01 != 0 {
            f.skip(4)?; // data offset
        }
        if flags & 0x04 != 0 {
            f.skip(4)?; // first sample flags
        }
        // Each sample record holds up to four 32-bit fields; the duration comes first.
        let record = 4 * (flags & 0xF00).count_ones() as usize;
        let rest = &f.bytes[f.pos..];
        if u64::from(count) * record as u64 > rest.len() as u64 {
            return Err(malformed("the trun box is shorter than its sample table"));
        }
        let mut ticks = 0u64;
        let mut with_trex_default = 0u64;
        if flags & 0x100 != 0 {
            for sample in rest.chunks_exact(record).take(count as usize) {
                ticks = ticks.saturating_add(u64::from(fourcc(sample)));
            }
        } else if let Some(duration) = default_duration {
            ticks = u64::from(count) * u64::from(duration);
        } else {
            with_trex_default = u64::from(count);
        }
        let index = match self.fragments.iter().position(|t| t.track_id == track_id) {
            Some(index) => index,
            None if self.fragments.len() >= MAX_TRACKS => {
                return Err(malformed(format!("fragments for more than {MAX_TRACKS} tracks")));
            }
            None => {
                self.fragments.push(FragmentTicks { track_id, ticks: 0, samples_with_trex_default: 0 });
                self.fragments.len() - 1
            }
        };
        let entry = &mut self.fragments[index];
        entry.ticks = entry.ticks.saturating_add(ticks);
        entry.samples_with_trex_default = entry.samples_with_trex_default.saturating_add(with_trex_default);
        Ok(())
    }

    fn finish(self) -> Result<VideoInfo, VideoProblem> {
        if !self.has_moov {
            if self.brand.is_some_and(|brand| IMAGE_BRANDS.contains(&brand)) {
                return Err(VideoProblem::NotAVideo);
            }
            return Err(malformed("there is no moov box (the index of the video is missing)"));
        }
        if self.compressed_moov {
            return Err(malformed("compressed QuickTime movie headers (cmov) are not supported"));
        }
        let Some((movie_timescale, movie_duration)) = self.movie else {
            return Err(malformed("there is no mvhd box"));
        };
        let video = self.tracks.iter().find(|t| t.handler == Some(VIDE)).ok_or(VideoProblem::NoVideoTrack)?;
        let has_audio = self.tracks.iter().any(|t| t.handler == Some(SOUN));
        let header = video.header.as_ref().ok_or_else(|| malformed("the video track has no tkhd box"))?;
        let (mut width, mut height) = (header.width, header.height);
        if (width == 0 || height == 0)
            && let Some((_, Some((w, h)))) = video.sample_entry
        {
            (width, height) = (u32::from(w), u32::from(h));
        }
        if width == 0 || height == 0 {
            return Err(malformed("the video track states no picture size"));
        }

        let movie_ms = movie_duration.and_then(|d| to_ms(d, movie_timescale));
        let duration_ms = if self.fragmented {
            // The movie header covers only what precedes the fragments: take the longest of
            // everything stated.
            let fragments = self.tracks.iter().filter_map(|track| {
                let header = track.header.as_ref()?;
                let (timescale, duration) = track.media?;
                let fragment = self.fragments.iter().find(|t| t.track_id == header.id)?;
                let trex = self.trex.iter().find(|(id, _)| *id == header.id).map_or(0, |(_, d)| *d);
                let ticks = fragment
                    .ticks
                    .saturating_add(fragment.samples_with_trex_default.saturating_mul(u64::from(trex)))
                    .saturating_add(duration.unwrap_or(0));
                to_ms(ticks, timescale)
            });
            let mehd_ms = self.fragment_duration.and_then(|d| to_ms(d, movie_timescale));
            fragments
                .chain(movie_ms)
                .chain(mehd_ms)
                .chain(self.tracks.iter().filter_map(|t| track_ms(t, movie_timescale)))
                .max()
        } else {
            match movie_ms {
                Some(ms) if ms > 0 => Some(ms),
                _ => self.tracks.iter().filter_map(|t| track_ms(t, movie_timescale)).max(),
            }
        };
        let duration_ms = duration_ms.unwrap_or(0);
        if duration_ms == 0 {
            return Err(malformed("the file states no duration"));
        }

        let container = match self.brand {
            Some(QT) | None => VideoContainer::Mov,
            Some(_) => VideoContainer::Mp4,
        };
        let codec = video.sample_entry.map(|(kind, _)| kind.to_be_bytes()).and_then(|code| {
            code.iter().all(|b| b.is_ascii_graphic() || *b == b' ').then(|| code.iter().map(|&b| b as char).collect())
        });
        Ok(VideoInfo { container, duration_ms, width, height, rotation: header.rotation, has_audio, codec })
    }
}

/// Reads a `tkhd` box after its type: id, duration, matrix and size.
fn track_header(f: &mut Fields<'_>) -> Result<TrackHeader, VideoProblem> {
    let (version, _) = f.version_flags()?;
    f.skip(if version == 1 { 16 } else { 8 })?; // creation and modification times
    let id = f.u32()?;
    f.skip(4)?; // reserved
    let duration = f.duration(version)?;
    f.skip(8 + 2 + 2 + 2 + 2)?; // reserved, layer, alternate group, volume, reserved
    let mut matrix = [0i32; 9];
    for value in &mut matrix {
        *value = f.u32()? as i32;
    }
    let width = f.u32()? >> 16;
    let height = f.u32()? >> 16;
    Ok(TrackHeader { id, duration, width, height, rotation: rotation(matrix[0], matrix[1]) })
}

/// The stored picture size of a visual sample entry, after its 6 reserved bytes, data reference
/// index and 16 bytes of pre-defined and reserved fields.
fn visual_size(f: &mut Fields<'_>) -> Result<(u16, u16), VideoProblem> {
    f.skip(24)?;
    Ok((f.u16()?, f.u16()?))
}

/// The rotation of a track matrix `[a b u; c d v; x y w]`, to the nearest quarter turn, from its
/// first row: a pure clockwise rotation by θ has `a = cos θ` and `b = sin θ`.
fn rotation(a: i32, b: i32) -> u16 {
    let (abs_a, abs_b) = (a.unsigned_abs(), b.unsigned_abs());
    if abs_a >= abs_b {
        if a < 0 { 180 } else { 0 }
    } else if b > 0 {
        90
    } else {
        270
    }
}

fn to_ms(ticks: u64, timescale: u32) -> Option<u64> {
    if timescale == 0 {
        return None;
    }
    let ms = u128::from(ticks) * 1000 / u128::from(timescale);
    Some(u64::try_from(ms).unwrap_or(u64::MAX))
}

/// A track's own duration: the longest of its `tkhd` (movie timescale) and `mdhd` durations.
fn track_ms(track: &Track, movie_timescale: u32) -> Option<u64> {
    let from_header = track.header.as_ref().and_then(|h| h.duration).and_then(|d| to_ms(d, movie_timescale));
    let from_media = track.media.and_then(|(timescale, duration)| duration.and_then(|d| to_ms(d, timescale)));
    from_header.max(from_media)
}
