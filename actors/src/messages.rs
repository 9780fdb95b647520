//! The messages the session registry, the fan-out and presence pass to each other, in a leaf
//! module that imports none of them: the three depend on it, not on each other in a circle
//! (sessions → messages; fanout → sessions, messages; presence → fanout, messages).

use actix::prelude::*;
use serde_json::Value;
use std::sync::Arc;

/// An event's payload: JSON text, serialised once however many sockets get it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payload(Arc<str>);

impl Payload {
    /// A payload from JSON text the caller has serialised itself (it is not checked again).
    pub fn from_json_text(json: String) -> Payload {
        Payload(json.into())
    }

    /// The JSON text.
    pub fn json(&self) -> &str {
        &self.0
    }

    /// The payload parsed back (for tests and the few readers that need the values).
    pub fn value(&self) -> Value {
        serde_json::from_str(&self.0).unwrap_or(Value::Null)
    }
}

impl From<Value> for Payload {
    fn from(v: Value) -> Self {
        Payload(v.to_string().into())
    }
}

impl From<&Value> for Payload {
    fn from(v: &Value) -> Self {
        Payload(v.to_string().into())
    }
}

/// An account's first socket arrived on this node (`online`) or its last one left.
#[derive(Message, Debug, Clone, Copy)]
#[rtype(result = "()")]
pub struct PresenceChange {
    pub account_id: i64,
    pub online: bool,
}
