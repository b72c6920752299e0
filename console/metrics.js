// Metrics: requests/s by operation, p50/p99 latency and errors by type, from GET
// /metrics polled every 2 s (rates and latencies over the last interval; the console's
// own requests are counted too, as any client's), with a chart of total requests/s.
import { view } from './api.js';
import { clear, h, poll, showError } from './dom.js';
import { bucketsBy, parseMetrics, quantile, sumBy } from './prometheus.js';

const POLL_MS = 2000;
const HISTORY = 90;  // points of the requests/s chart

const fmtMs = (seconds) => (Number.isNaN(seconds) ? '—' : `${(seconds * 1000).toFixed(seconds < 0.001 ? 3 : 1)} ms`);

// The difference of two cumulative histograms (same buckets).
const deltaBuckets = (now, before) => now.map(([le, c], i) => [le, c - (before?.[i]?.[1] || 0)]);

function drawChart(canvas, points) {
  const ctx = canvas.getContext('2d');
  const { width, height } = canvas;
  ctx.clearRect(0, 0, width, height);
  const max = Math.max(1, ...points);
  ctx.strokeStyle = '#2b6cb0';
  ctx.lineWidth = 2;
  ctx.beginPath();
  points.forEach((v, i) => {
    const x = (i / Math.max(HISTORY - 1, 1)) * width;
    const y = height - (v / max) * (height - 12) - 2;
    if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
  });
  ctx.stroke();
  ctx.fillStyle = '#444';
  ctx.fillText(`${max.toFixed(1)} req/s`, 4, 10);
}

export function mount(root) {
  const errors = h('div', { className: 'errors' });
  const chart = h('canvas', { id: 'requests-chart', width: 720, height: 120 });
  const ops = h('tbody', { id: 'metrics-operations' });
  const errs = h('tbody', { id: 'metrics-errors' });
  const history = [];
  let before = null;

  async function refresh() {
    const samples = parseMetrics(await view('/metrics', true));
    const now = { at: performance.now(), total: sumBy(samples, 'monotable_requests_total', 'operation'),
      errors: sumBy(samples, 'monotable_requests_total', 'outcome', (l) => l.outcome !== 'Ok'),
      buckets: bucketsBy(samples, 'monotable_request_duration_seconds', 'operation') };
    const dt = before ? (now.at - before.at) / 1000 : 0;
    const rate = (map, prev, key) => (dt > 0 ? (map.get(key) - (prev.get(key) || 0)) / dt : 0);
    let all = 0;
    const rows = [...now.total.keys()].sort().map((op) => {
      const r = before ? rate(now.total, before.total, op) : 0;
      all += r;
      // Latency over the last interval when it had requests, otherwise since start.
      let b = now.buckets.get(op) || [];
      const recent = before ? deltaBuckets(b, before.buckets.get(op)) : null;
      if (recent && recent.length && recent[recent.length - 1][1] > 0) b = recent;
      return h('tr', { dataset: { operation: op } }, h('td', {}, op), h('td', {}, r.toFixed(1)), h('td', {}, String(now.total.get(op))),
        h('td', {}, fmtMs(quantile(0.5, b))), h('td', {}, fmtMs(quantile(0.99, b))));
    });
    clear(ops, rows);
    clear(errs, [...now.errors.keys()].sort().map((type) => h('tr', { dataset: { type } }, h('td', {}, type),
      h('td', {}, before ? rate(now.errors, before.errors, type).toFixed(2) : '0.00'), h('td', {}, String(now.errors.get(type))))));
    if (before) {
      history.push(all);
      if (history.length > HISTORY) history.shift();
      drawChart(chart, history);
    }
    before = now;
    showError(errors, null);
  }

  const head = (...titles) => h('thead', {}, h('tr', {}, titles.map((t) => h('th', {}, t))));
  clear(root, h('h2', {}, 'Metrics'), errors, h('h3', {}, 'Requests per second'), chart,
    h('h3', {}, 'By operation (last interval)'), h('table', { className: 'grid' }, head('operation', 'req/s', 'total', 'p50', 'p99'), ops),
    h('h3', {}, 'Errors by type'), h('table', { className: 'grid' }, head('error', 'per s', 'total'), errs));
  return poll(() => refresh().catch((e) => showError(errors, e)), POLL_MS);
}
