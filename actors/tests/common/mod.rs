//! What the actor tests share: the SQLite chat store with switches that make its next append or
//! its next listing of conversations panic, to test the supervision of the actors that call it,
//! and a delay on each listing that counts how many run at once.

use async_trait::async_trait;
use souk_storage::StoreError;
use souk_storage::chat::{
    Appended, ChatAd, ChatMessage, ChatStore, Conversation, ConversationView, NewMessage, Starter,
};
use souk_storage::sqlite::SqliteStore;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// The SQLite store; each switch makes the next call of its operation panic.
pub struct Flaky {
    pub inner: SqliteStore,
    pub panic_next_append: AtomicBool,
    pub panic_next_listing: AtomicBool,
    /// Each listing of conversations takes this long (ms).
    pub listing_delay_ms: AtomicU64,
    /// Listings running now, and the most that ever ran at once.
    pub listings_now: AtomicUsize,
    pub listings_at_once: AtomicUsize,
}

impl Flaky {
    pub fn new(inner: SqliteStore) -> Flaky {
        Flaky {
            inner,
            panic_next_append: AtomicBool::new(false),
            panic_next_listing: AtomicBool::new(false),
            listing_delay_ms: AtomicU64::new(0),
            listings_now: AtomicUsize::new(0),
            listings_at_once: AtomicUsize::new(0),
        }
    }
}

#[async_trait]
impl ChatStore for Flaky {
    async fn find_chat_ad(&self, list_id: i64) -> Result<Option<ChatAd>, StoreError> {
        self.inner.find_chat_ad(list_id).await
    }
    async fn open_conversation(&self, ad: ChatAd, starter: Starter) -> Result<(Conversation, bool), StoreError> {
        self.inner.open_conversation(ad, starter).await
    }
    async fn conversation(&self, id: &str) -> Result<Option<Conversation>, StoreError> {
        self.inner.conversation(id).await
    }
    async fn append_message(&self, message: NewMessage) -> Result<Appended, StoreError> {
        if self.panic_next_append.swap(false, Ordering::SeqCst) {
            panic!("storage bug while appending");
        }
        self.inner.append_message(message).await
    }
    async fn view(&self, id: &str, account: i64) -> Result<Option<ConversationView>, StoreError> {
        self.inner.view(id, account).await
    }
    async fn conversations_of(&self, account: i64, limit: u32) -> Result<Vec<ConversationView>, StoreError> {
        if self.panic_next_listing.swap(false, Ordering::SeqCst) {
            panic!("storage bug while listing conversations");
        }
        let now = self.listings_now.fetch_add(1, Ordering::SeqCst) + 1;
        self.listings_at_once.fetch_max(now, Ordering::SeqCst);
        let delay = self.listing_delay_ms.load(Ordering::SeqCst);
        if delay > 0 {
            tokio::time::sleep(std::time::Duration::from_millis(delay)).await;
        }
        let listed = self.inner.conversations_of(account, limit).await;
        self.listings_now.fetch_sub(1, Ordering::SeqCst);
        listed
    }
    async fn messages(
        &self,
        id: &str,
        account: i64,
        before: Option<&str>,
        limit: u32,
    ) -> Result<Vec<ChatMessage>, StoreError> {
        self.inner.messages(id, account, before, limit).await
    }
    async fn messages_since(&self, account: i64, since: &str, limit: u32) -> Result<Vec<ChatMessage>, StoreError> {
        self.inner.messages_since(account, since, limit).await
    }
    async fn mark_read(&self, id: &str, account: i64, message: &str) -> Result<Option<ConversationView>, StoreError> {
        self.inner.mark_read(id, account, message).await
    }
    async fn set_blocked(&self, id: &str, account: i64, blocked: bool) -> Result<Option<Conversation>, StoreError> {
        self.inner.set_blocked(id, account, blocked).await
    }
    async fn delete_for(&self, id: &str, account: i64) -> Result<bool, StoreError> {
        self.inner.delete_for(id, account).await
    }
    async fn unread_total(&self, account: i64) -> Result<u32, StoreError> {
        self.inner.unread_total(account).await
    }
}
