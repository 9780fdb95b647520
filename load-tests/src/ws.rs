//! A minimal WebSocket client (RFC 6455: the upgrade, masked client frames, text/binary/ping/
//! close) on a Tokio TCP stream, and the Engine.IO v4 / Socket.IO v5 framing the generator
//! needs over it (open, connect with auth, ping/pong, events, acknowledgements). Enough for a
//! load generator on loopback; not a general-purpose client.

use base64::Engine as _;
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};

/// A frame received.
#[derive(Debug)]
pub enum Frame {
    Text(String),
    Binary,
    Close,
}

pub struct Reader {
    inner: BufReader<OwnedReadHalf>,
}

pub struct Writer {
    inner: OwnedWriteHalf,
    mask: [u8; 4],
}

type Error = Box<dyn std::error::Error + Send + Sync>;

/// The Socket.IO handshake over an open Engine.IO WebSocket: waits for the open packet, sends
/// CONNECT with `auth` (a JSON object, or empty for none), answers pings until CONNECT is acknowledged.
pub async fn socketio_connect(
    reader: &mut Reader,
    writer: &tokio::sync::Mutex<Writer>,
    auth: &str,
) -> Result<(), Error> {
    match reader.next(writer).await? {
        Frame::Text(t) if t.starts_with('0') => {}
        other => return Err(format!("expected an Engine.IO open, got {other:?}").into()),
    }
    writer.lock().await.text(&format!("40{auth}")).await?;
    loop {
        let Frame::Text(t) = reader.next(writer).await? else { return Err("closed while connecting".into()) };
        match parse(&t) {
            Packet::Connected => return Ok(()),
            Packet::Refused(v) => return Err(format!("connect refused: {v}").into()),
            Packet::Ping => writer.lock().await.text("3").await?,
            _ => {}
        }
    }
}

/// A signed-in Socket.IO session over WebSocket: the connection to `addr` and the CONNECT with
/// `token`; answers the reader and the shared writer.
pub async fn socketio_session(
    addr: &str,
    token: &str,
) -> Result<(Reader, std::sync::Arc<tokio::sync::Mutex<Writer>>), Error> {
    let (mut reader, writer) = connect(addr, "/socket.io/?EIO=4&transport=websocket").await?;
    let writer = std::sync::Arc::new(tokio::sync::Mutex::new(writer));
    let auth = serde_json::json!({ "token": token }).to_string();
    socketio_connect(&mut reader, &writer, &auth).await?;
    Ok((reader, writer))
}

/// Opens a WebSocket to `host:port` at `path` (e.g. `/socket.io/?EIO=4&transport=websocket`).
pub async fn connect(addr: &str, path: &str) -> Result<(Reader, Writer), Error> {
    connect_from(addr, path, None).await
}

/// [`connect`] from the local address `source` (a loopback address other than 127.0.0.1, so
/// that many sockets are not all counted against one client address by the server).
pub async fn connect_from(addr: &str, path: &str, source: Option<std::net::IpAddr>) -> Result<(Reader, Writer), Error> {
    let stream = match source {
        None => TcpStream::connect(addr).await?,
        Some(ip) => {
            let remote = tokio::net::lookup_host(addr).await?.next().ok_or("no address")?;
            let socket =
                if remote.is_ipv4() { tokio::net::TcpSocket::new_v4()? } else { tokio::net::TcpSocket::new_v6()? };
            socket.bind(std::net::SocketAddr::new(ip, 0))?;
            socket.connect(remote).await?
        }
    };
    stream.set_nodelay(true)?;
    let (read, mut write) = stream.into_split();
    let key = base64::engine::general_purpose::STANDARD.encode(rand_bytes::<16>());
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    write.write_all(request.as_bytes()).await?;
    let mut reader = BufReader::with_capacity(16 * 1024, read);
    let mut status = String::new();
    reader.read_line(&mut status).await?;
    if !status.contains(" 101 ") {
        return Err(format!("upgrade refused: {}", status.trim()).into());
    }
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).await? == 0 {
            return Err("connection closed during the upgrade".into());
        }
        if line == "\r\n" {
            break;
        }
    }
    Ok((Reader { inner: reader }, Writer { inner: write, mask: rand_bytes::<4>() }))
}

fn rand_bytes<const N: usize>() -> [u8; N] {
    // Not for secrecy: the mask only has to vary between connections.
    let seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(7);
    let mut x = (seed as u64) ^ (&seed as *const _ as u64);
    let mut out = [0u8; N];
    for b in &mut out {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        *b = x as u8;
    }
    out
}

impl Writer {
    /// Appends one masked frame to `out`.
    fn encode(&self, out: &mut Vec<u8>, opcode: u8, payload: &[u8]) {
        out.push(0x80 | opcode);
        match payload.len() {
            n if n < 126 => out.push(0x80 | n as u8),
            n if n <= 0xFFFF => {
                out.push(0x80 | 126);
                out.extend_from_slice(&(n as u16).to_be_bytes());
            }
            n => {
                out.push(0x80 | 127);
                out.extend_from_slice(&(n as u64).to_be_bytes());
            }
        }
        out.extend_from_slice(&self.mask);
        out.extend(payload.iter().enumerate().map(|(i, b)| b ^ self.mask[i % 4]));
    }

    async fn frame(&mut self, opcode: u8, payload: &[u8]) -> Result<(), Error> {
        let mut out = Vec::with_capacity(payload.len() + 14);
        self.encode(&mut out, opcode, payload);
        self.inner.write_all(&out).await?;
        Ok(())
    }

    pub async fn text(&mut self, text: &str) -> Result<(), Error> {
        self.frame(0x1, text.as_bytes()).await
    }

    /// Several text frames in one write.
    pub async fn texts(&mut self, texts: &[String]) -> Result<(), Error> {
        let mut out = Vec::with_capacity(texts.iter().map(|t| t.len() + 14).sum());
        for t in texts {
            self.encode(&mut out, 0x1, t.as_bytes());
        }
        self.inner.write_all(&out).await?;
        Ok(())
    }

    pub async fn pong(&mut self, data: &[u8]) -> Result<(), Error> {
        self.frame(0xA, data).await
    }

    pub async fn close(&mut self) -> Result<(), Error> {
        self.frame(0x8, &[]).await
    }
}

impl Reader {
    /// The next data frame; a WebSocket ping is answered through `pong` (frames never fragment here).
    pub async fn next(&mut self, writer: &tokio::sync::Mutex<Writer>) -> Result<Frame, Error> {
        loop {
            let mut head = [0u8; 2];
            self.inner.read_exact(&mut head).await?;
            let opcode = head[0] & 0x0F;
            let mut len = u64::from(head[1] & 0x7F);
            if len == 126 {
                let mut b = [0u8; 2];
                self.inner.read_exact(&mut b).await?;
                len = u64::from(u16::from_be_bytes(b));
            } else if len == 127 {
                let mut b = [0u8; 8];
                self.inner.read_exact(&mut b).await?;
                len = u64::from_be_bytes(b);
            }
            if len > 64 * 1024 * 1024 {
                return Err("frame too large".into());
            }
            let mut payload = vec![0u8; len as usize];
            self.inner.read_exact(&mut payload).await?;
            match opcode {
                0x1 => return Ok(Frame::Text(String::from_utf8(payload)?)),
                0x2 => return Ok(Frame::Binary),
                0x8 => return Ok(Frame::Close),
                0x9 => writer.lock().await.pong(&payload).await?,
                _ => {}
            }
        }
    }
}

/// A Socket.IO packet the generator cares about.
#[derive(Debug)]
pub enum Packet {
    /// Engine.IO ping: answer `3`.
    Ping,
    /// Socket.IO CONNECT accepted.
    Connected,
    /// CONNECT_ERROR with its payload.
    Refused(Value),
    /// An event with its arguments.
    Event(String, Vec<Value>),
    Other,
}

/// Parses one Engine.IO text frame carrying (maybe) a Socket.IO packet on namespace `/`.
pub fn parse(text: &str) -> Packet {
    if text == "2" {
        return Packet::Ping;
    }
    let Some(sio) = text.strip_prefix('4') else { return Packet::Other };
    let (kind, rest) = sio.split_at(sio.len().min(1));
    match kind {
        "0" => Packet::Connected,
        "4" => Packet::Refused(serde_json::from_str(rest).unwrap_or(Value::Null)),
        "2" => match serde_json::from_str::<Value>(rest) {
            Ok(Value::Array(mut a)) if !a.is_empty() => {
                let name = a.remove(0).as_str().unwrap_or_default().to_owned();
                Packet::Event(name, a)
            }
            _ => Packet::Other,
        },
        _ => Packet::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn socketio_packets_parse() {
        assert!(matches!(parse("2"), Packet::Ping));
        assert!(matches!(parse("40{\"sid\":\"x\"}"), Packet::Connected));
        assert!(matches!(parse("44{\"message\":\"no\"}"), Packet::Refused(v) if v["message"] == "no"));
        assert!(
            matches!(parse("42[\"chat:message\",{\"a\":1}]"), Packet::Event(n, a) if n == "chat:message" && a[0]["a"] == 1)
        );
        assert!(matches!(parse("0{}"), Packet::Other));
    }
}
