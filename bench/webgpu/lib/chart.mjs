// The benchmark's bar chart as SVG text, written by hand (no plotting dependency): one block per case, one
// horizontal bar per library, each case on its own scale (its fastest library spans the width), the figure and
// the unit written at the end of each bar. Libraries without a figure (no reference, unsupported, wrong, error)
// get no bar, only their status.

const COLORS = { tlir: '#d9480f', tuned: '#a61e4d', 'tlir-browser': '#f08c00', reference: '#868e96', jax: '#1971c2', tfjs: '#2f9e44' };
const LABELS = { tlir: 'tlir', tuned: 'tlir, tuned schedule', 'tlir-browser': 'tlir in Chromium', reference: 'hand-written WGSL', jax: 'jax-js', tfjs: 'TensorFlow.js' };

const escape = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function formatValue(value) {
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value >= 1 ? value.toFixed(2) : value.toPrecision(2);
}

/**
 * `rows`: [{ title, metric, libraries: { tlir: { value?, status, label? }, ... } }] (keys tlir, tuned, tlir-browser,
 * reference, jax, tfjs); `heading`: lines above the chart, the first one bold.
 */
export function renderChart(rows, heading) {
  const width = 960;
  // Room for the longest library label (about 7 pixels per character at 12 px).
  const labels = rows.flatMap((row) => Object.entries(row.libraries).map(([key, entry]) => entry.label ?? LABELS[key]));
  const labelWidth = Math.max(120, 16 + 7 * Math.max(0, ...labels.map((label) => label.length)));
  const barMax = width - labelWidth - 190;
  const barHeight = 16;
  const gap = 4;
  const lines = [];
  let y = 20;
  for (const [i, text] of heading.entries()) {
    lines.push(`<text x="10" y="${y}" font-size="${i === 0 ? 16 : 12}"${i === 0 ? ' font-weight="bold"' : ''}>${escape(text)}</text>`);
    y += i === 0 ? 22 : 16;
  }
  y += 8;
  for (const row of rows) {
    lines.push(`<text x="10" y="${y + 12}" font-size="13" font-weight="bold">${escape(`${row.title} (${row.metric})`)}</text>`);
    y += 20;
    const best = Math.max(0, ...Object.values(row.libraries).map((r) => r.value ?? 0));
    for (const key of Object.keys(LABELS)) {
      const entry = row.libraries[key];
      if (!entry) continue;
      lines.push(`<text x="${labelWidth - 8}" y="${y + 12}" font-size="12" text-anchor="end">${escape(entry.label ?? LABELS[key])}</text>`);
      if (entry.value !== undefined && best > 0) {
        const length = Math.max(1, (entry.value / best) * barMax);
        lines.push(`<rect x="${labelWidth}" y="${y}" width="${length.toFixed(1)}" height="${barHeight}" fill="${COLORS[key]}"/>`);
        lines.push(`<text x="${(labelWidth + length + 6).toFixed(1)}" y="${y + 12}" font-size="12">${escape(`${formatValue(entry.value)} ${row.metric}`)}</text>`);
      } else {
        lines.push(`<text x="${labelWidth}" y="${y + 12}" font-size="12" fill="#868e96">${escape(entry.status)}</text>`);
      }
      y += barHeight + gap;
    }
    y += 10;
  }
  const height = y + 10;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    ...lines,
    '</svg>',
    '',
  ].join('\n');
}
