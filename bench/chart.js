// An SVG bar chart of a benchmark report: for each catalog size at the highest latency measured, the seconds
// of converge and no-op (with and without the parse cache) for the tool and for the per-entity client, on a log
// scale, with the ratio.
const escape = (text) =>
  String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

export function renderChart(report) {
  const latency = Math.max(...report.results.map((row) => row.latencyMs));
  const rows = report.results.filter((row) => row.latencyMs === latency);
  const bars = rows.flatMap((row) => [
    {
      label: `${row.size.toLocaleString('en')} entities: converge`,
      tool: row.tool.converge.seconds,
      baseline: row.baseline.converge.seconds,
      ratio: row.ratio.converge,
    },
    {
      label: `${row.size.toLocaleString('en')} entities: no-op`,
      tool: row.tool.noop.seconds,
      baseline: row.baseline.noop.seconds,
      ratio: row.ratio.noop,
    },
    {
      label: `${row.size.toLocaleString('en')} entities: no-op (no cache)`,
      tool: row.tool.noopNoCache.seconds,
      baseline: row.baseline.noop.seconds,
      ratio: row.ratio.noopNoCache,
    },
  ]);
  const max = Math.max(...bars.map((bar) => bar.baseline), 1);
  const min = 0.1;
  const width = 860;
  const left = 230;
  const plot = width - left - 150;
  const x = (seconds) => (Math.log10(Math.max(seconds, min) / min) / Math.log10(max / min)) * plot;
  const rowHeight = 46;
  const top = 70;
  const height = top + bars.length * rowHeight + 60;
  const machine = report.machine;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="13">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="16" y="26" font-size="16" font-weight="bold">catalog reconcile vs a per-entity client, ${latency} ms per request (log scale)</text>`,
    `<text x="16" y="46" fill="#555">${escape(`${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, Node ${machine.node}, ${report.date.slice(0, 10)}`)}</text>`,
    `<rect x="${left}" y="54" width="12" height="10" fill="#2454c5"/><text x="${left + 18}" y="63">catalog</text>`,
    `<rect x="${left + 90}" y="54" width="12" height="10" fill="#c0c6d4"/><text x="${left + 108}" y="63">per-entity client</text>`,
  ];
  bars.forEach((bar, index) => {
    const y = top + index * rowHeight;
    parts.push(`<text x="${left - 8}" y="${y + 20}" text-anchor="end">${escape(bar.label)}</text>`);
    parts.push(
      `<rect x="${left}" y="${y + 4}" width="${Math.max(1, x(bar.baseline)).toFixed(1)}" height="14" fill="#c0c6d4"/>`,
    );
    parts.push(
      `<text x="${left + x(bar.baseline) + 6}" y="${y + 16}" fill="#555">${bar.baseline.toFixed(1)} s</text>`,
    );
    parts.push(
      `<rect x="${left}" y="${y + 22}" width="${Math.max(1, x(bar.tool)).toFixed(1)}" height="14" fill="#2454c5"/>`,
    );
    parts.push(
      `<text x="${left + x(bar.tool) + 6}" y="${y + 34}">${bar.tool.toFixed(2)} s · ${bar.ratio.toFixed(0)}× faster</text>`,
    );
  });
  parts.push(
    `<text x="16" y="${height - 34}" fill="#555">no-op: a second run, with the parse cache the converge left; no cache: as a fresh clone runs it (--no-cache).</text>`,
    `<text x="16" y="${height - 16}" fill="#555">Per-entity times above the baseline limit are scaled from a smaller catalog of the same shape (bench/results/latest.json says which).</text>`,
  );
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
