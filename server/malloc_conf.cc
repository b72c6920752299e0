// jemalloc's options for the monotable binary (linked into the executable only: jemalloc
// reads this global at start-up; MALLOC_CONF in the environment still overrides it).
//
// Why (bench/SOAK.md, from jemalloc's own figures in /metrics): under a steady write load
// RSS followed the memtables' sawtooth. A flushed memtable's ~35 MB went back to
// jemalloc as dirty pages, the default 10 s decay returned them to the kernel, and the
// next memtable faulted them in again about 25 s later, so RSS swung by the dirty pages
// (9-78 MB) while live allocations stayed within the --cache-mb budget. With a longer
// decay the next memtable reuses those pages instead: 60 s left RSS within 18.4% of its
// median over a 30-minute soak, 300 s within 10.7% (the pool of freed pages then follows
// the write rate of the last minutes, not each flush); the background thread purges on
// time whatever the load (without it jemalloc purges only when an arena allocates, so an
// idle server kept its dirty pages), and is one thread (max_background_threads), so the
// thread count stays constant.
extern "C" {
// NOLINTNEXTLINE: the name and type are jemalloc's interface.
const char* malloc_conf = "background_thread:true,max_background_threads:1,dirty_decay_ms:300000";
}
