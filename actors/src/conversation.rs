//! One actor per active conversation: it holds the participants and the block state (loaded
//! from storage when it starts and after a restart; it is started only for a party of a
//! conversation that exists, so unknown ids and outsiders start none), serialises the
//! conversation's writes, persists
//! each message before answering (the acknowledgement means durable), then fans it out to both
//! parties; it relays typing and read receipts. It stops itself when idle. Posts wait in the
//! conversation's own bounded queue (filled in call order, so a socket's messages keep their
//! order without waiting for each other) and the actor appends every queued message in ONE store
//! call (group commit), answering each once the transaction is committed. Actors are spread over
//! worker arbiters (threads) by conversation id. It runs under an actix
//! `Supervisor`: storage work runs in a task, and a panic there stops the actor, which the
//! supervisor restarts with its state dropped, so that it reloads from storage.

use crate::fanout::{Fanout, Payload};
use actix::prelude::*;
use serde_json::{Value, json};
use souk_domain::{ErrorCode, SoukError};
use souk_storage::chat::{Appended, ChatMessage, ChatStore, Conversation, ConversationView, NewMessage};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

/// Messages that may wait for one conversation; more are refused (the client retries). Each
/// socket holds at most its inbound credits in flight, so this is reached only by many sockets
/// of one conversation at once.
pub const MAILBOX: usize = 1024;

/// Worker arbiters (threads) the conversation actors are spread over.
pub const ARBITERS: usize = 2;

/// A message stored and fanned out: the store's answer and the `chat:message` payload the
/// parties got (serialised once, for the acknowledgement too).
#[derive(Debug, Clone)]
pub struct Posted {
    pub appended: Appended,
    pub payload: Payload,
}

/// The answer of a queued post, once its group is committed.
pub type PostAnswer = oneshot::Receiver<Result<Posted, SoukError>>;

struct Queued {
    sender: i64,
    message: NewMessage,
    /// The socket it came from, which gets the acknowledgement instead of the `chat:message`.
    origin: Option<String>,
    reply: oneshot::Sender<Result<Posted, SoukError>>,
}

/// The posts waiting for one conversation actor.
#[derive(Default)]
struct PostQueue {
    items: VecDeque<Queued>,
    /// A `Flush` is in the actor's mailbox or running.
    scheduled: bool,
    /// The actor stopped: find or start a new one.
    closed: bool,
}

#[derive(Clone)]
struct Live {
    addr: Addr<ConversationActor>,
    posts: Arc<Mutex<PostQueue>>,
}

/// Turns a stored message into the `chat:message` payload.
pub type Render = Arc<dyn Fn(&ChatMessage) -> Payload + Send + Sync>;

struct Hub {
    store: Arc<dyn ChatStore>,
    fanout: Fanout,
    render: Render,
    idle: Duration,
    arbiters: Vec<ArbiterHandle>,
    live: Mutex<HashMap<String, Live>>,
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
    /// Must be called inside an actix system: the actors run on `ARBITERS` new arbiters.
    pub fn new(store: Arc<dyn ChatStore>, fanout: Fanout, render: Render, idle: Duration) -> ConversationActors {
        ConversationActors {
            hub: Arc::new(Hub {
                store,
                fanout,
                render,
                idle,
                arbiters: (0..ARBITERS).map(|_| Arbiter::new().handle()).collect(),
                live: Mutex::new(HashMap::new()),
            }),
        }
    }

    /// How many conversation actors are running.
    pub fn live_count(&self) -> usize {
        self.hub.live.lock().map(|l| l.values().filter(|a| a.addr.connected()).count()).unwrap_or(0)
    }

    /// The running actor of a conversation, if any.
    fn running(&self, conversation_id: &str) -> Option<Live> {
        let live = self.hub.live.lock().unwrap_or_else(|p| p.into_inner());
        live.get(conversation_id).filter(|l| l.addr.connected()).cloned()
    }

    /// The actor of a conversation for a request of `account_id`: the running one (which checks
    /// the party itself), else a new one, started only once storage shows that the conversation
    /// exists and `account_id` is one of its parties (and started with it loaded). So an unknown
    /// id or an outsider gets `CONVERSATION_NOT_FOUND` and starts nothing: the number of live
    /// actors is bounded by the conversations their parties use.
    async fn live(&self, conversation_id: &str, account_id: i64) -> Result<Live, SoukError> {
        if let Some(found) = self.running(conversation_id) {
            return Ok(found);
        }
        let conv = self
            .hub
            .store
            .conversation(conversation_id)
            .await
            .map_err(SoukError::internal)?
            .filter(|c| c.has_party(account_id))
            .ok_or_else(not_party)?;
        let mut live = self.hub.live.lock().unwrap_or_else(|p| p.into_inner());
        // Another request may have started it while storage answered.
        if let Some(found) = live.get(conversation_id)
            && found.addr.connected()
        {
            return Ok(found.clone());
        }
        let id = conversation_id.to_owned();
        let hub = Arc::downgrade(&self.hub);
        let posts = Arc::new(Mutex::new(PostQueue::default()));
        let queue = Arc::clone(&posts);
        let arbiter = &self.hub.arbiters[shard(conversation_id, self.hub.arbiters.len())];
        let addr = actix::Supervisor::start_in_arbiter(arbiter, move |_| ConversationActor {
            id,
            hub,
            posts: queue,
            state: Some(conv),
            typing: HashMap::new(),
            last_used: Instant::now(),
        });
        let found = Live { addr, posts };
        live.insert(conversation_id.to_owned(), found.clone());
        Ok(found)
    }

    async fn actor(&self, conversation_id: &str, account_id: i64) -> Result<Addr<ConversationActor>, SoukError> {
        self.live(conversation_id, account_id).await.map(|l| l.addr)
    }

    /// Queues a message from `sender` (posts of one caller keep the order of these calls, each
    /// awaited before the next) and answers when it is durable: the actor checks that the
    /// sender is a party and that the conversation is not blocked, stores it (idempotent by
    /// client message id) with every other queued message in one transaction, and fans it out
    /// (to every socket of both parties but `origin`, the sender's socket it came from). When
    /// the conversation's actor runs, this queues at once without waiting; otherwise it first
    /// checks the sender's membership (see `live`). Refused at once when `MAILBOX` posts
    /// already wait.
    pub async fn enqueue(
        &self,
        sender: i64,
        message: NewMessage,
        origin: Option<String>,
    ) -> Result<PostAnswer, SoukError> {
        let mut message = Some(message);
        // A queue closed by an actor stopping for idleness: the second try starts a new actor.
        for _ in 0..2 {
            let Some(m) = message.take() else { break };
            let live = self.live(&m.conversation_id, sender).await?;
            let mut queue = live.posts.lock().unwrap_or_else(|p| p.into_inner());
            if queue.closed {
                drop(queue);
                let mut all = self.hub.live.lock().unwrap_or_else(|p| p.into_inner());
                if all.get(&m.conversation_id).is_some_and(|l| Arc::ptr_eq(&l.posts, &live.posts)) {
                    all.remove(&m.conversation_id);
                }
                message = Some(m);
                continue;
            }
            if queue.items.len() >= MAILBOX {
                return Err(unavailable());
            }
            let (reply, answer) = oneshot::channel();
            queue.items.push_back(Queued { sender, message: m, origin, reply });
            if !queue.scheduled {
                queue.scheduled = true;
                live.addr.do_send(Flush);
            }
            return Ok(answer);
        }
        Err(unavailable())
    }

    /// `enqueue`, then waits for the answer.
    pub async fn post(&self, sender: i64, message: NewMessage) -> Result<Appended, SoukError> {
        let answer = self.enqueue(sender, message, None).await?;
        answer.await.map_err(|_| unavailable())?.map(|posted| posted.appended)
    }

    /// Marks read up to `message_id`; the other party gets a `chat:read` receipt.
    pub async fn read(
        &self,
        conversation_id: &str,
        account_id: i64,
        message_id: String,
    ) -> Result<ConversationView, SoukError> {
        let addr = self.actor(conversation_id, account_id).await?;
        addr.send(Read { account_id, message_id }).await.map_err(|_| unavailable())?
    }

    /// Tells the other party that `account_id` is typing (or stopped).
    pub async fn typing(&self, conversation_id: &str, account_id: i64, typing: bool) -> Result<(), SoukError> {
        let addr = self.actor(conversation_id, account_id).await?;
        addr.send(Typing { account_id, typing }).await.map_err(|_| unavailable())?
    }

    /// Sets or lifts `account_id`'s block; both parties get `chat:blocked`.
    pub async fn block(
        &self,
        conversation_id: &str,
        account_id: i64,
        blocked: bool,
    ) -> Result<Conversation, SoukError> {
        let addr = self.actor(conversation_id, account_id).await?;
        addr.send(Block { account_id, blocked }).await.map_err(|_| unavailable())?
    }

    /// The conversation as the actor knows it, if `account_id` is a party.
    pub async fn conversation(&self, conversation_id: &str, account_id: i64) -> Result<Conversation, SoukError> {
        let addr = self.actor(conversation_id, account_id).await?;
        addr.send(Get { account_id }).await.map_err(|_| unavailable())?
    }
}

/// Which arbiter runs a conversation's actor.
fn shard(conversation_id: &str, arbiters: usize) -> usize {
    let hash = conversation_id
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    (hash % arbiters.max(1) as u64) as usize
}

/// The live state of one conversation.
pub struct ConversationActor {
    id: String,
    hub: Weak<Hub>,
    posts: Arc<Mutex<PostQueue>>,
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
                {
                    let mut queue = act.posts.lock().unwrap_or_else(|p| p.into_inner());
                    if !queue.items.is_empty() || queue.scheduled {
                        return;
                    }
                    queue.closed = true;
                }
                if live.get(&act.id).map(|l| &l.addr) == Some(&me) {
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

/// Takes every queued post and appends them in one store call.
#[derive(Message)]
#[rtype(result = "Result<(), SoukError>")]
struct Flush;

/// A post refused before storage, or the index of its message in the group.
enum Slot {
    Refused(Result<Appended, SoukError>),
    Stored(usize),
}

impl Handler<Flush> for ConversationActor {
    type Result = AtomicResponse<Self, Result<(), SoukError>>;

    fn handle(&mut self, _: Flush, _: &mut Self::Context) -> Self::Result {
        let batch: Vec<Queued> = {
            let mut queue = self.posts.lock().unwrap_or_else(|p| p.into_inner());
            queue.scheduled = false;
            queue.items.drain(..).collect()
        };
        let Some((store, fanout, render)) = self.parts() else {
            for q in batch {
                let _ = q.reply.send(Err(unavailable()));
            }
            return AtomicResponse::new(Box::pin(fut::ready(Ok(()))));
        };
        for q in &batch {
            self.typing.remove(&q.sender);
        }
        let (id, cached) = (self.id.clone(), self.state.clone());
        self.finish(async move {
            let (state, conv, panicked) = load(Arc::clone(&store), id, cached).await;
            let conv = match conv {
                Ok(c) => c,
                Err(e) => {
                    for q in batch {
                        let _ = q.reply.send(Err(e.clone()));
                    }
                    return Step { state, answer: Ok(()), panicked };
                }
            };
            let mut slots = Vec::with_capacity(batch.len());
            // Who waits for each answer: (reply, sender, the sender's socket).
            let mut replies = Vec::with_capacity(batch.len());
            let mut messages = Vec::with_capacity(batch.len());
            for q in batch {
                let refused = if !conv.has_party(q.sender) {
                    Some(not_party())
                } else if conv.is_blocked() {
                    let detail = if conv.blocked_by(q.sender) { "you blocked this conversation" } else { "blocked" };
                    Some(SoukError::with_detail(ErrorCode::ConversationBlocked, detail))
                } else if conv.buyer_id.is_none() {
                    Some(SoukError::new(ErrorCode::VisitorConversation))
                } else {
                    None
                };
                match refused {
                    Some(e) => slots.push(Slot::Refused(Err(e))),
                    None => {
                        slots.push(Slot::Stored(messages.len()));
                        messages.push(q.message);
                    }
                }
                replies.push((q.reply, q.sender, q.origin));
            }
            let mut stored: Vec<Option<Result<Appended, SoukError>>> = Vec::new();
            let mut panicked = panicked;
            if !messages.is_empty() {
                let count = messages.len();
                let (answer, crashed) =
                    guarded(async move { store.append_messages(messages).await.map_err(SoukError::internal) }).await;
                panicked |= crashed;
                stored = match answer {
                    Ok(answers) => answers.into_iter().map(|a| Some(a.map_err(store_error))).collect(),
                    Err(e) => (0..count).map(|_| Some(Err(e.clone()))).collect(),
                };
            }
            // Fan-out in conversation order, then each answer (the ack follows durability).
            let parties: Vec<i64> = [conv.buyer_id, Some(conv.seller_id)].into_iter().flatten().collect();
            for (slot, (reply, sender, origin)) in slots.into_iter().zip(replies) {
                let answer = match slot {
                    Slot::Refused(answer) => answer,
                    Slot::Stored(i) => stored.get_mut(i).and_then(Option::take).unwrap_or_else(|| Err(unavailable())),
                };
                let answer = answer.map(|appended| {
                    let payload = render(&appended.message);
                    for party in &parties {
                        let except = if *party == sender { origin.as_deref() } else { None };
                        fanout.deliver_except(*party, "chat:message", payload.clone(), except);
                    }
                    Posted { appended, payload }
                });
                let _ = reply.send(answer);
            }
            Step { state: if panicked { None } else { Some(conv) }, answer: Ok(()), panicked }
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
                let payload = Payload::from(json!({
                    "conversationId": conv.conversation_id,
                    "accountId": msg.account_id,
                    "messageId": view.read_upto,
                    "unread": view.unread,
                }));
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
                let payload = Payload::from(blocked_payload(c));
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
