// Reading GET /metrics (Prometheus text format 0.0.4) in the browser: samples by family,
// and quantiles from a histogram's cumulative buckets.

// [{name, labels: {...}, value}] of every sample line.
export function parseMetrics(text) {
  const samples = [];
  for (const line of text.split('\n')) {
    if (!line || line[0] === '#') continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m) continue;
    const labels = {};
    for (const [, k, v] of (m[2] || '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k] = v.replace(/\\(.)/g, (_, c) => (c === 'n' ? '\n' : c));
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return samples;
}

// Sums `value` of the samples named `name` by the label `by`: Map(label -> sum).
export function sumBy(samples, name, by, where = () => true) {
  const out = new Map();
  for (const s of samples) if (s.name === name && where(s.labels)) out.set(s.labels[by], (out.get(s.labels[by]) || 0) + s.value);
  return out;
}

// The q-quantile of a histogram given as [[upperBound, cumulativeCount], ...] sorted by
// bound (the last one +Inf), interpolated linearly inside the bucket, as PromQL's
// histogram_quantile does. NaN without observations.
export function quantile(q, buckets) {
  const total = buckets.length ? buckets[buckets.length - 1][1] : 0;
  if (!(total > 0)) return NaN;
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const [bound, count] of buckets) {
    if (count >= rank) {
      if (!Number.isFinite(bound)) return lower;  // in the +Inf bucket: the last finite bound
      return lower + (bound - lower) * ((rank - below) / Math.max(count - below, 1e-12));
    }
    lower = bound;
    below = count;
  }
  return lower;
}

// Histogram buckets by operation: Map(operation -> [[le, count], ...]) sorted by le.
export function bucketsBy(samples, name, by) {
  const out = new Map();
  for (const s of samples) {
    if (s.name !== `${name}_bucket`) continue;
    const key = s.labels[by];
    if (!out.has(key)) out.set(key, []);
    out.get(key).push([s.labels.le === '+Inf' ? Infinity : Number(s.labels.le), s.value]);
  }
  for (const list of out.values()) list.sort((a, b) => a[0] - b[0]);
  return out;
}
