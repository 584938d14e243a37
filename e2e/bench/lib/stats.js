// Summaries of repeated measurements: median and spread (min–max), and how figures are written.
export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

export function summary(values) {
  return {
    n: values.length, median: quantile(values, 0.5), min: Math.min(...values), max: Math.max(...values),
    p10: quantile(values, 0.1), p90: quantile(values, 0.9),
  };
}

export const ms = (v) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)) + ' ms';
export const bytes = (v) => `${Math.round(v).toLocaleString('en-US')} B`;
export const mib = (v) => `${(v / 1048576).toFixed(2)} MiB`;

/** How far the ratio of two medians can be trusted: a 90% interval of median(app) / median(plain)
 * from a paired bootstrap (each draw takes whole runs, app and plain page together, as they were
 * measured in the same moment). Seeded, so one set of runs always gives the same interval. */
export function ratioInterval(app, plain, { draws = 4000, level = 0.9 } = {}) {
  let seed = 1;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const n = app.length;
  const ratios = [];
  for (let d = 0; d < draws; d++) {
    const runs = Array.from({ length: n }, () => Math.floor(random() * n));
    ratios.push(quantile(runs.map((i) => app[i]), 0.5) / quantile(runs.map((i) => plain[i]), 0.5));
  }
  return [quantile(ratios, (1 - level) / 2), quantile(ratios, (1 + level) / 2)];
}
