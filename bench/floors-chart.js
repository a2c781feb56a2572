// An SVG bar chart of bench/results/floors.json: for each catalog size, the tool's time next to its floor for
// cold parsing (validate --no-cache vs reading and parsing the files with js-yaml) and for converging from empty
// (reconcile vs that parse floor plus a blind writer), on a linear scale, with the ratio.
const escape = (text) =>
  String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

export function renderFloorsChart(report) {
  const bars = report.results.flatMap((row) => [
    {
      label: `${row.size.toLocaleString('en')}: cold validate`,
      tool: row.parse.validate.seconds,
      floor: row.parse.floorJsYaml.seconds,
      ratio: row.ratio.validateToParseFloor,
    },
    ...(row.converge === undefined
      ? []
      : [
          {
            label: `${row.size.toLocaleString('en')}: converge`,
            tool: row.converge.tool.seconds,
            floor: row.converge.floorSeconds,
            ratio: row.ratio.convergeToFloor,
          },
        ]),
  ]);
  const width = 860;
  const left = 200;
  const plot = width - left - 200;
  const max = Math.max(...bars.flatMap((bar) => [bar.tool, bar.floor]), 0.1);
  const x = (seconds) => (seconds / max) * plot;
  const rowHeight = 46;
  const top = 70;
  const height = top + bars.length * rowHeight + 40;
  const machine = report.machine;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="13">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="16" y="26" font-size="16" font-weight="bold">catalog against the floors, ${report.options.latency} ms per request</text>`,
    `<text x="16" y="46" fill="#555">${escape(`${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, Node ${machine.node}, ${report.date.slice(0, 10)}`)}</text>`,
    `<rect x="${left}" y="54" width="12" height="10" fill="#c0c6d4"/><text x="${left + 18}" y="63">floor</text>`,
    `<rect x="${left + 70}" y="54" width="12" height="10" fill="#2454c5"/><text x="${left + 88}" y="63">catalog</text>`,
  ];
  bars.forEach((bar, index) => {
    const y = top + index * rowHeight;
    parts.push(`<text x="${left - 8}" y="${y + 20}" text-anchor="end">${escape(bar.label)}</text>`);
    parts.push(
      `<rect x="${left}" y="${y + 4}" width="${Math.max(1, x(bar.floor)).toFixed(1)}" height="14" fill="#c0c6d4"/>`,
      `<text x="${left + x(bar.floor) + 6}" y="${y + 16}" fill="#555">${bar.floor.toFixed(2)} s</text>`,
      `<rect x="${left}" y="${y + 22}" width="${Math.max(1, x(bar.tool)).toFixed(1)}" height="14" fill="#2454c5"/>`,
      `<text x="${left + x(bar.tool) + 6}" y="${y + 34}">${bar.tool.toFixed(2)} s · ${bar.ratio.toFixed(2)}× the floor</text>`,
    );
  });
  parts.push(
    `<text x="16" y="${height - 16}" fill="#555">Floors: read + parse with js-yaml (no positions, no validation); plus, for converge, a blind writer (batches of 200, no reads).</text>`,
  );
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
