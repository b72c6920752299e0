// The partitions heat map on a <canvas>: one row per partition (hash order), one column
// per second (oldest left), each cell coloured by consumed / allowed capacity, and a
// dark mark on the cells with throttled requests. Drawn into one ImageData (one write
// per pixel, no path per cell), so 64 partitions x 600 seconds draws in milliseconds.

// Colour of a ratio consumed/allowed: white (idle) -> yellow (half) -> red (at or over).
export function colour(ratio) {
  if (!(ratio > 0)) return [246, 247, 251];
  const r = Math.min(ratio, 1);
  if (r < 0.5) {
    const t = r / 0.5;
    return [246 + (250 - 246) * t, 247 + (204 - 247) * t, 251 + (21 - 251) * t].map(Math.round);
  }
  const t = (r - 0.5) / 0.5;
  return [250 + (200 - 250) * t, 204 + (20 - 204) * t, 21 + (30 - 21) * t].map(Math.round);
}

// colour() as 32-bit pixels (little-endian RGBA: 0xAABBGGRR) for 0..LEVELS steps of
// the ratio 0..1, so drawing a cell is a table lookup, not arithmetic.
const LEVELS = 100;
const PIXELS = new Uint32Array(LEVELS + 1).map((_, i) => {
  const [r, g, b] = colour(i === 0 ? 0 : i / LEVELS);
  return (0xff << 24 | b << 16 | g << 8 | r) >>> 0;
});
const pixelOf = (ratio) => PIXELS[ratio > 0 ? Math.max(1, Math.min(LEVELS, Math.round(ratio * LEVELS))) : 0];

// model: {rows: [{label, ratios: number[], throttled: number[]}], firstSecond}
// Draws it into `canvas`, returns the geometry hit-testing needs and the draw time (ms).
export function drawHeatMap(canvas, model, { maxWidth = 1200, maxHeight = 480 } = {}) {
  const started = performance.now();
  const rows = model.rows;
  const seconds = rows.length ? rows[0].ratios.length : 0;
  const cellW = Math.max(1, Math.floor(maxWidth / Math.max(seconds, 1)));
  const cellH = Math.max(3, Math.min(28, Math.floor(maxHeight / Math.max(rows.length, 1))));
  const width = Math.max(1, seconds * cellW);
  canvas.width = width;
  canvas.height = Math.max(1, rows.length * cellH);
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(canvas.width, canvas.height);
  const px = new Uint32Array(image.data.buffer);
  px.fill(0xffffffff);  // white gaps between rows, not transparent
  const filled = cellH > 4 ? cellH - 1 : cellH;  // a 1 px gap between rows
  const marks = [];
  rows.forEach((row, y) => {
    // One pixel line of the row, then copied down the cell's height.
    const top = y * cellH * width;
    for (let x = 0; x < seconds; x++) {
      px.fill(pixelOf(row.ratios[x]), top + x * cellW, top + (x + 1) * cellW);
      if (row.throttled[x] > 0) marks.push([x, y]);
    }
    for (let dy = 1; dy < filled; dy++) px.copyWithin(top + dy * width, top, top + width);
  });
  ctx.putImageData(image, 0, 0);
  // Throttles: a dark bar across the lower half of the cell, visible at any colour.
  ctx.fillStyle = '#111';
  for (const [x, y] of marks) ctx.fillRect(x * cellW, y * cellH + Math.floor(cellH / 2), Math.max(cellW, 2), Math.ceil(cellH / 3));
  const ms = performance.now() - started;
  canvas.dataset.renderMs = ms.toFixed(2);
  canvas.dataset.throttledCells = String(marks.length);
  canvas.dataset.cellHeight = String(cellH);
  return { cellW, cellH, seconds, ms };
}

// The row and column under a mouse position, or null.
export function cellAt(geometry, model, offsetX, offsetY) {
  const x = Math.floor(offsetX / geometry.cellW);
  const y = Math.floor(offsetY / geometry.cellH);
  if (y < 0 || y >= model.rows.length || x < 0 || x >= geometry.seconds) return null;
  return { row: model.rows[y], x, second: model.firstSecond + x };
}
