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
