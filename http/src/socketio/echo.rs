//! The echo behaviour used by `souk socketio-echo` and the conformance tests: namespaces `/` and
//! `/custom`; on connect it emits `auth` with the handshake auth; `message` comes back as
//! `message-back`; `message-with-ack` is acknowledged with the same arguments (binary preserved).

use super::server::{ConnectFuture, Credit, Handler, Socket, decided};
use super::socket::Data;
use serde_json::Value;

/// Echoes what clients send.
pub struct Echo;

impl Handler for Echo {
    fn connect(&self, socket: &Socket, _auth: &Value) -> ConnectFuture {
        decided(match socket.namespace() {
            "/" | "/custom" => Ok(()),
            _ => Err("Invalid namespace".into()),
        })
    }

    fn connected(&self, socket: &Socket, auth: &Value) {
        socket.emit("auth", vec![Data::Json(auth.clone())]);
    }

    fn event(&self, socket: &Socket, event: &str, args: Vec<Data>, ack: Option<u64>, _credit: Credit) {
        match (event, ack) {
            ("message", _) => socket.emit("message-back", args),
            ("message-with-ack", Some(id)) => socket.ack(id, args),
            _ => {}
        }
    }
}
