// jemalloc's options for the monotable binary (linked into the executable only: jemalloc
// reads this global at start-up; MALLOC_CONF in the environment still overrides it).
//
// Why (bench/SOAK.md, from jemalloc's own figures in /metrics): under a steady write load
// RSS followed the memtables' sawtooth, not live memory. A flushed memtable's ~35 MB of
// 64 KiB arena blocks goes back to jemalloc as free ("dirty") pages; the options below
// keep them for the next memtable instead of returning them to the kernel and faulting
// them in again. Four 40-minute soaks, the last 30 minutes judged, RSS's largest
// deviation from its median: 11.8% with the first option set alone, 18.8% with
// narenas:1, 14.1% adding oversize_threshold:0, 9.8% adding lg_extent_max_active_fit.
//   - dirty_decay_ms:300000: freed pages are returned over 5 minutes, not 10 s (with
//     10 s RSS swung by the dirty pages, 9-78 MB; with 60 s it stayed within 18.4% of its
//     median over a 30-minute soak). Never returning them (-1) grew the pool to ~490 MB.
//   - narenas:1: one arena, so the pages one thread frees are the pages the next
//     memtable, allocated by whichever I/O thread, finds again (jemalloc's default is 4
//     per core, each with its own pool): RSS's median 37 MB lower.
//   - oversize_threshold:0: no dedicated arena for requests over 8 MiB and none of
//     jemalloc 5.3's eager purge of a freed run that coalesces past 8 MiB, which a flushed
//     memtable's contiguous blocks do: that returned 27 MB at once and dipped RSS 18.8%
//     below its median, to be faulted in again seconds later.
//   - lg_extent_max_active_fit:10: a 64 KiB block may reuse a free run up to 1024 times
//     its size (64 MiB, a whole flushed memtable), not 64 times (4 MiB), so freed
//     memtables are found again rather than left to the decay (the cause of -1's growth):
//     the pool's median fell from 48 to 43 MB and its largest from 91 to 81 MB.
//   - background_thread:true, max_background_threads:1: purging happens on time whatever
//     the load (without it jemalloc purges only when an arena allocates, so an idle server
//     kept its dirty pages), on one thread, so the thread count stays constant.
// Cost: none measurable; GetItem and PutItem at 64 connections ran 0.998x and 1.011x the
// old options' rates, with 39% less RSS after the same load (I/O threads allocate mostly
// from their thread caches, so one arena's lock is rarely taken). What still moves RSS are the
// decay's purges (9 in the last soak's 30 minutes, 11-15 MB each), inside the ±10% band.
extern "C" {
// NOLINTNEXTLINE: the name and type are jemalloc's interface.
const char* malloc_conf =
    "background_thread:true,max_background_threads:1,dirty_decay_ms:300000,narenas:1,"
    "oversize_threshold:0,lg_extent_max_active_fit:10";
}
