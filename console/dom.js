// A few DOM helpers: elements are built with properties and text nodes only (never
// innerHTML), so item data cannot inject markup; the page's CSP forbids inline script.

// h('button', {onclick, className}, 'text', child...)
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
    else el[key] = value;
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function clear(el, ...children) {
  el.replaceChildren();
  for (const child of children.flat(Infinity)) if (child) el.append(child);
  return el;
}

// A <select> of `values` ([value, label] pairs or plain strings).
export function select(values, props = {}) {
  return h('select', props, values.map((v) => {
    const [value, label] = Array.isArray(v) ? v : [v, v];
    return h('option', { value }, label);
  }));
}

// Replaces the options of `sel` (as select() takes them), keeping its value if still offered.
export function setOptions(sel, values) {
  const keep = sel.value;
  sel.replaceChildren(...select(values).children);
  if ([...sel.options].some((o) => o.value === keep)) sel.value = keep;
}

// A labelled field: h('label', {}, text, input).
export const field = (label, input) => h('label', { className: 'field' }, h('span', {}, label), input);

// Shows an error (an ApiError: DynamoDB's type and message) in `el`.
export function showError(el, error) {
  clear(el, error ? h('div', { className: 'error' },
    h('strong', {}, error.type || 'Error'), ' ', error.apiMessage ?? error.message) : null);
}

// Runs `fn` every `ms` while the page is visible and `active()` holds; returns a stop function.
export function poll(fn, ms, active = () => true) {
  let timer = 0;
  let stopped = false;
  const tick = async () => {
    if (stopped) return;
    if (!document.hidden && active()) {
      try { await fn(); } catch (e) { console.warn(e); }
    }
    if (!stopped) timer = setTimeout(tick, ms);
  };
  tick();
  return () => { stopped = true; clearTimeout(timer); };
}
