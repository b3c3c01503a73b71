// Constants and checks of the contracts that need no zod, apart from the schemas: the public
// pages (ticket form, survey, sign-in) import them without loading zod or any schema module
// (a page that imports one constant of a module loads the module's chunk, schemas and all).
// The schema modules import them from here. This module imports nothing.

/** A form condition as `visibleFieldIds` reads it (TFormCondition of ticket-field-wire.ts). */
interface TCondition {
  parent_field_id: number;
  value: string | boolean;
  child_field_ids: readonly number[];
}

/** An email address as the server takes it (ZEmail: trimmed, at most 254 characters). */
export const emailPattern = /^[A-Za-z0-9_+-]+(\.[A-Za-z0-9_+-]+)*@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** Largest comment body kept, as HTML after sanitizing. */
export const commentBodyMax = 200_000;
/** Attachments one comment may carry. */
export const commentFilesMax = 20;

/** A satisfaction survey's token (ZSatisfactionToken). */
export const satisfactionTokenPattern = /^[A-Za-z0-9_-]{20,64}$/;

/** A mailed set-password link's token (password-link.ts): 256 random bits, base64url. */
export const passwordLinkTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** A new password's length (ZNewPassword): 5 to 127 characters. */
export const passwordMin = 5;
export const passwordMax = 127;

/**
 * Why a new password is refused, as the message key that names the rule it breaks, or null: its
 * length (5 to 127 characters), or that it is the account's email.
 */
export function passwordProblem(password: string, email: string): 'password_length' | 'password_is_email' | null {
  if (password.length < passwordMin || password.length > passwordMax) {
    return 'password_length';
  }
  return password.trim().toLowerCase() === email.trim().toLowerCase() ? 'password_is_email' : null;
}

/** A nested drop-down's levels are separated by this in an option's name and value (`Hardware::Printer`). */
export const nestedSeparator = '::';
/** An option's name as people read it: a nested drop-down's levels as `Hardware › Printer`. */
export const optionLabel = (name: string) => name.split(nestedSeparator).join(' › ');

/**
 * The search box's own operators and what each filters (`status:pending`); a custom field named
 * like one of them is reached by its key (`field_12:`), which the search help says.
 */
export const searchOperators = {
  status: 'ticket_state',
  state: 'ticket_state',
  priority: 'priority',
  type: 'ticket_type',
  tag: 'tag',
  requester: 'requester',
  from: 'requester',
  assignee: 'assignee',
} as const;

/**
 * A field's name in the agent's search box (`product_area:Hardware::Printer`): its title in lower
 * case, every run of other than letters and digits as one `_` (`Product area` → `product_area`).
 * `field_<id>` names a field too.
 */
export const fieldSearchName = (title: string) =>
  title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '');

/**
 * How a regex field's pattern is checked and matched. The browser's own engine by default (the
 * screens' instant checks); the server sets a linear-time one at start (RE2: a pattern such as
 * `(a+)+$` must not let a visitor's value hold the process for minutes).
 */
export interface PatternEngine {
  /** Whether the pattern compiles. */
  compiles(pattern: string): boolean;
  /** Whether the whole value matches (the pattern anchored at both ends). */
  matches(pattern: string, value: string): boolean;
}

const nativeEngine: PatternEngine = {
  compiles(pattern) {
    try {
      new RegExp(pattern, 'u');
      return true;
    } catch {
      return false;
    }
  },
  matches(pattern, value) {
    try {
      return new RegExp(`^(?:${pattern})$`, 'u').test(value);
    } catch {
      return false;
    }
  },
};

let patternEngine = nativeEngine;

/** Sets the engine every pattern check uses from now on (the server's, once, at start). */
export function usePatternEngine(engine: PatternEngine): void {
  patternEngine = engine;
}

/** The whole value must match (an anchored pattern), as a customer reads "format". */
export function matchesPattern(pattern: string, value: string): boolean {
  return patternEngine.matches(pattern, value);
}

/** Whether a regular expression (as typed in the field editor) compiles. */
export function isValidPattern(pattern: string): boolean {
  return patternEngine.compiles(pattern);
}

/**
 * Which fields a set of answers shows: every field of the form but the children of conditions
 * whose parent does not have the condition's value (a multi-select parent: holds it). A child
 * of a hidden parent is hidden too.
 */
export function visibleFieldIds(
  form: { field_ids: readonly number[]; conditions: readonly TCondition[] },
  values: Record<string, unknown>,
): Set<number> {
  const visible = new Set(form.field_ids);
  // Children of a condition are shown only by a condition that holds; at most a few rounds settle it.
  for (let round = 0; round < 5; round++) {
    const shown = new Set<number>();
    const governed = new Set<number>();
    for (const c of form.conditions) {
      for (const child of c.child_field_ids) {
        governed.add(child);
      }
      const value = visible.has(c.parent_field_id) ? values[`field_${c.parent_field_id}`] : undefined;
      const holds = Array.isArray(value) ? value.includes(c.value) : value === c.value;
      if (holds) {
        for (const child of c.child_field_ids) {
          shown.add(child);
        }
      }
    }
    let changed = false;
    for (const id of governed) {
      const next = shown.has(id) && form.field_ids.includes(id);
      if (visible.has(id) !== next) {
        changed = true;
        if (next) {
          visible.add(id);
        } else {
          visible.delete(id);
        }
      }
    }
    if (!changed) {
      break;
    }
  }
  return visible;
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to put in HTML, as text or as an attribute's quoted value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => htmlEscapes[c] ?? c);
}

/** A list's page sizes, as the address may name them (`limit`); any other is the list's default. */
export const listPageSizes: readonly number[] = [10, 20, 50, 100];

/**
 * The cookies the web app keeps beside its localStorage for the server's drawing of the ticket list
 * (decision 0019): the session's token hash, the device's language and the view the agent last
 * chose (the list opens in it). Only `GET /wswt` reads them.
 */
export const listPreviewCookies = { session: 'parley_session', language: 'parley_lang', view: 'parley_view' } as const;
