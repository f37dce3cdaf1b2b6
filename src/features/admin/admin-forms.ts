/**
 * The /admin pages' only script (ADR 013): sends `form[data-api]` as JSON through the shop's API
 * client (session cookie + CSRF header, like every island), shows field errors under their
 * inputs, and keeps the live preview of HTML sources up to date through /api/admin/preview, which
 * renders exactly as the public pages do. No framework: the pages are server-rendered forms.
 *
 * Form attributes: data-api (path under /api, as the API client takes it), data-method (POST|PUT|DELETE), data-confirm (question first),
 * data-after ("reload" or a URL, where {id} is the answer's payload.id). Field attributes:
 * data-kind="bool" (checkbox → true/false), "number", "json" (a hidden true/false), "nullable"
 * ('' → null), "cents" (euros typed → integer cents), "line" (quantities of order lines, collected
 * into an array under the field's name), "ids" (checkboxes of one name → the checked values as a number list), "list"
 * (comma-separated text → a list of texts), data-nullable (an empty "cents" field → null), data-decimals (a "cents"
 * field in a currency with other minor units: 0 for yen), data-row="list:key"
 * (the field goes into row `key` of the array `list`; an all-empty row is dropped), names with dots (alt.en →
 * nested objects), data-skip-empty, data-only-edited (sent only when changed from the value the page opened with). A submit button with a name adds its value (kind "json").
 */
import { ApiError, type HttpMethod } from '@/lib/api-client';
import { api } from '@/stores/api';
import { showToast } from '@/stores/toasts';
import { scriptText } from '@/lib/script-texts';
import type { Translator } from '@/lib/translator';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What formBody reads of one form field: a plain object, so the collecting rules are unit-tested without a DOM. */
export interface FieldValue {
  name: string;
  value: string;
  checked: boolean;
  kind?: string;
  /** data-row="list:key": the field belongs to row `key` of the array `list` (rows keep DOM order). */
  row?: string;
  /** data-line: an order line's id (kind "line"). */
  line?: string;
  skipEmpty?: boolean;
  /** data-nullable on a "cents" field: empty → null. */
  nullable?: boolean;
  /** data-decimals on a "cents" field: the currency's minor-unit decimals (default 2). */
  decimals?: number;
  /** data-only-edited: the field is sent only when its value differs from `initial` (the value it was opened with). */
  onlyEdited?: boolean;
  initial?: string;
}

type Target = Record<string, unknown>;

/** `a.b` names set nested objects: alt.en → { alt: { en } }. */
function put(target: Target, name: string, value: unknown): void {
  const path = name.split('.');
  let at = target;
  for (const key of path.slice(0, -1)) at = (at[key] ??= {}) as Target;
  at[path.at(-1)!] = value;
}

function isBlank(value: unknown): boolean {
  if (value === '' || value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value).every(isBlank);
  return false;
}

/** The JSON body of a form's fields, by their data-kind (see the header). */
export function collectBody(fields: readonly FieldValue[]): Record<string, unknown> {
  const body: Target = {};
  const rows = new Map<string, Target>();
  for (const field of fields) {
    let target = body;
    if (field.row) {
      const [list = '', key = ''] = field.row.split(':');
      const rowKey = `${list}:${key}`;
      if (!rows.has(rowKey)) {
        const row: Target = {};
        rows.set(rowKey, row);
        ((body[list] ??= []) as Target[]).push(row);
      }
      target = rows.get(rowKey)!;
    }
    const { kind, value } = field;
    if (kind === 'bool') {
      put(target, field.name, field.checked);
      continue;
    }
    if (kind === 'ids') {
      // Checkboxes of one name: the checked ones' values as numbers (an empty list when none is).
      const list = (target[field.name] ??= []) as number[];
      if (field.checked && value !== '') list.push(Number(value));
      continue;
    }
    if (kind === 'line') {
      // A refund's line quantities: <input data-kind="line" name="lines" data-line="<order item id>">.
      const quantity = Number(value);
      if (value.trim() !== '' && quantity > 0) {
        const lines = (target[field.name] ??= []) as { order_item_id: number; quantity: number }[];
        lines.push({ order_item_id: Number(field.line), quantity });
      }
      continue;
    }
    if (field.skipEmpty && value.trim() === '') continue;
    // A language's fallback text shown for editing is not that language's own until it is changed (issue 30).
    if (field.onlyEdited && value === field.initial) continue;
    if (kind === 'cents') {
      // Euros typed as 12.50 or -3 → integer cents (yen: whole yen); anything else goes as typed, for the server's message.
      const euros = value.trim().replace(',', '.');
      const decimals = field.decimals ?? 2;
      const amount = decimals ? new RegExp(`^-?\\d+(\\.\\d{1,${decimals}})?$`) : /^-?\d+$/;
      if (euros === '' && field.nullable) put(target, field.name, null);
      else put(target, field.name, amount.test(euros) ? Math.round(Number(euros) * 10 ** decimals) : value);
      continue;
    }
    if (kind === 'json') put(target, field.name, JSON.parse(value) as unknown);
    else if (kind === 'number') put(target, field.name, value.trim() === '' ? null : Number(value));
    else if (kind === 'nullable') put(target, field.name, value.trim() === '' ? null : value);
    else if (kind === 'list')
      put(
        target,
        field.name,
        value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      );
    else put(target, field.name, value);
  }
  // A row left entirely empty (a spare "add another" row) is not sent.
  for (const [key, row] of rows) {
    const list = body[key.split(':')[0]!] as Target[];
    if (isBlank(row)) list.splice(list.indexOf(row), 1);
  }
  return body;
}

export function formBody(form: HTMLFormElement, submitter?: HTMLElement | null): Record<string, unknown> {
  const fields: FieldValue[] = [];
  for (const element of Array.from(form.elements)) {
    const field = element as Field;
    if (!field.name || field.disabled || element instanceof HTMLButtonElement) continue;
    fields.push({
      name: field.name,
      value: field.value,
      // A <select data-kind="ids"> counts as one checked box with its chosen value.
      checked: field instanceof HTMLInputElement ? field.checked : field instanceof HTMLSelectElement,
      kind: field.dataset.kind,
      row: field.dataset.row,
      line: field.dataset.line,
      skipEmpty: field.dataset.skipEmpty !== undefined,
      nullable: field.dataset.nullable !== undefined,
      decimals: field.dataset.decimals === undefined ? undefined : Number(field.dataset.decimals),
      onlyEdited: field.dataset.onlyEdited !== undefined,
      initial: field instanceof HTMLSelectElement ? undefined : field.defaultValue,
    });
  }
  const body = collectBody(fields);
  if (submitter instanceof HTMLButtonElement && submitter.name)
    body[submitter.name] = JSON.parse(submitter.value) as unknown;
  return body;
}

function showErrors(form: HTMLFormElement, message: string, errors: Record<string, string[]>): void {
  const alert = form.querySelector<HTMLElement>('.form-error');
  if (alert) alert.textContent = message;
  for (const [field, messages] of Object.entries(errors)) {
    const slot = form.querySelector<HTMLElement>(`[data-error-for="${CSS.escape(field)}"]`);
    if (slot) slot.textContent = messages.join(' ');
    const input = form.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"]`);
    input?.setAttribute('aria-invalid', 'true');
  }
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

function clearErrors(form: HTMLFormElement): void {
  for (const slot of form.querySelectorAll<HTMLElement>('.form-error, [data-error-for]')) slot.textContent = '';
  for (const input of form.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
}

/** This script's texts in the admin's language: AdminLayout's root holds them as data-texts. */
function adminTexts(form: HTMLFormElement): Translator {
  return scriptText(form.closest('[data-admin-root]'));
}

async function send(form: HTMLFormElement, submitter: HTMLElement | null): Promise<void> {
  const question = form.dataset.confirm;
  if (question && !window.confirm(question)) return;
  clearErrors(form);
  const method = (form.dataset.method ?? 'POST').toUpperCase() as HttpMethod;
  const body = method === 'DELETE' ? undefined : formBody(form, submitter);
  const button = submitter instanceof HTMLButtonElement ? submitter : null;
  if (button) button.disabled = true;
  try {
    const reply = await api.request<{ id?: number }>(method, form.dataset.api!, { body, withLocale: false });
    // The API's own message is in English (its errors too); the page's fallback texts are in the admin's language.
    showToast(reply.message || adminTexts(form)('admin.common.saved'), 'success');
    unsaved.delete(form);
    const after = form.dataset.after;
    if (after === 'reload') window.location.reload();
    else if (after) window.location.assign(after.replace('{id}', String(reply.payload?.id ?? '')));
  } catch (error) {
    if (error instanceof ApiError) showErrors(form, error.message, error.errors);
    else showErrors(form, adminTexts(form)('admin.common.saveFailed'), {});
  } finally {
    if (button) button.disabled = false;
  }
}

export function initAdminForms(root: ParentNode): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-api]')) {
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void send(form, event.submitter);
    });
  }
}

/** Forms changed since the page was opened or they were last saved. */
const unsaved = new Set<HTMLFormElement>();

/**
 * Leaving the page (a link, the back button, a reload, closing the tab) while a form has changes
 * not yet saved asks first (issue 30). Rich-text fields fire `input` like typed ones do. A form
 * saved and reloaded asks too when another form of the page still holds changes.
 */
export function initUnsavedWarning(root: ParentNode): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-api]')) {
    if ((form.dataset.method ?? 'POST').toUpperCase() === 'DELETE') continue;
    const mark = () => unsaved.add(form);
    form.addEventListener('input', mark);
    form.addEventListener('change', mark);
  }
  window.addEventListener('beforeunload', (event) => {
    if (unsaved.size > 0) event.preventDefault();
  });
}

/** `textarea[data-preview=<id>]`: the element with that id shows the rendered source. */
export function initPreviews(root: ParentNode): void {
  for (const source of root.querySelectorAll<HTMLTextAreaElement>('textarea[data-preview]')) {
    const target = document.getElementById(source.dataset.preview!);
    if (!target) continue;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let latest = 0;
    const render = async () => {
      const ticket = ++latest;
      try {
        const reply = await api.post('/admin/preview', { content: source.value }, { withLocale: false });
        // Already sanitised by the server exactly as the public page does it.
        if (ticket === latest) target.innerHTML = reply.payload?.html ?? '';
      } catch {
        // The API client has told the editor; the old preview stays.
      }
    };
    source.addEventListener('input', () => {
      clearTimeout(timer);
      timer = setTimeout(render, 250);
    });
  }
}
