//! Engine.IO v4 packet codec: single packets (text and binary frames) and HTTP long-polling payloads
//! (records joined by `\x1e`, binary records as `b` + base64). Pure functions, no I/O.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;

/// The record separator that joins packets in a polling payload.
pub const SEPARATOR: char = '\x1e';

/// One Engine.IO packet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Packet {
    /// `0` + the handshake JSON.
    Open(String),
    /// `1`.
    Close,
    /// `2` + optional data (`probe` during the upgrade).
    Ping(String),
    /// `3` + optional data.
    Pong(String),
    /// `4` + text.
    Message(String),
    /// A binary message (a raw frame on WebSocket, `b` + base64 on polling).
    Binary(Vec<u8>),
    /// `5`.
    Upgrade,
    /// `6`.
    Noop,
}

/// Why some input is not a valid Engine.IO packet or payload.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("empty packet")]
    Empty,
    #[error("unknown packet type {0:?}")]
    UnknownType(char),
    #[error("invalid base64 in a binary record")]
    Base64,
    #[error("payload of {0} bytes exceeds the maximum")]
    TooLarge(usize),
}

impl Packet {
    /// The text form of the packet (binary packets as `b` + base64, as polling wants them).
    pub fn encode_text(&self) -> String {
        match self {
            Packet::Open(json) => format!("0{json}"),
            Packet::Close => "1".into(),
            Packet::Ping(d) => format!("2{d}"),
            Packet::Pong(d) => format!("3{d}"),
            Packet::Message(m) => format!("4{m}"),
            Packet::Binary(b) => format!("b{}", STANDARD.encode(b)),
            Packet::Upgrade => "5".into(),
            Packet::Noop => "6".into(),
        }
    }

    /// Decodes one text record (a WebSocket text frame or one polling record).
    pub fn decode_text(input: &str) -> Result<Packet, DecodeError> {
        let mut chars = input.chars();
        let kind = chars.next().ok_or(DecodeError::Empty)?;
        let rest = chars.as_str();
        Ok(match kind {
            '0' => Packet::Open(rest.to_owned()),
            '1' => Packet::Close,
            '2' => Packet::Ping(rest.to_owned()),
            '3' => Packet::Pong(rest.to_owned()),
            '4' => Packet::Message(rest.to_owned()),
            '5' => Packet::Upgrade,
            '6' => Packet::Noop,
            'b' => Packet::Binary(STANDARD.decode(rest).map_err(|_| DecodeError::Base64)?),
            other => return Err(DecodeError::UnknownType(other)),
        })
    }
}

/// Joins packets into one polling payload.
pub fn encode_payload(packets: &[Packet]) -> String {
    let mut out = String::new();
    for (i, p) in packets.iter().enumerate() {
        if i > 0 {
            out.push(SEPARATOR);
        }
        out.push_str(&p.encode_text());
    }
    out
}

/// Splits a polling payload into packets; fails on the first bad record or when too large.
pub fn decode_payload(input: &str, max_payload: usize) -> Result<Vec<Packet>, DecodeError> {
    if input.len() > max_payload {
        return Err(DecodeError::TooLarge(input.len()));
    }
    input.split(SEPARATOR).map(Packet::decode_text).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_packets_round_trip() {
        for p in [
            Packet::Open("{\"sid\":\"x\"}".into()),
            Packet::Close,
            Packet::Ping("probe".into()),
            Packet::Pong(String::new()),
            Packet::Message("2[\"hi\"]".into()),
            Packet::Binary(vec![0, 1, 2, 255]),
            Packet::Upgrade,
            Packet::Noop,
        ] {
            assert_eq!(Packet::decode_text(&p.encode_text()), Ok(p));
        }
    }

    #[test]
    fn binary_is_base64_with_b_prefix() {
        assert_eq!(Packet::Binary(vec![1, 2, 3, 4]).encode_text(), "bAQIDBA==");
    }

    #[test]
    fn payload_is_joined_by_record_separator() {
        let packets =
            vec![Packet::Message("hello".into()), Packet::Binary(vec![1, 2, 3, 4]), Packet::Ping(String::new())];
        let text = encode_payload(&packets);
        assert_eq!(text, "4hello\x1ebAQIDBA==\x1e2");
        assert_eq!(decode_payload(&text, 1000), Ok(packets));
    }

    #[test]
    fn malformed_input_is_an_error() {
        assert_eq!(Packet::decode_text(""), Err(DecodeError::Empty));
        assert_eq!(Packet::decode_text("9x"), Err(DecodeError::UnknownType('9')));
        assert_eq!(Packet::decode_text("b!!!"), Err(DecodeError::Base64));
        assert_eq!(decode_payload("4a\x1e", 100), Err(DecodeError::Empty));
        assert_eq!(decode_payload("4abcdef", 3), Err(DecodeError::TooLarge(7)));
    }
}
