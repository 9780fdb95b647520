//! Socket.IO v5 packet codec: packet types, namespaces, acknowledgement ids, and binary attachments
//! (deconstructing binary arguments into `{"_placeholder":true,"num":N}` plus attachments, and back).
//! Pure functions, no I/O.

use serde_json::{Map, Value};

/// The most attachments one packet may announce; more is treated as malformed.
pub const MAX_ATTACHMENTS: usize = 64;

/// A Socket.IO packet type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Connect = 0,
    Disconnect = 1,
    Event = 2,
    Ack = 3,
    ConnectError = 4,
    BinaryEvent = 5,
    BinaryAck = 6,
}

impl Kind {
    fn from_digit(c: char) -> Option<Kind> {
        Some(match c {
            '0' => Kind::Connect,
            '1' => Kind::Disconnect,
            '2' => Kind::Event,
            '3' => Kind::Ack,
            '4' => Kind::ConnectError,
            '5' => Kind::BinaryEvent,
            '6' => Kind::BinaryAck,
            _ => return None,
        })
    }
}

/// A JSON-like value that may also hold binary data: the arguments of events and acknowledgements.
#[derive(Debug, Clone, PartialEq)]
pub enum Data {
    Json(Value),
    Binary(Vec<u8>),
    Array(Vec<Data>),
    Object(Vec<(String, Data)>),
}

impl From<Value> for Data {
    fn from(v: Value) -> Self {
        Data::Json(v)
    }
}

/// Why some text is not a valid Socket.IO packet.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("empty packet")]
    Empty,
    #[error("unknown packet type {0:?}")]
    UnknownType(char),
    #[error("bad attachment count")]
    BadAttachmentCount,
    #[error("bad acknowledgement id")]
    BadAckId,
    #[error("bad JSON: {0}")]
    BadJson(String),
    #[error("payload not allowed for this packet type")]
    BadPayload,
    #[error("attachments do not match the placeholders")]
    AttachmentMismatch,
}

/// One Socket.IO packet, with its binary attachments (if any) already collected.
#[derive(Debug, Clone, PartialEq)]
pub struct Packet {
    pub kind: Kind,
    pub nsp: String,
    pub id: Option<u64>,
    /// The JSON payload, with binary values replaced by placeholders.
    pub data: Option<Value>,
    pub attachments: Vec<Vec<u8>>,
}

impl Packet {
    /// A CONNECT reply carrying the socket id.
    pub fn connect(nsp: &str, sid: &str) -> Packet {
        Packet::plain(Kind::Connect, nsp, None, Some(serde_json::json!({ "sid": sid })))
    }

    /// A CONNECT_ERROR with a message and optional data.
    pub fn connect_error(nsp: &str, message: &str, data: Option<Value>) -> Packet {
        let mut payload = Map::new();
        payload.insert("message".into(), Value::String(message.to_owned()));
        if let Some(data) = data {
            payload.insert("data".into(), data);
        }
        Packet::plain(Kind::ConnectError, nsp, None, Some(Value::Object(payload)))
    }

    /// A DISCONNECT for a namespace.
    pub fn disconnect(nsp: &str) -> Packet {
        Packet::plain(Kind::Disconnect, nsp, None, None)
    }

    /// An EVENT (or BINARY_EVENT when an argument holds binary data).
    pub fn event(nsp: &str, name: &str, args: Vec<Data>, id: Option<u64>) -> Packet {
        let mut all = Vec::with_capacity(args.len() + 1);
        all.push(Data::Json(Value::String(name.to_owned())));
        all.extend(args);
        Packet::with_args(Kind::Event, Kind::BinaryEvent, nsp, id, all)
    }

    /// An ACK (or BINARY_ACK when an argument holds binary data).
    pub fn ack(nsp: &str, id: u64, args: Vec<Data>) -> Packet {
        Packet::with_args(Kind::Ack, Kind::BinaryAck, nsp, Some(id), args)
    }

    fn plain(kind: Kind, nsp: &str, id: Option<u64>, data: Option<Value>) -> Packet {
        Packet { kind, nsp: nsp.to_owned(), id, data, attachments: Vec::new() }
    }

    fn with_args(text: Kind, binary: Kind, nsp: &str, id: Option<u64>, args: Vec<Data>) -> Packet {
        let mut attachments = Vec::new();
        let data = deconstruct(Data::Array(args), &mut attachments);
        let kind = if attachments.is_empty() { text } else { binary };
        Packet { kind, nsp: nsp.to_owned(), id, data: Some(data), attachments }
    }

    /// The text record and the binary attachments that follow it.
    pub fn encode(&self) -> (String, Vec<Vec<u8>>) {
        let mut out = (self.kind as u8).to_string();
        if matches!(self.kind, Kind::BinaryEvent | Kind::BinaryAck) {
            out.push_str(&format!("{}-", self.attachments.len()));
        }
        if self.nsp != "/" {
            out.push_str(&self.nsp);
            out.push(',');
        }
        if let Some(id) = self.id {
            out.push_str(&id.to_string());
        }
        if let Some(data) = &self.data {
            out.push_str(&data.to_string());
        }
        (out, self.attachments.clone())
    }

    /// The arguments, taken out of the packet: plain JSON as it came when the packet has no
    /// attachments (no copy), else with the binary placeholders replaced by the attachments.
    pub fn take_args(&mut self) -> Result<Vec<Data>, DecodeError> {
        if !self.attachments.is_empty() {
            return self.args();
        }
        match self.data.take() {
            Some(Value::Array(items)) => Ok(items.into_iter().map(Data::Json).collect()),
            _ => Err(DecodeError::BadPayload),
        }
    }

    /// The arguments with binary placeholders replaced by the attachments.
    pub fn args(&self) -> Result<Vec<Data>, DecodeError> {
        match &self.data {
            Some(Value::Array(items)) => {
                let mut used = vec![false; self.attachments.len()];
                let args = items
                    .iter()
                    .map(|v| reconstruct(v, &self.attachments, &mut used))
                    .collect::<Result<Vec<_>, _>>()?;
                if used.iter().all(|u| *u) { Ok(args) } else { Err(DecodeError::AttachmentMismatch) }
            }
            _ => Err(DecodeError::BadPayload),
        }
    }
}

/// A text record decoded, with the number of binary attachments still to come.
#[derive(Debug, Clone, PartialEq)]
pub struct Header {
    pub packet: Packet,
    pub pending_attachments: usize,
}

/// Decodes the text record of a packet sent by a client.
pub fn decode(input: &str) -> Result<Header, DecodeError> {
    let mut chars = input.chars();
    let digit = chars.next().ok_or(DecodeError::Empty)?;
    let kind = Kind::from_digit(digit).ok_or(DecodeError::UnknownType(digit))?;
    let mut rest = chars.as_str();

    let mut pending_attachments = 0;
    if matches!(kind, Kind::BinaryEvent | Kind::BinaryAck) {
        let dash = rest.find('-').ok_or(DecodeError::BadAttachmentCount)?;
        let count = &rest[..dash];
        if count.is_empty() || !count.bytes().all(|b| b.is_ascii_digit()) {
            return Err(DecodeError::BadAttachmentCount);
        }
        pending_attachments = count.parse::<usize>().map_err(|_| DecodeError::BadAttachmentCount)?;
        if pending_attachments == 0 || pending_attachments > MAX_ATTACHMENTS {
            return Err(DecodeError::BadAttachmentCount);
        }
        rest = &rest[dash + 1..];
    }

    let mut nsp = "/".to_owned();
    if rest.starts_with('/') {
        let end = rest.find(',').unwrap_or(rest.len());
        nsp = rest[..end].to_owned();
        rest = rest.get(end + 1..).unwrap_or("");
    }

    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let mut id = None;
    if digits > 0 {
        id = Some(rest[..digits].parse::<u64>().map_err(|_| DecodeError::BadAckId)?);
        rest = &rest[digits..];
    }

    let data = if rest.is_empty() {
        None
    } else {
        Some(serde_json::from_str::<Value>(rest).map_err(|e| DecodeError::BadJson(e.to_string()))?)
    };

    let valid = match kind {
        Kind::Connect => id.is_none() && matches!(data, None | Some(Value::Object(_))),
        Kind::Disconnect => id.is_none() && data.is_none(),
        Kind::Event | Kind::BinaryEvent => {
            matches!(&data, Some(Value::Array(a)) if matches!(a.first(), Some(Value::String(_))))
        }
        Kind::Ack | Kind::BinaryAck => id.is_some() && matches!(data, Some(Value::Array(_))),
        Kind::ConnectError => matches!(data, Some(Value::Object(_) | Value::String(_))),
    };
    if !valid {
        return Err(DecodeError::BadPayload);
    }
    if pending_attachments > 0 {
        let placeholders = data.as_ref().map(count_placeholders).unwrap_or(0);
        if placeholders != pending_attachments {
            return Err(DecodeError::AttachmentMismatch);
        }
    }
    Ok(Header { packet: Packet { kind, nsp, id, data, attachments: Vec::new() }, pending_attachments })
}

fn placeholder_num(v: &Value) -> Option<&Value> {
    match v {
        Value::Object(m) if m.get("_placeholder") == Some(&Value::Bool(true)) => m.get("num"),
        _ => None,
    }
}

fn count_placeholders(v: &Value) -> usize {
    if placeholder_num(v).is_some() {
        return 1;
    }
    match v {
        Value::Array(a) => a.iter().map(count_placeholders).sum(),
        Value::Object(m) => m.values().map(count_placeholders).sum(),
        _ => 0,
    }
}

/// Replaces binary values by placeholders, pushing the bytes onto `attachments`.
pub fn deconstruct(data: Data, attachments: &mut Vec<Vec<u8>>) -> Value {
    match data {
        Data::Json(v) => v,
        Data::Binary(b) => {
            let num = attachments.len();
            attachments.push(b);
            serde_json::json!({ "_placeholder": true, "num": num })
        }
        Data::Array(items) => Value::Array(items.into_iter().map(|d| deconstruct(d, attachments)).collect()),
        Data::Object(fields) => {
            Value::Object(fields.into_iter().map(|(k, d)| (k, deconstruct(d, attachments))).collect::<Map<_, _>>())
        }
    }
}

/// Replaces placeholders by the attachments they name; each attachment must be used.
pub fn reconstruct(v: &Value, attachments: &[Vec<u8>], used: &mut [bool]) -> Result<Data, DecodeError> {
    if let Some(num) = placeholder_num(v) {
        let n = num.as_u64().and_then(|n| usize::try_from(n).ok()).ok_or(DecodeError::AttachmentMismatch)?;
        let bytes = attachments.get(n).ok_or(DecodeError::AttachmentMismatch)?;
        if let Some(slot) = used.get_mut(n) {
            *slot = true;
        }
        return Ok(Data::Binary(bytes.clone()));
    }
    Ok(match v {
        Value::Array(a) if a.iter().any(|x| count_placeholders(x) > 0) => {
            Data::Array(a.iter().map(|x| reconstruct(x, attachments, used)).collect::<Result<_, _>>()?)
        }
        Value::Object(m) if m.values().any(|x| count_placeholders(x) > 0) => Data::Object(
            m.iter().map(|(k, x)| Ok((k.clone(), reconstruct(x, attachments, used)?))).collect::<Result<_, _>>()?,
        ),
        other => Data::Json(other.clone()),
    })
}

/// The text of an EVENT whose one argument is plain JSON: what
/// `Packet::event(nsp, name, vec![payload.into()], None).encode().0` gives, written straight from
/// the payload (no copy of it, no search for binary data, which JSON cannot hold).
#[cfg(test)]
pub fn event_text(nsp: &str, name: &str, payload: &Value) -> String {
    event_json_text(nsp, name, &payload.to_string())
}

/// The text of an EVENT whose one argument is `json`, already serialised: what
/// `Packet::event(nsp, name, vec![value.into()], None).encode().0` gives for that value.
pub fn event_json_text(nsp: &str, name: &str, json: &str) -> String {
    let name = serde_json::to_string(name).unwrap_or_default();
    let mut out = String::with_capacity(json.len() + name.len() + nsp.len() + 8);
    out.push('2');
    if nsp != "/" {
        out.push_str(nsp);
        out.push(',');
    }
    out.push('[');
    out.push_str(&name);
    out.push(',');
    out.push_str(json);
    out.push(']');
    out
}

/// The text of an ACK whose one argument is `json`, already serialised: what
/// `Packet::ack(nsp, id, vec![value.into()]).encode().0` gives for that value.
pub fn ack_text(nsp: &str, id: u64, json: &str) -> String {
    let mut out = String::with_capacity(json.len() + nsp.len() + 24);
    out.push('3');
    if nsp != "/" {
        out.push_str(nsp);
        out.push(',');
    }
    out.push_str(&id.to_string());
    out.push('[');
    out.push_str(json);
    out.push(']');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn connect_with_namespace_and_auth() {
        let h = decode("0/custom,{\"token\":\"abc\"}").unwrap();
        assert_eq!(h.packet.kind, Kind::Connect);
        assert_eq!(h.packet.nsp, "/custom");
        assert_eq!(h.packet.data, Some(json!({"token": "abc"})));
        let h = decode("0").unwrap();
        assert_eq!(h.packet.nsp, "/");
        assert_eq!(h.packet.data, None);
        assert_eq!(Packet::connect("/", "s1").encode().0, "0{\"sid\":\"s1\"}");
        assert_eq!(Packet::connect("/custom", "s1").encode().0, "0/custom,{\"sid\":\"s1\"}");
        assert_eq!(
            Packet::connect_error("/", "no", Some(json!({"code": "UNAUTHENTICATED"}))).encode().0,
            "4{\"data\":{\"code\":\"UNAUTHENTICATED\"},\"message\":\"no\"}"
        );
    }

    #[test]
    fn event_with_ack_id() {
        let h = decode("2/custom,12[\"hello\",1]").unwrap();
        assert_eq!(h.packet.kind, Kind::Event);
        assert_eq!(h.packet.id, Some(12));
        assert_eq!(h.packet.args().unwrap(), vec![Data::Json(json!("hello")), Data::Json(json!(1))]);
        let mut taken = h.packet.clone();
        assert_eq!(taken.take_args().unwrap(), h.packet.args().unwrap());
        let (text, bins) = Packet::event("/", "x", vec![json!({"a": 1}).into()], Some(3)).encode();
        assert_eq!(text, "23[\"x\",{\"a\":1}]");
        assert!(bins.is_empty());
        assert_eq!(Packet::ack("/custom", 7, vec![json!("ok").into()]).encode().0, "3/custom,7[\"ok\"]");
    }

    #[test]
    fn event_text_is_the_encoded_event() {
        for nsp in ["/", "/custom"] {
            for payload in [json!({"a": [1, "é\"\n"], "b": null}), json!("x"), json!([])] {
                let encoded = Packet::event(nsp, "chat:message", vec![payload.clone().into()], None).encode().0;
                assert_eq!(event_text(nsp, "chat:message", &payload), encoded);
                assert_eq!(event_json_text(nsp, "chat:message", &payload.to_string()), encoded);
            }
        }
    }

    #[test]
    fn ack_text_is_the_encoded_ack() {
        for nsp in ["/", "/custom"] {
            let payload = json!({"ok": true, "message": {"text": "é\"\n"}});
            let encoded = Packet::ack(nsp, 42, vec![payload.clone().into()]).encode().0;
            assert_eq!(ack_text(nsp, 42, &payload.to_string()), encoded);
        }
    }

    #[test]
    fn binary_event_round_trip() {
        let args = vec![
            Data::Binary(vec![1, 2, 3]),
            Data::Object(vec![("k".into(), Data::Binary(vec![4])), ("n".into(), json!(5).into())]),
        ];
        let p = Packet::event("/", "bin", args.clone(), None);
        let (text, bins) = p.encode();
        assert_eq!(
            text,
            "52-[\"bin\",{\"_placeholder\":true,\"num\":0},{\"k\":{\"_placeholder\":true,\"num\":1},\"n\":5}]"
        );
        assert_eq!(bins, vec![vec![1, 2, 3], vec![4]]);
        let mut h = decode(&text).unwrap();
        assert_eq!(h.pending_attachments, 2);
        h.packet.attachments = bins;
        let got = h.packet.args().unwrap();
        assert_eq!(&got[1..], &args[..]);
        let ack = Packet::ack("/", 1, vec![Data::Binary(vec![9])]);
        assert_eq!(ack.encode().0, "61-1[{\"_placeholder\":true,\"num\":0}]");
    }

    #[test]
    fn malformed_packets_are_errors() {
        assert_eq!(decode(""), Err(DecodeError::Empty));
        assert_eq!(decode("9"), Err(DecodeError::UnknownType('9')));
        assert!(matches!(decode("2[\"a\""), Err(DecodeError::BadJson(_))));
        assert_eq!(decode("2{}"), Err(DecodeError::BadPayload));
        assert_eq!(decode("2[1]"), Err(DecodeError::BadPayload));
        assert_eq!(decode("1[1]"), Err(DecodeError::BadPayload));
        assert_eq!(decode("3[1]"), Err(DecodeError::BadPayload));
        assert_eq!(decode("5x-[\"a\"]"), Err(DecodeError::BadAttachmentCount));
        assert_eq!(decode("5[\"a\"]"), Err(DecodeError::BadAttachmentCount));
        assert_eq!(decode("5999-[\"a\"]"), Err(DecodeError::BadAttachmentCount));
        assert_eq!(decode("52-[\"a\",{\"_placeholder\":true,\"num\":0}]"), Err(DecodeError::AttachmentMismatch));
        assert_eq!(decode("299999999999999999999999[\"a\"]"), Err(DecodeError::BadAckId));
        let mut h = decode("51-[\"a\",{\"_placeholder\":true,\"num\":4}]").unwrap();
        h.packet.attachments = vec![vec![1]];
        assert_eq!(h.packet.args(), Err(DecodeError::AttachmentMismatch));
    }
}
