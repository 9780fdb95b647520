//! One actor per active conversation: it holds the participants and the block state (loaded
//! from storage on first use and after a restart), serialises the conversation's writes, persists
//! each message before answering (the acknowledgement means durable), then fans it out to both
//! parties; it relays typing and read receipts. It stops itself when idle. It runs under an actix
//! `Supervisor`: storage work runs in a task, and a panic there stops the actor, which the
//! supervisor restarts with its state dropped, so that it reloads from storage.

use crate::fanout::Fanout;
use actix::prelude::*;
use serde_json::{Value, json};
use souk_domain::{ErrorCode, SoukError};
use souk_storage::chat::{Appended, ChatMessage, ChatStore, Conversation, ConversationView, NewMessage};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

/// Messages that may wait for one conversation; more are refused (the client retries).
pub const MAILBOX: usize = 256;

/// Turns a stored message into the `chat:message` payload.
pub type Render = Arc<dyn Fn(&ChatMessage) -> Value + Send + Sync>;

struct Hub {
    store: Arc<dyn ChatStore>,
    fanout: Fanout,
    render: Render,
    idle: Duration,
    arbiter: ArbiterHandle,
    live: Mutex<HashMap<String, Addr<ConversationActor>>>,
}

/// The live conversation actors of this node; cheap to clone.
#[derive(Clone)]
pub struct ConversationActors {
    hub: Arc<Hub>,
}

fn unavailable() -> SoukError {
    SoukError::with_detail(ErrorCode::InternalError, "conversation busy or restarting")
}

impl ConversationActors {
    /// Must be called inside an actix system: the actors run on the current arbiter.
    pub fn new(store: Arc<dyn ChatStore>, fanout: Fanout, render: Render, idle: Duration) -> ConversationActors {
        ConversationActors {
            hub: Arc::new(Hub {
                store,
                fanout,
                render,
                idle,
                arbiter: Arbiter::current(),
                live: Mutex::new(HashMap::new()),
            }),
        }
    }

    /// How many conversation actors are running.
    pub fn live_count(&self) -> usize {
        self.hub.live.lock().map(|l| l.values().filter(|a| a.connected()).count()).unwrap_or(0)
    }

    fn actor(&self, conversation_id: &str) -> Addr<ConversationActor> {
        let mut live = self.hub.live.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(addr) = live.get(conversation_id)
            && addr.connected()
        {
            return addr.clone();
        }
        let id = conversation_id.to_owned();
        let hub = Arc::downgrade(&self.hub);
        let addr = actix::Supervisor::start_in_arbiter(&self.hub.arbiter, move |_| ConversationActor {
            id,
            hub,
            state: None,
            typing: HashMap::new(),
            last_used: Instant::now(),
        });
        live.insert(conversation_id.to_owned(), addr.clone());
        addr
    }

    /// Posts a message from `sender`: checks that the sender is a party and that the
    /// conversation is not blocked, stores it (idempotent by client message id), fans it out.
    pub async fn post(&self, sender: i64, message: NewMessage) -> Result<Appended, SoukError> {
        let addr = self.actor(&message.conversation_id);
        let request = addr.send(Post { sender, message });
        request.await.map_err(|_| unavailable())?
    }

    /// Marks read up to `message_id`; the other party gets a `chat:read` receipt.
    pub async fn read(
        &self,
        conversation_id: &str,
        account_id: i64,
        message_id: String,
    ) -> Result<ConversationView, SoukError> {
        let addr = self.actor(conversation_id);
        addr.send(Read { account_id, message_id }).await.map_err(|_| unavailable())?
    }

    /// Tells the other party that `account_id` is typing (or stopped).
    pub async fn typing(&self, conversation_id: &str, account_id: i64, typing: bool) -> Result<(), SoukError> {
        let addr = self.actor(conversation_id);
        addr.send(Typing { account_id, typing }).await.map_err(|_| unavailable())?
    }

    /// Sets or lifts `account_id`'s block; both parties get `chat:blocked`.
    pub async fn block(
        &self,
        conversation_id: &str,
        account_id: i64,
        blocked: bool,
    ) -> Result<Conversation, SoukError> {
        let addr = self.actor(conversation_id);
        addr.send(Block { account_id, blocked }).await.map_err(|_| unavailable())?
    }

    /// The conversation as the actor knows it, if `account_id` is a party.
    pub async fn conversation(&self, conversation_id: &str, account_id: i64) -> Result<Conversation, SoukError> {
        let addr = self.actor(conversation_id);
        addr.send(Get { account_id }).await.map_err(|_| unavailable())?
    }
}

/// The live state of one conversation.
pub struct ConversationActor {
    id: String,
    hub: Weak<Hub>,
    state: Option<Conversation>,
    /// Who is typing, since when (cleared after a few seconds without news).
    typing: HashMap<i64, Instant>,
    last_used: Instant,
}

impl Actor for ConversationActor {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        ctx.set_mailbox_capacity(MAILBOX);
        let Some(hub) = self.hub.upgrade() else { return ctx.stop() };
        let every = (hub.idle / 2).max(Duration::from_millis(10));
        ctx.run_interval(every, |act, ctx| {
            let Some(hub) = act.hub.upgrade() else { return ctx.stop() };
            if act.last_used.elapsed() >= hub.idle {
                let me = ctx.address();
                let mut live = hub.live.lock().unwrap_or_else(|p| p.into_inner());
                if live.get(&act.id) == Some(&me) {
                    live.remove(&act.id);
                }
                drop(live);
                tracing::debug!(conversation = %act.id, "idle conversation actor stopped");
                ctx.stop();
            }
        });
    }
}

impl Supervised for ConversationActor {
    fn restarting(&mut self, _: &mut Self::Context) {
        tracing::warn!(conversation = %self.id, "conversation actor restarting; state reloads from storage");
        self.state = None;
        self.typing.clear();
    }
}

/// What one step of a request produced: the state to keep, the answer, and whether the storage
/// task panicked (the actor then stops and the supervisor restarts it).
struct Step<T> {
    state: Option<Conversation>,
    answer: Result<T, SoukError>,
    panicked: bool,
}

/// Runs storage work in its own task so that a panic is caught and reported.
async fn guarded<T: Send + 'static>(
    work: impl std::future::Future<Output = Result<T, SoukError>> + Send + 'static,
) -> (Result<T, SoukError>, bool) {
    match tokio::spawn(work).await {
        Ok(answer) => (answer, false),
        Err(e) => (Err(SoukError::internal(format!("conversation task failed: {e}"))), e.is_panic()),
    }
}

/// The conversation (from the cache or storage) if `account_id` is a party.
async fn load(
    store: Arc<dyn ChatStore>,
    id: String,
    cached: Option<Conversation>,
) -> (Option<Conversation>, Result<Conversation, SoukError>, bool) {
    if let Some(c) = cached {
        return (Some(c.clone()), Ok(c), false);
    }
    let (found, panicked) = guarded(async move { store.conversation(&id).await.map_err(SoukError::internal) }).await;
    match found {
        Ok(Some(c)) => (Some(c.clone()), Ok(c), panicked),
        Ok(None) => (None, Err(SoukError::new(ErrorCode::ConversationNotFound)), panicked),
        Err(e) => (None, Err(e), panicked),
    }
}

fn not_party() -> SoukError {
    SoukError::new(ErrorCode::ConversationNotFound)
}

impl ConversationActor {
    /// Wraps a request's future: applies its outcome to the actor, stops it after a panic.
    fn finish<T: 'static>(
        &mut self,
        fut: impl std::future::Future<Output = Step<T>> + 'static,
    ) -> AtomicResponse<Self, Result<T, SoukError>> {
        self.last_used = Instant::now();
        AtomicResponse::new(Box::pin(fut.into_actor(self).map(|step, act, ctx| {
            act.state = step.state;
            if step.panicked {
                ctx.stop();
            }
            step.answer
        })))
    }

    fn parts(&self) -> Option<(Arc<dyn ChatStore>, Fanout, Render)> {
        self.hub.upgrade().map(|h| (Arc::clone(&h.store), h.fanout.clone(), Arc::clone(&h.render)))
    }
}

#[derive(Message)]
#[rtype(result = "Result<Appended, SoukError>")]
struct Post {
    sender: i64,
    message: NewMessage,
}

impl Handler<Post> for ConversationActor {
    type Result = AtomicResponse<Self, Result<Appended, SoukError>>;

    fn handle(&mut self, msg: Post, _: &mut Self::Context) -> Self::Result {
        let Some((store, fanout, render)) = self.parts() else {
            return AtomicResponse::new(Box::pin(fut::ready(Err(unavailable()))));
        };
        let (id, cached) = (self.id.clone(), self.state.clone());
        self.typing.remove(&msg.sender);
        self.finish(async move {
            let (state, conv, panicked) = load(Arc::clone(&store), id, cached).await;
            let conv = match conv {
                Ok(c) if c.has_party(msg.sender) => c,
                Ok(_) => return Step { state, answer: Err(not_party()), panicked },
                Err(e) => return Step { state, answer: Err(e), panicked },
            };
            if conv.is_blocked() {
                let detail = if conv.blocked_by(msg.sender) { "you blocked this conversation" } else { "blocked" };
                let answer = Err(SoukError::with_detail(ErrorCode::ConversationBlocked, detail));
                return Step { state, answer, panicked };
            }
            if conv.buyer_id.is_none() {
                return Step { state, answer: Err(SoukError::new(ErrorCode::VisitorConversation)), panicked };
            }
            let (answer, panicked) =
                guarded(async move { store.append_message(msg.message).await.map_err(store_error) }).await;
            if let Ok(appended) = &answer {
                let payload = render(&appended.message);
                for party in [conv.buyer_id, Some(conv.seller_id)].into_iter().flatten() {
                    fanout.deliver(party, "chat:message", payload.clone());
                }
            }
            Step { state: if panicked { None } else { Some(conv) }, answer, panicked }
        })
    }
}

fn store_error(e: souk_storage::StoreError) -> SoukError {
    match e {
        souk_storage::StoreError::Conflict(d) => SoukError::with_detail(ErrorCode::InvalidArgument, d),
        other => SoukError::internal(other),
    }
}

#[derive(Message)]
#[rtype(result = "Result<ConversationView, SoukError>")]
struct Read {
    account_id: i64,
    message_id: String,
}

impl Handler<Read> for ConversationActor {
    type Result = AtomicResponse<Self, Result<ConversationView, SoukError>>;

    fn handle(&mut self, msg: Read, _: &mut Self::Context) -> Self::Result {
        let Some((store, fanout, _)) = self.parts() else {
            return AtomicResponse::new(Box::pin(fut::ready(Err(unavailable()))));
        };
        let (id, cached) = (self.id.clone(), self.state.clone());
        self.finish(async move {
            let (state, conv, panicked) = load(Arc::clone(&store), id.clone(), cached).await;
            let conv = match conv {
                Ok(c) if c.has_party(msg.account_id) => c,
                Ok(_) => return Step { state, answer: Err(not_party()), panicked },
                Err(e) => return Step { state, answer: Err(e), panicked },
            };
            let (account, message_id) = (msg.account_id, msg.message_id.clone());
            let (answer, panicked) = guarded(async move {
                store
                    .mark_read(&id, account, &message_id)
                    .await
                    .map_err(SoukError::internal)?
                    .ok_or_else(|| SoukError::with_detail(ErrorCode::NotFound, "message"))
            })
            .await;
            if let Ok(view) = &answer {
                let payload = json!({
                    "conversationId": conv.conversation_id,
                    "accountId": msg.account_id,
                    "messageId": view.read_upto,
                    "unread": view.unread,
                });
                for party in [conv.buyer_id, Some(conv.seller_id)].into_iter().flatten() {
                    fanout.deliver(party, "chat:read", payload.clone());
                }
            }
            Step { state: if panicked { None } else { Some(conv) }, answer, panicked }
        })
    }
}

#[derive(Message)]
#[rtype(result = "Result<(), SoukError>")]
struct Typing {
    account_id: i64,
    typing: bool,
}

impl Handler<Typing> for ConversationActor {
    type Result = AtomicResponse<Self, Result<(), SoukError>>;

    fn handle(&mut self, msg: Typing, _: &mut Self::Context) -> Self::Result {
        let Some((store, fanout, _)) = self.parts() else {
            return AtomicResponse::new(Box::pin(fut::ready(Err(unavailable()))));
        };
        // A repeated "typing" within two seconds is not relayed again.
        let now = Instant::now();
        let fresh = match (msg.typing, self.typing.get(&msg.account_id)) {
            (true, Some(since)) if now.duration_since(*since) < Duration::from_secs(2) => false,
            (true, _) => {
                self.typing.insert(msg.account_id, now);
                true
            }
            (false, _) => self.typing.remove(&msg.account_id).is_some(),
        };
        let (id, cached) = (self.id.clone(), self.state.clone());
        self.finish(async move {
            let (state, conv, panicked) = load(store, id, cached).await;
            let answer = match conv {
                Ok(c) if !c.has_party(msg.account_id) => Err(not_party()),
                Ok(c) if c.is_blocked() => Err(SoukError::new(ErrorCode::ConversationBlocked)),
                Ok(c) => {
                    if fresh && let Some(other) = c.other_party(msg.account_id) {
                        let payload = json!({
                            "conversationId": c.conversation_id,
                            "accountId": msg.account_id,
                            "typing": msg.typing,
                        });
                        fanout.deliver(other, "chat:typing", payload);
                    }
                    Ok(())
                }
                Err(e) => Err(e),
            };
            Step { state, answer, panicked }
        })
    }
}

#[derive(Message)]
#[rtype(result = "Result<Conversation, SoukError>")]
struct Block {
    account_id: i64,
    blocked: bool,
}

impl Handler<Block> for ConversationActor {
    type Result = AtomicResponse<Self, Result<Conversation, SoukError>>;

    fn handle(&mut self, msg: Block, _: &mut Self::Context) -> Self::Result {
        let Some((store, fanout, _)) = self.parts() else {
            return AtomicResponse::new(Box::pin(fut::ready(Err(unavailable()))));
        };
        let id = self.id.clone();
        self.finish(async move {
            let (answer, panicked) = guarded(async move {
                store
                    .set_blocked(&id, msg.account_id, msg.blocked)
                    .await
                    .map_err(SoukError::internal)?
                    .ok_or_else(not_party)
            })
            .await;
            if let Ok(c) = &answer {
                let payload = blocked_payload(c);
                for party in [c.buyer_id, Some(c.seller_id)].into_iter().flatten() {
                    fanout.deliver(party, "chat:blocked", payload.clone());
                }
            }
            Step { state: answer.as_ref().ok().cloned(), answer, panicked }
        })
    }
}

/// The `chat:blocked` payload: whether the conversation is blocked and by whom.
pub fn blocked_payload(c: &Conversation) -> Value {
    let by: Vec<i64> = [(c.buyer_blocked, c.buyer_id), (c.seller_blocked, Some(c.seller_id))]
        .into_iter()
        .filter_map(|(b, id)| if b { id } else { None })
        .collect();
    json!({ "conversationId": c.conversation_id, "blocked": c.is_blocked(), "blockedBy": by })
}

#[derive(Message)]
#[rtype(result = "Result<Conversation, SoukError>")]
struct Get {
    account_id: i64,
}

impl Handler<Get> for ConversationActor {
    type Result = AtomicResponse<Self, Result<Conversation, SoukError>>;

    fn handle(&mut self, msg: Get, _: &mut Self::Context) -> Self::Result {
        let Some((store, _, _)) = self.parts() else {
            return AtomicResponse::new(Box::pin(fut::ready(Err(unavailable()))));
        };
        let (id, cached) = (self.id.clone(), self.state.clone());
        self.finish(async move {
            let (state, conv, panicked) = load(store, id, cached).await;
            let answer = conv.and_then(|c| if c.has_party(msg.account_id) { Ok(c) } else { Err(not_party()) });
            Step { state, answer, panicked }
        })
    }
}
