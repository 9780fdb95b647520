//! The rules of chat (spec §2 messaging, §5, §8): which ads take new conversations and visitor
//! messages, what a message may hold, which attachments and CVs are accepted (type judged from
//! the bytes, never from a name), how a client message id looks, and the time buckets that
//! partition a conversation's messages.

use crate::ad::AdStatus;
use crate::error::{ErrorCode, SoukError};

/// Whether an ad takes a new conversation or a visitor's message: only a public (active) ad
/// does, not one pending moderation, refused, deactivated, deleted or waiting for payment.
/// Conversations already open go on whatever becomes of their ad (docs/realtime.md).
pub fn ad_takes_messages(status: AdStatus) -> bool {
    status == AdStatus::Active
}

/// The answer for an unknown list id and for an ad that takes no messages alike, with nothing
/// of the ad in it, so that list ids cannot be probed.
pub fn no_ad_taking_messages() -> SoukError {
    SoukError::with_detail(ErrorCode::NotFound, "no active ad with this list id")
}

/// The longest chat message, in characters.
pub const MAX_TEXT_CHARS: usize = 4000;
/// Spec §5/§9: a chat attachment is under 5 MB.
pub const MAX_ATTACHMENT_BYTES: usize = 5 * 1024 * 1024;
/// Spec §5/§9: a CV is at most 2.5 MB.
pub const MAX_CV_BYTES: usize = 5 * 1024 * 1024 / 2;
/// The longest client message id.
pub const MAX_CLIENT_MESSAGE_ID: usize = 64;
/// The longest attachment file name kept (longer ones are cut).
pub const MAX_FILE_NAME_CHARS: usize = 120;
/// Messages of one conversation are partitioned by this span of time (7 days, in ms).
pub const BUCKET_MS: i64 = 7 * 24 * 3600 * 1000;

/// The time bucket of an instant in milliseconds since the epoch.
pub fn bucket_of(millis: i64) -> i64 {
    millis.div_euclid(BUCKET_MS)
}

/// What an attachment is, from its first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttachmentKind {
    Jpeg,
    Png,
    Gif,
    Webp,
    Pdf,
}

impl AttachmentKind {
    pub fn content_type(self) -> &'static str {
        match self {
            AttachmentKind::Jpeg => "image/jpeg",
            AttachmentKind::Png => "image/png",
            AttachmentKind::Gif => "image/gif",
            AttachmentKind::Webp => "image/webp",
            AttachmentKind::Pdf => "application/pdf",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            AttachmentKind::Jpeg => "jpg",
            AttachmentKind::Png => "png",
            AttachmentKind::Gif => "gif",
            AttachmentKind::Webp => "webp",
            AttachmentKind::Pdf => "pdf",
        }
    }

    /// The kind of a stored content type, for reading back.
    pub fn from_content_type(ct: &str) -> Option<AttachmentKind> {
        [Self::Jpeg, Self::Png, Self::Gif, Self::Webp, Self::Pdf].into_iter().find(|k| k.content_type() == ct)
    }

    fn sniff(bytes: &[u8]) -> Option<AttachmentKind> {
        match bytes {
            [0xFF, 0xD8, 0xFF, ..] => Some(AttachmentKind::Jpeg),
            [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1A, b'\n', ..] => Some(AttachmentKind::Png),
            [b'G', b'I', b'F', b'8', b'7' | b'9', b'a', ..] => Some(AttachmentKind::Gif),
            [b'R', b'I', b'F', b'F', _, _, _, _, b'W', b'E', b'B', b'P', ..] => Some(AttachmentKind::Webp),
            [b'%', b'P', b'D', b'F', b'-', ..] => Some(AttachmentKind::Pdf),
            _ => None,
        }
    }
}

/// The most pixels an attached image may have (by its header), so that a decompression bomb (a
/// small file of 20000 x 20000 pixels) is refused before anything is decoded.
pub const MAX_ATTACHMENT_PIXELS: u64 = 40_000_000;

/// The width and height a PNG, GIF or WebP states in its header (None: another type, or a header
/// too short to say). JPEG dimensions are read by the image decoder (services/src/media.rs).
pub fn header_dimensions(bytes: &[u8]) -> Option<(u32, u32)> {
    let be32 = |at: usize| bytes.get(at..at + 4).map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]));
    let le16 = |at: usize| bytes.get(at..at + 2).map(|b| u32::from(u16::from_le_bytes([b[0], b[1]])));
    let le24 = |at: usize| bytes.get(at..at + 3).map(|b| u32::from_le_bytes([b[0], b[1], b[2], 0]));
    match bytes {
        [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1A, b'\n', _, _, _, _, b'I', b'H', b'D', b'R', ..] => {
            Some((be32(16)?, be32(20)?))
        }
        [b'G', b'I', b'F', b'8', b'7' | b'9', b'a', ..] => Some((le16(6)?, le16(8)?)),
        [b'R', b'I', b'F', b'F', _, _, _, _, b'W', b'E', b'B', b'P', b'V', b'P', b'8', kind, ..] => match kind {
            b'X' => Some((le24(24)? + 1, le24(27)? + 1)),
            b'L' => {
                let bits = bytes.get(21..25).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))?;
                Some(((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1))
            }
            b' ' => Some((le16(26)? & 0x3FFF, le16(28)? & 0x3FFF)),
            _ => None,
        },
        _ => None,
    }
}

/// Whether bytes carry markup a browser would run as a page (`<html`, `<script`, `<!doctype`,
/// `<body`, `<iframe`, `<svg`, `<object`, `<embed`), in any case: a file of another type that
/// does is a polyglot.
pub fn carries_html(bytes: &[u8]) -> bool {
    const TAGS: [&[u8]; 8] = [b"<html", b"<script", b"<!doctype", b"<body", b"<iframe", b"<svg", b"<object", b"<embed"];
    (0..bytes.len())
        .filter(|&i| bytes[i] == b'<')
        .any(|i| TAGS.iter().any(|t| bytes.get(i..i + t.len()).is_some_and(|w| w.eq_ignore_ascii_case(t))))
}

/// A PDF with no markup in its first KiB (what browsers sniff), so that a PDF header followed by
/// a page is refused. (Markup deeper in a real PDF is harmless: attachments are served as
/// downloads, `nosniff`, under a sandboxing policy.)
fn is_plain_pdf(bytes: &[u8]) -> bool {
    !carries_html(&bytes[..bytes.len().min(1024)])
}

/// Checks a chat attachment: under 5 MB and an image or a PDF by its bytes; an image of more
/// than [`MAX_ATTACHMENT_PIXELS`] by its header is `ATTACHMENT_TOO_LARGE` (a decompression
/// bomb); a PDF that is a page is `ATTACHMENT_TYPE`. Every image kind (JPEG, PNG, GIF, WebP)
/// is re-encoded afterwards (services/src/media.rs), which drops whatever follows its pixels.
pub fn check_attachment(bytes: &[u8]) -> Result<AttachmentKind, SoukError> {
    if bytes.len() > MAX_ATTACHMENT_BYTES {
        return Err(SoukError::with_detail(ErrorCode::AttachmentTooLarge, format!("{} bytes", bytes.len())));
    }
    let kind = AttachmentKind::sniff(bytes).ok_or_else(|| SoukError::new(ErrorCode::AttachmentType))?;
    if let Some((w, h)) = header_dimensions(bytes)
        && u64::from(w) * u64::from(h) > MAX_ATTACHMENT_PIXELS
    {
        return Err(SoukError::with_detail(ErrorCode::AttachmentTooLarge, format!("{w} x {h} pixels")));
    }
    if kind == AttachmentKind::Pdf && !is_plain_pdf(bytes) {
        return Err(SoukError::with_detail(ErrorCode::AttachmentType, "markup inside the file"));
    }
    Ok(kind)
}

/// What a CV is (spec §5: pdf, jpg, jpeg, rtf, odt).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CvKind {
    Pdf,
    Jpeg,
    Rtf,
    Odt,
}

impl CvKind {
    pub fn extension(self) -> &'static str {
        match self {
            CvKind::Pdf => "pdf",
            CvKind::Jpeg => "jpg",
            CvKind::Rtf => "rtf",
            CvKind::Odt => "odt",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            CvKind::Pdf => "application/pdf",
            CvKind::Jpeg => "image/jpeg",
            CvKind::Rtf => "application/rtf",
            CvKind::Odt => "application/vnd.oasis.opendocument.text",
        }
    }
}

/// Checks a CV: at most 2.5 MB and pdf, jpeg, rtf or odt by its bytes (an odt is a zip whose
/// first entry is the `mimetype` file naming the OpenDocument text type).
pub fn check_cv(bytes: &[u8]) -> Result<CvKind, SoukError> {
    if bytes.len() > MAX_CV_BYTES {
        return Err(SoukError::with_detail(ErrorCode::CvTooLarge, format!("{} bytes", bytes.len())));
    }
    const ODT: &[u8] = b"mimetypeapplication/vnd.oasis.opendocument.text";
    match bytes {
        [b'%', b'P', b'D', b'F', b'-', ..] if is_plain_pdf(bytes) => Ok(CvKind::Pdf),
        [0xFF, 0xD8, 0xFF, ..] => Ok(CvKind::Jpeg),
        [b'{', b'\\', b'r', b't', b'f', ..] => Ok(CvKind::Rtf),
        [b'P', b'K', 3, 4, ..] if bytes.get(30..30 + ODT.len()) == Some(ODT) => Ok(CvKind::Odt),
        _ => Err(SoukError::new(ErrorCode::CvType)),
    }
}

/// Trims a message text; with no attachment it must not be empty, and it has a maximum length.
/// Returns the text to store (None when empty).
pub fn check_text(text: Option<&str>, has_attachment: bool) -> Result<Option<String>, SoukError> {
    // Bidi overrides and isolates are dropped (docs/security.md).
    let cleaned = text.map(crate::text::strip_bidi_controls);
    let text = cleaned.as_deref().map(str::trim).filter(|t| !t.is_empty());
    match text {
        None if has_attachment => Ok(None),
        None => Err(SoukError::new(ErrorCode::ChatMessageEmpty)),
        Some(t) if t.chars().count() > MAX_TEXT_CHARS => {
            Err(SoukError::with_detail(ErrorCode::ChatMessageTooLong, format!("at most {MAX_TEXT_CHARS} characters")))
        }
        Some(t) => Ok(Some(t.to_owned())),
    }
}

/// A client message id: 1 to 64 letters, digits, `-`, `_`, `.` or `:`.
pub fn check_client_message_id(id: &str) -> Result<(), SoukError> {
    let ok = !id.is_empty()
        && id.len() <= MAX_CLIENT_MESSAGE_ID
        && id.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':'));
    if ok {
        Ok(())
    } else {
        Err(SoukError::with_detail(ErrorCode::InvalidArgument, "clientMessageId: 1 to 64 letters, digits, - _ . :"))
    }
}

/// A file name as shown to the other party: no path, no control characters, bounded length.
pub fn clean_file_name(name: Option<&str>, fallback_extension: &str) -> String {
    let base = name.unwrap_or_default().rsplit(['/', '\\']).next().unwrap_or_default();
    let cleaned: String = base.chars().filter(|c| !c.is_control()).take(MAX_FILE_NAME_CHARS).collect();
    let cleaned = cleaned.trim();
    if cleaned.is_empty() { format!("file.{fallback_extension}") } else { cleaned.to_owned() }
}

/// A short preview of a message for the conversation list.
pub fn preview(text: Option<&str>, attachment_name: Option<&str>) -> String {
    match (text, attachment_name) {
        (Some(t), _) => t.chars().take(120).collect(),
        (None, Some(name)) => format!("📎 {name}"),
        (None, None) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bombs_by_header_and_polyglots_are_refused() {
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        png.extend(20_000u32.to_be_bytes());
        png.extend(20_000u32.to_be_bytes());
        png.extend([1, 0, 0, 0, 0]);
        assert_eq!(header_dimensions(&png), Some((20_000, 20_000)));
        assert_eq!(check_attachment(&png).map_err(|e| e.code), Err(ErrorCode::AttachmentTooLarge));
        let mut gif = b"GIF89a\x10\x27\x10\x27\0\0\0;".to_vec();
        assert_eq!(header_dimensions(&gif), Some((10_000, 10_000)));
        assert_eq!(check_attachment(&gif).map_err(|e| e.code), Err(ErrorCode::AttachmentTooLarge));
        gif[6..10].copy_from_slice(&[1, 0, 1, 0]);
        // A page after a GIF or WebP passes here: the re-encoding (services/src/media.rs) drops it.
        gif.extend_from_slice(b"<html><script>alert(1)</script>");
        assert_eq!(header_dimensions(&gif), Some((1, 1)));
        assert_eq!(check_attachment(&gif), Ok(AttachmentKind::Gif));
        let page = b"%PDF-1.4\n<!DOCTYPE html><html><body>hi</body></html>";
        assert_eq!(check_attachment(page).map_err(|e| e.code), Err(ErrorCode::AttachmentType));
        assert_eq!(check_cv(page).map_err(|e| e.code), Err(ErrorCode::CvType));
        assert_eq!(check_attachment(b"%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n"), Ok(AttachmentKind::Pdf));
        assert!(carries_html(b"<SVG") && carries_html(b"x<Script") && !carries_html(b"<sv"));
    }

    #[test]
    fn only_an_active_ad_takes_messages() {
        let taking: Vec<AdStatus> = AdStatus::ALL.into_iter().filter(|s| ad_takes_messages(*s)).collect();
        assert_eq!(taking, [AdStatus::Active]);
        assert_eq!(no_ad_taking_messages().code, ErrorCode::NotFound);
    }

    #[test]
    fn attachments_are_judged_by_their_bytes_and_size() {
        assert_eq!(check_attachment(b"%PDF-1.7 ...").ok(), Some(AttachmentKind::Pdf));
        assert_eq!(check_attachment(&[0xFF, 0xD8, 0xFF, 0xE0]).ok(), Some(AttachmentKind::Jpeg));
        assert_eq!(check_attachment(b"MZ\x90\x00 an exe").map_err(|e| e.code), Err(ErrorCode::AttachmentType));
        let mut big = b"%PDF-".to_vec();
        big.resize(MAX_ATTACHMENT_BYTES + 1, 0);
        assert_eq!(check_attachment(&big).map_err(|e| e.code), Err(ErrorCode::AttachmentTooLarge));
        big.truncate(MAX_ATTACHMENT_BYTES);
        assert!(check_attachment(&big).is_ok());
    }

    #[test]
    fn cvs_are_pdf_jpeg_rtf_or_odt_up_to_two_and_a_half_megabytes() {
        assert_eq!(check_cv(b"{\\rtf1\\ansi hello}").ok(), Some(CvKind::Rtf));
        let mut odt = vec![b'P', b'K', 3, 4];
        odt.resize(30, 0);
        odt.extend_from_slice(b"mimetypeapplication/vnd.oasis.opendocument.text");
        assert_eq!(check_cv(&odt).ok(), Some(CvKind::Odt));
        let mut docx = vec![b'P', b'K', 3, 4];
        docx.resize(60, b'x');
        assert_eq!(check_cv(&docx).map_err(|e| e.code), Err(ErrorCode::CvType));
        assert_eq!(check_cv(b"\x89PNG\r\n\x1a\n").map_err(|e| e.code), Err(ErrorCode::CvType));
        let mut big = b"%PDF-".to_vec();
        big.resize(MAX_CV_BYTES + 1, 0);
        assert_eq!(check_cv(&big).map_err(|e| e.code), Err(ErrorCode::CvTooLarge));
    }

    #[test]
    fn text_and_client_ids_are_checked() {
        assert_eq!(check_text(Some("  salam  "), false).unwrap(), Some("salam".into()));
        assert_eq!(check_text(Some("   "), false).map_err(|e| e.code), Err(ErrorCode::ChatMessageEmpty));
        assert_eq!(check_text(None, true).unwrap(), None);
        let long = "a".repeat(MAX_TEXT_CHARS + 1);
        assert_eq!(check_text(Some(&long), false).map_err(|e| e.code), Err(ErrorCode::ChatMessageTooLong));
        assert!(check_client_message_id("c-1:abc_2.x").is_ok());
        for bad in ["", "a b", "é", &"x".repeat(65)] {
            assert!(check_client_message_id(bad).is_err(), "{bad}");
        }
        assert_eq!(clean_file_name(Some("../../etc/passwd"), "pdf"), "passwd");
        assert_eq!(clean_file_name(Some("\u{0}"), "pdf"), "file.pdf");
    }

    #[test]
    fn buckets_are_weeks() {
        assert_eq!(bucket_of(0), 0);
        assert_eq!(bucket_of(BUCKET_MS - 1), 0);
        assert_eq!(bucket_of(BUCKET_MS), 1);
    }
}
