//! One `OrderWorkflow` actor per open order (design §3): it holds the order's state machine
//! (spec §4, `souk_domain::orders::transition`), applies each action through the store — the
//! transition is written before it is answered — and tells both parties through
//! [`OrderEvents`]. Its scheduled steps run on its own timers, not by polling: a PENDING order
//! not prepared within `reminder_after` reminds the seller once; a DELIVERING order not
//! delivered within `late_after` is marked late once. Both timers are derived from what is
//! stored (when the order entered its status, whether it was reminded or marked late), so a
//! restart — of the actor under its `Supervisor`, or of the whole server, whose
//! [`OrderWorkflows::resume`] starts an actor for every open order — keeps them. An actor
//! stops when its order is final or deleted.

use actix::prelude::*;
use souk_domain::SoukError;
use souk_domain::orders::SaleOrderStatus;
use souk_storage::StoreError;
use souk_storage::orders::{ActionOutcome, Order, OrderActionRequest, OrderStore};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Messages that may wait in one workflow's mailbox.
const MAILBOX: usize = 64;

/// When the workflow's scheduled steps fall due.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorkflowTimes {
    /// A PENDING order not prepared within this many seconds reminds the seller.
    pub reminder_after_secs: i64,
    /// A DELIVERING order not delivered within this many seconds is late.
    pub late_after_secs: i64,
}

/// What the workflows tell the world (the orders service pushes to sockets and sends mail).
pub trait OrderEvents: Send + Sync + 'static {
    /// The order changed status, or was deleted.
    fn changed(&self, order: &Order, deleted: bool);
    /// A PENDING order waited `reminder_after` without being prepared (recorded once).
    fn reminded(&self, order: &Order);
    /// A DELIVERING order is late (recorded once).
    fn late(&self, order: &Order);
}

struct Hub {
    store: Arc<dyn OrderStore>,
    events: Arc<dyn OrderEvents>,
    times: WorkflowTimes,
    arbiter: ArbiterHandle,
    live: Mutex<HashMap<String, Addr<OrderWorkflow>>>,
}

/// The order workflows of this node; cheap to clone.
#[derive(Clone)]
pub struct OrderWorkflows {
    hub: Arc<Hub>,
}

impl OrderWorkflows {
    /// Must be called inside an actix system: the workflows run on the current arbiter.
    pub fn new(store: Arc<dyn OrderStore>, events: Arc<dyn OrderEvents>, times: WorkflowTimes) -> OrderWorkflows {
        OrderWorkflows {
            hub: Arc::new(Hub { store, events, times, arbiter: Arbiter::current(), live: Mutex::new(HashMap::new()) }),
        }
    }

    /// Starts a workflow for every open order in the store (at server start); answers how many.
    pub async fn resume(&self) -> Result<usize, StoreError> {
        let open = self.hub.store.open_orders().await?;
        let n = open.len();
        for order in open {
            self.track(order);
        }
        Ok(n)
    }

    /// Starts the workflow of an open order (a new one, or one found open); a running one is kept.
    pub fn track(&self, order: Order) {
        if order.status.is_final() {
            return;
        }
        let mut live = self.hub.live.lock().unwrap_or_else(|p| p.into_inner());
        if live.get(&order.order_id).is_some_and(|a| a.connected()) {
            return;
        }
        let id = order.order_id.clone();
        let hub = Arc::clone(&self.hub);
        let addr = Supervisor::start_in_arbiter(&self.hub.arbiter, move |ctx| {
            ctx.set_mailbox_capacity(MAILBOX);
            OrderWorkflow { hub, order_id: order.order_id.clone(), order: Some(order), timer: None }
        });
        live.insert(id, addr);
    }

    /// How many workflows are running.
    pub fn live_count(&self) -> usize {
        self.hub.live.lock().map(|l| l.values().filter(|a| a.connected()).count()).unwrap_or(0)
    }

    /// Whether the workflow of `order_id` is running.
    pub fn is_running(&self, order_id: &str) -> bool {
        self.hub.live.lock().map(|l| l.get(order_id).is_some_and(|a| a.connected())).unwrap_or(false)
    }

    /// Takes an action on an order: through its workflow when it runs (actions on one order
    /// are applied one at a time), else straight through the store (which refuses actions on
    /// final or unknown orders). Answers the order after the action (for a delete, before it)
    /// and whether it was deleted.
    pub async fn act(&self, request: OrderActionRequest) -> Result<(Order, bool), SoukError> {
        let addr = self.hub.live.lock().ok().and_then(|l| l.get(&request.order_id).filter(|a| a.connected()).cloned());
        let outcome = match addr {
            Some(addr) => match addr.send(Act(request.clone())).await {
                Ok(outcome) => outcome,
                // It stopped between the look-up and the send: the store decides.
                Err(_) => apply(Arc::clone(&self.hub), request).await,
            },
            None => apply(Arc::clone(&self.hub), request).await,
        };
        match outcome.map_err(SoukError::internal)? {
            ActionOutcome::Applied { order, deleted } => Ok((*order, deleted)),
            ActionOutcome::Refused(e) => Err(e),
        }
    }
}

/// Applies an action through the store and tells the parties (for an order without a running
/// workflow, whose action the store refuses or applies alone).
async fn apply(hub: Arc<Hub>, request: OrderActionRequest) -> Result<ActionOutcome, StoreError> {
    let outcome = hub.store.apply_order_action(request).await?;
    if let ActionOutcome::Applied { order, deleted } = &outcome {
        hub.events.changed(order, *deleted);
    }
    Ok(outcome)
}

/// The live state of one open order.
pub struct OrderWorkflow {
    hub: Arc<Hub>,
    order_id: String,
    /// The order as stored; `None` while it is being read again after a restart.
    order: Option<Order>,
    timer: Option<SpawnHandle>,
}

impl OrderWorkflow {
    /// Seconds until the next scheduled step of the order's status, and which one.
    fn next_step(&self, now: i64) -> Option<(Step, i64)> {
        let o = self.order.as_ref()?;
        let t = self.hub.times;
        match o.status {
            SaleOrderStatus::Pending if o.checkout.reminded_at.is_none() => {
                Some((Step::Remind, (o.checkout.status_at + t.reminder_after_secs - now).max(0)))
            }
            SaleOrderStatus::Delivering if !o.checkout.late => {
                Some((Step::Late, (o.checkout.status_at + t.late_after_secs - now).max(0)))
            }
            _ => None,
        }
    }

    /// Cancels the pending timer and arms the one the order's status needs now.
    fn schedule(&mut self, ctx: &mut Context<Self>) {
        if let Some(handle) = self.timer.take() {
            ctx.cancel_future(handle);
        }
        let Some((step, secs)) = self.next_step(crate::now_millis() / 1000) else { return };
        self.timer = Some(ctx.run_later(Duration::from_secs(secs as u64), move |act, ctx| {
            act.timer = None;
            act.run_step(step, ctx);
        }));
    }

    fn run_step(&mut self, step: Step, ctx: &mut Context<Self>) {
        let store = Arc::clone(&self.hub.store);
        let id = self.order_id.clone();
        let now = crate::now_millis() / 1000;
        let write = async move {
            let done = match step {
                Step::Remind => store.mark_reminded(&id, now).await?,
                Step::Late => store.mark_late(&id).await?,
            };
            Ok::<_, StoreError>(if done { store.find_order(&id).await? } else { None })
        };
        ctx.wait(fut::wrap_future(write).map(move |result, act: &mut Self, ctx| match result {
            Ok(Some(order)) => {
                match step {
                    Step::Remind => act.hub.events.reminded(&order),
                    Step::Late => act.hub.events.late(&order),
                }
                act.order = Some(order);
                act.schedule(ctx);
            }
            // Already done, or the order moved on: nothing to say.
            Ok(None) => {}
            Err(e) => {
                tracing::warn!(order = %act.order_id, error = %e, "order workflow step not written; retried in a minute");
                act.timer = Some(ctx.run_later(Duration::from_secs(60), move |act, ctx| act.run_step(step, ctx)));
            }
        }));
    }

    /// Stops for good: the order is no longer open. Its address leaves the registry first, so
    /// the supervisor, seeing no one holding it, does not start it again.
    fn retire(&mut self, ctx: &mut Context<Self>) {
        let me = ctx.address();
        if let Ok(mut live) = self.hub.live.lock()
            && live.get(&self.order_id) == Some(&me)
        {
            live.remove(&self.order_id);
        }
        drop(me);
        ctx.stop();
    }

    /// Reads the order again (after a restart) and arms its timer; stops when it is no longer open.
    fn reload(&mut self, ctx: &mut Context<Self>) {
        let store = Arc::clone(&self.hub.store);
        let id = self.order_id.clone();
        ctx.wait(fut::wrap_future(async move { store.find_order(&id).await }).map(|result, act: &mut Self, ctx| {
            match result {
                Ok(Some(order)) if !order.status.is_final() => {
                    act.order = Some(order);
                    act.schedule(ctx);
                }
                Ok(_) => act.retire(ctx),
                Err(e) => {
                    tracing::warn!(order = %act.order_id, error = %e, "order workflow cannot reload; retrying");
                    ctx.run_later(Duration::from_secs(1), |act, ctx| act.reload(ctx));
                }
            }
        }));
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Remind,
    Late,
}

impl Actor for OrderWorkflow {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        if self.order.is_some() {
            self.schedule(ctx);
        } else {
            self.reload(ctx);
        }
    }
}

impl Supervised for OrderWorkflow {
    /// After a panic the order is read again from the store: the timers follow what is stored.
    fn restarting(&mut self, _ctx: &mut Self::Context) {
        tracing::warn!(order = %self.order_id, "order workflow restarted");
        self.order = None;
        self.timer = None;
    }
}

/// An action on the workflow's order.
#[derive(Message)]
#[rtype(result = "Result<ActionOutcome, StoreError>")]
struct Act(OrderActionRequest);

impl Handler<Act> for OrderWorkflow {
    type Result = AtomicResponse<Self, Result<ActionOutcome, StoreError>>;

    fn handle(&mut self, msg: Act, _ctx: &mut Self::Context) -> Self::Result {
        let hub = Arc::clone(&self.hub);
        // The store work runs in its own task, so a panic there is caught: the actor then
        // stops and its supervisor restarts it from what is stored.
        let task = async move {
            match tokio::spawn(apply(hub, msg.0)).await {
                Ok(outcome) => (outcome, false),
                Err(e) => (Err(StoreError::Corrupt(format!("order workflow task failed: {e}"))), e.is_panic()),
            }
        };
        AtomicResponse::new(Box::pin(fut::wrap_future(task).map(|(outcome, panicked), act: &mut Self, ctx| {
            if panicked {
                ctx.stop();
                return outcome;
            }
            if let Ok(ActionOutcome::Applied { order, deleted }) = &outcome {
                if *deleted || order.status.is_final() {
                    act.order = None;
                    act.retire(ctx);
                } else {
                    act.order = Some((**order).clone());
                    act.schedule(ctx);
                }
            }
            outcome
        })))
    }
}

/// Stops the workflow as a failure does: its supervisor restarts it, and it reads its order
/// again from the store (supervision tests).
#[derive(Message)]
#[rtype(result = "()")]
struct Fail;

impl Handler<Fail> for OrderWorkflow {
    type Result = ();

    fn handle(&mut self, _msg: Fail, ctx: &mut Self::Context) {
        ctx.stop();
    }
}

impl OrderWorkflows {
    /// Makes a running workflow fail and restart (supervision tests); false when none runs.
    pub fn fail(&self, order_id: &str) -> bool {
        let addr = self.hub.live.lock().ok().and_then(|l| l.get(order_id).cloned());
        addr.is_some_and(|a| a.try_send(Fail).is_ok())
    }
}
