// The item editor: a JSON text area checked as DynamoDB JSON while typing, saved with
// PutItem. A duplicate is saved only if no item has its key yet (attribute_not_exists),
// so a copy never overwrites silently. A refused write shows DynamoDB's error as is.
import { ddb } from './api.js';
import { h, showError } from './dom.js';
import { parseItem } from './ddbjson.js';

// Opens the editor in `host`. mode: 'edit' | 'duplicate' | 'new'. onSaved() after a write.
export function openEditor(host, { table, keyNames, item, mode, onSaved }) {
  const text = h('textarea', { id: 'item-editor', rows: 14, cols: 80, spellcheck: false,
    value: JSON.stringify(item || Object.fromEntries(keyNames.map((k) => [k, { S: '' }])), null, 2) });
  const status = h('div', { id: 'editor-status', className: 'status' });
  const errors = h('div', { id: 'editor-error' });
  const save = h('button', { id: 'save-item' }, mode === 'edit' ? 'save' : 'create');
  const check = () => {
    const { error } = parseItem(text.value, keyNames);
    status.textContent = error || 'valid DynamoDB JSON';
    status.classList.toggle('invalid', Boolean(error));
    save.disabled = Boolean(error);
  };
  text.addEventListener('input', check);
  save.addEventListener('click', async () => {
    const { item: parsed, error } = parseItem(text.value, keyNames);
    if (error) return;
    const request = { TableName: table, Item: parsed };
    if (mode !== 'edit') {
      request.ConditionExpression = keyNames.map((_, i) => `attribute_not_exists(#k${i})`).join(' AND ');
      request.ExpressionAttributeNames = Object.fromEntries(keyNames.map((k, i) => [`#k${i}`, k]));
    }
    try {
      await ddb('PutItem', request);
      host.replaceChildren();
      onSaved();
    } catch (e) { showError(errors, e); }
  });
  const title = { edit: 'Edit item', duplicate: 'Duplicate item (change its key)', new: 'New item' }[mode];
  host.replaceChildren(h('div', { className: 'editor' }, h('h3', {}, title), text, status, errors,
    h('div', {}, save, h('button', { onclick: () => host.replaceChildren() }, 'cancel'))));
  check();
  text.focus();
}
