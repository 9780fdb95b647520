//! The outbox directory of embedded mode: how messages are named and written there, and
//! `read_outbox`, which lists them back (messaging-app JSON files and the `.eml` files lettre
//! writes, or that the test SMTP sink saves) newest first.

use super::NotifyError;
use base64::Engine as _;
use serde::{Deserialize, Serialize};
use souk_domain::Lang;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// Suffix of a message sent by messaging app.
pub(super) const SMS_SUFFIX: &str = "-sms.json";
/// Suffix of an e-mail file (any name ending so is read, e.g. the test SMTP sink's).
pub(super) const EMAIL_SUFFIX: &str = ".eml";
/// Suffix of the e-mail files the outbox mailer names.
pub(super) const EMAIL_FILE_SUFFIX: &str = "-email.eml";

/// Headers the outbox mailer adds so that `read_outbox` gives back what the message carried.
pub(super) const HEADER_KIND: &str = "X-Souk-Kind";
pub(super) const HEADER_CODE: &str = "X-Souk-Code";
pub(super) const HEADER_LINK: &str = "X-Souk-Link";

/// `<data_dir>/outbox`, where embedded mode writes every outbound message.
pub fn outbox_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("outbox")
}

/// How a message left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    Sms,
    Email,
}

/// One message found in the outbox.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OutboxEntry {
    pub channel: Channel,
    /// Phone number, or the e-mail's `To` header.
    pub to: String,
    /// `None` for an e-mail without `Content-Language` (not written by Souk).
    pub lang: Option<Lang>,
    /// `Message::kind`; `None` for an e-mail not written by Souk.
    pub kind: Option<String>,
    /// The e-mail's subject (decoded); `None` for messaging-app messages.
    pub subject: Option<String>,
    /// The text sent, or the e-mail's text/plain part (decoded).
    pub text: String,
    /// The e-mail's text/html part (decoded), for previewing it; `None` for messaging-app messages.
    pub html: Option<String>,
    pub code: Option<String>,
    pub link: Option<String>,
    /// RFC 3339, UTC, milliseconds.
    pub sent_at: String,
    /// File name inside the outbox.
    pub file: String,
}

/// The JSON file of a messaging-app message.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct SmsRecord {
    pub channel: Channel,
    pub to: String,
    pub lang: Lang,
    pub kind: String,
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
    pub sent_at: String,
}

/// Lists the newest `limit` messages of the outbox, newest first. A missing directory is an
/// empty outbox; a file that cannot be parsed is skipped with a warning. This reads files:
/// call it from `spawn_blocking` on an async executor.
pub fn read_outbox(dir: &Path, limit: usize) -> Result<Vec<OutboxEntry>, NotifyError> {
    let listing = match std::fs::read_dir(dir) {
        Ok(listing) => listing,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e.into()),
    };
    let mut files: Vec<(u64, String, PathBuf)> = Vec::new();
    for item in listing {
        let item = item?;
        let Ok(name) = item.file_name().into_string() else { continue };
        if name.starts_with('.') || !(name.ends_with(SMS_SUFFIX) || name.ends_with(EMAIL_SUFFIX)) {
            continue;
        }
        let millis = match millis_prefix(&name) {
            Some(millis) => millis,
            None => match item.metadata().and_then(|m| m.modified()) {
                Ok(modified) => system_time_millis(modified),
                Err(_) => continue,
            },
        };
        files.push((millis, name, item.path()));
    }
    files.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| b.1.cmp(&a.1)));

    let mut entries = Vec::with_capacity(limit.min(files.len()));
    for (millis, name, path) in files {
        if entries.len() >= limit {
            break;
        }
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            // Removed since the listing: no longer in the outbox.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(e.into()),
        };
        let entry = if name.ends_with(SMS_SUFFIX) {
            sms_entry(&bytes, name.clone())
        } else {
            eml_entry(&bytes, name.clone(), millis)
        };
        match entry {
            Some(entry) => entries.push(entry),
            None => tracing::warn!(file = %path.display(), "outbox: unreadable message skipped"),
        }
    }
    Ok(entries)
}

fn sms_entry(bytes: &[u8], file: String) -> Option<OutboxEntry> {
    let record: SmsRecord = serde_json::from_slice(bytes).ok()?;
    Some(OutboxEntry {
        channel: record.channel,
        to: record.to,
        lang: Some(record.lang),
        kind: Some(record.kind),
        subject: None,
        text: record.text,
        html: None,
        code: record.code,
        link: record.link,
        sent_at: record.sent_at,
        file,
    })
}

fn eml_entry(bytes: &[u8], file: String, millis: u64) -> Option<OutboxEntry> {
    let raw = String::from_utf8_lossy(bytes).replace("\r\n", "\n");
    let (headers, body) = split_headers(&raw)?;
    let header = |name: &str| header_value(&headers, name).map(decode_encoded_words);
    let text = find_text_part(&headers, body, "text/plain").unwrap_or_default();
    Some(OutboxEntry {
        channel: Channel::Email,
        to: header("To")?,
        lang: header("Content-Language").and_then(|l| Lang::parse(&l)),
        kind: header(HEADER_KIND),
        subject: Some(header("Subject").unwrap_or_default()),
        text,
        html: find_text_part(&headers, body, "text/html"),
        code: header(HEADER_CODE),
        link: header(HEADER_LINK),
        sent_at: rfc3339_millis(millis),
        file,
    })
}

/// `<unix_millis>-<uuid>-<suffix>`: names sort by time, the UUIDv7 orders the same millisecond.
pub(super) fn message_file_name(millis: u64, suffix: &str) -> String {
    format!("{millis}-{}{suffix}", uuid::Uuid::now_v7())
}

fn millis_prefix(name: &str) -> Option<u64> {
    let digits = name.split('-').next()?;
    if digits.len() < 10 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

pub(super) fn now_millis() -> u64 {
    system_time_millis(SystemTime::now())
}

fn system_time_millis(time: SystemTime) -> u64 {
    time.duration_since(UNIX_EPOCH).map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX)).unwrap_or(0)
}

pub(super) use souk_domain::time::rfc3339_millis;

/// Writes `bytes` to `dir/name` so that a reader never sees a partial file: a hidden temporary
/// file in the same directory, then a rename.
pub(super) async fn write_atomically(dir: &Path, name: &str, bytes: &[u8]) -> Result<PathBuf, NotifyError> {
    tokio::fs::create_dir_all(dir).await?;
    let temporary = dir.join(format!(".{name}.tmp"));
    let path = dir.join(name);
    tokio::fs::write(&temporary, bytes).await?;
    if let Err(e) = tokio::fs::rename(&temporary, &path).await {
        let _ = tokio::fs::remove_file(&temporary).await;
        return Err(e.into());
    }
    Ok(path)
}

// ---- A small MIME reader: enough for what lettre writes (and what an SMTP server receives). ----

type Headers = Vec<(String, String)>;

/// Splits a message (line ends already `\n`) into unfolded headers and body.
fn split_headers(raw: &str) -> Option<(Headers, &str)> {
    let (head, body) = match raw.find("\n\n") {
        Some(at) => (&raw[..at], &raw[at + 2..]),
        None => (raw.trim_end_matches('\n'), ""),
    };
    let mut headers: Headers = Vec::new();
    for line in head.split('\n') {
        if line.starts_with([' ', '\t']) {
            // A folded line continues the previous header; unfolding removes only the line break.
            headers.last_mut()?.1.push_str(line);
        } else if let Some((name, value)) = line.split_once(':') {
            headers.push((name.trim().to_string(), value.trim_start().to_string()));
        } else if !line.is_empty() {
            return None;
        }
    }
    for header in &mut headers {
        header.1 = header.1.trim().to_string();
    }
    Some((headers, body))
}

fn header_value<'h>(headers: &'h Headers, name: &str) -> Option<&'h str> {
    headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
}

/// `type/subtype` in lower case and the parameters of a `Content-Type` value.
fn content_type(value: &str) -> (String, Vec<(String, String)>) {
    let mut pieces = value.split(';');
    let mime = pieces.next().unwrap_or("").trim().to_ascii_lowercase();
    let params = pieces
        .filter_map(|p| p.split_once('='))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().trim_matches('"').to_string()))
        .collect();
    (mime, params)
}

/// The first part of type `wanted` (`text/plain`, `text/html`) of a message or part, decoded.
fn find_text_part(headers: &Headers, body: &str, wanted: &str) -> Option<String> {
    let (mime, params) = content_type(header_value(headers, "Content-Type").unwrap_or("text/plain"));
    let charset = params.iter().find(|(k, _)| k == "charset").map(|(_, v)| v.as_str()).unwrap_or("utf-8");
    if mime.starts_with("multipart/") {
        let boundary = params.iter().find(|(k, _)| k == "boundary").map(|(_, v)| v.as_str())?;
        return multipart_parts(body, boundary).into_iter().find_map(|part| {
            let (headers, body) = split_headers(part)?;
            find_text_part(&headers, body, wanted)
        });
    }
    if mime != wanted {
        return None;
    }
    let encoding = header_value(headers, "Content-Transfer-Encoding").unwrap_or("7bit").to_ascii_lowercase();
    let bytes = match encoding.as_str() {
        "quoted-printable" => decode_quoted_printable(body),
        "base64" => {
            let compact: String = body.chars().filter(|c| !c.is_ascii_whitespace()).collect();
            base64::engine::general_purpose::STANDARD.decode(compact).ok()?
        }
        _ => body.as_bytes().to_vec(),
    };
    Some(decode_charset(&bytes, charset).replace("\r\n", "\n"))
}

/// The bodies of a multipart body's parts (the line break before a delimiter belongs to it).
fn multipart_parts<'b>(body: &'b str, boundary: &str) -> Vec<&'b str> {
    let delimiter = format!("--{boundary}");
    let mut parts = Vec::new();
    let mut start: Option<usize> = None;
    let mut offset: usize = 0;
    for line in body.split_inclusive('\n') {
        let bare = line.trim_end();
        if bare == delimiter || bare == format!("{delimiter}--") {
            if let Some(from) = start {
                let end = offset.saturating_sub(1).max(from);
                parts.push(&body[from..end]);
            }
            if bare != delimiter {
                break;
            }
            start = Some(offset + line.len());
        }
        offset += line.len();
    }
    parts
}

fn decode_quoted_printable(body: &str) -> Vec<u8> {
    let bytes = body.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'=' if bytes.get(i + 1) == Some(&b'\n') => i += 2,
            b'=' if bytes.get(i + 1) == Some(&b'\r') && bytes.get(i + 2) == Some(&b'\n') => i += 3,
            b'=' => match bytes.get(i + 1..i + 3).and_then(hex_byte) {
                Some(byte) => {
                    out.push(byte);
                    i += 3;
                }
                None => {
                    out.push(b'=');
                    i += 1;
                }
            },
            byte => {
                out.push(byte);
                i += 1;
            }
        }
    }
    out
}

fn hex_byte(pair: &[u8]) -> Option<u8> {
    let text = std::str::from_utf8(pair).ok()?;
    u8::from_str_radix(text, 16).ok()
}

fn decode_charset(bytes: &[u8], charset: &str) -> String {
    match charset.to_ascii_lowercase().as_str() {
        "iso-8859-1" | "latin1" | "latin-1" => bytes.iter().map(|&b| char::from(b)).collect(),
        _ => String::from_utf8_lossy(bytes).into_owned(),
    }
}

/// Decodes RFC 2047 encoded-words (`=?utf-8?b?...?=`, `=?utf-8?q?...?=`) in a header value;
/// white space between two adjacent encoded-words is dropped, as the RFC says.
fn decode_encoded_words(value: &str) -> String {
    let mut out = String::new();
    // Bytes of consecutive encoded-words, decoded together so a character split across two
    // words survives.
    let mut pending: Vec<u8> = Vec::new();
    let mut pending_charset = String::new();
    let mut rest = value;
    while !rest.is_empty() {
        let Some(start) = rest.find("=?") else {
            flush_words(&mut out, &mut pending, &pending_charset);
            out.push_str(rest);
            break;
        };
        let between = &rest[..start];
        match parse_encoded_word(&rest[start..]) {
            Some((charset, bytes, used)) => {
                let follows_a_word = !pending.is_empty() && between.chars().all(char::is_whitespace);
                if !follows_a_word {
                    flush_words(&mut out, &mut pending, &pending_charset);
                    out.push_str(between);
                } else if !charset.eq_ignore_ascii_case(&pending_charset) {
                    flush_words(&mut out, &mut pending, &pending_charset);
                }
                pending_charset = charset;
                pending.extend_from_slice(&bytes);
                rest = &rest[start + used..];
            }
            None => {
                flush_words(&mut out, &mut pending, &pending_charset);
                out.push_str(&rest[..start + 2]);
                rest = &rest[start + 2..];
            }
        }
    }
    flush_words(&mut out, &mut pending, &pending_charset);
    out
}

fn flush_words(out: &mut String, pending: &mut Vec<u8>, charset: &str) {
    if !pending.is_empty() {
        out.push_str(&decode_charset(pending, charset));
        pending.clear();
    }
}

/// Parses `=?charset?enc?text?=` at the start of `s`: the charset, the decoded bytes and the
/// length used.
fn parse_encoded_word(s: &str) -> Option<(String, Vec<u8>, usize)> {
    let inner = s.strip_prefix("=?")?;
    let (charset, after_charset) = inner.split_once('?')?;
    let (encoding, after_encoding) = after_charset.split_once('?')?;
    let end = after_encoding.find("?=")?;
    let text = &after_encoding[..end];
    if charset.is_empty() || [charset, encoding, text].iter().any(|p| p.contains(char::is_whitespace)) {
        return None;
    }
    let bytes = match encoding {
        "b" | "B" => base64::engine::general_purpose::STANDARD
            .decode(text)
            .or_else(|_| base64::engine::general_purpose::STANDARD_NO_PAD.decode(text.trim_end_matches('=')))
            .ok()?,
        "q" | "Q" => decode_quoted_printable(&text.replace('_', " ")),
        _ => return None,
    };
    // A language tag may follow the charset (`utf-8*ar`, RFC 2231).
    let charset = charset.split('*').next().unwrap_or(charset).to_string();
    let used = s.len() - after_encoding.len() + end + 2;
    Some((charset, bytes, used))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoded_words_are_decoded_and_joined() {
        assert_eq!(decode_encoded_words("=?utf-8?b?QWRyacOhbg==?="), "Adrián");
        assert_eq!(decode_encoded_words("Hello =?utf-8?b?QWRyacOhbg==?= there"), "Hello Adrián there");
        // Adjacent words (as folding leaves them) join without the space between them.
        assert_eq!(decode_encoded_words("=?utf-8?b?QWRy?=  =?utf-8?b?acOhbg==?="), "Adrián");
        // A character split across two words survives.
        assert_eq!(decode_encoded_words("=?utf-8?b?QWRyacM=?=\n =?utf-8?b?oW4=?="), "Adrián");
        assert_eq!(decode_encoded_words("=?UTF-8?Q?caf=C3=A9_cr=C3=A8me?="), "café crème");
        assert_eq!(decode_encoded_words("=?iso-8859-1?q?caf=E9?="), "café");
        assert_eq!(decode_encoded_words("plain = ?text =?broken"), "plain = ?text =?broken");
    }

    #[test]
    fn quoted_printable_soft_breaks_and_escapes() {
        assert_eq!(decode_quoted_printable("caf=C3=A9 =\nau lait\nx=3Dy"), "café au lait\nx=y".as_bytes());
    }

    #[test]
    fn multipart_text_part_is_found() {
        let raw = "To: a@b.c\nSubject: =?utf-8?b?2LPZiNmC?= Souk\nContent-Type: multipart/alternative;\n \
                   boundary=\"XYZ\"\n\n--XYZ\nContent-Type: text/plain; charset=utf-8\n\
                   Content-Transfer-Encoding: base64\n\n2LPZiNmC\n--XYZ\nContent-Type: text/html; charset=utf-8\n\n\
                   <p>x</p>\n--XYZ--\n";
        let entry = eml_entry(raw.as_bytes(), "f.eml".into(), 0).expect("parsed");
        assert_eq!(entry.to, "a@b.c");
        assert_eq!(entry.subject.as_deref(), Some("سوق Souk"));
        assert_eq!(entry.text, "سوق");
        assert_eq!(entry.html.as_deref(), Some("<p>x</p>"));
        assert_eq!(entry.sent_at, "1970-01-01T00:00:00.000Z");
    }

    #[test]
    fn timestamps_are_rfc3339() {
        assert_eq!(rfc3339_millis(1_763_787_662_123), "2025-11-22T05:01:02.123Z");
        assert_eq!(rfc3339_millis(951_782_400_000), "2000-02-29T00:00:00.000Z");
    }
}
