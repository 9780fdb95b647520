//! Redis backend of the ephemeral store (production, shared by every `souk` process).
//!
//! Commands go through one `ConnectionManager` (a multiplexed connection that reconnects on its
//! own). Each [`Subscription`] opens a dedicated RESP2 pub/sub connection: `subscribe` returns
//! only after Redis has confirmed the SUBSCRIBE, so a publish made afterwards reaches it. A task
//! moves that connection's messages into the subscription's bounded buffer and closes the
//! connection (which unsubscribes) once the subscription is dropped; if the connection is lost
//! the subscription ends and the caller subscribes again.
//!
//! Read-modify-write operations (`incr` with a ttl for new counters, `set_add` with a ttl, the
//! expiring sets) run as small Lua scripts, so that no crash between two commands leaves a
//! counter without its window. An expiring set is a sorted set of (member, deadline in ms since
//! the epoch), timed by the Redis server's clock (`TIME`) so that processes whose clocks differ
//! agree; the key expires with its latest deadline.

use std::time::Duration;

use ::redis::aio::{ConnectionManager, ConnectionManagerConfig};
use ::redis::{Client, Cmd, FromRedisValue, RedisError, Value, cmd};
use futures_util::StreamExt;
use tokio::sync::mpsc;
use tokio::sync::mpsc::error::TrySendError;

use super::{Ephemeral, EphemeralError, EphemeralResult, SUBSCRIPTION_BUFFER, Subscription, ttl_millis};

/// Time allowed to open a connection (commands or pub/sub) before the store reports `Unavailable`.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(1);
/// Time allowed for one command's reply.
const RESPONSE_TIMEOUT: Duration = Duration::from_secs(2);

/// INCRBY that gives a counter it creates its window (ARGV[2] milliseconds), atomically. The
/// value is read back with GET because Lua numbers are doubles and would round large counters.
const INCR_WITH_TTL_IF_NEW: &str = r"
local existed = redis.call('EXISTS', KEYS[1])
redis.call('INCRBY', KEYS[1], ARGV[1])
if existed == 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return redis.call('GET', KEYS[1])
";

/// SADD that (re)applies the set's time to live (ARGV[2] milliseconds), atomically.
const SET_ADD_WITH_TTL: &str = r"
local added = redis.call('SADD', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return added
";

/// The server's time in milliseconds, as the expiring-set scripts start (Redis 5+ replicates a
/// script's effects, so reading the clock in a script is allowed).
macro_rules! now_ms {
    () => {
        "local t = redis.call('TIME')\nlocal now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)\n"
    };
}

/// ZADD of a member with its deadline (ARGV[2] milliseconds from now) after dropping the expired
/// members; the key then expires with its latest deadline. Returns 1 when the member is new.
const EXPIRING_ADD: &str = concat!(
    now_ms!(),
    r"
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', string.format('%d', now))
local added = redis.call('ZADD', KEYS[1], string.format('%d', now + tonumber(ARGV[2])), ARGV[1])
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
redis.call('PEXPIREAT', KEYS[1], last[2])
return added
"
);

/// ZREM after dropping the expired members (so an expired one is not reported removed); the key
/// then expires with the latest deadline left (Redis removes an emptied key itself).
const EXPIRING_REMOVE: &str = concat!(
    now_ms!(),
    r"
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', string.format('%d', now))
local removed = redis.call('ZREM', KEYS[1], ARGV[1])
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if last[2] then
  redis.call('PEXPIREAT', KEYS[1], last[2])
end
return removed
"
);

/// The members whose deadline is still ahead.
const EXPIRING_MEMBERS: &str =
    concat!(now_ms!(), "return redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. string.format('%d', now), '+inf')");

/// How many members have their deadline still ahead.
const EXPIRING_LEN: &str =
    concat!(now_ms!(), "return redis.call('ZCOUNT', KEYS[1], '(' .. string.format('%d', now), '+inf')");

/// A place for ARGV[1] in each sorted set of KEYS (ARGV[3..] their caps), all or none, for
/// ARGV[2] milliseconds. Every key's type is checked first (a WRONGTYPE error names the index of
/// the key); expired members are dropped; the 0-based index of the first full set is returned,
/// or -1 when the member was added to (or refreshed in) every set, each key then expiring with
/// its latest deadline.
const EXPIRING_CLAIM: &str = concat!(
    now_ms!(),
    r"
for i, key in ipairs(KEYS) do
  local kind = redis.call('TYPE', key)['ok']
  if kind ~= 'none' and kind ~= 'zset' then
    return redis.error_reply('WRONGTYPE ' .. (i - 1))
  end
end
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', string.format('%d', now))
  if not redis.call('ZSCORE', key, ARGV[1]) and redis.call('ZCARD', key) >= tonumber(ARGV[i + 2]) then
    return i - 1
  end
end
local deadline = string.format('%d', now + tonumber(ARGV[2]))
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, deadline, ARGV[1])
  local last = redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')
  redis.call('PEXPIREAT', key, last[2])
end
return -1
"
);

/// ZADD of ARGV[i + 1] into KEYS[i] with the deadline ARGV[1] milliseconds from now, for every
/// pair, dropping expired members; each key then expires with its latest deadline. A key of
/// another type stops the script with a WRONGTYPE error naming its index.
const EXPIRING_REFRESH: &str = concat!(
    now_ms!(),
    r"
local deadline = string.format('%d', now + tonumber(ARGV[1]))
for i, key in ipairs(KEYS) do
  local kind = redis.call('TYPE', key)['ok']
  if kind ~= 'none' and kind ~= 'zset' then
    return redis.error_reply('WRONGTYPE ' .. (i - 1))
  end
  redis.call('ZREMRANGEBYSCORE', key, '-inf', string.format('%d', now))
  redis.call('ZADD', key, deadline, ARGV[i + 1])
  local last = redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')
  redis.call('PEXPIREAT', key, last[2])
end
return 0
"
);

/// How many pairs one refresh script takes (a long list goes in several calls).
const REFRESH_BATCH: usize = 1000;

/// The Redis [`Ephemeral`] backend.
#[derive(Clone)]
pub struct RedisEphemeral {
    client: Client,
    commands: ConnectionManager,
    prefix: String,
}

impl std::fmt::Debug for RedisEphemeral {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The client holds the URL, which may carry a password: leave it out.
        f.debug_struct("RedisEphemeral").field("prefix", &self.prefix).finish_non_exhaustive()
    }
}

impl RedisEphemeral {
    /// Connects to the server at `url` (`redis://[:password@]host[:port][/db]`); every key and
    /// channel is namespaced by `prefix`. A malformed URL is `InvalidArgument`, a server that
    /// does not answer is `Unavailable`.
    pub async fn connect(url: &str, prefix: impl Into<String>) -> EphemeralResult<Self> {
        let client = Client::open(url).map_err(|e| EphemeralError::InvalidArgument(format!("redis URL: {e}")))?;
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(CONNECT_TIMEOUT))
            .set_response_timeout(Some(RESPONSE_TIMEOUT))
            .set_number_of_retries(2)
            .set_max_delay(Duration::from_secs(1));
        let commands = ConnectionManager::new_with_config(client.clone(), config).await.map_err(|e| unavailable(&e))?;
        Ok(Self { client, commands, prefix: prefix.into() })
    }

    /// A store over the same connection under another prefix.
    pub fn with_prefix(&self, prefix: impl Into<String>) -> Self {
        Self { client: self.client.clone(), commands: self.commands.clone(), prefix: prefix.into() }
    }

    /// The namespace applied to every key and channel.
    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    /// Deletes every key under this store's prefix (SCAN + UNLINK, never KEYS); returns how many.
    /// Refuses an empty prefix, which would mean the whole database.
    pub async fn clear_prefix(&self) -> EphemeralResult<u64> {
        if self.prefix.is_empty() {
            return Err(EphemeralError::InvalidArgument("refusing to clear a store without a prefix".into()));
        }
        let pattern = format!("{}*", glob_escape(&self.prefix));
        let mut cursor = 0u64;
        let mut removed = 0u64;
        loop {
            let (next, keys): (u64, Vec<Vec<u8>>) =
                self.query(cmd("SCAN").arg(cursor).arg("MATCH").arg(&pattern).arg("COUNT").arg(500), None).await?;
            if !keys.is_empty() {
                removed += self.query::<u64>(cmd("UNLINK").arg(&keys), None).await?;
            }
            if next == 0 {
                return Ok(removed);
            }
            cursor = next;
        }
    }

    fn full(&self, key: &str) -> String {
        format!("{}{}", self.prefix, key)
    }

    /// Runs one command; `key` names the caller's key in a `WrongType` error.
    async fn query<T: FromRedisValue>(&self, command: &Cmd, key: Option<&str>) -> EphemeralResult<T> {
        let mut connection = self.commands.clone();
        command.query_async(&mut connection).await.map_err(|e| map_error(&e, key))
    }
}

impl RedisEphemeral {
    /// Runs a script over several keys whose WRONGTYPE error names the index of the key at fault.
    async fn scripted<T: FromRedisValue>(&self, command: &Cmd, keys: &[&str]) -> EphemeralResult<T> {
        let mut connection = self.commands.clone();
        command.query_async(&mut connection).await.map_err(|e| {
            let at =
                e.detail().and_then(|d| d.split_whitespace().next()?.parse::<usize>().ok()).and_then(|i| keys.get(i));
            match (e.code(), at) {
                (Some("WRONGTYPE"), Some(key)) => EphemeralError::WrongType { key: (*key).to_owned() },
                _ => map_error(&e, None),
            }
        })
    }
}

fn unavailable(error: &RedisError) -> EphemeralError {
    EphemeralError::Unavailable(error.to_string())
}

/// Maps a Redis error: WRONGTYPE and non-integer counters to `WrongType`, counter overflow to
/// `InvalidArgument`, everything else (I/O, timeouts, protocol) to `Unavailable`.
fn map_error(error: &RedisError, key: Option<&str>) -> EphemeralError {
    let detail = error.detail().unwrap_or_default();
    match (error.code(), key) {
        (Some("WRONGTYPE"), Some(key)) => EphemeralError::WrongType { key: key.into() },
        (Some("ERR"), Some(key)) if detail.contains("not an integer") => EphemeralError::WrongType { key: key.into() },
        (Some("ERR"), _) if detail.contains("overflow") => {
            EphemeralError::InvalidArgument(format!("counter overflow: {detail}"))
        }
        _ => unavailable(error),
    }
}

/// Escapes the glob metacharacters of SCAN MATCH so that a prefix matches only itself.
fn glob_escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '*' | '?' | '[' | ']' | '\\') {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped
}

/// Members as text, sorted. They are written as UTF-8 by this store; anything else came from elsewhere.
fn sorted_text(raw: Vec<Vec<u8>>) -> Vec<String> {
    let mut members: Vec<String> = raw
        .into_iter()
        .map(|bytes| String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
        .collect();
    members.sort();
    members
}

fn with_px(mut command: Cmd, ttl: Option<Duration>) -> EphemeralResult<Cmd> {
    if let Some(ttl) = ttl {
        command.arg("PX").arg(ttl_millis(ttl)?);
    }
    Ok(command)
}

#[async_trait::async_trait]
impl Ephemeral for RedisEphemeral {
    fn backend_name(&self) -> &'static str {
        "redis"
    }

    async fn ping(&self) -> EphemeralResult<()> {
        self.query::<String>(&cmd("PING"), None).await.map(drop)
    }

    async fn set(&self, key: &str, value: &[u8], ttl: Option<Duration>) -> EphemeralResult<()> {
        let mut command = cmd("SET");
        command.arg(self.full(key)).arg(value);
        self.query::<Value>(&with_px(command, ttl)?, Some(key)).await.map(drop)
    }

    async fn set_if_absent(&self, key: &str, value: &[u8], ttl: Option<Duration>) -> EphemeralResult<bool> {
        let mut command = cmd("SET");
        command.arg(self.full(key)).arg(value).arg("NX");
        let reply: Value = self.query(&with_px(command, ttl)?, Some(key)).await?;
        Ok(!matches!(reply, Value::Nil))
    }

    async fn get(&self, key: &str) -> EphemeralResult<Option<Vec<u8>>> {
        self.query(cmd("GET").arg(self.full(key)), Some(key)).await
    }

    async fn get_many(&self, keys: &[String]) -> EphemeralResult<Vec<Option<Vec<u8>>>> {
        if keys.is_empty() {
            return Ok(Vec::new());
        }
        let mut command = cmd("MGET");
        for key in keys {
            command.arg(self.full(key));
        }
        self.query(&command, None).await
    }

    async fn delete(&self, key: &str) -> EphemeralResult<bool> {
        let removed: u64 = self.query(cmd("DEL").arg(self.full(key)), Some(key)).await?;
        Ok(removed > 0)
    }

    async fn ttl(&self, key: &str) -> EphemeralResult<Option<Duration>> {
        // PTTL: -2 when absent, -1 without expiry.
        let millis: i64 = self.query(cmd("PTTL").arg(self.full(key)), Some(key)).await?;
        Ok(u64::try_from(millis).ok().map(Duration::from_millis))
    }

    async fn expire(&self, key: &str, ttl: Duration) -> EphemeralResult<bool> {
        let millis = ttl_millis(ttl)?;
        self.query(cmd("PEXPIRE").arg(self.full(key)).arg(millis), Some(key)).await
    }

    async fn incr(&self, key: &str, by: i64, ttl_if_new: Option<Duration>) -> EphemeralResult<i64> {
        match ttl_if_new {
            None => self.query(cmd("INCRBY").arg(self.full(key)).arg(by), Some(key)).await,
            Some(ttl) => {
                let millis = ttl_millis(ttl)?;
                let command =
                    cmd("EVAL").arg(INCR_WITH_TTL_IF_NEW).arg(1).arg(self.full(key)).arg(by).arg(millis).to_owned();
                self.query(&command, Some(key)).await
            }
        }
    }

    async fn set_add(&self, key: &str, member: &str, ttl: Option<Duration>) -> EphemeralResult<bool> {
        match ttl {
            None => self.query(cmd("SADD").arg(self.full(key)).arg(member), Some(key)).await,
            Some(ttl) => {
                let millis = ttl_millis(ttl)?;
                let command =
                    cmd("EVAL").arg(SET_ADD_WITH_TTL).arg(1).arg(self.full(key)).arg(member).arg(millis).to_owned();
                self.query(&command, Some(key)).await
            }
        }
    }

    async fn set_remove(&self, key: &str, member: &str) -> EphemeralResult<bool> {
        self.query(cmd("SREM").arg(self.full(key)).arg(member), Some(key)).await
    }

    async fn set_members(&self, key: &str) -> EphemeralResult<Vec<String>> {
        let raw: Vec<Vec<u8>> = self.query(cmd("SMEMBERS").arg(self.full(key)), Some(key)).await?;
        Ok(sorted_text(raw))
    }

    async fn set_contains(&self, key: &str, member: &str) -> EphemeralResult<bool> {
        self.query(cmd("SISMEMBER").arg(self.full(key)).arg(member), Some(key)).await
    }

    async fn set_len(&self, key: &str) -> EphemeralResult<usize> {
        self.query(cmd("SCARD").arg(self.full(key)), Some(key)).await
    }

    async fn expiring_set_add(&self, key: &str, member: &str, ttl: Duration) -> EphemeralResult<bool> {
        let millis = ttl_millis(ttl)?;
        let command = cmd("EVAL").arg(EXPIRING_ADD).arg(1).arg(self.full(key)).arg(member).arg(millis).to_owned();
        self.query(&command, Some(key)).await
    }

    async fn expiring_set_remove(&self, key: &str, member: &str) -> EphemeralResult<bool> {
        let command = cmd("EVAL").arg(EXPIRING_REMOVE).arg(1).arg(self.full(key)).arg(member).to_owned();
        self.query(&command, Some(key)).await
    }

    async fn expiring_set_members(&self, key: &str) -> EphemeralResult<Vec<String>> {
        let command = cmd("EVAL").arg(EXPIRING_MEMBERS).arg(1).arg(self.full(key)).to_owned();
        let raw: Vec<Vec<u8>> = self.query(&command, Some(key)).await?;
        Ok(sorted_text(raw))
    }

    async fn expiring_set_len(&self, key: &str) -> EphemeralResult<usize> {
        let command = cmd("EVAL").arg(EXPIRING_LEN).arg(1).arg(self.full(key)).to_owned();
        self.query(&command, Some(key)).await
    }

    async fn expiring_set_claim(
        &self,
        claims: &[(String, usize)],
        member: &str,
        ttl: Duration,
    ) -> EphemeralResult<Option<usize>> {
        let millis = ttl_millis(ttl)?;
        if claims.is_empty() {
            return Ok(None);
        }
        let mut command = cmd("EVAL");
        command.arg(EXPIRING_CLAIM).arg(claims.len());
        for (key, _) in claims {
            command.arg(self.full(key));
        }
        command.arg(member).arg(millis);
        for (_, cap) in claims {
            command.arg(*cap);
        }
        let keys: Vec<&str> = claims.iter().map(|(key, _)| key.as_str()).collect();
        let full: i64 = self.scripted(&command, &keys).await?;
        Ok(usize::try_from(full).ok())
    }

    async fn expiring_set_refresh(&self, entries: &[(String, String)], ttl: Duration) -> EphemeralResult<()> {
        let millis = ttl_millis(ttl)?;
        for batch in entries.chunks(REFRESH_BATCH) {
            let mut command = cmd("EVAL");
            command.arg(EXPIRING_REFRESH).arg(batch.len());
            for (key, _) in batch {
                command.arg(self.full(key));
            }
            command.arg(millis);
            for (_, member) in batch {
                command.arg(member);
            }
            let keys: Vec<&str> = batch.iter().map(|(key, _)| key.as_str()).collect();
            let _: i64 = self.scripted(&command, &keys).await?;
        }
        Ok(())
    }

    async fn publish(&self, channel: &str, payload: &[u8]) -> EphemeralResult<usize> {
        self.query(cmd("PUBLISH").arg(self.full(channel)).arg(payload), None).await
    }

    async fn subscribe(&self, channel: &str) -> EphemeralResult<Subscription> {
        let full = self.full(channel);
        let mut pubsub = tokio::time::timeout(CONNECT_TIMEOUT, self.client.get_async_pubsub())
            .await
            .map_err(|_| EphemeralError::Unavailable("timed out opening a pub/sub connection".into()))?
            .map_err(|e| unavailable(&e))?;
        // Resolves once the server has confirmed the subscription.
        tokio::time::timeout(RESPONSE_TIMEOUT, pubsub.subscribe(&full))
            .await
            .map_err(|_| EphemeralError::Unavailable("timed out subscribing".into()))?
            .map_err(|e| unavailable(&e))?;
        let mut messages = pubsub.into_on_message();
        let (sender, receiver) = mpsc::channel(SUBSCRIPTION_BUFFER);
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    () = sender.closed() => break,
                    message = messages.next() => {
                        let Some(message) = message else {
                            tracing::warn!(channel = %full, "redis pub/sub connection lost; subscription ended");
                            break;
                        };
                        match sender.try_send(message.get_payload_bytes().to_vec()) {
                            Ok(()) => {}
                            Err(TrySendError::Full(_)) => {
                                tracing::warn!(channel = %full, "ephemeral subscriber lagging: message dropped");
                            }
                            Err(TrySendError::Closed(_)) => break,
                        }
                    }
                }
            }
            // Dropping `messages` closes the dedicated connection, which ends the subscription
            // on the server.
        });
        Ok(Subscription::new(receiver))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glob_metacharacters_are_escaped() {
        assert_eq!(glob_escape("souk:"), "souk:");
        assert_eq!(glob_escape("a*b?[c]\\"), "a\\*b\\?\\[c\\]\\\\");
    }
}
