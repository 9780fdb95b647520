//! Live state of Souk as supervised actix actors: the session registry, presence,
//! conversations, ad sessions, order workflows, the scheduler, the mailer and the message
//! sender (design §3). The crate is in the dependency chain now so that the layers stay in
//! their order (`domain <- storage <- actors <- services <- http`); the actors themselves
//! arrive with the real-time core.
