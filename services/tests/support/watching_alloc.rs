//! A global allocator for integration tests that records the largest single allocation made by
//! the current thread while it is watched, so that "refused without allocating" can be asserted.
//! Included with `#[path]` by each test binary that needs it (each binary has its own allocator).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

struct WatchingAllocator;

thread_local! {
    static WATCHED: Cell<bool> = const { Cell::new(false) };
}
static LARGEST_WATCHED: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for WatchingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note(layout.size());
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note(layout.size());
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note(new_size);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

fn note(size: usize) {
    if WATCHED.try_with(Cell::get).unwrap_or(false) {
        LARGEST_WATCHED.fetch_max(size, Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOCATOR: WatchingAllocator = WatchingAllocator;

/// Runs `work` and returns its result with the largest single allocation it made. Only one test
/// uses this, so the shared maximum is not disturbed by others.
pub fn largest_allocation_of<T>(work: impl FnOnce() -> T) -> (T, usize) {
    LARGEST_WATCHED.store(0, Ordering::Relaxed);
    WATCHED.with(|w| w.set(true));
    let result = work();
    WATCHED.with(|w| w.set(false));
    (result, LARGEST_WATCHED.load(Ordering::Relaxed))
}
